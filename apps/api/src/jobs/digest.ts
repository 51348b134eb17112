import { type NotificationType, notificationText } from '@skolar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { KNOWN_TYPES } from '../notify/notify.queries.ts';
import { unsubscribeLink } from '../notify/notify.ts';
import { localDay, plusDays, zonedInstant } from '../time.ts';
import { claimDigest, digestCandidates, takeDigested } from './digest.queries.ts';
import { repeatEvery } from './repeat.ts';

// The daily digest (decision 200): one mail a day at the hour each person chose, in their zone,
// listing the notifications they asked to receive that way. Claimed per person and hour on the
// database, so two nodes never send the same digest.

/** The latest instant at or before `now` when the wall clock of `zone` read `hour`:00. */
function lastDigestSlot(now: Date, hour: number, zone: string): Date {
  const time = `${String(hour).padStart(2, '0')}:00:00`;
  const today = localDay(now, zone);
  const slot = zonedInstant(today, time, zone);
  return slot.getTime() <= now.getTime() ? slot : zonedInstant(plusDays(today, -1), time, zone);
}

/**
 * Sends the digests that are due: for each person with notifications waiting whose last digest
 * went out before their latest digest hour, the notifications made by that hour, in one mail with
 * the digest's own unsubscribe link (nothing mailed when their account's e-mail is off; the
 * notifications are then marked digested all the same). Answers how many digests were mailed.
 */
export async function sendDueDigests(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let mailed = 0;
  for (const person of await digestCandidates(ctx.db)) {
    const slot = lastDigestSlot(now, Number(person.digest_hour), person.time_zone);
    if (person.digest_sent_at && person.digest_sent_at.getTime() >= slot.getTime()) continue;
    const sent = await ctx.db.transaction(async (tx) => {
      if (!(await claimDigest(tx, person.user_id, slot))) return false;
      const rows = (await takeDigested(tx, person.user_id, slot)).filter((row) =>
        KNOWN_TYPES.has(row.type),
      );
      if (rows.length === 0 || !person.mail_on) return false;
      await enqueueMail(tx, {
        at: now,
        to: person.email,
        locale: person.locale,
        template: 'notification-digest',
        payload: {
          first_name: person.first_name,
          institution_name: person.institution_name ?? undefined,
          color_code: person.color_code ?? undefined,
          count: rows.length,
          items: rows.map((row) => ({
            text: notificationText(row.type as NotificationType, person.locale, row.params),
            link: new URL(row.link, ctx.config.PUBLIC_URL).toString(),
          })),
          link: new URL('/notifications', ctx.config.PUBLIC_URL).toString(),
          unsubscribe_link: await unsubscribeLink(ctx, tx, person.user_id, 'digest'),
        },
      });
      return true;
    });
    if (sent) mailed += 1;
  }
  return mailed;
}

/** Runs sendDueDigests every `intervalMs` (5 minutes) until stopped. */
export function startDigests(
  ctx: AppContext,
  options: { intervalMs?: number; log?: FastifyBaseLogger } = {},
): () => Promise<void> {
  return repeatEvery(
    options.intervalMs ?? 5 * 60 * 1000,
    async () => {
      const mailed = await sendDueDigests(ctx);
      if (mailed > 0) options.log?.info({ digests: mailed }, 'notification digests queued');
    },
    { log: options.log, failure: 'digest run failed' },
  );
}
