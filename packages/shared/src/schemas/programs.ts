import { z } from 'zod';
import { labelList, requiredText } from './common-fields.ts';

/** `POST /api/programs` and `PATCH /api/programs/:id`. */
export const programBody = z.object({
  name: requiredText(200),
  sector: requiredText(100),
  levels: labelList,
  description: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
});
export type ProgramBody = z.input<typeof programBody>;

export interface Program {
  id: number;
  name: string;
  sector: string;
  levels: string[];
  description: string;
  archived_at: string | null;
  nb_institutions: number;
  nb_promotions: number;
  can: { update: boolean; delete: boolean; archive: boolean };
}
