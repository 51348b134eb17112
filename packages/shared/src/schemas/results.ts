import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { idText } from './ids.ts';

/**
 * One student's line of a grading batch (`PUT /api/evaluations/:id/results`, the gradebook
 * import): the fields given change, the others stay. A grade is on the evaluation's scale, two
 * decimals at most; `absent: true` counts 0/20 and goes without a grade; a grade of null and no
 * absence clears the line (pending again). `version` is the one the grid was loaded with (0 for a
 * student without a result yet): a line changed since answers 409 and nothing is written.
 */
export const gradeEntry = z.object({
  student_id: z.number().int().positive(),
  grade: z
    .number()
    .min(0, { error: 'results.grade_negative' })
    .max(10_000)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: 'results.grade_decimals',
    })
    .nullable()
    .optional(),
  absent: z.boolean().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().min(0).optional(),
});
export type GradeEntry = z.infer<typeof gradeEntry>;

/** `PUT /api/evaluations/:id/results`: the whole batch is written, or none of it. */
export const saveResultsBody = z.object({
  results: z.array(gradeEntry).min(1).max(2000),
});
export type SaveResultsBody = z.infer<typeof saveResultsBody>;

/**
 * A line that changed since the grid was loaded (409): what it holds now, and who changed it
 * when, so the grid can say so and offer to take the new value.
 */
export const resultConflict = z.object({
  student_id: z.number().int(),
  version: z.number().int(),
  grade: z.number().nullable(),
  absent: z.boolean(),
  comment: z.string().nullable(),
  changed_by_name: z.string().nullable(),
  changed_at: z.string(),
});
export type ResultConflict = z.infer<typeof resultConflict>;

/** The body of a 409 of a grading batch. */
export const resultConflictBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  conflicts: z.array(resultConflict),
});

const person = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

/** A result line as the grid and the result page show it (null grade and no absence: pending). */
export const resultLine = z.object({
  id: z.number().int(),
  grade: z.number().nullable(),
  absent: z.boolean(),
  comment: z.string().nullable(),
  version: z.number().int(),
  published_at: z.date().nullable(),
  updated_at: z.date(),
  changed_by_name: z.string().nullable(),
});
export type ResultLine = Wire<z.output<typeof resultLine>>;

/** A long answer of an online quiz, marked by a teacher (`points` null until then). */
export const openAnswer = z.object({
  question_id: z.number().int(),
  prompt: z.string(),
  text: z.string(),
  max_points: z.number(),
  points: z.number().nullable(),
});
export type OpenAnswer = z.infer<typeof openAnswer>;

/**
 * What the online quiz suggests for a student: the attempt's score (points) out of the quiz's
 * points, converted to the evaluation's scale (`grade`, two decimals; null while the attempt is
 * open), and the long answers still to mark (`to_mark`).
 */
export const quizPrefill = z.object({
  attempt_id: z.number().int(),
  finished: z.boolean(),
  score: z.number().nullable(),
  max_points: z.number(),
  grade: z.number().nullable(),
  to_mark: z.number().int(),
  open_answers: z.array(openAnswer),
});
export type QuizPrefill = z.infer<typeof quizPrefill>;

export const gradeRow = z.object({
  student: person,
  result: resultLine.nullable(),
  quiz: quizPrefill.nullable(),
});
export type GradeGridRow = Wire<z.output<typeof gradeRow>>;

/** `GET /api/evaluations/:id/results`: the grade grid of an evaluation (staff). */
export const gradeGrid = z.object({
  /**
   * A blind-marked project before its students are revealed (decision 196): each student is their
   * participant number (`student.id`, with no name or address), and there are no groups.
   */
  blind: z.boolean(),
  evaluation: z.object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(['exam', 'project']),
    scale: z.number(),
    percentage: z.number(),
    has_quiz: z.boolean(),
    /** A project's deadline (null for an exam). */
    deadline: z.date().nullable(),
    /** A project's cut-off for late hand-ins, and its penalty per day late (% of the scale). */
    late_until: z.date().nullable(),
    late_penalty: z.number().nullable(),
    subject: z.object({ id: z.number().int(), name: z.string() }),
    training: z.object({ id: z.number().int(), title: z.string() }),
    promotion: z.object({ id: z.number().int(), name: z.string() }),
    time_zone: z.string(),
    counts: z.object({
      students: z.number().int(),
      graded: z.number().int(),
      absent: z.number().int(),
      published: z.number().int(),
      unpublished: z.number().int(),
    }),
  }),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  group_id: z.number().int().nullable(),
  rows: z.array(gradeRow),
});
export type GradeGrid = Wire<z.output<typeof gradeGrid>>;

export const gradeGridQuery = z.object({
  group_id: idText.optional(),
});

/** `POST /api/evaluations/:id/publish`: the given students' lines, or every graded/absent one. */
export const publishResultsBody = z.object({
  student_ids: z.array(z.number().int().positive()).min(1).max(2000).optional(),
});
export const publishResultsAnswer = z.object({
  published: z.number().int(),
  mailed: z.number().int(),
});
export type PublishResultsAnswer = z.infer<typeof publishResultsAnswer>;

/** `PUT /api/attempts/:id/marks`: points for the long answers of an attempt (0..question's). */
export const markAnswersBody = z.object({
  marks: z
    .array(
      z.object({
        question_id: z.number().int().positive(),
        points: z.number().min(0, { error: 'results.points_range' }),
      }),
    )
    .min(1)
    .max(500),
});
export type MarkAnswersBody = z.infer<typeof markAnswersBody>;

/** `PATCH /api/results/:id`: one line; `version` is the one shown (409 if it moved). */
export const resultPatchBody = z.object({
  grade: gradeEntry.shape.grade,
  absent: z.boolean().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
  version: z.number().int().min(0),
});
export type ResultPatchBody = z.infer<typeof resultPatchBody>;

/** One result with its student and evaluation (`GET /api/results/:id`, the list's items). */
export const result = resultLine.extend({
  student: person,
  evaluation: z.object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(['exam', 'project']),
    scale: z.number(),
    subject_name: z.string(),
    time_zone: z.string(),
  }),
  permissions: z.object({ update: z.boolean(), delete: z.boolean(), history: z.boolean() }),
});
export type Result = Wire<z.output<typeof result>>;

export const resultListQuery = z.object({
  evaluation_id: idText.optional(),
  student_id: idText.optional(),
});

/** One change of a result: who, when, before → after (grade, absence, comment). */
export const gradeChange = z.object({
  id: z.number().int(),
  at: z.date(),
  changed_by_name: z.string().nullable(),
  old_grade: z.number().nullable(),
  new_grade: z.number().nullable(),
  old_absent: z.boolean(),
  new_absent: z.boolean(),
  old_comment: z.string().nullable(),
  new_comment: z.string().nullable(),
  /** Why a grade differs from what its rubric gives (issue 31); null otherwise. */
  reason: z.string().nullable(),
});
export type GradeChange = Wire<z.output<typeof gradeChange>>;
export const gradeHistory = z.object({ data: z.array(gradeChange) });
