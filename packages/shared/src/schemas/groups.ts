import { z } from 'zod';

/** `POST /api/groups`; `PATCH /api/groups/:id` changes the name only. */
export const groupBody = z.object({
  promotion_id: z.number({ error: 'validation.required' }).int().positive(),
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(120, { error: 'cohorts.validation.too_long' }),
});
export type GroupBody = z.input<typeof groupBody>;

export const groupRenameBody = groupBody.pick({ name: true });
