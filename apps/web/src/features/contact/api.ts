import type { AuthInfo, ContactRequestPayload } from '@skolar/shared';
import { http } from '../../lib/http.ts';

/** Sends the contact form: a guest's request or the signed-in user's. */
export const sendContactRequest = (signedIn: boolean, body: ContactRequestPayload) =>
  http.post<{ message?: string }>(
    signedIn ? '/api/auth/user-request' : '/api/auth/client-request',
    body,
  );

/** The signed-in user's details, to prefill the form. */
export const fetchMyDetails = () => http.get<AuthInfo>('/api/auth/info');
