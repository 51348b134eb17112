import type { Entity } from '@skolar/shared';
import { and, asc, eq, getTableColumns, gt, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { can } from '../../auth/policy.ts';
import type { DbOrTx } from '../../db/client.ts';
import { evaluations, institutions, subjects, trainings } from '../../db/schema/index.ts';
import { DEFAULT_TIME_ZONE } from '../../time.ts';

/** The zone of the institution's calendar; the platform's for the super-admin, who has none. */
export async function timeZoneOf(db: DbOrTx, institutionId: number | null): Promise<string> {
  if (institutionId === null) return DEFAULT_TIME_ZONE;
  const [row] = await db
    .select({ timezone: institutions.timezone })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row?.timezone ?? DEFAULT_TIME_ZONE;
}

/** All counts in one statement: one scalar sub-select per entity, non-archived rows only. */
/** Evaluations still to come: from today, and projects still open. */
export const stillToCome = (today: string, now: Date): SQL =>
  or(gte(evaluations.date, today), gt(evaluations.deadline, now))!;

export async function countScoped(
  db: DbOrTx,
  scopes: ReadonlyArray<{ key: Entity; scoped: ReturnType<typeof can>; extra?: SQL }>,
): Promise<Array<{ key: string; value: number }>> {
  if (scopes.length === 0) return [];
  const columns = scopes.map(({ key, scoped, extra }) => {
    const archived = (getTableColumns(scoped.table) as Record<string, unknown>).archived_at;
    const where = and(scoped.where, archived ? sql`${archived} is null` : undefined, extra);
    return sql`(select count(*) from ${scoped.table} where ${where})::int as ${sql.identifier(key)}`;
  });
  const result = await db.execute<Record<string, number>>(
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  const row = (result as unknown as { rows: Array<Record<string, number>> }).rows[0] ?? {};
  return scopes.map(({ key }) => ({ key, value: Number(row[key] ?? 0) }));
}

/**
 * The next evaluations the scope allows (from `today`, and the projects whose deadline is still
 * ahead of `now`), with their subject and training, and the timing their status needs.
 */
export function upcomingEvaluations(db: DbOrTx, scope: SQL, today: string, now: Date, limit = 5) {
  return (
    db
      .select({
        id: evaluations.id,
        type: evaluations.type,
        title: evaluations.title,
        date: evaluations.date,
        start_time: evaluations.start_time,
        end_time: evaluations.end_time,
        deadline: evaluations.deadline,
        has_quiz: evaluations.has_quiz,
        subject_id: subjects.id,
        subject: subjects.name,
        training: trainings.title,
        time_zone: institutions.timezone,
      })
      .from(evaluations)
      .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
      .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
      .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
      .where(
        and(
          scope,
          isNull(evaluations.archived_at),
          or(gte(evaluations.date, today), gt(evaluations.deadline, now)),
        ),
      )
      // Soonest due first: an exam by its start, a project by its deadline (its day is when it opened).
      .orderBy(
        sql`coalesce(${evaluations.deadline}, (${evaluations.date} + coalesce(${evaluations.start_time}, '00:00'::time)) at time zone ${institutions.timezone})`,
        asc(evaluations.id),
      )
      .limit(limit)
  );
}
