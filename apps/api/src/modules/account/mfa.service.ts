import { eq } from 'drizzle-orm';
import { checkTotp, newMfaSecret, newRecoveryCodes, spendRecoveryCode } from '../../auth/mfa.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError, notFound, validationFailed } from '../../http/errors.ts';
import { userWithPolicy } from './account.queries.ts';
import { mfaRequiredFor } from './account.service.ts';

const wrongCode = () => validationFailed({ code: ['account.mfa_invalid'] });

/**
 * Starts an enrolment: a new secret is kept (not yet active) and its QR code shown; enabling
 * needs a code from the app. An active MFA must be disabled first.
 */
export async function setupMfa(ctx: AppContext, actor: Actor) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw notFound();
  if (user.mfa_enabled_at) throw new HttpError(409, 'errors.conflict');
  const enrolment = await newMfaSecret(user.email);
  await ctx.db.update(users).set({ mfa_secret: enrolment.secret }).where(eq(users.id, user.id));
  return enrolment;
}

/** Turns MFA on once a code of the new secret checks; answers the 10 recovery codes, once. */
export async function enableMfa(ctx: AppContext, actor: Actor, code: string) {
  await ctx.limits.hit('mfa:account', String(actor.userId));
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw notFound();
  if (user.mfa_enabled_at) throw new HttpError(409, 'errors.conflict');
  if (!user.mfa_secret) throw new HttpError(409, 'account.mfa_not_started');
  if (!checkTotp(user.mfa_secret, code, ctx.clock.now())) {
    throw wrongCode();
  }
  await ctx.limits.reset('mfa:account', String(actor.userId));
  const recovery = newRecoveryCodes();
  await ctx.db
    .update(users)
    .set({ mfa_enabled_at: ctx.clock.now(), mfa_recovery_codes: recovery.hashes })
    .where(eq(users.id, user.id));
  return { recovery_codes: recovery.codes };
}

/** Turns MFA off with a current code (or a recovery code), unless the institution requires it. */
export async function disableMfa(ctx: AppContext, actor: Actor, code: string) {
  await ctx.limits.hit('mfa:account', String(actor.userId));
  const row = await userWithPolicy(ctx.db, actor.userId);
  if (!row) throw notFound();
  const { user } = row;
  if (!user.mfa_enabled_at || !user.mfa_secret) throw new HttpError(409, 'errors.conflict');
  if (mfaRequiredFor(user.role, row.mfaRequiredForStaff)) {
    throw new HttpError(409, 'account.mfa_required_by_institution');
  }
  const ok =
    checkTotp(user.mfa_secret, code, ctx.clock.now()) ||
    spendRecoveryCode(user.mfa_recovery_codes, code) !== null;
  if (!ok) throw wrongCode();
  await ctx.limits.reset('mfa:account', String(actor.userId));
  await ctx.db
    .update(users)
    .set({ mfa_enabled_at: null, mfa_secret: null, mfa_recovery_codes: [] })
    .where(eq(users.id, user.id));
}
