import { type NotificationType, notificationText } from '@skolar/shared';
import { issueToken } from '../auth/one-time-tokens.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { enqueueMail, type MailTemplate } from '../mail/outbox.ts';
import {
  insertNotifications,
  type NewNotification,
  recipientsOf,
  signalLive,
} from './notify.queries.ts';

// Producing notifications (issue 33, decision 200): called by a service with the transaction of
// the change that causes them, like the mail outbox. One row per person and event, the instant
// mails queued beside them, and a signal every API node's live stream hears once it commits.

/** An unsubscribe link lasts this long (a mail read months later still works). */
const UNSUBSCRIBE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

export interface NotificationEvent {
  type: NotificationType;
  /** The names and titles its text is made of. */
  params: Record<string, string>;
  /** A path of the web application. */
  link: string;
  /**
   * Makes the event once per person: a second call with the same type and key notifies no one
   * (a grade published once, a reminder of one deadline).
   */
  key?: string;
  /**
   * The mail sent at once to those who chose it: a template of its own with its payload (the
   * published results, the reminders), or the generic notification mail.
   */
  mail?: { template: MailTemplate; payload: (recipient: Recipient) => Record<string, unknown> };
}

type Recipient = Awaited<ReturnType<typeof recipientsOf>>[number];

/** The unsubscribe link of a mail to `userId` that stops `type` (or the digest). */
export async function unsubscribeLink(
  ctx: AppContext,
  db: DbOrTx,
  userId: number,
  type: NotificationType | 'digest',
): Promise<string> {
  const now = ctx.clock.now();
  const token = await issueToken(db, userId, 'unsubscribe', now, UNSUBSCRIBE_TTL_MS, {
    target: type,
  });
  return new URL(`/api/notifications/unsubscribe/${token}`, ctx.config.PUBLIC_URL).toString();
}

/**
 * Notifies the people of `userIds` (each once, whatever the list repeats) of the event, in the
 * transaction `tx`: a row for each whose delivery of the type is not `off`; for those who chose
 * e-mail at once (and whose account's e-mail notifications are on), the mail queued with its
 * unsubscribe link; for the digest, the row waits for it. Answers how many were notified and
 * mailed.
 */
export async function notify(
  ctx: AppContext,
  tx: DbOrTx,
  userIds: readonly number[],
  event: NotificationEvent,
): Promise<{ notified: number; mailed: number }> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return { notified: 0, mailed: 0 };
  const now = ctx.clock.now();
  const recipients = (await recipientsOf(tx, event.type, unique)).filter(
    (r) => r.delivery !== 'off',
  );
  if (recipients.length === 0) return { notified: 0, mailed: 0 };
  const rows: NewNotification[] = recipients.map((r) => ({
    institution_id: r.institution_id,
    user_id: r.id,
    type: event.type,
    params: event.params,
    link: event.link,
    dedupe_key: event.key ?? null,
    mail: !r.mail_on
      ? 'none'
      : r.delivery === 'instant'
        ? 'queued'
        : r.delivery === 'digest'
          ? 'digest'
          : 'none',
    notified_at: now,
  }));
  const inserted = await insertNotifications(tx, rows);
  const queued = new Set(inserted.filter((row) => row.mail === 'queued').map((r) => r.user_id));
  let mailed = 0;
  for (const recipient of recipients) {
    if (!queued.has(recipient.id)) continue;
    const common = {
      first_name: recipient.first_name,
      institution_name: recipient.institution_name ?? undefined,
      color_code: recipient.color_code ?? undefined,
      link: new URL(event.link, ctx.config.PUBLIC_URL).toString(),
      unsubscribe_link: await unsubscribeLink(ctx, tx, recipient.id, event.type),
    };
    await enqueueMail(tx, {
      at: now,
      to: recipient.email,
      locale: recipient.locale,
      template: event.mail?.template ?? 'notification',
      payload: event.mail
        ? { ...event.mail.payload(recipient), ...common }
        : { ...common, text: notificationText(event.type, recipient.locale, event.params) },
    });
    mailed += 1;
  }
  if (inserted.length > 0) await signalLive(tx);
  return { notified: inserted.length, mailed };
}
