import type { SettingsBody } from '@skolar/shared';
import { api, ok } from './client.ts';

/** The signed-in user's settings (MFA state, the institution's MFA rule…). */
export const fetchSettings = () => ok(api.GET('/api/me/settings'));

export const saveSettings = (body: SettingsBody) => ok(api.PATCH('/api/me/settings', { body }));
