import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { labelList, requiredText, rowPermissions } from './common-fields.ts';
import { promotion } from './promotions.ts';

/** `POST /api/programs` and `PATCH /api/programs/:id`. */
export const programBody = z.object({
  name: requiredText(200),
  sector: requiredText(100),
  levels: labelList,
  description: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
});
export type ProgramBody = z.input<typeof programBody>;

/** A program as the API answers it in lists. */
export const program = z.object({
  id: z.number().int(),
  name: z.string(),
  sector: z.string(),
  levels: z.array(z.string()),
  description: z.string(),
  archived_at: z.date().nullable(),
  nb_promotions: z.number().int(),
  nb_institutions: z.number().int(),
  can: rowPermissions,
});
export type Program = Wire<z.output<typeof program>>;

/** `GET /api/programs/:id` (and the answers of its edits): the program with its promotions. */
export const programDetail = program.extend({
  promotions: z.array(
    promotion.pick({
      id: true,
      name: true,
      academic_year: true,
      level: true,
      archived_at: true,
      nb_students: true,
    }),
  ),
});
export type ProgramDetail = Wire<z.output<typeof programDetail>>;
