import type { ContactRequestPayload } from '@skolar/shared';
import { api, ok } from '../../api/client.ts';

/** Sends the contact form: a guest's request or the signed-in user's. */
export const sendContactRequest = (signedIn: boolean, body: ContactRequestPayload) =>
  signedIn
    ? ok(api.POST('/api/auth/user-request', { body }))
    : ok(api.POST('/api/auth/client-request', { body }));

/** The signed-in user's details, to prefill the form. */
export const fetchMyDetails = () => ok(api.GET('/api/auth/info'));
