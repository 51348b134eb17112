import { type RouteAccess, routeAccess } from '@skolar/shared';
import { redirect } from 'react-router';
import { consumeSessionExpiry, currentRole, initSession } from '../api/session.ts';
import i18n from '../i18n/index.ts';

/**
 * The route guard, as the loader of one route of the table: the session is initialised first,
 * then the route's access list decides. A visitor, or a role not in the list, is sent silently
 * to `/`; a guest-only page sends a signed-in user to `/dashboard` (`routeAccess`).
 */
export function guard(route: RouteAccess) {
  return async (): Promise<null> => {
    await initSession();
    if (consumeSessionExpiry()) {
      const message = encodeURIComponent(i18n.t('auth.sessionExpired'));
      throw redirect(`/login?error_message=${message}`);
    }
    const decision = routeAccess(route, currentRole());
    if (decision === 'redirect-home') throw redirect('/');
    if (decision === 'redirect-dashboard') throw redirect('/dashboard');
    return null;
  };
}
