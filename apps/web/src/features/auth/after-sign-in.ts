import { getSession } from '../../api/session.ts';
import { fetchSettings } from '../../api/settings.ts';

/**
 * Where a fresh sign-in goes: the dashboard, or /settings when the institution requires MFA for
 * this (staff) role and it is not on yet.
 */
export async function destinationAfterSignIn(): Promise<string> {
  const role = getSession().user?.role;
  if (!role || role === 'student') return '/dashboard';
  try {
    const settings = await fetchSettings();
    return settings.mfa_required && !settings.mfa_enabled ? '/settings' : '/dashboard';
  } catch {
    return '/dashboard';
  }
}
