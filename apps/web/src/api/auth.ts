import type { AuthInfo, DemoAccount, LoginAnswer, LoginBody, LoginMfaBody } from '@skolar/shared';
import { http } from '../lib/http.ts';

export type { AuthInfo, LoginAnswer } from '@skolar/shared';

/** Signs in; the API also sets the session and XSRF cookies. */
export const login = (body: LoginBody) => http.post<LoginAnswer>('/api/auth/login', body);

/** The second step of a sign-in with MFA. */
export const loginMfa = (body: LoginMfaBody) => http.post<LoginAnswer>('/api/auth/login/mfa', body);

/** Revokes the session and clears its cookies. */
export const logout = () => http.post<void>('/api/auth/logout');

/** The signed-in user (401 when the session is missing or expired). */
export const fetchInfo = () => http.get<AuthInfo>('/api/auth/info');

/** Sends a new e-mail verification link. */
export const requestEmailVerification = (email: string) =>
  http.post<{ message: string }>('/api/auth/verify-email-request', { email });

/** The demo accounts of this database; the API answers only outside production. */
export const fetchDemoAccounts = () => http.get<DemoAccount[]>('/api/dev/demo-accounts');
