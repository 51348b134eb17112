import type { ChangePasswordBody, NewPasswordBody } from '@skolar/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isCommonPassword } from '../../auth/common-passwords.ts';
import { inviteUser } from '../../auth/invitations.ts';
import { consumeToken, findLiveToken, issueToken } from '../../auth/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { type Actor, revokeUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, oneTimeTokens, users } from '../../db/schema/index.ts';
import { HttpError, validationFailed } from '../../http/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { enqueueMail, type MailTemplate } from '../../mail/outbox.ts';
import { findUserByEmail } from './auth.queries.ts';

/** A reset link lasts 60 minutes (the issue's rule). */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** A self-requested verification link lasts a day. */
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

const linkInvalid = () => new HttpError(400, 'account.link_invalid');

type UserRow = typeof users.$inferSelect;

/** The server-side checks the shared schema cannot make: not one of the common passwords. */
function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw validationFailed({ password: ['account.rules.passwordCommon'] });
  }
}

async function brandOf(db: DbOrTx, institutionId: number | null) {
  const [row] = institutionId
    ? await db
        .select({ name: institutions.name, color_code: institutions.color_code })
        .from(institutions)
        .where(eq(institutions.id, institutionId))
    : [];
  return { institution_name: row?.name ?? 'Skolar', color_code: row?.color_code ?? '#144E5E' };
}

/** Queues one of the account mails to the user, with their institution's name and colour. */
export async function mailUser(
  db: DbOrTx,
  user: UserRow,
  template: MailTemplate,
  at: Date,
  link?: URL,
  extra: Record<string, string | number> = {},
): Promise<void> {
  await enqueueMail(db, {
    at,
    to: user.email,
    template,
    locale: user.locale,
    payload: {
      first_name: user.first_name,
      ...(link ? { link: link.toString() } : {}),
      ...extra,
      ...(await brandOf(db, user.institution_id)),
    },
  });
}

/** Kills every other live token of the purpose (a new link replaces the old ones). */
async function retireTokens(
  db: DbOrTx,
  userId: number,
  purpose: 'reset_password' | 'verify_email',
  now: Date,
) {
  await db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(oneTimeTokens.user_id, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
      ),
    );
}

const usable = (user: UserRow | undefined): user is UserRow =>
  Boolean(user && !user.disabled_at && !user.archived_at);

/**
 * Sends a reset link when the address belongs to an active account; the answer is the same
 * either way, so nobody learns which addresses have an account.
 */
export async function forgotPassword(
  ctx: AppContext,
  email: string,
  ip: string,
  log?: FastifyBaseLogger,
): Promise<MessageKey> {
  await ctx.limits.hit('forgot-password:ip', ip);
  await ctx.limits.hit('forgot-password:account', email.toLowerCase());
  const user = await findUserByEmail(ctx.db, email);
  if (usable(user)) {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await retireTokens(tx, user.id, 'reset_password', now);
      const token = await issueToken(tx, user.id, 'reset_password', now, RESET_TTL_MS);
      await mailUser(
        tx,
        user,
        'reset-password',
        now,
        new URL(`/reset-password/${token}`, ctx.config.PUBLIC_URL),
      );
    });
    log?.info({ userId: user.id }, 'password reset requested');
  }
  return 'account.forgot_sent';
}

/** Whether a reset link is still usable (the reset page asks before showing its form). */
export async function resetTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  const row = await findLiveToken(ctx.db, token, 'reset_password', ctx.clock.now());
  return Boolean(row);
}

/**
 * Sets a new password from a reset link: the link works once, within 60 minutes; every session
 * of the user ends, and the address counts as verified (the mail reached it).
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  body: NewPasswordBody,
  ip: string,
  log?: FastifyBaseLogger,
): Promise<MessageKey> {
  await ctx.limits.hit('reset-password:ip', ip);
  refuseCommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'reset_password', now);
    if (!row) throw linkInvalid();
    const [user] = await tx.select().from(users).where(eq(users.id, row.user_id));
    if (!usable(user)) throw linkInvalid();
    await tx
      .update(users)
      .set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now })
      .where(eq(users.id, user.id));
    await retireTokens(tx, user.id, 'reset_password', now);
    await revokeUserSessions(tx, user.id, now);
    await mailUser(tx, user, 'password-changed', now);
    return user.id;
  });
  log?.info({ userId }, 'password reset; all sessions revoked');
  return 'account.password_reset';
}

/**
 * Follows a verification link. A user who already has a password is verified at once; an
 * invited user without one keeps the link for the form that sets it (answers password_required).
 */
