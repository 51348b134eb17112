import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { fk, id, timestamps, timestamptz } from './common.ts';
import { evaluations } from './evaluations.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

/**
 * A student's result at an evaluation: a grade on the evaluation's `scale`, or absent (counts 0).
 * `grade` null and `absent` false means not graded yet. Students see it only once `published_at`
 * is set (and `corrected_at` when it changes after that). `version` grows by one at every change: a grid saved from an older version answers 409
 * (two teachers never overwrite each other silently). `graded_by` is whoever changed it last.
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
    version: integer('version').notNull().default(1),
    published_at: timestamptz('published_at'),
    /**
     * When a published grade, absence or comment last changed (decision 175): the student sees
     * the correction with its own date, the first publication keeps `published_at`.
     */
    corrected_at: timestamptz('corrected_at'),
    ...timestamps(),
  },
  (t) => [
    check('results_grade_check', sql`${t.absent} OR ${t.grade} IS NULL OR ${t.grade} >= 0`),
    unique('results_evaluation_student_unique').on(t.evaluation_id, t.student_id),
    index('results_student_id_idx').on(t.student_id),
    index('results_graded_by_idx').on(t.graded_by),
  ],
);

/**
 * Append-only audit of result changes: one row per change of the grade, the absence or the
 * comment (before and after). A trigger refuses any update or delete (migration 0008).
 * `changed_by` is a plain id, not a foreign key, so deleting the user changes no row, and
 * `changed_by_label` keeps who they were (decision 132).
 */
export const gradeChanges = pgTable(
  'grade_changes',
  {
    id: id(),
    result_id: fk('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'restrict' }),
    old_grade: numeric('old_grade', { precision: 6, scale: 2, mode: 'number' }),
    new_grade: numeric('new_grade', { precision: 6, scale: 2, mode: 'number' }),
    old_absent: boolean('old_absent').notNull().default(false),
    new_absent: boolean('new_absent').notNull().default(false),
    old_comment: text('old_comment'),
    new_comment: text('new_comment'),
    changed_by: fk('changed_by'),
    /** "First Last <e-mail>" of `changed_by` when the change was made. */
    changed_by_label: text('changed_by_label'),
    /** Why the grade differs from what its rubric gives (issue 31); null otherwise. */
    reason: text('reason'),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('grade_changes_result_id_idx').on(t.result_id, t.at),
    index('grade_changes_changed_by_idx').on(t.changed_by),
  ],
);

/**
 * A transcript issued as a PDF: the verification code printed on it (stored as its SHA-256, the
 * code itself is only on the document) and what the document said, so `/verify/<code>` can tell
 * a third party whether a paper is genuine and what it contained.
 */
export const transcriptDocuments = pgTable(
  'transcript_documents',
  {
    id: id(),
    code_hash: char('code_hash', { length: 64 }).notNull(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issued_by: fk('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issued_at: timestamptz('issued_at').notNull(),
    locale: text('locale').notNull(),
    /** The transcript as printed (the `transcript` wire shape of packages/shared). */
    content: jsonb('content').notNull(),
  },
  (t) => [
    unique('transcript_documents_code_hash_unique').on(t.code_hash),
    index('transcript_documents_institution_id_idx').on(t.institution_id),
    index('transcript_documents_student_id_idx').on(t.student_id),
    index('transcript_documents_issued_by_idx').on(t.issued_by),
  ],
);
