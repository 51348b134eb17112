import { and, asc, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  announcements,
  groups,
  institutions,
  notifications,
  promotions,
  users,
} from '../../db/schema/index.ts';

export type NewAnnouncement = typeof announcements.$inferInsert;

const audienceLabel = sql<string>`case ${announcements.audience}
  when 'institution' then ${institutions.name}
  when 'promotion' then (select ${promotions.name} from ${promotions} where ${promotions.id} = ${announcements.audience_id})
  else (select ${groups.name} from ${groups} where ${groups.id} = ${announcements.audience_id})
end`;

/** The announcements `scope` allows (or the one of `id`), pinned first, then the latest. */
export function announcementsIn(db: DbOrTx, scope: SQL | undefined, id?: number) {
  return db
    .select({
      row: announcements,
      author_first_name: users.first_name,
      author_last_name: users.last_name,
      audience_label: audienceLabel,
    })
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.author_id))
    .innerJoin(institutions, eq(institutions.id, announcements.institution_id))
    .where(and(scope, id === undefined ? undefined : eq(announcements.id, id)))
    .orderBy(desc(announcements.pinned), desc(announcements.publish_at), desc(announcements.id))
    .limit(100);
}

export async function insertAnnouncement(db: DbOrTx, values: NewAnnouncement): Promise<number> {
  const [row] = await db.insert(announcements).values(values).returning({ id: announcements.id });
  return row!.id;
}

export async function updateAnnouncement(
  db: DbOrTx,
  id: number,
  set: Partial<NewAnnouncement>,
): Promise<void> {
  await db.update(announcements).set(set).where(eq(announcements.id, id));
}

/** The announcement, locked for the change. */
export async function lockAnnouncement(db: DbOrTx, id: number) {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row!;
}

/** Whether the promotion or group (of the institution) is within `scope`. */
export async function audienceReachable(
  db: DbOrTx,
  kind: 'promotion' | 'group',
  id: number,
  scope: SQL,
): Promise<boolean> {
  const table = kind === 'promotion' ? promotions : groups;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), scope));
  return rows.length > 0;
}

/** The promotions and groups within the scopes, for the composer. */
export async function reachableAudiences(db: DbOrTx, promotionScope: SQL, groupScope: SQL) {
  const [promotionRows, groupRows] = await Promise.all([
    db
      .select({ id: promotions.id, label: promotions.name })
      .from(promotions)
      .where(and(promotionScope, isNull(promotions.archived_at)))
      .orderBy(asc(promotions.name)),
    db
      .select({ id: groups.id, label: groups.name })
      .from(groups)
      .where(groupScope)
      .orderBy(asc(groups.name)),
  ]);
  return { promotions: promotionRows, groups: groupRows };
}

/** The scheduled announcements due by `now`, not withdrawn, not yet out. */
export function dueAnnouncements(db: DbOrTx, now: Date) {
  return db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(
        isNull(announcements.published_at),
        isNull(announcements.withdrawn_at),
        lte(announcements.publish_at, now),
      ),
    )
    .orderBy(asc(announcements.publish_at));
}

/**
 * Marks the announcement out, unless it already is or was withdrawn (another node, a withdrawal
 * in between): true when this call did.
 */
export async function markPublished(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(announcements)
    .set({ published_at: now })
    .where(
      and(
        eq(announcements.id, id),
        isNull(announcements.published_at),
        isNull(announcements.withdrawn_at),
      ),
    )
    .returning({ id: announcements.id });
  return rows.length > 0;
}

/** Removes the notifications of a withdrawn announcement. */
export async function dropNotifications(db: DbOrTx, id: number): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.type, 'announcement'),
        inArray(notifications.dedupe_key, [`announcement:${id}`]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
