import type { GradeEntry, RegradeAnswer, RegradeBody, RegradeLine } from '@skolar/shared';
import { record } from '../../audit/audit.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { examScore, pointsFor } from '../exams/scoring.ts';
import { applyGrades } from './grades.ts';
import {
  answersOfClosedAttempts,
  enrolledInTraining,
  lockClosedAttempts,
  lockResultLines,
  openAttemptCount,
  quizKeys,
  setAnswerPointsById,
  setAttemptScoreTo,
} from './results.queries.ts';
import { evaluationFor, suggestionOf } from './results.service.ts';

type Scorable = Awaited<ReturnType<typeof quizKeys>>[number];

/** Two grades or points equal to the hundredth the grades keep (null only equals null). */
const same = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.round(a * 100) === Math.round(b * 100);

/**
 * The points an answer earns with the quiz as it stands: a choice, a typed or a matching answer
 * as a hand-in scores it (scoring.ts); a long answer keeps the teacher's mark (null until marked),
 * lowered to the question's points when they went down; a description none.
 */
function rescored(question: Scorable, value: Parameters<typeof pointsFor>[1], held: number | null) {
  if (question.kind === 'long') return held === null ? null : Math.min(held, question.points);
  return pointsFor(question, value);
}

/** Thrown to roll a dry run back, carrying its answer out of the transaction. */
class DryRun extends Error {
  constructor(readonly answer: RegradeAnswer) {
    super('dry run');
  }
}

/**
 * Scores the closed attempts of an exam's quiz again with its current keys and points, then moves
 * the grades that follow the quiz (decision 190), in one transaction:
 * - every answer of a closed attempt is scored again (long answers keep the teacher's marks,
 *   lowered to the question's points), and the attempt gets the sum, 0 at least (`examScore`);
 *   open attempts are skipped and counted: their hand-in scores them with the current keys;
 * - a result line whose grade is the quiz's old suggestion (the old score over the quiz's points,
 *   on the scale, as the grid computes it) gets the new suggestion through `applyGrades`, so it
 *   has its history row, and a published line its `corrected_at`;
 * - a line with another grade (the teacher's own) is left as it is and listed `to_review` when the
 *   suggestion moved; an absent line, a pending one or no line is not touched.
 * A dry run does all of it in a transaction it rolls back: the same answer, nothing written.
 * Those who mark the evaluation (`evaluationFor`: 404 for anyone else, another institution
 * included).
 */
export async function regrade(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: RegradeBody,
): Promise<RegradeAnswer> {
  const dryRun = body.dry_run ?? false;
  try {
    return await ctx.db.transaction(async (tx) => {
      const answer = await run(ctx, tx, actor, id, dryRun);
      if (dryRun) throw new DryRun(answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.answer;
    throw error;
  }
}

async function run(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  id: number,
  dryRun: boolean,
): Promise<RegradeAnswer> {
  const evaluation = await evaluationFor(tx, actor, id);
  if (evaluation.type !== 'exam') throw validationFailed({ _: ['exams.validation.examOnly'] });
  const now = ctx.clock.now();
  const closed = await lockClosedAttempts(tx, evaluation.id);
  const [keys, given, open] = await Promise.all([
    quizKeys(tx, evaluation.id),
    answersOfClosedAttempts(tx, evaluation.id),
    openAttemptCount(tx, evaluation.id),
  ]);
  const questions = new Map(keys.map((question) => [question.id, question]));

  // The answers, scored again; an answer whose points change is written.
  const pointsByAttempt = new Map<number, Array<number | null>>();
  for (const answer of given) {
    const question = questions.get(answer.question_id);
    if (!question) continue;
    const points = rescored(question, answer.value, answer.points_awarded);
    if (!same(points, answer.points_awarded)) {
      await setAnswerPointsById(tx, answer.id, points, now);
    }
    const list = pointsByAttempt.get(answer.attempt_id) ?? [];
    list.push(points);
    pointsByAttempt.set(answer.attempt_id, list);
  }

  const studentIds = closed.map((attempt) => attempt.student.id);
  const none = studentIds.length === 0;
  const lines = none ? [] : await lockResultLines(tx, evaluation.id, studentIds);
  const enrolledRows = none ? [] : await enrolledInTraining(tx, evaluation.training_id, studentIds);
  const lineOf = new Map(lines.map((line) => [Number(line.student_id), line]));
  const enrolled = new Set(enrolledRows.map((row) => Number(row.id)));

  const entries: GradeEntry[] = [];
  const report: RegradeLine[] = [];
  let rescoredCount = 0;
  for (const attempt of closed) {
    const before = attempt.score ?? 0;
    const after = examScore(pointsByAttempt.get(attempt.id) ?? []);
    if (!same(before, after)) {
      rescoredCount += 1;
      await setAttemptScoreTo(tx, attempt.id, after, now);
    }
    const suggestionBefore = suggestionOf(evaluation, before);
    const suggestionAfter = suggestionOf(evaluation, after);
    const line = lineOf.get(attempt.student.id);
    const grade = line && !line.absent ? line.grade : null;
    const moved = suggestionAfter !== null && !same(suggestionBefore, suggestionAfter);
    // A grade that is the old suggestion follows the quiz; any other is the teacher's own. A
    // student no longer in the promotion keeps their line (applyGrades takes only enrolled ones).
    const follows = grade !== null && same(grade, suggestionBefore);
    const changed = moved && follows && enrolled.has(attempt.student.id);
    if (changed) {
      entries.push({
        student_id: attempt.student.id,
        grade: suggestionAfter,
        version: line!.version,
      });
    }
    report.push({
      attempt_id: attempt.id,
      student: attempt.student,
      score_before: before,
      score_after: after,
      suggestion_before: suggestionBefore,
      suggestion_after: suggestionAfter,
      grade_before: grade,
      grade_after: changed ? suggestionAfter : grade,
      grade_changed: changed,
      to_review: grade !== null && moved && !changed,
    });
  }
  if (entries.length > 0) await applyGrades(tx, actor, evaluation, entries, now);

  const counts = {
    attempts: closed.length,
    rescored: rescoredCount,
    grades_changed: entries.length,
    to_review: report.filter((item) => item.to_review).length,
    open,
  };
  if (!dryRun) {
    await record(tx, ctx, actor, {
      action: 'quiz.regrade',
      entity: 'evaluation',
      entityId: evaluation.id,
      institutionId: evaluation.institution_id,
      after: counts,
    });
  }
  return {
    dry_run: dryRun,
    max_points: evaluation.max_points,
    scale: evaluation.scale,
    attempts: report,
    counts,
  };
}
