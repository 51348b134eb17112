import type { ChangePasswordBody, NewPasswordBody } from '@skolar/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type PasswordContext, refuseWeakPassword } from '../../auth/common-passwords.ts';
import { inviteUser } from '../../auth/invitations.ts';
import { consumeToken, findLiveToken, issueToken } from '../../auth/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { type Actor, revokeUserSessions } from '../../auth/sessions.ts';
import { stepUpBucket } from '../../auth/step-up.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { mailOutbox, users } from '../../db/schema/index.ts';
import { HttpError, validationFailed } from '../../http/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { enqueueMail, type MailTemplate } from '../../mail/outbox.ts';
import {
  deleteOutboxRow,
  findUserByEmail,
  institutionBrand,
  retireTokens,
  rewriteOutboxRow,
  updateUser,
  userById,
} from './auth.queries.ts';

/** A reset link lasts 60 minutes (the issue's rule). */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** A self-requested verification link lasts a day. */
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

const linkInvalid = () => new HttpError(400, 'account.link_invalid');

type UserRow = typeof users.$inferSelect;

/** A user's password context: their names, address and institution's name. */
async function contextOf(db: DbOrTx, user: UserRow): Promise<PasswordContext> {
  const { institution_name } = await brandOf(db, user.institution_id);
  return { ...user, institution_name };
}

async function brandOf(db: DbOrTx, institutionId: number | null) {
  const row = institutionId ? await institutionBrand(db, institutionId) : undefined;
  return { institution_name: row?.name ?? 'Skolar', color_code: row?.color_code ?? '#144E5E' };
}

/** What an account mail to the user needs: their name, the link, their institution's brand. */
async function mailPayload(db: DbOrTx, user: UserRow, link?: URL) {
  return {
    first_name: user.first_name,
    ...(link ? { link: link.toString() } : {}),
    ...(await brandOf(db, user.institution_id)),
  };
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
    payload: { ...(await mailPayload(db, user, link)), ...extra },
  });
}

const usable = (user: UserRow | undefined): user is UserRow =>
  Boolean(user && !user.disabled_at && !user.archived_at);

/**
 * Asks for a reset link. The request path does the same work whatever the address: it counts the
 * attempt and queues one request row in the outbox; the outbox worker resolves the address
 * (`resolveAccountRequest`) and sends a link only to an active account. So neither the answer nor
 * its timing tells who has an account.
 */
export async function forgotPassword(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<MessageKey> {
  await ctx.limits.hit('forgot-password:ip', ip);
  await ctx.limits.hit('forgot-password:account', email.toLowerCase());
  await queueAccountRequest(ctx.db, 'reset-password', email, ctx.clock.now());
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
/**
 * The hash of the new password a mailed link sets, once the link is live, its owner may sign in
 * and the password is strong enough for them (the checks before the transaction that uses it).
 */
async function newPasswordFor(
  ctx: AppContext,
  token: string,
  purpose: 'reset_password' | 'verify_email',
  body: NewPasswordBody,
  now: Date,
): Promise<string> {
  const live = await findLiveToken(ctx.db, token, purpose, now);
  if (!live) throw linkInvalid();
  const owner = await userById(ctx.db, live.user_id);
  if (!usable(owner)) throw linkInvalid();
  refuseWeakPassword(body.password, await contextOf(ctx.db, owner));
  return hashPassword(body.password);
}

export async function resetPassword(
  ctx: AppContext,
  token: string,
  body: NewPasswordBody,
  ip: string,
  log?: FastifyBaseLogger,
): Promise<MessageKey> {
  await ctx.limits.hit('reset-password:ip', ip);
  const now = ctx.clock.now();
  const passwordHash = await newPasswordFor(ctx, token, 'reset_password', body, now);
  const userId = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'reset_password', now);
    if (!row) throw linkInvalid();
    const user = await userById(tx, row.user_id);
    if (!usable(user)) throw linkInvalid();
    await updateUser(tx, user.id, {
      password_hash: passwordHash,
      email_verified_at: user.email_verified_at ?? now,
    });
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
  const user = await userById(ctx.db, live.user_id);
  if (!usable(user)) throw linkInvalid();
  if (!user.password_hash) return { message: 'account.choose_password', password_required: true };
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, token, 'verify_email', now))) throw linkInvalid();
    await updateUser(tx, user.id, { email_verified_at: user.email_verified_at ?? now });
  });
  return { message: 'account.email_verified', password_required: false };
}

/** The invited user's first password: verifies the address and sets the password in one go. */
export async function activateAccount(
  ctx: AppContext,
  token: string,
  body: NewPasswordBody,
): Promise<MessageKey> {
  const now = ctx.clock.now();
  const passwordHash = await newPasswordFor(ctx, token, 'verify_email', body, now);
  await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'verify_email', now);
    if (!row) throw linkInvalid();
    const user = await userById(tx, row.user_id);
    if (!usable(user)) throw linkInvalid();
    if (user.password_hash) throw new HttpError(409, 'account.password_already_set');
    await updateUser(tx, user.id, { password_hash: passwordHash, email_verified_at: now });
  });
  return 'account.account_activated';
}

