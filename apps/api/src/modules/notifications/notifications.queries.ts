import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

const columns = {
  id: notifications.id,
  type: notifications.type,
  params: notifications.params,
  link: notifications.link,
  created_at: notifications.notified_at,
  read_at: notifications.read_at,
};

/** A page of the notifications `scope` allows, the latest first, one more than `limit`. */
export function notificationPage(
  db: DbOrTx,
  scope: SQL,
  options: { before?: number; unread: boolean; limit: number },
) {
  return db
    .select(columns)
    .from(notifications)
    .where(
      and(
        scope,
        options.before === undefined ? undefined : sql`${notifications.id} < ${options.before}`,
        options.unread ? isNull(notifications.read_at) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit + 1);
}

/** How many of the notifications `scope` allows are unread. */
export async function unreadIn(db: DbOrTx, scope: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(scope, isNull(notifications.read_at)));
  return Number(row?.n ?? 0);
}

/** Marks read the unread notifications `scope` allows (of one id, or all); answers how many. */
export async function markRead(db: DbOrTx, scope: SQL, now: Date, id?: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read_at: now })
    .where(
      and(
        scope,
        isNull(notifications.read_at),
        id === undefined ? undefined : eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Whether `scope` allows the notification (read or not). */
export async function hasNotification(db: DbOrTx, scope: SQL, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(scope, eq(notifications.id, id)));
  return rows.length > 0;
}
