import { isRole, type LoginBody, type Role } from '@skolar/shared';
import { useSyncExternalStore } from 'react';
import i18n from '../i18n/index.ts';
import { browser } from '../lib/browser.ts';
import { ApiError } from '../lib/http.ts';
import { applyInstitutionColour } from '../lib/theme.ts';
import {
  type AuthInfo,
  fetchInfo,
  login,
  loginMfa,
  logout,
  requestEmailVerification,
} from './auth.ts';

/** What the browser keeps under the storage key `user`: never the token (it lives in a cookie). */
export interface StoredUser {
  userId: number;
  role: Role;
}

/** The signed-in user (null when signed out) and their info once loaded. */
export interface Session {
  user: StoredUser | null;
  info: AuthInfo | null;
}

const STORAGE_KEY = 'user';
/** The product's rule: the info call is retried 3 times, 1 s apart, on 429 only. */
export const INFO_RETRIES = 3;
export const INFO_RETRY_DELAY_MS = 1000;

function readStoredUser(): StoredUser | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { userId, role } = value as Record<string, unknown>;
    return typeof userId === 'number' && userId !== -1 && isRole(role) ? { userId, role } : null;
  } catch {
    return null;
  }
}

let state: Session = { user: readStoredUser(), info: null };
let initialising: Promise<void> | null = null;
let expired = false;
const listeners = new Set<() => void>();

function setState(next: Session): void {
  state = next;
  for (const listener of listeners) listener();
}

function clear(): void {
  localStorage.removeItem(STORAGE_KEY);
  applyInstitutionColour(null);
  setState({ user: null, info: null });
}

/** Takes the info as the session: the role is the first role; an empty e-mail means signed out. */
function adopt(info: AuthInfo): void {
  const role = info.roles[0]?.name;
  if (!role || !info.email) throw new ApiError(401, i18n.t('errors.generic'));
  const user = { userId: info.id, role };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  applyInstitutionColour(info.institution?.color_code);
  setState({ user, info });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchInfoWithRetry(): Promise<AuthInfo> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchInfo();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429) || attempt >= INFO_RETRIES)
        throw error;
      await sleep(INFO_RETRY_DELAY_MS);
    }
  }
}

/** The current session, outside React (route loaders). */
export function getSession(): Session {
  return state;
}

/** The role of the signed-in user, or null. */
export function currentRole(): Role | null {
  return state.user?.role ?? null;
}

/** The current session, re-rendering when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/**
 * Loads the stored user's info once per page load (every guard awaits it). When the info fails,
 * the stored session is dropped and the next guard sends the user to /login with a message.
 */
export function initSession(): Promise<void> {
  initialising ??= (async () => {
    if (!state.user) return;
    try {
      adopt(await fetchInfoWithRetry());
    } catch {
      clear();
      expired = true;
    }
  })();
  return initialising;
}

/** True once after the stored session turned out to be expired. */
export function consumeSessionExpiry(): boolean {
  const was = expired;
  expired = false;
  return was;
}

/** Adopts the session fields of a successful sign-in and loads the user's info. */
async function openSession(answer: { userId: number; role: Role }): Promise<void> {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ userId: answer.userId, role: answer.role }));
  setState({ user: { userId: answer.userId, role: answer.role }, info: null });
  try {
    adopt(await fetchInfoWithRetry());
  } catch (error) {
    clear();
    throw error;
  }
  initialising = Promise.resolve();
}

/**
 * Signs in and loads the user's info; answers whether the e-mail must be verified first, or the
 * challenge of the second step when MFA is on.
 */
export async function signIn(
  credentials: LoginBody,
): Promise<{ verifyEmail: boolean; mfaToken?: string }> {
  const answer = await login(credentials);
  if (answer.verify_email) {
    // The verification page lets the user resend; a failure here must not block them.
    await requestEmailVerification(credentials.email).catch(() => undefined);
    return { verifyEmail: true };
  }
  if ('mfa_token' in answer) return { verifyEmail: false, mfaToken: answer.mfa_token };
  await openSession(answer);
  return { verifyEmail: false };
}

/** The second step of a sign-in with MFA: the challenge and a code of the app (or a recovery code). */
export async function signInWithMfa(mfaToken: string, code: string): Promise<void> {
  const answer = await loginMfa({ mfa_token: mfaToken, code });
  if (answer.verify_email || 'mfa_token' in answer)
    throw new ApiError(401, i18n.t('errors.generic'));
  await openSession(answer);
}

/** Reloads the signed-in user's info (after they edit their profile). */
export async function refreshSessionInfo(): Promise<void> {
  if (state.user) adopt(await fetchInfo());
}

/** Signs out: the server call, then the same clean-up and a reload of /login even when it fails. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Signing out must always succeed locally.
  }
  clear();
  browser.assign('/login');
}
