import type { ClassStatistics } from '@skolar/shared';
import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { publishedFigures, publishedResultsOf } from './gradebook.queries.ts';

/** Under this many counted results, the class's figures would name a classmate's grade. */
const MIN_CLASS_COUNT = 3;

/**
 * The signed-in student's published results (the policy keeps a student to their own published
 * rows), newest first, each with the class's figures of its evaluation. Two queries whatever the
 * number of results: the student's rows, then the figures of those evaluations grouped in SQL.
 * Only aggregates of the other students' results leave the database.
 */
export async function myResults(ctx: AppContext, actor: Actor, trainingId: number | undefined) {
  if (trainingId !== undefined) await requireAccess(ctx.db, actor, 'read', 'training', trainingId);
  const rows = await publishedResultsOf(
    ctx.db,
    actor.userId,
    can(actor, 'read', 'record').where,
    trainingId,
  );
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
  const rows = await publishedFigures(ctx.db, ids);
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