/**
 * Asks for a new verification link; like `forgotPassword`, the request path only queues a request
 * row, whatever the address. The worker sends the link to an unverified, active account (an
 * invitation again when the person has no password yet), and nothing otherwise.
 */
export async function requestVerification(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<MessageKey> {
  await ctx.limits.hit('verify-email:ip', ip);
  await ctx.limits.hit('verify-email:account', email.toLowerCase());
  await queueAccountRequest(ctx.db, 'verify-email', email, ctx.clock.now());
  return 'account.verify_sent';
}

/** What a request row asks for: a reset link, or a new verification link. */
type AccountRequest = 'reset-password' | 'verify-email';
/** The payload key that marks an outbox row as a request the worker still has to resolve. */
const REQUEST_KEY = 'account_request';

/**
 * Queues the request as an outbox row addressed to the address as typed, with no link yet. The
 * row's shape is the same for every address: it is the only write of the request path.
 */
async function queueAccountRequest(db: DbOrTx, request: AccountRequest, email: string, at: Date) {
  await enqueueMail(db, {
    at,
    to: email,
    template: request,
    locale: 'fr',
    payload: { [REQUEST_KEY]: request },
  });
}

/** Whether an outbox row is a request still to be resolved (see `resolveAccountRequest`). */
export function isAccountRequest(payload: Record<string, unknown>): boolean {
  return payload[REQUEST_KEY] === 'reset-password' || payload[REQUEST_KEY] === 'verify-email';
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Resolves a request row, in the outbox worker: in one transaction, when the address belongs to
 * an account the request is for, issues the token (retiring the earlier ones) and turns the row
 * into the mail to send (the account's address, language, name and link), answered for sending.
 * Otherwise the row is deleted (it held an address typed by anyone) and nothing is answered. An
 * invited person without a password gets a new invitation, queued as its own row.
 */
export async function resolveAccountRequest(
  ctx: AppContext,
  row: OutboxRow,
  log?: FastifyBaseLogger,
): Promise<OutboxRow | null> {
  const request = row.payload[REQUEST_KEY] as AccountRequest;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, row.to_address);
    const wanted =
      usable(user) && (request === 'reset-password' || !user.email_verified_at) ? user : null;
    if (!wanted || (request === 'verify-email' && !wanted.password_hash)) {
      await deleteOutboxRow(tx, row.id);
      if (wanted) {
        await retireTokens(tx, wanted.id, 'verify_email', now);
        await inviteUser(ctx, tx, wanted);
      }
      return null;
    }
    const purpose = request === 'reset-password' ? 'reset_password' : 'verify_email';
    await retireTokens(tx, wanted.id, purpose, now);
    const token = await issueToken(
      tx,
      wanted.id,
      purpose,
      now,
      request === 'reset-password' ? RESET_TTL_MS : VERIFY_TTL_MS,
    );
    const link = new URL(`/${request}/${token}`, ctx.config.PUBLIC_URL);
    if (request === 'verify-email') link.searchParams.set('email', wanted.email);
    const mail = await rewriteOutboxRow(tx, row.id, {
      to_address: wanted.email,
      locale: wanted.locale,
      payload: await mailPayload(tx, wanted, link),
      updated_at: now,
    });
    if (request === 'reset-password') log?.info({ userId: wanted.id }, 'password reset requested');
    return mail ?? null;
  });
}

/**
 * Changes the signed-in user's password: the current one is required (wrong guesses count
 * against this session's step-up bucket), the other sessions end, this one stays.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  body: ChangePasswordBody,
  log?: FastifyBaseLogger,
  ip?: string,
): Promise<MessageKey> {
  const bucket = stepUpBucket(actor);
  if (ip) await ctx.limits.hit('step-up:ip', ip);
  await ctx.limits.chargeOrRefuse('step-up:session', bucket, ctx.clock.now());
  const user = await userById(ctx.db, actor.userId);
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, body.current_password))) {
    log?.warn({ userId: actor.userId }, 'password change refused: wrong current password');
    throw validationFailed({ current_password: ['auth.wrong_password'] });
  }
  await ctx.limits.forget('step-up:session', bucket);
  if (body.password === body.current_password) {
    throw validationFailed({ password: ['account.rules.passwordSame'] });
  }
  refuseWeakPassword(body.password, await contextOf(ctx.db, user));
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { password_hash: passwordHash });
    await retireTokens(tx, user.id, 'reset_password', now);
    await revokeUserSessions(tx, user.id, now, actor.sessionId);
    await mailUser(tx, user, 'password-changed', now);
  });
  log?.info({ userId: actor.userId }, 'password changed; other sessions revoked');
  return 'account.password_changed';
}
