import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  unique,
} from 'drizzle-orm/pg-core';
import { archivedAt, fk, id, timestamps, timestamptz } from './common.ts';
import { attemptFinishedByEnum, evaluationTypeEnum, questionKindEnum } from './enums.ts';
import { files } from './files.ts';
import { institutions } from './institutions.ts';
import { bankQuestions } from './question-bank.ts';
import type { QuestionAnswerKey } from './question-key.ts';
import { subjects } from './subjects.ts';
import { trainings } from './trainings.ts';
import { users } from './users.ts';

/**
 * An exam or a project of a subject in a training.
 * - exam: `date` + `start_time`–`end_time` (wall-clock in the institution's `timezone`) is the
 *   window in which an attempt may start; `duration_minutes` bounds one attempt.
 * - project: `date` is the day submissions open, `deadline` (timestamptz) when they close.
 * `percentage` (0–100) weighs it in the subject's average for that training; the percentages of
 * one (subject, training) sum to at most 100 (checked by the service). Grades are on `scale`.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    /** Same institution as the subject (composite foreign key). */
    subject_id: fk('subject_id').notNull(),
    /** Same institution as the training (composite foreign key). */
    training_id: fk('training_id').notNull(),
    type: evaluationTypeEnum('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    start_time: time('start_time'),
    end_time: time('end_time'),
    duration_minutes: integer('duration_minutes'),
    deadline: timestamptz('deadline'),
    /**
     * A project's cut-off for late hand-ins (issue 31, decision 195): after `deadline` (or a
     * student's own), a version is still taken until then, marked late with its delay. Null: none.
     */
    late_until: timestamptz('late_until'),
    /** The late penalty: this percentage of the scale per day (or part of one) late, or null. */
    late_penalty: numeric('late_penalty', { precision: 5, scale: 2, mode: 'number' }),
    /**
     * A project marked blind (issue 31, decision 196): its markers see participant numbers, not
     * names, until `identities_revealed_at` (set by publishing a grade, or by a marker).
     */
    blind_marking: boolean('blind_marking').notNull().default(false),
    identities_revealed_at: timestamptz('identities_revealed_at'),
    /**
     * A project marked twice (issue 31, decision 197): two markers each propose a grade, and the
     * agreed one is the student's.
     */
    second_marking: boolean('second_marking').notNull().default(false),
    location: text('location'),
    organizer: text('organizer'),
    domain: text('domain'),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    scale: numeric('scale', { precision: 6, scale: 2, mode: 'number' }).notNull().default(20),
    document_file_id: fk('document_file_id').references(() => files.id, { onDelete: 'set null' }),
    correction_file_id: fk('correction_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    has_quiz: boolean('has_quiz').notNull().default(false),
    /** The quiz's questions, and the choices of each, come in an order of their own per student. */
    shuffle: boolean('shuffle').notNull().default(false),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check('evaluations_percentage_check', sql`${t.percentage} >= 0 AND ${t.percentage} <= 100`),
    check('evaluations_scale_check', sql`${t.scale} > 0`),
    check(
      'evaluations_duration_check',
      sql`${t.duration_minutes} IS NULL OR ${t.duration_minutes} > 0`,
    ),
    check(
      'evaluations_exam_window_check',
      sql`${t.type} <> 'exam' OR (${t.start_time} IS NOT NULL AND ${t.end_time} IS NOT NULL AND ${t.end_time} > ${t.start_time})`,
    ),
    check(
      'evaluations_project_deadline_check',
      sql`${t.type} <> 'project' OR ${t.deadline} IS NOT NULL`,
    ),
    check(
      'evaluations_late_until_check',
      sql`${t.late_until} IS NULL OR (${t.type} = 'project' AND ${t.late_until} > ${t.deadline})`,
    ),
    check('evaluations_blind_marking_check', sql`NOT ${t.blind_marking} OR ${t.type} = 'project'`),
    check(
      'evaluations_second_marking_check',
      sql`NOT ${t.second_marking} OR ${t.type} = 'project'`,
    ),
    check(
      'evaluations_late_penalty_check',
      sql`${t.late_penalty} IS NULL OR (${t.late_until} IS NOT NULL AND ${t.late_penalty} > 0 AND ${t.late_penalty} <= 100)`,
    ),
    foreignKey({
      name: 'evaluations_subject_fk',
      columns: [t.subject_id, t.institution_id],
      foreignColumns: [subjects.id, subjects.institution_id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'evaluations_training_fk',
      columns: [t.training_id, t.institution_id],
      foreignColumns: [trainings.id, trainings.institution_id],
    }).onDelete('restrict'),
    index('evaluations_institution_id_idx').on(t.institution_id),
    index('evaluations_subject_id_idx').on(t.subject_id),
    index('evaluations_training_id_idx').on(t.training_id),
    index('evaluations_date_idx').on(t.date),
    index('evaluations_deadline_idx').on(t.deadline),
    index('evaluations_document_file_id_idx').on(t.document_file_id),
    index('evaluations_correction_file_id_idx').on(t.correction_file_id),
    index('evaluations_archived_at_idx').on(t.archived_at),
  ],
);

/**
 * A random draw of an exam (decision 191): each attempt gets `count` questions of the pool copied
 * from one bank category (the exam's questions with this `draw_id`), drawn with the attempt's id
 * as the seed, each worth `points`, at `position` among the exam's questions.
 */
export const questionDraws = pgTable(
  'question_draws',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    count: integer('count').notNull(),
    points: numeric('points', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('question_draws_count_check', sql`${t.count} > 0`),
    check('question_draws_points_check', sql`${t.points} > 0`),
    index('question_draws_evaluation_id_idx').on(t.evaluation_id),
  ],
);

/** A quiz item of an exam taken online. */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    kind: questionKindEnum('kind').notNull(),
    prompt: text('prompt').notNull(),
    /** `plain` text, or `html` cleaned by the chapters' allow-list on every write. */
    format: text('format').$type<'plain' | 'html'>().notNull().default('plain'),
    /** A short name for the editor (GIFT's `::title::`), never shown to students. */
    title: text('title'),
    /** Options of a `single` or `multiple` question, the items of a `matching` one. */
    choices: jsonb('choices').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The answers a `matching` question offers against each item, distractors included. */
    options: jsonb('options').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    answer_key: jsonb('answer_key').$type<QuestionAnswerKey>(),
    points: numeric('points', { precision: 6, scale: 2, mode: 'number' }).notNull().default(1),
    position: integer('position').notNull().default(0),
    /** The bank question this one was copied from (decision 191); the copy is the exam's own. */
    bank_question_id: fk('bank_question_id').references(() => bankQuestions.id, {
      onDelete: 'set null',
    }),
    /** Set on the pool of a random draw: each attempt gets `count` of its questions. */
    draw_id: fk('draw_id').references(() => questionDraws.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    index('questions_draw_id_idx').on(t.draw_id),
    index('questions_bank_question_id_idx').on(t.bank_question_id),
    // A description takes no answer and counts no points (decision 186).
    check(
      'questions_points_check',
      sql`${t.points} > 0 OR (${t.kind}::text = 'description' AND ${t.points} = 0)`,
    ),
    check('questions_format_check', sql`${t.format} IN ('plain', 'html')`),
    index('questions_evaluation_id_idx').on(t.evaluation_id, t.position),
  ],
);

