import type { ClassStatistics } from '@skolar/shared';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { evaluations, results, subjects, trainings } from '../../db/schema/index.ts';
import { forbidden } from '../../http/errors.ts';

/** Under this many counted results, the class's figures would name a classmate's grade. */
const MIN_CLASS_COUNT = 3;

/** A result out of 20 in SQL: an absence counts 0, a line not graded yet is null. */
const normalised = sql<
  number | null
>`case when ${results.absent} then 0 else ${results.grade} / ${evaluations.scale} * 20 end`;

/**
 * The signed-in student's published results (the policy keeps a student to their own published
 * rows), newest first, each with the class's figures of its evaluation. Two queries whatever the
 * number of results: the student's rows, then the figures of those evaluations grouped in SQL.
 * Only aggregates of the other students' results leave the database.
 */
export async function myResults(ctx: AppContext, actor: Actor, trainingId: number | undefined) {
  // Staff have no grades of their own: the gradebook is their view.
  if (actor.role !== 'student') throw forbidden();
  if (trainingId !== undefined) await requireAccess(ctx.db, actor, 'read', 'training', trainingId);
  const rows = await ctx.db
    .select({
      id: results.id,
      grade: results.grade,
      absent: results.absent,
      comment: results.comment,
      published_at: results.published_at,
      corrected_at: results.corrected_at,
      normalised,
      evaluation_id: evaluations.id,
      title: evaluations.title,
      type: evaluations.type,
      date: evaluations.date,
      percentage: evaluations.percentage,
      scale: evaluations.scale,
      subject_id: subjects.id,
      subject_name: subjects.name,
      training_id: trainings.id,
      training_title: trainings.title,
    })
    .from(results)
    .innerJoin(evaluations, eq(evaluations.id, results.evaluation_id))
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .where(
      and(
        can(actor, 'list', 'result').where,
        eq(results.student_id, actor.userId),
        isNotNull(results.published_at),
        // A line published before it was graded is not a result yet.
        or(eq(results.absent, true), isNotNull(results.grade)),
        isNull(evaluations.archived_at),
        trainingId === undefined ? undefined : eq(evaluations.training_id, trainingId),
      ),
    )
    .orderBy(sql`${evaluations.date} desc`, asc(evaluations.id));
  const stats = await classStatistics(
    ctx,
    rows.map((row) => row.evaluation_id),
  );
  return rows.map((row) => ({
    id: row.id,
    evaluation: {
      id: row.evaluation_id,
      title: row.title,
      type: row.type,
      date: row.date,
      subject: { id: row.subject_id, name: row.subject_name },
      training: { id: row.training_id, title: row.training_title },
      percentage: row.percentage,
      scale: row.scale,
    },
    grade: row.grade,
    absent: row.absent,
    normalised: row.normalised === null ? null : Number(row.normalised),
    comment: row.comment,
    published_at: row.published_at!,
    corrected_at: row.corrected_at,
    class: stats.get(row.evaluation_id) ?? {
      average: null,
      minimum: null,
      maximum: null,
      count: 0,
    },
  }));
}

/**
 * Per evaluation, the average, minimum and maximum out of 20 of its published results (absences
 * count 0; lines not graded are left out) and how many they are; the figures stay null under
 * MIN_CLASS_COUNT results. The caller has shown the actor one of these results.
 */
async function classStatistics(
  ctx: AppContext,
  evaluationIds: readonly number[],
): Promise<Map<number, ClassStatistics>> {
  const answer = new Map<number, ClassStatistics>();
  if (evaluationIds.length === 0) return answer;
  const ids = [...new Set(evaluationIds)];
  const rows = await ctx.db
    .select({
      evaluation_id: results.evaluation_id,
      average: sql<string | null>`avg(${normalised})`,
      minimum: sql<string | null>`min(${normalised})`,
      maximum: sql<string | null>`max(${normalised})`,
      count: sql<number>`count(*)::int`,
    })
    .from(results)
    .innerJoin(evaluations, eq(evaluations.id, results.evaluation_id))
    .where(
      and(
        inArray(results.evaluation_id, ids),
        // Said of both tables, so the planner reads these evaluations by key instead of hashing
        // the whole table (issue 16: 40,000 rows read for 20 results at bench size M).
        inArray(evaluations.id, ids),
        isNotNull(results.published_at),
        or(eq(results.absent, true), isNotNull(results.grade)),
      ),
    )
    .groupBy(results.evaluation_id);
  for (const row of rows) {
    const count = Number(row.count);
    const shown = count >= MIN_CLASS_COUNT;
    const figure = (value: string | null) => (shown && value !== null ? Number(value) : null);
    answer.set(Number(row.evaluation_id), {
      average: figure(row.average),
      minimum: figure(row.minimum),
      maximum: figure(row.maximum),
      count,
    });
  }
  return answer;
}
