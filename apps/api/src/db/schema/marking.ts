import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { archivedAt, fk, id, timestamps } from './common.ts';
import { evaluations, submissions } from './evaluations.ts';
import { institutions } from './institutions.ts';
import { subjects } from './subjects.ts';
import { users } from './users.ts';

/** A criterion of a rubric (levels, the best one its maximum) or of a marking guide (a maximum). */
export interface StoredCriterion {
  id: string;
  title: string;
  description: string | null;
  max_points: number;
  levels: { id: string; title: string; description: string | null; points: number }[];
}

/** A marker's score on one criterion of a sheet. */
export interface StoredScore {
  criterion_id: string;
  level_id: string | null;
  points: number | null;
  comment: string | null;
}

/**
 * A rubric or a marking guide (issue 31). With `evaluation_id`, the one an evaluation is marked
 * with (one per evaluation); without, a rubric of its subject's library, copied into evaluations.
 * `version` grows at every change, and a sheet keeps the criteria it was filled against.
 */
export const rubrics = pgTable(
  'rubrics',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    subject_id: fk('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    evaluation_id: fk('evaluation_id').references(() => evaluations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    criteria: jsonb('criteria').$type<StoredCriterion[]>().notNull(),
    version: integer('version').notNull().default(1),
    created_by: fk('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check('rubrics_kind_check', sql`${t.kind} IN ('rubric', 'guide')`),
    unique('rubrics_evaluation_unique').on(t.evaluation_id),
    index('rubrics_institution_id_idx').on(t.institution_id),
    index('rubrics_subject_id_idx').on(t.subject_id),
    index('rubrics_created_by_idx').on(t.created_by),
  ],
);

/**
 * The rubric a marker filled for one student's hand-in: a copy of the criteria as they were
 * (`rubric_version`), the scores, and the grade they give on the evaluation's scale (`computed`,
 * null while a criterion is unscored). The grade itself lives in `results`, written through the
 * grid's path; a grade that differs from `computed` has its reason in the grade's history.
 */
export const markingSheets = pgTable(
  'marking_sheets',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Which marking the sheet is (decision 197): 1, or 2 for the second marker of a project
     * marked twice; each marker fills their own.
     */
    round: integer('round').notNull().default(1),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    criteria: jsonb('criteria').$type<StoredCriterion[]>().notNull(),
    scores: jsonb('scores').$type<StoredScore[]>().notNull(),
    rubric_version: integer('rubric_version').notNull(),
    points: numeric('points', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    max_points: numeric('max_points', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    computed: numeric('computed', { precision: 6, scale: 2, mode: 'number' }),
    /**
     * The late penalty when the sheet was filled (decision 195): the days (or parts of one) the
     * hand-in came after the student's deadline, and the points taken off `computed` for them.
     */
    late_days: integer('late_days').notNull().default(0),
    penalty: numeric('penalty', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    marked_by: fk('marked_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('marking_sheets_kind_check', sql`${t.kind} IN ('rubric', 'guide')`),
    check('marking_sheets_penalty_check', sql`${t.late_days} >= 0 AND ${t.penalty} >= 0`),
    check('marking_sheets_round_check', sql`${t.round} IN (1, 2)`),
    unique('marking_sheets_evaluation_student_round_unique').on(
      t.evaluation_id,
      t.student_id,
      t.round,
    ),
    index('marking_sheets_student_id_idx').on(t.student_id),
    index('marking_sheets_marked_by_idx').on(t.marked_by),
  ],
);

/**
 * A marker's proposed grade and comment for one student at a project marked twice (issue 31,
 * decision 197): round 1 by the first marker, round 2 by another. Neither is the grade: once both
 * are in, a marker of the evaluation writes the agreed one through the grid's path.
 */
export const markingProposals = pgTable(
  'marking_proposals',
  {
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    marker_id: fk('marker_id').references(() => users.id, { onDelete: 'set null' }),
    grade: numeric('grade', { precision: 6, scale: 2, mode: 'number' }),
    comment: text('comment'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.evaluation_id, t.student_id, t.round] }),
    check('marking_proposals_round_check', sql`${t.round} IN (1, 2)`),
    check('marking_proposals_grade_check', sql`${t.grade} IS NULL OR ${t.grade} >= 0`),
    index('marking_proposals_student_id_idx').on(t.student_id),
    index('marking_proposals_marker_id_idx').on(t.marker_id),
  ],
);

/** Where an annotation sits on its page, as fractions of the page's width and height (0..1). */
export type AnnotationGeometry =
  | { x: number; y: number; width: number; height: number }
  | { x: number; y: number }
  | { points: [number, number][] };

/**
 * A marker's mark on a PDF hand-in (issue 31): a highlight (a rectangle), a comment (a point and
 * its text) or a drawing (a stroke), on one page of one version. Kept apart from the file, whose
 * bytes and SHA-256 never change; the student sees them once their grade is published.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: id(),
    submission_id: fk('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    author_id: fk('author_id').references(() => users.id, { onDelete: 'set null' }),
    page: integer('page').notNull(),
    kind: text('kind').$type<'highlight' | 'comment' | 'drawing'>().notNull(),
    geometry: jsonb('geometry').$type<AnnotationGeometry>().notNull(),
    text: text('text'),
    color: text('color').notNull(),
    ...timestamps(),
  },
  (t) => [
    check('annotations_kind_check', sql`${t.kind} IN ('highlight', 'comment', 'drawing')`),
    check('annotations_page_check', sql`${t.page} >= 1`),
    index('annotations_submission_id_idx').on(t.submission_id, t.page),
    index('annotations_author_id_idx').on(t.author_id),
  ],
);
