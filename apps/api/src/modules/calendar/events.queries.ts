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
  episodes,
  evaluations,
  eventExceptions,
  events,
  groups,
  institutions,
  promotions,
  seminars,
  users,
} from '../../db/schema/index.ts';
import { evaluationsIn } from '../evaluations/evaluations.queries.ts';

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

/** Whether the institution exists. */
/**
 * The institution of an audience the actor may publish to: a promotion or a group they may read,
 * or an institution they may assign to (`can`); undefined when it is not in their scope.
 */
export async function audienceInstitution(
  db: DbOrTx,
  actor: Actor,
  audience: 'institution' | 'promotion' | 'group',
  audienceId: number,
): Promise<{ institution_id: number } | undefined> {
  const scope =
    audience === 'institution' ? can(actor, 'assign', audience) : can(actor, 'read', audience);
  const institution = {
    institution: institutions.id,
    promotion: promotions.institution_id,
    group: groups.institution_id,
  }[audience];
  const [found] = await db
    .select({ institution_id: institution })
    .from(scope.table)
    .where(and(eq(scope.id, audienceId), scope.where));
  return found;
}

/** Inserts an event; answers its id. */
export async function insertEvent(db: DbOrTx, values: typeof events.$inferInsert) {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof events.$inferInsert>,
) {
  await tx.update(events).set(set).where(eq(events.id, id));
}

/** Forgets every moved or cancelled occurrence of the series. */
export async function deleteExceptions(tx: DbOrTx, eventId: number) {
  await tx.delete(eventExceptions).where(eq(eventExceptions.event_id, eventId));
}

/** Deletes the event; its exceptions go with it (cascade). */
export async function deleteEventSeries(tx: DbOrTx, id: number) {
  await tx.delete(events).where(eq(events.id, id));
}

/** Records how one occurrence of the series differs from its rule (replacing what was said). */
export async function upsertException(
  tx: DbOrTx,
  eventId: number,
  originalStart: Date,
  exception: { cancelled: boolean; starts_at: Date | null; ends_at: Date | null },
) {
  await tx
    .insert(eventExceptions)
    .values({ event_id: eventId, original_start: originalStart, ...exception })
    .onConflictDoUpdate({
      target: [eventExceptions.event_id, eventExceptions.original_start],
      set: exception,
    });
}

/** Marks the series changed at `at` (the feed's LAST-MODIFIED). */
export async function touchEvent(tx: DbOrTx, id: number, at: Date) {
  await tx.update(events).set({ updated_at: at }).where(eq(events.id, id));
}

// The entries from the courses (derived.ts).

/**
 * The evaluations overlapping the range: an exam by its window (its day and times in its
 * institution's zone), a project by its deadline's half hour.
 */
function evaluationsInRange(range: InstantRange) {
  const start = sql`${range.start.toISOString()}::timestamptz`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const at = (time: typeof evaluations.start_time | typeof evaluations.end_time) =>
    sql`((${evaluations.date} + ${time}) at time zone ${institutions.timezone})`;
  return or(
    and(
      eq(evaluations.type, 'exam'),
      sql`${at(evaluations.start_time)} < ${end}`,
      sql`${at(evaluations.end_time)} > ${start}`,
    ),
    and(
      eq(evaluations.type, 'project'),
      sql`${evaluations.deadline} > ${start}`,
      sql`${evaluations.deadline} - interval '30 minutes' < ${end}`,
    ),
  );
}

/** The evaluations in `scope` (the actor's list scope) that overlap the range (all: null). */
export function evaluationsOverlapping(db: DbOrTx, scope: SQL, range: InstantRange | null) {
  return evaluationsIn(db, and(scope, range ? evaluationsInRange(range) : undefined)!);
}

/** The episodes of the non-archived seminars the actor sees, in the range: one query. */
export function episodesFor(db: DbOrTx, actor: Actor, range: InstantRange | null) {
  return db
    .select({
      id: episodes.id,
      title: episodes.title,
      starts_at: episodes.starts_at,
      ends_at: episodes.ends_at,
      location: episodes.location,
      online_link: episodes.online_link,
      seminar_id: seminars.id,
      seminar_title: seminars.title,
      promotion_id: seminars.promotion_id,
    })
    .from(episodes)
    .innerJoin(seminars, eq(seminars.id, episodes.seminar_id))
    .where(
      and(
        can(actor, 'list', 'episode').where,
        isNull(seminars.archived_at),
        range ? lt(episodes.starts_at, range.end) : undefined,
        // An episode of no length still shows on its instant.
        range
          ? or(gt(episodes.ends_at, range.start), eq(episodes.starts_at, range.start))
          : undefined,
      ),
    )
    .orderBy(asc(episodes.starts_at), asc(episodes.id));
}
