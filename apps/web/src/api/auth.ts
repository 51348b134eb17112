import type { LoginBody, LoginMfaBody } from '@skolar/shared';
import { api, ok } from './client.ts';

export type { AuthInfo } from '@skolar/shared';

/** Signs in; the API also sets the session and XSRF cookies. */
export const login = (body: LoginBody) => ok(api.POST('/api/auth/login', { body }));

/** The second step of a sign-in with MFA. */
export const loginMfa = (body: LoginMfaBody) => ok(api.POST('/api/auth/login/mfa', { body }));

/** Revokes the session and clears its cookies. */
export const logout = () => ok(api.POST('/api/auth/logout'));

/** The signed-in user (401 when the session is missing or expired). */
export const fetchInfo = () => ok(api.GET('/api/auth/info'));

/** Sends a new e-mail verification link. */
export const requestEmailVerification = (email: string) =>
  ok(api.POST('/api/auth/verify-email-request', { body: { email } }));

/** The demo accounts of this database; the API answers only outside production. */
export const fetchDemoAccounts = () => ok(api.GET('/api/dev/demo-accounts'));
