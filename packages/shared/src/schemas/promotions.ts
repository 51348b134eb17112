import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { rowPermissions } from './common-fields.ts';

/** `2026-2027`: two consecutive years. */
export const academicYearField = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[0-9]{4}-[0-9]{4}$/, { error: 'cohorts.validation.academic_year' })
  .refine((value) => Number(value.slice(5)) === Number(value.slice(0, 4)) + 1, {
    error: 'cohorts.validation.academic_year',
  });

/** `POST /api/promotions`, `PATCH /api/promotions/:id`. */
export const promotionBody = z.object({
  program_id: z.number({ error: 'validation.required' }).int().positive(),
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(120, { error: 'cohorts.validation.too_long' }),
  academic_year: academicYearField,
  level: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(20, { error: 'cohorts.validation.too_long' }),
});
export type PromotionBody = z.input<typeof promotionBody>;

/** A promotion as the API answers it (list, detail and edits). */
export const promotion = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  program_id: z.number().int(),
  program_name: z.string(),
  name: z.string(),
  academic_year: z.string(),
  level: z.string(),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  nb_students: z.number().int(),
  nb_teachers: z.number().int(),
  nb_trainings: z.number().int(),
  nb_groups: z.number().int(),
  can: rowPermissions,
});
export type Promotion = Wire<z.output<typeof promotion>>;

/** `GET /api/promotions/programs`: a program of the institution a promotion may belong to. */
export const programOption = z.object({
  id: z.number().int(),
  name: z.string(),
  levels: z.array(z.string()),
});
export type ProgramOption = Wire<z.output<typeof programOption>>;
