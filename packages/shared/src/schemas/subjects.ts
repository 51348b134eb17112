import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { requiredText, rowPermissions } from './common-fields.ts';

/** The largest coefficient a subject may weigh in a transcript. */
export const SUBJECT_COEFFICIENT_MAX = 100;
/** The most hours of teaching a subject may count. */
export const SUBJECT_HOURS_MAX = 10000;

/** True when the number has at most two decimals (the column is numeric(5, 2)). */
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * `POST /api/subjects` and, made partial, `PATCH /api/subjects/:id`: the web form validates with
 * this same schema, so both sides refuse a coefficient of 0 or a negative volume with the same words.
 */
export const subjectBody = z.object({
  name: requiredText(200),
  description: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
  coefficient: z
    .number({ error: 'subjects.validation.coefficient' })
    .gt(0, { error: 'subjects.validation.coefficient' })
    .max(SUBJECT_COEFFICIENT_MAX, { error: 'subjects.validation.coefficientMax' })
    .refine(twoDecimals, { error: 'subjects.validation.coefficientDecimals' })
    .default(1),
  hourly_volume: z
    .number({ error: 'subjects.validation.hourlyVolume' })
    .int({ error: 'subjects.validation.hourlyVolume' })
    .min(0, { error: 'subjects.validation.hourlyVolume' })
    .max(SUBJECT_HOURS_MAX, { error: 'subjects.validation.hourlyVolumeMax' })
    .default(0),
});
export type SubjectBody = z.input<typeof subjectBody>;

/**
 * `POST /api/subjects`: the subject, optionally created in a module (`/:moduleId/subjects/add`);
 * the super-admin, who belongs to no institution, names the subject's.
 */
export const subjectCreate = subjectBody.extend({
  module_id: z.number().int().positive().optional(),
  institution_id: z.number().int().positive().optional(),
});
export type SubjectCreate = z.input<typeof subjectCreate>;

/** A subject as the lists answer it, with its counts. */
export const subjectRow = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  institution_name: z.string(),
  name: z.string(),
  description: z.string(),
  coefficient: z.number(),
  hourly_volume: z.number().int(),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  nb_modules: z.number().int(),
  nb_teachers: z.number().int(),
  nb_lessons: z.number().int(),
  /** Evaluations (and so results) on the subject: while there are any it cannot be deleted. */
  nb_evaluations: z.number().int(),
  can: rowPermissions,
});
export type SubjectRow = Wire<z.output<typeof subjectRow>>;

/** `GET /api/subjects/:id`: the subject with its modules, teachers and lessons. */
export const subjectDetail = subjectRow.extend({
  can: rowPermissions.extend({
    /** `/lesson-subject/:id`: link and unlink its lessons. */
    assign_lessons: z.boolean(),
    /** Assign and dissociate its teachers. */
    assign_teachers: z.boolean(),
  }),
  /** In the order they were linked: the first one leads the lesson links. */
  modules: z.array(z.object({ id: z.number().int(), name: z.string() })),
  teachers: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      role: z.string(),
    }),
  ),
  lessons: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      position: z.number().int(),
      nb_chapters: z.number().int(),
    }),
  ),
});
export type SubjectDetail = Wire<z.output<typeof subjectDetail>>;