export async function verifyEmail(
  ctx: AppContext,
  token: string,
): Promise<{ message: MessageKey; password_required: boolean }> {
  const now = ctx.clock.now();
  const live = await findLiveToken(ctx.db, token, 'verify_email', now);
  if (!live) throw linkInvalid();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, live.user_id));
  if (!usable(user)) throw linkInvalid();
  if (!user.password_hash) return { message: 'account.choose_password', password_required: true };
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, token, 'verify_email', now))) throw linkInvalid();
    await tx
      .update(users)
      .set({ email_verified_at: user.email_verified_at ?? now })
      .where(eq(users.id, user.id));
  });
  return { message: 'account.email_verified', password_required: false };
}

/** The invited user's first password: verifies the address and sets the password in one go. */
export async function activateAccount(
  ctx: AppContext,
  token: string,
  body: NewPasswordBody,
): Promise<MessageKey> {
  refuseCommonPassword(body.password);
  const now = ctx.clock.now();
  const live = await findLiveToken(ctx.db, token, 'verify_email', now);
  if (!live) throw linkInvalid();
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, live.user_id));
    if (!usable(user)) throw linkInvalid();
    if (user.password_hash) throw new HttpError(409, 'account.password_already_set');
    if (!(await consumeToken(tx, token, 'verify_email', now))) throw linkInvalid();
    await tx
      .update(users)
      .set({ password_hash: passwordHash, email_verified_at: now })
      .where(eq(users.id, user.id));
  });
  return 'account.account_activated';
}

/**
 * Sends a new verification link to an unverified, active account (an invitation again when
 * the person has no password yet). Same answer whatever the address.
 */
export async function requestVerification(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<MessageKey> {
  await ctx.limits.hit('verify-email:ip', ip);
  await ctx.limits.hit('verify-email:account', email.toLowerCase());
  const user = await findUserByEmail(ctx.db, email);
  if (usable(user) && !user.email_verified_at) {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await retireTokens(tx, user.id, 'verify_email', now);
      if (!user.password_hash) {
        await inviteUser(ctx, tx, user);
        return;
      }
      const token = await issueToken(tx, user.id, 'verify_email', now, VERIFY_TTL_MS);
      const link = new URL(`/verify-email/${token}`, ctx.config.PUBLIC_URL);
      link.searchParams.set('email', user.email);
      await mailUser(tx, user, 'verify-email', now, link);
    });
  }
  return 'account.verify_sent';
}

/**
 * Changes the signed-in user's password: the current one is required (wrong guesses count
 * against the step-up limit), the other sessions end, this one stays.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  body: ChangePasswordBody,
  log?: FastifyBaseLogger,
  ip?: string,
): Promise<MessageKey> {
  const key = String(actor.userId);
  if (ip) await ctx.limits.hit('step-up:ip', ip);
  await ctx.limits.check('step-up:account', key);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, body.current_password))) {
    await ctx.limits.penalise('step-up:account', key);
    log?.warn({ userId: actor.userId }, 'password change refused: wrong current password');
    throw validationFailed({ current_password: ['auth.wrong_password'] });
  }
  await ctx.limits.reset('step-up:account', key);
  if (body.password === body.current_password) {
    throw validationFailed({ password: ['account.rules.passwordSame'] });
  }
  refuseCommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, user.id));
    await retireTokens(tx, user.id, 'reset_password', now);
    await revokeUserSessions(tx, user.id, now, actor.sessionId);
    await mailUser(tx, user, 'password-changed', now);
  });
  log?.info({ userId: actor.userId }, 'password changed; other sessions revoked');
  return 'account.password_changed';
}
