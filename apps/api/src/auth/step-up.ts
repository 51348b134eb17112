import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { HttpError, validationFailed } from '../http/errors.ts';
import { findLiveToken, issueToken } from './one-time-tokens.ts';
import { verifyPassword } from './password.ts';
import type { Actor } from './sessions.ts';

/** A step-up lasts this long: the time to fill in one edit form. */
export const STEP_UP_TTL_MS = 15 * 60 * 1000;
/** The header that carries the step-up token on a sensitive update. */
export const STEP_UP_HEADER = 'x-confirm-token';

/** Re-checks the actor's password and answers a short-lived step-up token. */
export async function confirmPassword(
  ctx: AppContext,
  actor: Actor,
  password: string,
  ip?: string,
) {
  if (ip) await ctx.limits.hit('step-up:ip', ip);
  // Charged before the password is checked, so parallel guesses cannot outrun the counter.
  await ctx.limits.hit('step-up:account', String(actor.userId));
  const [user] = await ctx.db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user?.hash || !(await verifyPassword(user.hash, password))) {
    throw validationFailed({ password: ['auth.wrong_password'] });
  }
  await ctx.limits.reset('step-up:account', String(actor.userId));
  return issueToken(ctx.db, actor.userId, 'step_up', ctx.clock.now(), STEP_UP_TTL_MS);
}

/** True when the token is a live step-up of this actor. */
export async function isStepUpValid(ctx: AppContext, actor: Actor, token: string | undefined) {
  if (!token) return false;
  const row = await findLiveToken(ctx.db, token, 'step_up', ctx.clock.now());
  return row?.user_id === actor.userId;
}

/**
 * Guards a sensitive update (the edit routes that carry `<token>`): 403 unless the request sends
 * a live step-up token of the same user in X-Confirm-Token.
 */
export async function requireStepUp(ctx: AppContext, actor: Actor, token: string | undefined) {
  if (!(await isStepUpValid(ctx, actor, token))) throw new HttpError(403, 'auth.step_up_required');
}
