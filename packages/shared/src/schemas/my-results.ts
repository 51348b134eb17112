import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { idText } from './ids.ts';

/** `GET /api/me/results`: optionally the results of one training only. */
export const myResultsQuery = z.object({
  training_id: idText.optional(),
});
export type MyResultsQuery = z.infer<typeof myResultsQuery>;

/**
 * The class's figures of one evaluation, out of 20, over its published results (an absence
 * counts 0, a line not graded yet is left out). `count` is how many results they are computed
 * from; average, minimum and maximum are null under three results, where they would tell the
 * reader a named classmate's grade (decision 66).
 */
export const classStatistics = z.object({
  average: z.number().nullable(),
  minimum: z.number().nullable(),
  maximum: z.number().nullable(),
  count: z.number().int(),
});
export type ClassStatistics = z.infer<typeof classStatistics>;

/** One published result of the signed-in student, with its evaluation and the class's figures. */
export const myResult = z.object({
  id: z.number().int(),
  evaluation: z.object({
    id: z.number().int(),
    title: z.string(),
    type: z.enum(['exam', 'project']),
    date: z.string(),
    subject: z.object({ id: z.number().int(), name: z.string() }),
    training: z.object({ id: z.number().int(), title: z.string() }),
    /** The weight in the subject's average (0–100). */
    percentage: z.number(),
    /** The evaluation's maximum grade. */
    scale: z.number(),
  }),
  /** On the evaluation's scale; null when absent. */
  grade: z.number().nullable(),
  absent: z.boolean(),
  /** Out of 20 (an absence counts 0). */
  normalised: z.number().nullable(),
  comment: z.string().nullable(),
  /** The first publication. */
  published_at: z.date(),
  /** When the published grade, absence or comment last changed, or null (decision 175). */
  corrected_at: z.date().nullable(),
  class: classStatistics,
});
export type MyResult = Wire<z.output<typeof myResult>>;

export const myResultsAnswer = z.object({ data: z.array(myResult) });
export type MyResultsAnswer = Wire<z.output<typeof myResultsAnswer>>;
