import { NOTIFICATION_RULES, NOTIFICATION_TYPES, type NotificationType } from '@skolar/shared';
import { findToken } from '../../auth/one-time-tokens.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { deliveriesOf } from './preferences.queries.ts';
import { institutionNameOf, keepInApp, useToken } from './unsubscribe.queries.ts';

// A notification mail's unsubscribe link (decision 200): a random token of its own per mail
// (only its hash is stored), valid 180 days, used once; it changes only the type it names (or
// stops the digest), and needs no sign-in. Opening it shows what it would stop; mail clients and
// the page's button confirm by POST (RFC 8058 one-click), so a link scanner that follows it
// changes nothing.

type Target = NotificationType | 'digest';

const isTarget = (value: string | null): value is Target =>
  value === 'digest' || (NOTIFICATION_TYPES as readonly string[]).includes(value ?? '');

async function tokenRow(ctx: AppContext, token: string) {
  const row = await findToken(ctx.db, token, 'unsubscribe');
  // A forged link, an expired one, or one of a type this version no longer has: not found.
  if (!row || row.expires_at <= ctx.clock.now() || !isTarget(row.target)) throw notFound();
  return { ...row, target: row.target as Target };
}

/**
 * Stops the mails the link names: its type is kept in the application only; the digest's link
 * keeps every type the person gets in the digest in the application only.
 */
async function stopMailing(db: DbOrTx, userId: number, target: Target) {
  if (target !== 'digest') return keepInApp(db, userId, [target]);
  const own = new Map((await deliveriesOf(db, userId)).map((row) => [row.type, row.delivery]));
  const digested = NOTIFICATION_TYPES.filter(
    (type) => (own.get(type) ?? NOTIFICATION_RULES[type].delivery) === 'digest',
  );
  return keepInApp(db, userId, digested);
}

/** `GET /api/notifications/unsubscribe/:token`: what it would stop, and whether it was used. */
export async function describe(ctx: AppContext, token: string) {
  const row = await tokenRow(ctx, token);
  return {
    type: row.target,
    institution_name: (await institutionNameOf(ctx.db, row.user_id)) ?? 'Skolar',
    used: row.used_at !== null,
  };
}

/**
 * `POST /api/notifications/unsubscribe/:token`: stops mailing the type (it stays in the
 * application) or the digest (its types stay in the application), once; a used link answers 410.
 * Guesses of tokens count against the IP.
 */
export async function confirm(ctx: AppContext, ip: string, token: string) {
  await ctx.limits.hit('unsubscribe:ip', ip);
  const row = await tokenRow(ctx, token);
  return ctx.db.transaction(async (tx) => {
    if (!(await useToken(tx, row.id, ctx.clock.now()))) {
      throw new HttpError(410, 'notifications.unsubscribe.used');
    }
    await stopMailing(tx, row.user_id, row.target);
    return {
      type: row.target,
      institution_name: (await institutionNameOf(tx, row.user_id)) ?? 'Skolar',
      used: true,
    };
  });
}