/**
 * A student's run at an exam. `deadline_at` = min(started_at + duration, end of the window),
 * fixed by the server; `finished_at`/`finished_by` are set together when it closes.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'restrict' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    started_at: timestamptz('started_at').notNull(),
    deadline_at: timestamptz('deadline_at').notNull(),
    finished_at: timestamptz('finished_at'),
    finished_by: attemptFinishedByEnum('finished_by'),
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    check('attempts_finished_check', sql`(${t.finished_at} IS NULL) = (${t.finished_by} IS NULL)`),
    unique('attempts_evaluation_student_unique').on(t.evaluation_id, t.student_id),
    index('attempts_student_id_idx').on(t.student_id),
    /** The closing job: open attempts by deadline. */
    index('attempts_open_deadline_idx').on(t.deadline_at).where(sql`${t.finished_at} IS NULL`),
  ],
);

/** The saved value of a `single`/`multiple` (choices) or `short`/`long` (text) answer. */
export interface AnswerValue {
  choices?: number[];
  text?: string;
  /** A matching answer: per item, the index of the chosen answer in `options` (null: none). */
  pairs?: Array<number | null>;
}

/** A student's answer to one question within an attempt (autosaved). */
export const answers = pgTable(
  'answers',
  {
    id: id(),
    attempt_id: fk('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    question_id: fk('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<AnswerValue>().notNull().default(sql`'{}'::jsonb`),
    /**
     * When the student typed this value, by the server's clock (the browser corrects its own clock
     * by the skew it measured). A queued write older than the saved one does not replace it.
     */
    typed_at: timestamptz('typed_at'),
    /** Points given (automatically for choices, by the teacher for text). */
    points_awarded: numeric('points_awarded', { precision: 6, scale: 2, mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    unique('answers_attempt_question_unique').on(t.attempt_id, t.question_id),
    index('answers_question_id_idx').on(t.question_id),
  ],
);

/** A project hand-in; each new upload of the same student is a new `version`. */
export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'restrict' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    file_id: fk('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    submitted_at: timestamptz('submitted_at').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    check('submissions_version_check', sql`${t.version} >= 1`),
    unique('submissions_evaluation_student_version_unique').on(
      t.evaluation_id,
      t.student_id,
      t.version,
    ),
    index('submissions_student_id_idx').on(t.student_id),
    index('submissions_file_id_idx').on(t.file_id),
  ],
);

/**
 * A project's own deadline for one student (issue 31, decision 192): they hand in until `deadline`
 * instead of the project's, for the `reason` given by `granted_by` (audited). The project's
 * correction waits for the latest of them.
 */
export const deadlineExtensions = pgTable(
  'deadline_extensions',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deadline: timestamptz('deadline').notNull(),
    reason: text('reason').notNull(),
    granted_by: fk('granted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    unique('deadline_extensions_evaluation_student_unique').on(t.evaluation_id, t.student_id),
    index('deadline_extensions_student_id_idx').on(t.student_id),
    index('deadline_extensions_granted_by_idx').on(t.granted_by),
  ],
);

/**
 * Extra time a teacher grants one student for one exam (an accommodation), before or during the
 * attempt: the attempt's deadline becomes min(window end, start + duration + extra).
 */
export const examAccommodations = pgTable(
  'exam_accommodations',
  {
    id: id(),
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extra_minutes: integer('extra_minutes').notNull(),
    granted_by: fk('granted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('exam_accommodations_extra_check', sql`${t.extra_minutes} >= 0`),
    unique('exam_accommodations_evaluation_student_unique').on(t.evaluation_id, t.student_id),
    index('exam_accommodations_student_id_idx').on(t.student_id),
    index('exam_accommodations_granted_by_idx').on(t.granted_by),
  ],
);

/**
 * A student's participant number at a blind-marked project (decision 196): random, distinct within
 * the project, the same every time, given the first time a marker's answer needs it.
 */
export const participantNumbers = pgTable(
  'participant_numbers',
  {
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.evaluation_id, t.student_id] }),
    unique('participant_numbers_evaluation_number_unique').on(t.evaluation_id, t.number),
    index('participant_numbers_student_id_idx').on(t.student_id),
    check('participant_numbers_number_check', sql`${t.number} BETWEEN 100000 AND 999999`),
  ],
);
