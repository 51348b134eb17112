import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { rowPermissions } from './common-fields.ts';

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

/** A group as the API answers it (list and edits). */
export const group = z.object({
  id: z.number().int(),
  institution_id: z.number().int(),
  promotion_id: z.number().int(),
  promotion_name: z.string(),
  program_id: z.number().int(),
  academic_year: z.string(),
  name: z.string(),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  nb_students: z.number().int(),
  nb_subjects: z.number().int(),
  can: rowPermissions,
});
export type Group = Wire<z.output<typeof group>>;

/** `GET /api/groups/:id`: the group with its students and subjects. */
export const groupDetail = group.extend({
  students: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
    }),
  ),
  /** `readable`: the viewer may open the subject (a teacher, only the subjects they teach). */
  subjects: z.array(z.object({ id: z.number().int(), name: z.string(), readable: z.boolean() })),
});
export type GroupDetail = Wire<z.output<typeof groupDetail>>;
