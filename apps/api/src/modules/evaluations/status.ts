import { type EvaluationStatus, evaluationStatus } from '@skolar/shared';
import type { DbOrTx } from '../../db/client.ts';
import { localDay } from '../../time.ts';
import {
  latestHandIns,
  publishedResultLines,
  studentAttempts,
  studentExtensions,
} from './evaluations.queries.ts';
import { evaluationWindow, isOpen, ownWindow, type Timing } from './window.ts';

/** An evaluation as the status needs it: its timing, in its institution's zone. */
export interface StatusRow extends Timing {
  id: number;
  time_zone: string;
  /** An exam taken online: its attempt says whether it was sat (a paper exam's window does not). */
  has_quiz: boolean;
}

export interface StudentState {
  status: EvaluationStatus;
  is_open: boolean;
  opens_at: Date;
  closes_at: Date;
  /** When it is due for the student: a project's (own) deadline, after which a hand-in is late. */
  due_at: Date;
  attempt: { id: number; started_at: Date; deadline_at: Date; finished_at: Date | null } | null;
  submission: { version: number; submitted_at: Date } | null;
}

/**
 * Where one student stands at each evaluation, by the server's clock: the window (evaluationWindow),
 * their attempt, their latest hand-in and their result, read in three queries whatever the number
 * of rows. The one place that computes statuses: `/api/me/evaluations`, the training's evaluations
 * and the dashboard all call it. An exam counts as handed in once its attempt is finished (by the
 * student or by the closing job); a project once one version is in. Only a published grade or
 * absence counts: until then what was sat or handed in awaits its grade.
 */
export async function studentStates(
  db: DbOrTx,
  studentId: number,
  rows: readonly StatusRow[],
  now: Date,
): Promise<Map<number, StudentState>> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return new Map();
  const [attemptRows, submissionRows, resultRows, extensionRows] = await Promise.all([
    studentAttempts(db, studentId, ids),
    latestHandIns(db, studentId, ids),
    publishedResultLines(db, studentId, ids),
    studentExtensions(db, studentId, ids),
  ]);
  const byEvaluation = <T extends { evaluation_id: number }>(list: T[]) =>
    new Map(list.map((item) => [Number(item.evaluation_id), item]));
  const attemptOf = byEvaluation(attemptRows);
  const submissionOf = byEvaluation(submissionRows);
  const resultOf = byEvaluation(resultRows);
  const extensionOf = byEvaluation(extensionRows);

  const states = new Map<number, StudentState>();
  const todayIn = new Map<string, string>();
  for (const row of rows) {
    if (!todayIn.has(row.time_zone)) todayIn.set(row.time_zone, localDay(now, row.time_zone));
    // A project's own deadline for this student, when they have one (decision 192).
    const window = ownWindow(
      evaluationWindow(row, row.time_zone),
      extensionOf.get(row.id),
      row.time_zone,
    );
    const attempt = attemptOf.get(row.id);
    const submission = submissionOf.get(row.id);
    const result = resultOf.get(row.id);
    const handedIn = row.type === 'exam' ? Boolean(attempt?.finished_at) : Boolean(submission);
    states.set(row.id, {
      status: evaluationStatus({
        now,
        dueAt: window.dueAt,
        closesAt: window.closesAt,
        dueDay: window.dueDay,
        today: todayIn.get(row.time_zone)!,
        handedIn,
        started: attempt !== undefined,
        recordsHandIn: row.type === 'project' || row.has_quiz,
        graded: result !== undefined && result.grade !== null && !result.absent,
        absent: result?.absent ?? false,
      }),
      is_open: isOpen(window, now),
      opens_at: window.opensAt,
      closes_at: window.closesAt,
      due_at: window.dueAt,
      attempt: attempt
        ? {
            id: attempt.id,
            started_at: attempt.started_at,
            deadline_at: attempt.deadline_at,
            finished_at: attempt.finished_at,
          }
        : null,
      submission: submission
        ? { version: submission.version, submitted_at: submission.submitted_at }
        : null,
    });
  }
  return states;
}
