import { NOTIFICATION_RULES, NOTIFICATION_TYPES, type NotificationType } from '@skolar/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { institutions, notificationPreferences, notifications, users } from '../db/schema/index.ts';

/** The PostgreSQL channel every node listens on; a notification's transaction signals it. */
export const LIVE_CHANNEL = 'skolar_notifications';

/** The type's default delivery, as SQL, for a person without a preference of their own. */
const defaultDelivery = (type: NotificationType) =>
  sql<string>`${NOTIFICATION_RULES[type].delivery}`;

/**
 * The recipients that still exist and are active, with how they receive this type, their address,
 * language and institution (for the mail).
 */
export function recipientsOf(db: DbOrTx, type: NotificationType, userIds: readonly number[]) {
  return db
    .select({
      id: users.id,
      institution_id: users.institution_id,
      email: users.email,
      first_name: users.first_name,
      locale: users.locale,
      mail_on: users.notify_email,
      delivery: sql<
        'app' | 'instant' | 'digest' | 'off'
      >`coalesce(${notificationPreferences.delivery}, ${defaultDelivery(type)})`,
      institution_name: institutions.name,
      color_code: institutions.color_code,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.user_id, users.id), eq(notificationPreferences.type, type)),
    )
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(
      and(inArray(users.id, [...userIds]), isNull(users.disabled_at), isNull(users.archived_at)),
    )
    .orderBy(users.id);
}

export type NewNotification = typeof notifications.$inferInsert;

/** Inserts the notifications; one already there for the same person, type and key is skipped. */
export function insertNotifications(db: DbOrTx, rows: NewNotification[]) {
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({
      target: [notifications.user_id, notifications.type, notifications.dedupe_key],
      where: sql`${notifications.dedupe_key} IS NOT NULL`,
    })
    .returning({ id: notifications.id, user_id: notifications.user_id, mail: notifications.mail });
}

/**
 * Tells every node that notifications changed (delivered when the transaction commits, not
 * before: a rolled-back change signals nothing).
 */
export async function signalLive(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, '')`);
}

export const KNOWN_TYPES: ReadonlySet<string> = new Set(NOTIFICATION_TYPES);

/** The notifications of these people newer than `afterId`, oldest first (at most `limit`). */
export function newerThan(db: DbOrTx, userIds: readonly number[], afterId: number, limit: number) {
  return db
    .select({
      id: notifications.id,
      user_id: notifications.user_id,
      type: notifications.type,
      params: notifications.params,
      link: notifications.link,
      created_at: notifications.notified_at,
      read_at: notifications.read_at,
    })
    .from(notifications)
    .where(and(inArray(notifications.user_id, [...userIds]), sql`${notifications.id} > ${afterId}`))
    .orderBy(notifications.id)
    .limit(limit);
}

/** Each person's unread count (those with none are absent). */
export function unreadCounts(db: DbOrTx, userIds: readonly number[]) {
  return db
    .select({ user_id: notifications.user_id, unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.user_id, [...userIds]), isNull(notifications.read_at)))
    .groupBy(notifications.user_id);
}

/** The id of the person's latest notification (0 when none). */
export async function latestId(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)::bigint` })
    .from(notifications)
    .where(eq(notifications.user_id, userId));
  return Number(row?.id ?? 0);
}
