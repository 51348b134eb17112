import type { StepUpTarget } from '@skolar/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { oneTimeTokens, users } from '../db/schema/index.ts';
import { HttpError, validationFailed } from '../http/errors.ts';
import { issueToken } from './one-time-tokens.ts';
import { verifyPassword } from './password.ts';
import type { Actor } from './sessions.ts';
import { hashToken } from './tokens.ts';

/** The bucket of password guesses of a session: the step-up and the password change share it. */
export const stepUpBucket = (actor: Actor) => `${actor.userId}:${actor.sessionId}`;

/** A step-up lasts this long: the time to fill in one edit form. */
export const STEP_UP_TTL_MS = 15 * 60 * 1000;
/** The header that carries the step-up token on a sensitive update. */
export const STEP_UP_HEADER = 'x-confirm-token';

/** How a target is stored: `student:42`; null for an edit that names no row (the own profile). */
const targetKey = (target: StepUpTarget | null | undefined): string | null =>
  target ? `${target.entity}:${target.id}` : null;

/**
 * Re-checks the actor's password and answers a step-up token (decision 119): it serves one
 * sensitive edit, within 15 minutes, from this session only (it dies with it), and only the row
 * named in `target` (or, without a target, only an edit that names no row).
 */
export async function confirmPassword(
  ctx: AppContext,
  actor: Actor,
  password: string,
  ip?: string,
  target?: StepUpTarget,
) {
  if (ip) await ctx.limits.hit('step-up:ip', ip);
  // Charged before the password is checked, so parallel guesses cannot outrun the counter; to
  // this session only, so a stolen session guessing does not slow the owner's own.
  const bucket = stepUpBucket(actor);
  await ctx.limits.chargeOrRefuse('step-up:session', bucket, ctx.clock.now());
  const [user] = await ctx.db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user?.hash || !(await verifyPassword(user.hash, password))) {
    throw validationFailed({ password: ['auth.wrong_password'] });
  }
  await ctx.limits.forget('step-up:session', bucket);
  return issueToken(ctx.db, actor.userId, 'step_up', ctx.clock.now(), STEP_UP_TTL_MS, {
    sessionId: actor.sessionId,
    target: targetKey(target),
  });
}

/** The conditions of a live step-up token of this session for this target. */
function liveStepUp(actor: Actor, token: string, target: string | null, now: Date) {
  return and(
    eq(oneTimeTokens.token_hash, hashToken(token)),
    eq(oneTimeTokens.purpose, 'step_up'),
    eq(oneTimeTokens.user_id, actor.userId),
    eq(oneTimeTokens.session_id, actor.sessionId),
    target === null ? isNull(oneTimeTokens.target) : eq(oneTimeTokens.target, target),
    isNull(oneTimeTokens.used_at),
    gt(oneTimeTokens.expires_at, now),
  );
}

/** True when the token is a live, unused step-up of this session for this target (not spent). */
export async function isStepUpValid(
  ctx: AppContext,
  actor: Actor,
  token: string | undefined,
  target: StepUpTarget | null = null,
) {
  if (!token) return false;
  const [row] = await ctx.db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(liveStepUp(actor, token, targetKey(target), ctx.clock.now()))
    .limit(1);
  return row !== undefined;
}

/**
 * Guards a sensitive update (the routes with `stepUp`): spends the step-up token in
 * X-Confirm-Token, which must be a live one of this session for this target, or answers 403.
 * Answers the spent token's id, so that a request that then fails can give it back.
 */
export async function requireStepUp(
  ctx: AppContext,
  actor: Actor,
  token: string | undefined,
  target: string | null,
): Promise<number> {
  if (token) {
    const [row] = await ctx.db
      .update(oneTimeTokens)
      .set({ used_at: ctx.clock.now() })
      .where(liveStepUp(actor, token, target, ctx.clock.now()))
      .returning({ id: oneTimeTokens.id });
    if (row) return row.id;
  }
  throw new HttpError(403, 'auth.step_up_required');
}

/**
 * Gives a spent step-up token back when the edit it guarded was refused (422, 409…): nothing was
 * changed, so the person may correct the form and send it again with the same token.
 */
export async function restoreStepUp(ctx: AppContext, tokenId: number): Promise<void> {
  await ctx.db
    .update(oneTimeTokens)
    .set({ used_at: null })
    .where(and(eq(oneTimeTokens.id, tokenId), sql`${oneTimeTokens.used_at} is not null`));
}
