import type { GradeEntry, ResultConflict } from '@skolar/shared';
import { record, userLabel } from '../../audit/audit.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { Tx } from '../../db/client.ts';
import { type FieldErrors, HttpError } from '../../http/errors.ts';
import {
  enrolledInTraining,
  insertGradeChange,
  insertResultUnlessTaken,
  lockResultLines,
  resultLineOf,
  updateResult,
} from './results.queries.ts';

/** The evaluation being graded, as its grading needs it. */
export interface GradedEvaluation {
  id: number;
  scale: number;
  training_id: number;
}

export interface AppliedGrades {
  /** Lines whose grade, absence or comment changed (each has a new history row). */
  changed: number;
  /** The result ids written, by student. */
  resultIds: Map<number, number>;
}

type Line = { grade: number | null; absent: boolean; comment: string | null };

const sameLine = (a: Line, b: Line) =>
  a.grade === b.grade && a.absent === b.absent && (a.comment ?? null) === (b.comment ?? null);

/**
 * Writes a batch of grades of one evaluation, all or nothing, inside the caller's transaction
 * (the grid's save and the gradebook import both come here):
 * - 422 with a message per line (`results.<index>.<field>`) when a grade is outside 0..scale, a
 *   line is both absent and graded, a student appears twice, or is not in the evaluation's
 *   promotion; nothing is read for writing before every line passes;
 * - the existing lines are locked, and a line whose version moved since the grid loaded it
 *   answers 409 with who changed it and what it holds now (`conflicts`), nothing written;
 * - every line that changes gets its version raised and one `grade_changes` row (before, after,
 *   who, when); a line that does not change writes nothing; a published line that changes stays
 *   published, with `corrected_at` (decision 175).
 * `reasons` by student go into the history with the change (why a grade differs from its rubric).
 * The caller has checked that the actor may grade the evaluation (`can(actor, 'update', …)`).
 */
export async function applyGrades(
  tx: Tx,
  actor: Actor,
  evaluation: GradedEvaluation,
  entries: readonly GradeEntry[],
  now: Date,
  reasons?: ReadonlyMap<number, string>,
): Promise<AppliedGrades> {
  const errors: FieldErrors = {};
  const fail = (index: number, field: string, key: string) => {
    errors[`results.${index}.${field}`] = [...(errors[`results.${index}.${field}`] ?? []), key];
  };
  const seen = new Set<number>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.student_id)) fail(index, 'student_id', 'results.duplicate_student');
    seen.add(entry.student_id);
    if (typeof entry.grade === 'number' && entry.grade > evaluation.scale)
      fail(index, 'grade', 'results.grade_range');
    if (entry.absent === true && typeof entry.grade === 'number')
      fail(index, 'grade', 'results.absent_with_grade');
  });
  const studentIds = [...seen];
  const enrolled = new Set(
    (await enrolledInTraining(tx, evaluation.training_id, studentIds)).map((row) => Number(row.id)),
  );
  entries.forEach((entry, index) => {
    if (!enrolled.has(entry.student_id)) fail(index, 'student_id', 'results.not_a_student');
  });
  if (Object.keys(errors).length > 0) {
    throw new HttpError(422, 'errors.validation', errors, { scale: evaluation.scale });
  }

  const existing = await lockResultLines(tx, evaluation.id, studentIds);
  const current = new Map(existing.map((row) => [Number(row.student_id), row]));

  const conflicts: ResultConflict[] = [];
  const conflictErrors: FieldErrors = {};
  const resultIds = new Map<number, number>();
  const changedStudents: number[] = [];
  let changed = 0;
  for (const [index, entry] of entries.entries()) {
    const row = current.get(entry.student_id);
    const before: Line = row
      ? { grade: row.grade, absent: row.absent, comment: row.comment }
      : { grade: null, absent: false, comment: null };
    const absent =
      entry.absent ?? (entry.grade !== undefined && entry.grade !== null ? false : before.absent);
    const after: Line = {
      absent,
      grade: absent ? null : entry.grade !== undefined ? entry.grade : before.grade,
      comment: entry.comment !== undefined ? entry.comment || null : before.comment,
    };
    const expected = entry.version ?? row?.version ?? 0;
    if ((row?.version ?? 0) !== expected && !sameLine(before, after)) {
      conflicts.push({
        student_id: entry.student_id,
        version: row!.version,
        grade: row!.grade,
        absent: row!.absent,
        comment: row!.comment,
        changed_by_name: row!.changed_by_name,
        changed_at: row!.updated_at.toISOString(),
      });
      conflictErrors[`results.${index}.version`] = ['results.changed_meanwhile'];
      continue;
    }
    if (row) resultIds.set(entry.student_id, row.id);
    if (sameLine(before, after)) continue;
    changed += 1;
    changedStudents.push(entry.student_id);
    let resultId: number;
    if (row) {
      resultId = row.id;
      await updateResult(tx, row.id, {
        ...after,
        graded_by: actor.userId,
        version: row.version + 1,
        updated_at: now,
        // A line cleared back to pending is no longer published (decision 53); a published line
        // that changes stays published and is dated as corrected (decision 175).
        ...(after.grade === null && !after.absent
          ? { published_at: null, corrected_at: null }
          : row.published_at !== null
            ? { corrected_at: now }
            : {}),
      });
    } else {
      // Two first gradings of one line at once: the second finds the line taken and says so.
      const inserted = await insertResultUnlessTaken(tx, {
        evaluation_id: evaluation.id,
        student_id: entry.student_id,
        ...after,
        graded_by: actor.userId,
        version: 1,
        created_at: now,
        updated_at: now,
      });
      if (!inserted) {
        conflictErrors[`results.${index}.version`] = ['results.changed_meanwhile'];
        // The other save has committed: say who made it and what the line holds now.
        const taken = await resultLineOf(tx, evaluation.id, entry.student_id);
        if (taken) {
          const { updated_at, ...line } = taken;
          conflicts.push({
            student_id: entry.student_id,
            ...line,
            changed_at: updated_at.toISOString(),
          });
        }
        continue;
      }
      resultId = inserted.id;
    }
    resultIds.set(entry.student_id, resultId);
    await insertGradeChange(tx, {
      result_id: resultId,
      old_grade: before.grade,
      new_grade: after.grade,
      old_absent: before.absent,
      new_absent: after.absent,
      old_comment: before.comment,
      new_comment: after.comment,
      changed_by: actor.userId,
      changed_by_label: userLabel(actor.userId),
      reason: reasons?.get(entry.student_id) ?? null,
      at: now,
    });
  }
  if (Object.keys(conflictErrors).length > 0) {
    // The transaction rolls back whatever this batch wrote before the conflict was found.
    throw new HttpError(409, 'results.conflict', conflictErrors, {}, {}, { conflicts });
  }
  // One audit row per batch (the lines' values are in grade_changes): who graded which students.
  if (changed > 0) {
    await record(tx, { clock: { now: () => now } }, actor, {
      action: 'grades.save',
      entity: 'evaluation',
      entityId: evaluation.id,
      after: { changed, student_ids: changedStudents },
    });
  }
  return { changed, resultIds };
}
