import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  eventExceptions,
  events,
  groups,
  institutions,
  promotions,
  users,
} from '../../db/schema/index.ts';

/** An occurrence of a repeated event changed on its own: cancelled, or moved. */
export interface EventException {
  original_start: Date;
  cancelled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
}

/** An event the actor sees, with what the calendar, the planning and the feed show of it. */
export type VisibleEvent = typeof events.$inferSelect & {
  owner_name: string;
  audience_label: string | null;
  exceptions: EventException[];
};

/** A half-open interval of instants, `[start, end)`. */
export interface InstantRange {
  start: Date;
  end: Date;
}

/**
 * The events the actor sees (policy.ts), with their owner, their audience's name and, for the
 * repeated ones, their exceptions: two queries whatever the number of events. With a range, only
 * the events that may have an occurrence in it: a one-off overlapping it, a series started before
 * its end (its rule says whether it still runs), or one with an occurrence moved into it.
 */
export async function visibleEvents(
  db: DbOrTx,
  actor: Actor,
  range: InstantRange | null,
): Promise<VisibleEvent[]> {
  const scoped = can(actor, 'list', 'event');
  const inRange = range
    ? or(
        and(
          isNull(events.recurrence),
          lt(events.starts_at, range.end),
          gt(events.ends_at, range.start),
        ),
        and(isNotNull(events.recurrence), lt(events.starts_at, range.end)),
        sql`${events.id} in (select ${eventExceptions.event_id} from ${eventExceptions} where ${eventExceptions.starts_at} < ${range.end} and ${eventExceptions.ends_at} > ${range.start})`,
      )
    : undefined;
  return eventsWhere(db, and(scoped.where, inRange));
}

/** One event as the list shows it (the caller has checked the actor may read it). */
export async function eventById(db: DbOrTx, id: number): Promise<VisibleEvent> {
  const [row] = await eventsWhere(db, eq(events.id, id));
  return row!;
}

async function eventsWhere(db: DbOrTx, where: SQL | undefined): Promise<VisibleEvent[]> {
  const rows = await db
    .select({
      ...getTableColumns(events),
      owner_name: sql<string>`${users.first_name} || ' ' || ${users.last_name}`,
      audience_label: sql<string | null>`case ${events.audience}
        when 'promotion' then ${promotions.name}
        when 'group' then ${groups.name}
        when 'institution' then ${institutions.name}
        else null end`,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.owner_id))
    .leftJoin(
      promotions,
      and(eq(events.audience, 'promotion'), eq(promotions.id, events.audience_id)),
    )
    .leftJoin(groups, and(eq(events.audience, 'group'), eq(groups.id, events.audience_id)))
    .leftJoin(
      institutions,
      and(eq(events.audience, 'institution'), eq(institutions.id, events.audience_id)),
    )
    .where(where)
    .orderBy(asc(events.starts_at), asc(events.id));
  const repeated = rows.filter((row) => row.recurrence !== null).map((row) => row.id);
  const exceptions =
    repeated.length === 0
      ? []
      : await db
          .select()
          .from(eventExceptions)
          .where(inArray(eventExceptions.event_id, repeated))
          .orderBy(asc(eventExceptions.original_start));
  return rows.map((row) => ({
    ...row,
    exceptions: exceptions
      .filter((exception) => exception.event_id === row.id)
      .map(({ original_start, cancelled, starts_at, ends_at }) => ({
        original_start,
        cancelled,
        starts_at,
        ends_at,
      })),
  }));
}
