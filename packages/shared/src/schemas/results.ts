import { z } from 'zod';

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
