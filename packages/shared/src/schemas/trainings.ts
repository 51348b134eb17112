import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { rowPermissions } from './common-fields.ts';

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
  // Typed as the number the web sends; text from a form field is still coerced.
  total_hours: z.coerce
    .number<number>({ error: 'cohorts.validation.number' })
    .int({ error: 'cohorts.validation.number' })
    .min(0, { error: 'cohorts.validation.number' })
    .max(10000, { error: 'cohorts.validation.number' })
    .default(0),
  visibility: z.enum(['public', 'private']).default('private'),
  /** The attendance rate (percent) below which a learner is flagged (decision 199); null: none. */
  attendance_threshold: z
    .number({ error: 'cohorts.validation.threshold' })
    .int({ error: 'cohorts.validation.threshold' })
    .min(1, { error: 'cohorts.validation.threshold' })
    .max(100, { error: 'cohorts.validation.threshold' })
    .nullable()
    .default(null),
});
export type TrainingBody = z.input<typeof trainingBody>;

/** `POST /api/trainings`. */
export const newTrainingBody = trainingBody.extend({
  promotion_id: z.number({ error: 'validation.required' }).int().positive(),
});
export type NewTrainingBody = z.input<typeof newTrainingBody>;

/** A training as the API answers it (list and edits). */
export const training = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  institution_name: z.string(),
  institution_color_code: z.string(),
  promotion_id: z.number().int(),
  promotion_name: z.string(),
  program_id: z.number().int(),
  academic_year: z.string(),
  title: z.string(),
  program: z.string(),
  level: z.string(),
  description: z.string(),
  total_hours: z.number().int(),
  cover_link: z.string().nullable(),
  visibility: z.enum(['public', 'private']),
  attendance_threshold: z.number().int().nullable(),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  nb_modules: z.number().int(),
  nb_subjects: z.number().int(),
  can: rowPermissions,
});
export type Training = Wire<z.output<typeof training>>;

/** `GET /api/trainings/:id`: the training with its modules and subjects. */
export const trainingDetail = training.extend({
  modules: z.array(
    z.object({ id: z.number().int(), name: z.string(), hourly_volume: z.number().nullable() }),
  ),
  subjects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      coefficient: z.number(),
      hourly_volume: z.number().int(),
      module_id: z.number().int(),
      module_name: z.string(),
    }),
  ),
});
export type TrainingDetail = Wire<z.output<typeof trainingDetail>>;
