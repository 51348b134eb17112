import { z } from 'zod';

/**
 * `POST /api/evaluations/:id/regrade` (decision 190): the closed attempts of an exam's quiz scored
 * again with its current keys and points. `dry_run` computes the same answer and writes nothing.
 */
export const regradeBody = z.object({
  dry_run: z.boolean().default(false),
});
export type RegradeBody = z.input<typeof regradeBody>;

/**
 * One closed attempt as the regrade leaves it: its score before and after (points), the result
 * line's grade before and after, and the quiz's suggestion before and after (the grade the grid
 * suggests, on the evaluation's scale). `grade_changed`: the line held the old suggestion and now
 * holds the new one. `to_review`: the line holds another grade (a teacher's own) while the
 * suggestion moved; it is left as it is.
 */
export const regradeLine = z.object({
  attempt_id: z.number().int(),
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  score_before: z.number(),
  score_after: z.number(),
  suggestion_before: z.number().nullable(),
  suggestion_after: z.number().nullable(),
  grade_before: z.number().nullable(),
  grade_after: z.number().nullable(),
  grade_changed: z.boolean(),
  to_review: z.boolean(),
});
export type RegradeLine = z.infer<typeof regradeLine>;

/** The regrade's answer, whether it was a dry run, with its counts. */
export const regradeAnswer = z.object({
  dry_run: z.boolean(),
  /** The quiz's points, over which the suggestions are computed. */
  max_points: z.number(),
  scale: z.number(),
  attempts: z.array(regradeLine),
  counts: z.object({
    /** Closed attempts scored again. */
    attempts: z.number().int(),
    /** Of those, the attempts whose score changed. */
    rescored: z.number().int(),
    /** Result lines moved from the old suggestion to the new one. */
    grades_changed: z.number().int(),
    /** Lines holding another grade while the suggestion moved: left for the teacher. */
    to_review: z.number().int(),
    /** Attempts still open, skipped: their hand-in scores them with the current keys. */
    open: z.number().int(),
  }),
});
export type RegradeAnswer = z.infer<typeof regradeAnswer>;
