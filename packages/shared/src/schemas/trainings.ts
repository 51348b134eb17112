import { z } from 'zod';

/** `PATCH /api/trainings/:id`; creation adds the promotion. */
export const trainingBody = z.object({
  title: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(160, { error: 'cohorts.validation.too_long' }),
  level: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(20, { error: 'cohorts.validation.too_long' }),
  description: z.string().trim().max(5000, { error: 'cohorts.validation.too_long' }).default(''),
  total_hours: z.coerce
    .number({ error: 'cohorts.validation.number' })
    .int({ error: 'cohorts.validation.number' })
    .min(0, { error: 'cohorts.validation.number' })
    .max(10000, { error: 'cohorts.validation.number' })
    .default(0),
  visibility: z.enum(['public', 'private']).default('private'),
});
export type TrainingBody = z.input<typeof trainingBody>;

/** `POST /api/trainings`. */
export const newTrainingBody = trainingBody.extend({
  promotion_id: z.number({ error: 'validation.required' }).int().positive(),
});
export type NewTrainingBody = z.input<typeof newTrainingBody>;
