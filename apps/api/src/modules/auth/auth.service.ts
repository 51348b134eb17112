import type { LoginBody, LoginMfaBody, AuthInfo as UserInfo } from '@skolar/shared';
import type { FastifyBaseLogger } from 'fastify';
import { record } from '../../audit/audit.ts';
import { MFA_CHALLENGE_TTL_MS, spendMfaCode } from '../../auth/mfa.ts';
import { consumeToken, findLiveToken, issueToken } from '../../auth/one-time-tokens.ts';
import { burnPasswordCheck, verifyPassword } from '../../auth/password.ts';
import { type Actor, createSession, revokeSession } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, notFound, validationFailed } from '../../http/errors.ts';
import { findUserByEmail, findUserWithInstitution, recordLogin, userById } from './auth.queries.ts';
import { chargeGuess } from './guesses.ts';

const invalidCredentials = () => new HttpError(401, 'auth.failed');

interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** The request's logger: failed sign-ins and lockouts are logged, never a password or token. */
  log?: FastifyBaseLogger;
  /** The device cookie the request came with: a browser the account signed in from before. */
  device?: string;
  /**
   * The live session the request came with (its cookie or bearer token), if any: a sign-in over
   * it ends it in the transaction that opens the new one (ASVS 7.2.4, decision 141).
   */
  replaces?: number;
}

/** Opens the new session of a sign-in and ends the one the request came with, in `tx`. */
async function openSession(
  tx: DbOrTx,
  userId: number,
  now: Date,
  client: ClientInfo,
  options: { mfaVerified?: boolean } = {},
) {
  if (client.replaces !== undefined) await revokeSession(tx, client.replaces, now);
  return createSession(tx, userId, now, client, options);
}

export type LoginResult =
  | { verify_email: true }
  | { verify_email: false; mfa_required: true; mfa_token: string }
  | { verify_email: false; userId: number; role: Actor['role']; accessToken: string };

/** A sign-in as the audit log keeps it: who, from where (never the password). */
const loginEvent = (userId: number, client: ClientInfo) => ({
  action: 'auth.login',
  entity: 'user',
  entityId: userId,
  after: { ip: client.ip },
});

/**
 * Signs a user in. Unknown e-mail and wrong password answer the same 401 after the same work.
 * Every attempt counts against the IP (generous), and is charged before the password is checked
 * to the account from this source and to the account from every source (`chargeGuess`); a
 * right password gives both back.
 */
export async function login(
  ctx: AppContext,
  input: LoginBody,
  client: ClientInfo,
): Promise<LoginResult> {
  const accountKey = input.email.toLowerCase();
  try {
    await ctx.limits.hit('login:ip', client.ip);
  } catch (error) {
    client.log?.warn({ email: accountKey, ip: client.ip }, 'sign-in refused: too many attempts');
    throw error;
  }

  const user = await findUserByEmail(ctx.db, input.email);
  const guess = await chargeGuess(
    ctx,
    'login',
    { key: accountKey, userId: user?.id ?? null, log: { email: accountKey, userId: user?.id } },
    client,
    ctx.clock.now(),
  );
  const usable = user && !user.disabled_at && !user.archived_at && user.password_hash;
  let passwordOk = false;
  if (usable) passwordOk = await verifyPassword(user.password_hash!, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !passwordOk) {
    await record(ctx.db, ctx, null, {
      action: 'auth.login_failed',
      entity: 'user',
      entityId: user?.id ?? null,
      institutionId: user?.institution_id ?? null,
      after: { email: accountKey, ip: client.ip },
    });
    client.log?.warn(
      { email: accountKey, userId: user?.id, ip: client.ip },
      user
        ? 'sign-in failed: wrong password or inactive account'
        : 'sign-in failed: unknown e-mail',
    );
    throw invalidCredentials();
  }
  await guess.succeeded();
  if (!user.email_verified_at) return { verify_email: true };

  const now = ctx.clock.now();
  if (user.mfa_enabled_at && user.mfa_secret) {
    const mfaToken = await issueToken(ctx.db, user.id, 'mfa_challenge', now, MFA_CHALLENGE_TTL_MS);
    return { verify_email: false, mfa_required: true, mfa_token: mfaToken };
  }
  const { token } = await ctx.db.transaction(async (tx) => {
    await recordLogin(tx, user.id, now);
    await record(
      tx,
      ctx,
      { userId: user.id, institutionId: user.institution_id },
      loginEvent(user.id, client),
    );
    return openSession(tx, user.id, now, client);
  });
  return { verify_email: false, userId: user.id, role: user.role, accessToken: token };
}

/**
 * The second step of a sign-in with MFA: the challenge from the first step and a code of the
 * authenticator app, or one of the recovery codes (each works once).
 */
export async function loginWithMfa(
  ctx: AppContext,
  input: LoginMfaBody,
  client: ClientInfo,
): Promise<LoginResult> {
  await ctx.limits.hit('login:ip', client.ip);
  const now = ctx.clock.now();
  const challenge = await findLiveToken(ctx.db, input.mfa_token, 'mfa_challenge', now);
  if (!challenge) throw new HttpError(400, 'account.link_invalid');
  const guess = await chargeGuess(
    ctx,
    'mfa',
    {
      key: String(challenge.user_id),
      userId: challenge.user_id,
      log: { userId: challenge.user_id },
    },
    client,
    now,
  );
  const user = await userById(ctx.db, challenge.user_id);
  if (!user?.mfa_secret || user.disabled_at || user.archived_at) throw invalidCredentials();
  const key = ctx.config.MFA_ENCRYPTION_KEY;
  const token = await ctx.db.transaction(async (tx) => {
    const matched = await spendMfaCode(tx, key, user, input.code, now, { recovery: true });
    if (!matched) return null;
    if (!(await consumeToken(tx, input.mfa_token, 'mfa_challenge', now))) {
      throw new HttpError(400, 'account.link_invalid');
    }
    if (matched === 'recovery') client.log?.info({ userId: user.id }, 'MFA recovery code used');
    await recordLogin(tx, user.id, now);
    await record(
      tx,
      ctx,
      { userId: user.id, institutionId: user.institution_id },
      {
        ...loginEvent(user.id, client),
        after: { ip: client.ip, mfa: matched === 'recovery' ? 'recovery_code' : 'totp' },
      },
    );
    return (await openSession(tx, user.id, now, client, { mfaVerified: true })).token;
  });
  if (!token) {
    await record(ctx.db, ctx, null, {
      action: 'auth.login_failed',
      entity: 'user',
      entityId: user.id,
      institutionId: user.institution_id,
      after: { step: 'mfa', ip: client.ip },
    });
    client.log?.warn({ userId: user.id, ip: client.ip }, 'sign-in failed: wrong MFA code');
    throw validationFailed({ code: ['account.mfa_invalid'] });
  }
  await guess.succeeded();
  return { verify_email: false, userId: user.id, role: user.role, accessToken: token };
}

/** Ends the current session. */
export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId, ctx.clock.now());
}

/** The signed-in user's profile and institution, as the web client reads it at start-up. */
export async function info(ctx: AppContext, actor: Actor): Promise<UserInfo> {
  const row = await findUserWithInstitution(ctx.db, actor.userId);
  if (!row) throw notFound();
  const { user, institution } = row;
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    gender: user.gender,
    phone: user.phone,
    picture_link: user.picture_link,
    locale: user.locale,
    theme: user.theme,
    roles: [{ name: user.role }],
    institution: institution?.id ? institution : null,
  };
}
