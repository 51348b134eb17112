import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { requiredText, rowPermissions } from './common-fields.ts';

/** `POST /api/modules` and `PATCH /api/modules/:id`. */
export const moduleBody = z.object({
  name: requiredText(200),
  description: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
  hourly_volume: z
    .number({ error: 'manage.validation.number' })
    .int({ error: 'manage.validation.number' })
    .min(0, { error: 'manage.validation.number' })
    .max(10000, { error: 'manage.validation.number' })
    .nullable()
    .default(null),
});
export type ModuleBody = z.input<typeof moduleBody>;

/** A module as the API answers it (lists, detail and edits). */
export const moduleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  hourly_volume: z.number().int().nullable(),
  archived_at: z.date().nullable(),
  nb_subjects: z.number().int(),
  nb_institutions: z.number().int(),
  nb_trainings: z.number().int(),
  can: rowPermissions,
});
export type ModuleRow = Wire<z.output<typeof moduleRow>>;

/** `GET /api/modules/:id/subjects`: a subject and whether the module has it. */
export const moduleSubjectLink = z.object({
  id: z.number().int(),
  name: z.string(),
  coefficient: z.number(),
  hourly_volume: z.number().int(),
  institution: z.string(),
  assigned: z.boolean(),
});
export type ModuleSubjectLink = Wire<z.output<typeof moduleSubjectLink>>;
