import { randomBytes } from 'node:crypto';
import { record } from '../../audit/audit.ts';
import { newMfaSecret, newRecoveryCodes, sealMfaSecret, spendMfaCode } from '../../auth/mfa.ts';
import { type Actor, revokeUserSessions } from '../../auth/sessions.ts';
import { hashToken, safeEqual } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, validationFailed } from '../../http/errors.ts';
import { mailUser } from '../auth/passwords.service.ts';
import {
  disableUserMfa,
  enableUserMfa,
  insertEnrolmentCode,
  markSessionMfaVerified,
  setPendingMfaSecret,
  spendEnrolmentCode,
  userById,
  userWithPolicy,
  voidEnrolmentCodes,
} from './account.queries.ts';
import { mfaRequiredFor } from './account.service.ts';

class WrongAppCode extends Error {}

const wrongCode = () => validationFailed({ code: ['account.mfa_invalid'] });
const wrongEmailCode = () => validationFailed({ email_code: ['account.mfa_email_code_invalid'] });

/** The mailed confirmation of an enrolment lasts this long. */
const MFA_ENROLMENT_TTL_MS = 15 * 60 * 1000;

/** What is stored for a mailed enrolment code: bound to the user, so short codes cannot collide. */
const enrolmentHash = (userId: number, code: string) =>
  hashToken(`mfa-enrolment:${userId}:${code.toLowerCase().replace(/[\s-]/g, '')}`);

/** A mailed code like `k3f9-2xq7` (8 characters of [a-z2-9], about 40 bits). */
function newEnrolmentCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** An MFA change of the own account, as the audit log keeps it (never a secret or a code). */
/**
 * The bucket of code guesses at the MFA settings (turning MFA on or off) of a session: apart from
 * the sign-in's second step, so someone who has the password and guesses codes there does not
 * slow the owner's settings.
 */
const settingsBucket = (actor: Actor) => `${actor.userId}:${actor.sessionId}`;

const mfaEvent = (action: string, userId: number) => ({ action, entity: 'user', entityId: userId });

/**
 * Starts an enrolment: a new secret is kept sealed (not yet active), its QR code shown, and a
 * confirmation code mailed to the account's address, without which enabling is refused: the
 * password alone does not enrol a second factor (decision 116). An active MFA must be disabled first.
 */
export async function setupMfa(ctx: AppContext, actor: Actor) {
  const user = await userById(ctx.db, actor.userId);
  if (!user) throw notFound();
  if (user.mfa_enabled_at) throw new HttpError(409, 'errors.conflict');
  const enrolment = await newMfaSecret(user.email);
  const now = ctx.clock.now();
  const code = newEnrolmentCode();
  await ctx.db.transaction(async (tx) => {
    await setPendingMfaSecret(
      tx,
      user.id,
      sealMfaSecret(ctx.config.MFA_ENCRYPTION_KEY, enrolment.secret),
    );
    await voidEnrolmentCodes(tx, user.id, now);
    await insertEnrolmentCode(tx, {
      userId: user.id,
      sessionId: actor.sessionId,
      tokenHash: enrolmentHash(user.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + MFA_ENROLMENT_TTL_MS),
    });
    await mailUser(tx, user, 'mfa-enrolment-code', now, undefined, { code });
  });
  return enrolment;
}

/**
 * Turns MFA on once a code of the new secret checks and the mailed confirmation code matches
 * (asked from this same session). This session becomes MFA-verified; every other session of the
 * user ends; the owner is mailed. Answers the 10 recovery codes, once.
 */
export async function enableMfa(
  ctx: AppContext,
  actor: Actor,
  input: { code: string; email_code: string },
) {
  await ctx.limits.chargeOrRefuse('mfa-settings:session', settingsBucket(actor), ctx.clock.now());
  const user = await userById(ctx.db, actor.userId);
  if (!user) throw notFound();
  if (user.mfa_enabled_at) throw new HttpError(409, 'errors.conflict');
  if (!user.mfa_secret) throw new HttpError(409, 'account.mfa_not_started');
  const now = ctx.clock.now();
  const key = ctx.config.MFA_ENCRYPTION_KEY;
  // A wrong mailed code is spent (one try per mail); a wrong app code rolls back and keeps it.
  const outcome = await ctx.db
    .transaction(async (tx) => {
      const confirmation = await spendEnrolmentCode(
        tx,
        { userId: user.id, sessionId: actor.sessionId },
        now,
      );
      if (
        !confirmation ||
        !safeEqual(confirmation.token_hash, enrolmentHash(user.id, input.email_code))
      ) {
        return 'email' as const;
      }
      if (!(await spendMfaCode(tx, key, user, input.code, now, { recovery: false }))) {
        throw new WrongAppCode();
      }
      const recovery = newRecoveryCodes(key);
      await enableUserMfa(tx, user.id, now, recovery.hashes);
      await markSessionMfaVerified(tx, actor.sessionId, now);
      await revokeUserSessions(tx, user.id, now, actor.sessionId);
      await mailUser(tx, user, 'mfa-enabled', now);
      await record(tx, ctx, actor, mfaEvent('mfa.enable', user.id));
      return recovery;
    })
    .catch((error: unknown) => {
      if (error instanceof WrongAppCode) return 'code' as const;
      throw error;
    });
  if (outcome === 'email' || outcome === 'code') {
    throw outcome === 'email' ? wrongEmailCode() : wrongCode();
  }
  await ctx.limits.forget('mfa-settings:session', settingsBucket(actor));
  return { recovery_codes: outcome.codes };
}

/** Turns MFA off with a current code (or a recovery code), unless the institution requires it. */
export async function disableMfa(ctx: AppContext, actor: Actor, code: string) {
  await ctx.limits.chargeOrRefuse('mfa-settings:session', settingsBucket(actor), ctx.clock.now());
  const row = await userWithPolicy(ctx.db, actor.userId);
  if (!row) throw notFound();
  const { user } = row;
  if (!user.mfa_enabled_at || !user.mfa_secret) throw new HttpError(409, 'errors.conflict');
  if (mfaRequiredFor(user.role, row.mfaRequiredForStaff)) {
    throw new HttpError(409, 'account.mfa_required_by_institution');
  }
  const key = ctx.config.MFA_ENCRYPTION_KEY;
  const now = ctx.clock.now();
  const ok = await ctx.db.transaction(async (tx) => {
    if (!(await spendMfaCode(tx, key, user, code, now, { recovery: true }))) return false;
    await disableUserMfa(tx, user.id);
    await record(tx, ctx, actor, mfaEvent('mfa.disable', user.id));
    return true;
  });
  if (!ok) throw wrongCode();
  await ctx.limits.forget('mfa-settings:session', settingsBucket(actor));
}
