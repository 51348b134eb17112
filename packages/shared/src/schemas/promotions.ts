import { z } from 'zod';

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
