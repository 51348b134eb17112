import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { question, questionBody, questionKind } from './exams.ts';

/**
 * A bank category: a path of names separated by `/` (GIFT's `$CATEGORY:` and Moodle XML's
 * categories, without Moodle's `$course$/top/` prefix), '' for none.
 */
export const bankCategory = z
  .string()
  .trim()
  .max(200, { error: 'manage.validation.tooLong' })
  .transform((value) =>
    value
      .split('/')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join('/'),
  );

/** A tag: a word or two, compared without case. */
const bankTag = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(40, { error: 'manage.validation.tooLong' });

/** `POST /api/subjects/:id/bank-questions`, `PATCH /api/bank-questions/:id`. */
export const bankQuestionBody = questionBody.extend({
  category: bankCategory.default(''),
  tags: z
    .array(bankTag)
    .max(20, { error: 'exams.validation.tags' })
    .default([])
    .transform((tags) => [...new Set(tags.map((tag) => tag.toLocaleLowerCase()))]),
});
export type BankQuestionBody = z.input<typeof bankQuestionBody>;

export const bankQuestion = question
  .omit({ evaluation_id: true, position: true, bank_question_id: true, draw_id: true })
  .extend({
    subject_id: z.number().int(),
    /** The first version's id: every version of one question shares it. */
    family_id: z.number().int(),
    version: z.number().int(),
    category: z.string(),
    tags: z.array(z.string()),
    /** How many exams hold a copy of this version, and whether a student started one of them. */
    used_in: z.number().int(),
    taken: z.boolean(),
    /** When this version was replaced by a newer one (null: the current version). */
    replaced_at: z.date().nullable(),
    archived_at: z.date().nullable(),
    updated_at: z.date(),
  });
export type BankQuestion = Wire<z.output<typeof bankQuestion>>;

/** `GET /api/subjects/:id/bank-questions?q=&category=&tag=`: a page, the categories and tags. */
export const bankQuestionQuery = z.object({
  category: z.string().trim().max(200).optional(),
  tag: z.string().trim().max(40).optional(),
  kind: questionKind.optional(),
});
export const bankQuestionList = z.object({
  data: z.array(bankQuestion),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  /** Every category of the subject's bank with its number of current questions. */
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  tags: z.array(z.string()),
});
export type BankQuestionList = Wire<z.output<typeof bankQuestionList>>;
export const bankQuestionVersions = z.object({ data: z.array(bankQuestion) });

/** `POST /api/subjects/:id/bank-questions/import`: the file's categories fill the bank's. */
export const bankImportBody = z.object({
  text: z.string().max(500_000, { error: 'manage.validation.tooLong' }),
  format: z.enum(['gift', 'moodle_xml']).default('gift'),
  skip_refused: z.boolean().default(false),
  /** The category of the questions the file puts in none. */
  category: bankCategory.default(''),
});
export type BankImportBody = z.input<typeof bankImportBody>;

/** `POST /api/evaluations/:id/questions/from-bank`: copies of bank questions, in this order. */
export const fromBankBody = z.object({
  bank_question_ids: z
    .array(z.number().int().positive())
    .min(1, { error: 'validation.required' })
    .max(200),
});
export type FromBankBody = z.input<typeof fromBankBody>;

/** `POST /api/evaluations/:id/draws`: `count` random questions of a bank category per attempt. */
export const drawBody = z.object({
  category: bankCategory,
  count: z
    .number({ error: 'exams.validation.drawCount' })
    .int({ error: 'exams.validation.drawCount' })
    .min(1, { error: 'exams.validation.drawCount' })
    .max(100, { error: 'exams.validation.drawCount' }),
  points: z
    .number({ error: 'exams.validation.points' })
    .gt(0, { error: 'exams.validation.points' })
    .max(1000, { error: 'exams.validation.points' }),
});
export type DrawBody = z.input<typeof drawBody>;

/**
 * `PUT /api/evaluations/:id/questions/order`: every question (outside a draw's pool) and every
 * draw of the exam, once each, in the new order.
 */
export const quizOrderBody = z.object({
  items: z
    .array(z.object({ type: z.enum(['question', 'draw']), id: z.number().int().positive() }))
    .max(500),
});
export type QuizOrderBody = z.input<typeof quizOrderBody>;
