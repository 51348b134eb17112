import type { SettingsAnswer, SettingsBody } from '@skolar/shared';
import { http } from '../lib/http.ts';

/** The signed-in user's settings (MFA state, the institution's MFA rule…). */
export const fetchSettings = () => http.get<SettingsAnswer>('/api/me/settings');

export const saveSettings = (body: SettingsBody) =>
  http.patch<SettingsAnswer>('/api/me/settings', body);
