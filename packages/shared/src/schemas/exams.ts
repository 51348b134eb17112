import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { instantField } from './common-fields.ts';
import { evaluationPersonRef } from './evaluations.ts';

export const QUESTION_KINDS = ['single', 'multiple', 'short', 'numerical', 'long'] as const;
export const questionKind = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof questionKind>;

/**
 * Correct choices (indexes into `choices`), accepted short answers or accepted numbers. `weights`,
 * when given, is the fraction of the points each choice (or each accepted answer, in order) earns, as Moodle
 * scores it: from -1 to 1, a choice's 0.5 is half the points, -0.25 takes a quarter off. Without
 * weights a question scores all or nothing.
 */
export const answerKey = z.object({
  choices: z.array(z.number().int().min(0)).max(20).optional(),
  accepted: z.array(z.string().trim().min(1).max(500)).max(50).optional(),
  /** The accepted numbers of a numerical question: a value and how far from it still counts. */
  numbers: z
    .array(
      z.object({
        value: z.number({ error: 'exams.validation.number' }),
        tolerance: z
          .number({ error: 'exams.validation.number' })
          .min(0, { error: 'exams.validation.number' }),
      }),
    )
    .max(50)
    .optional(),
  weights: z
    .array(
      z
        .number({ error: 'exams.validation.weights' })
        .min(-1, { error: 'exams.validation.weights' })
        .max(1, { error: 'exams.validation.weights' }),
    )
    .max(50)
    .optional(),
});

/** A question with its answer key: staff only (`/api/evaluations/:id/questions`). */
export const questionBody = z.object({
  kind: questionKind,
  prompt: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(5000, { error: 'manage.validation.tooLong' }),
  choices: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  answer_key: answerKey.nullish().transform((value) => value ?? null),
  points: z
    .number({ error: 'exams.validation.points' })
    .gt(0, { error: 'exams.validation.points' })
    .max(1000, { error: 'exams.validation.points' })
    .default(1),
});
export type QuestionBody = z.input<typeof questionBody>;

export const question = z.object({
  id: z.number().int(),
  evaluation_id: z.number().int(),
  kind: questionKind,
  prompt: z.string(),
  choices: z.array(z.string()),
  answer_key: answerKey.nullable(),
  points: z.number(),
  position: z.number().int(),
});
export type Question = Wire<z.output<typeof question>>;
/** `GET /api/evaluations/:id/questions`: the quiz in its order, with the answer key (staff). */
export const questionList = z.object({ data: z.array(question) });

/** `POST /api/evaluations/:id/questions/import` with GIFT text: all or nothing. */
export const giftImportBody = z.object({ text: z.string().max(200_000) });
export const giftImportAnswer = z.object({
  imported: z.number().int(),
  /** One entry per faulty question, by the line where it starts (1-based); nothing is imported. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type GiftImportAnswer = z.output<typeof giftImportAnswer>;

/** A saved answer: choices (indexes into the question's original `choices`) or text. */
export const answerValue = z.object({
  choices: z.array(z.number().int().min(0).max(19)).max(20).optional(),
  text: z.string().max(20_000).optional(),
});

/**
 * A question as the student sees it during the attempt: no answer key, choices in this student's
 * order (each with its original index, which answers name).
 */
export const attemptQuestion = z.object({
  id: z.number().int(),
  kind: questionKind,
  prompt: z.string(),
  choices: z.array(z.object({ index: z.number().int(), label: z.string() })),
  points: z.number(),
});

/** `POST /api/evaluations/:id/attempts`, `GET /api/attempts/:id`, `POST /api/attempts/:id/finish`. */
export const attemptView = z.object({
  id: z.number().int(),
  evaluation_id: z.number().int(),
  title: z.string(),
  started_at: z.date(),
  deadline_at: z.date(),
  finished_at: z.date().nullable(),
  finished_by: z.enum(['student', 'timeout', 'teacher']).nullable(),
  /** The server's clock when it answered, and what remains of the attempt by it. */
  server_now: z.date(),
  remaining_seconds: z.number().int(),
  questions: z.array(attemptQuestion),
  answers: z.array(
    z.object({ question_id: z.number().int(), value: answerValue, typed_at: z.date().nullable() }),
  ),
});
export type AttemptView = Wire<z.output<typeof attemptView>>;

/**
 * `PUT /api/attempts/:id/answers`: answers as typed, each with when it was typed by the server's
 * clock as the browser estimates it (its own clock corrected by the measured skew). Queued writes
 * sent late keep their typing time: the server takes one only if it was typed before the deadline
 * it holds, and never replaces a newer saved value with an older one. 409 once the attempt is
 * closed.
 */
export const saveAnswersBody = z.object({
  answers: z
    .array(
      z.object({
        question_id: z.number().int().positive(),
        value: answerValue,
        typed_at: instantField(),
      }),
    )
    .min(1)
    .max(200),
});
export type SaveAnswersBody = z.input<typeof saveAnswersBody>;
export const saveAnswersAnswer = z.object({
  /** Answers now held as sent (or as a newer value already saved). */
  saved: z.number().int(),
  /** Questions whose answer was refused for its typing time (after the deadline, implausible). */
  ignored: z.array(z.number().int()),
  server_now: z.date(),
  deadline_at: z.date(),
  remaining_seconds: z.number().int(),
});

/** `GET /api/evaluations/:id/attempts`: each student of the exam with their attempt and extra time. */
export const attemptRosterRow = z.object({
  student: evaluationPersonRef,
  extra_minutes: z.number().int(),
  attempt: z
    .object({
      id: z.number().int(),
      started_at: z.date(),
      deadline_at: z.date(),
      finished_at: z.date().nullable(),
      finished_by: z.enum(['student', 'timeout', 'teacher']).nullable(),
      score: z.number().nullable(),
      answered: z.number().int(),
    })
    .nullable(),
});
export const attemptRoster = z.object({ data: z.array(attemptRosterRow) });
export type AttemptRosterRow = Wire<z.output<typeof attemptRosterRow>>;

/** `PUT /api/evaluations/:id/accommodations/:studentId`: extra time for one student. */
export const accommodationBody = z.object({
  extra_minutes: z
    .number({ error: 'exams.validation.extraMinutes' })
    .int({ error: 'exams.validation.extraMinutes' })
    .min(0, { error: 'exams.validation.extraMinutes' })
    .max(600, { error: 'exams.validation.extraMinutes' }),
});
