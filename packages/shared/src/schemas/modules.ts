import { z } from 'zod';
import { requiredText } from './common-fields.ts';

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

export interface ModuleRow {
  id: number;
  name: string;
  description: string;
  hourly_volume: number | null;
  archived_at: string | null;
  nb_subjects: number;
  nb_institutions: number;
  can: { update: boolean; delete: boolean; archive: boolean };
}
