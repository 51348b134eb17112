import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { fk, id, timestamps, timestamptz } from './common.ts';
import { evaluations } from './evaluations.ts';
import { users } from './users.ts';

/**
 * A student's result at an evaluation: a grade on the evaluation's `scale`, or absent (counts 0).
 * `grade` null and `absent` false means not graded yet.
 */
export const results = pgTable(
  'results',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'restrict' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    grade: numeric('grade', { precision: 6, scale: 2, mode: 'number' }),
    absent: boolean('absent').notNull().default(false),
    comment: text('comment'),
    graded_by: fk('graded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('results_grade_check', sql`${t.absent} OR ${t.grade} IS NULL OR ${t.grade} >= 0`),
    unique('results_evaluation_student_unique').on(t.evaluation_id, t.student_id),
    index('results_student_id_idx').on(t.student_id),
    index('results_graded_by_idx').on(t.graded_by),
  ],
);

/** Append-only audit of grade changes (one row per change of grade or absence). */
export const gradeChanges = pgTable(
  'grade_changes',
  {
    id: id(),
    result_id: fk('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    old_grade: numeric('old_grade', { precision: 6, scale: 2, mode: 'number' }),
    new_grade: numeric('new_grade', { precision: 6, scale: 2, mode: 'number' }),
    old_absent: boolean('old_absent').notNull().default(false),
    new_absent: boolean('new_absent').notNull().default(false),
    changed_by: fk('changed_by').references(() => users.id, { onDelete: 'set null' }),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('grade_changes_result_id_idx').on(t.result_id, t.at),
    index('grade_changes_changed_by_idx').on(t.changed_by),
  ],
);
