import type {
  ChangePasswordBody,
  FirstRunBody,
  NewPasswordBody,
  ProfileAnswer,
  ProfileBody,
  SessionItem,
  SessionsRevoked,
} from '@skolar/shared';
import { http, stepUpHeader } from '../../lib/http.ts';

type Message = { message: string };

export const forgotPassword = (email: string) =>
  http.post<Message>('/api/auth/forgot-password', { email });

export const checkResetToken = (token: string) =>
  http.get<{ valid: boolean }>(`/api/auth/verify-token/${encodeURIComponent(token)}`);

export const resetPassword = (token: string, body: NewPasswordBody) =>
  http.post<Message>(`/api/auth/reset-password/${encodeURIComponent(token)}`, body);

/** True when the link still works (204); a dead one throws (404). */
export const checkSetupLink = (token: string) =>
  http.get<void>(`/api/setup/${encodeURIComponent(token)}`).then(() => true);

export const createFirstSuperAdmin = (token: string, body: FirstRunBody) =>
  http.post<Message>(`/api/setup/${encodeURIComponent(token)}`, body);

export const verifyEmail = (token: string) =>
  http.get<Message & { password_required: boolean }>(
    `/api/auth/verify-email/${encodeURIComponent(token)}`,
  );

export const activateAccount = (token: string, body: NewPasswordBody) =>
  http.post<Message>(`/api/auth/verify-email/${encodeURIComponent(token)}`, body);

export const requestVerification = (email: string) =>
  http.post<Message>('/api/auth/verify-email-request', { email });

export const changePassword = (body: ChangePasswordBody) =>
  http.post<Message>('/api/auth/change-password', body);

export const fetchSessions = () => http.get<SessionItem[]>('/api/me/sessions');
/** Ends another of my sessions: needs a step-up token (the password again). */
export const endSession = (id: number, stepUpToken: string) =>
  http.delete(`/api/me/sessions/${id}`, stepUpHeader(stepUpToken));
export const endOtherSessions = (stepUpToken: string) =>
  http.post<SessionsRevoked>(
    '/api/me/sessions/revoke-others',
    undefined,
    stepUpHeader(stepUpToken),
  );

export const setupMfa = () =>
  http.post<{ secret: string; otpauth_url: string; qr_svg: string }>('/api/me/mfa/setup');
export const enableMfa = (code: string, email_code: string) =>
  http.post<{ recovery_codes: string[] }>('/api/me/mfa/enable', { code, email_code });
export const disableMfa = (code: string) => http.post<void>('/api/me/mfa/disable', { code });

export const fetchProfile = () => http.get<ProfileAnswer>('/api/me/profile');
export const saveProfile = (body: ProfileBody, stepUpToken: string) =>
  http.patch<ProfileAnswer>('/api/me/profile', body, stepUpHeader(stepUpToken));

/** The raw image; the API re-encodes it. */
export const uploadPicture = (file: Blob) => http.put<ProfileAnswer>('/api/me/picture', file);
export const removePicture = () => http.delete<ProfileAnswer>('/api/me/picture');
