import type {
  ChangePasswordBody,
  FirstRunBody,
  NewPasswordBody,
  ProfileBody,
} from '@skolar/shared';
import { api, fileBody, ok } from '../../api/client.ts';
import { stepUpHeader } from '../../lib/http.ts';

export const forgotPassword = (email: string) =>
  ok(api.POST('/api/auth/forgot-password', { body: { email } }));

export const checkResetToken = (token: string) =>
  ok(api.GET('/api/auth/verify-token/{token}', { params: { path: { token } } }));

export const resetPassword = (token: string, body: NewPasswordBody) =>
  ok(api.POST('/api/auth/reset-password/{token}', { params: { path: { token } }, body }));

/** True when the link still works (204); a dead one throws (404). */
export const checkSetupLink = (token: string) =>
  ok(api.GET('/api/setup/{token}', { params: { path: { token } } })).then(() => true);

export const createFirstSuperAdmin = (token: string, body: FirstRunBody) =>
  ok(api.POST('/api/setup/{token}', { params: { path: { token } }, body }));

export const verifyEmail = (token: string) =>
  ok(api.GET('/api/auth/verify-email/{token}', { params: { path: { token } } }));

export const activateAccount = (token: string, body: NewPasswordBody) =>
  ok(api.POST('/api/auth/verify-email/{token}', { params: { path: { token } }, body }));

export const requestVerification = (email: string) =>
  ok(api.POST('/api/auth/verify-email-request', { body: { email } }));

export const changePassword = (body: ChangePasswordBody) =>
  ok(api.POST('/api/auth/change-password', { body }));

export const fetchSessions = () => ok(api.GET('/api/me/sessions'));
/** Ends another of my sessions: needs a step-up token (the password again). */
export const endSession = (id: number, stepUpToken: string) =>
  ok(
    api.DELETE('/api/me/sessions/{id}', {
      params: { path: { id } },
      headers: stepUpHeader(stepUpToken),
    }),
  );
export const endOtherSessions = (stepUpToken: string) =>
  ok(
    api.POST('/api/me/sessions/revoke-others', {
      body: undefined,
      headers: stepUpHeader(stepUpToken),
    }),
  );

export const setupMfa = () => ok(api.POST('/api/me/mfa/setup'));
export const enableMfa = (code: string, email_code: string) =>
  ok(api.POST('/api/me/mfa/enable', { body: { code, email_code } }));
export const disableMfa = (code: string) => ok(api.POST('/api/me/mfa/disable', { body: { code } }));

export const fetchProfile = () => ok(api.GET('/api/me/profile'));
export const saveProfile = (body: ProfileBody, stepUpToken: string) =>
  ok(api.PATCH('/api/me/profile', { body, headers: stepUpHeader(stepUpToken) }));

/** The raw image; the API re-encodes it. */
export const uploadPicture = (file: Blob) => ok(api.PUT('/api/me/picture', { ...fileBody(file) }));
export const removePicture = () => ok(api.DELETE('/api/me/picture'));
