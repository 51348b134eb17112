import type { LoginBody } from '@skolar/shared';
import type { FastifyBaseLogger } from 'fastify';
import { burnPasswordCheck, verifyPassword } from '../../auth/password.ts';
import { type Actor, createSession, revokeSession } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { findUserByEmail, findUserWithInstitution, recordLogin } from './auth.queries.ts';
import type { UserInfo } from './auth.schemas.ts';

const invalidCredentials = () => new HttpError(401, 'auth.failed');

interface ClientInfo {
  ip: string;
  userAgent?: string;
  /** The request's logger: failed sign-ins and lockouts are logged, never a password or token. */
  log?: FastifyBaseLogger;
}

export type LoginResult =
  | { verify_email: true }
  | { verify_email: false; userId: number; role: Actor['role']; accessToken: string };

/**
 * Signs a user in. Unknown e-mail and wrong password answer the same 401 after the same work;
 * failures count against the account (strict) and every attempt against the IP (generous).
 */
export async function login(
  ctx: AppContext,
  input: LoginBody,
  client: ClientInfo,
): Promise<LoginResult> {
  const accountKey = input.email.toLowerCase();
  try {
    await ctx.limits.hit('login:ip', client.ip);
    await ctx.limits.check('login:account', accountKey);
  } catch (error) {
    client.log?.warn({ email: accountKey, ip: client.ip }, 'sign-in refused: too many attempts');
    throw error;
  }

  const user = await findUserByEmail(ctx.db, input.email);
  const usable = user && !user.disabled_at && !user.archived_at && user.password_hash;
  let passwordOk = false;
  if (usable) passwordOk = await verifyPassword(user.password_hash!, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !passwordOk) {
    await ctx.limits.penalise('login:account', accountKey);
    client.log?.warn(
      { email: accountKey, userId: user?.id, ip: client.ip },
      user
        ? 'sign-in failed: wrong password or inactive account'
        : 'sign-in failed: unknown e-mail',
    );
    throw invalidCredentials();
  }
  await ctx.limits.reset('login:account', accountKey);
  if (!user.email_verified_at) return { verify_email: true };

  const now = ctx.clock.now();
  const { token } = await ctx.db.transaction(async (tx) => {
    await recordLogin(tx, user.id, now);
    return createSession(tx, user.id, now, client);
  });
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
