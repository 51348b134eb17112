import { assignmentAnswer } from '@skolar/shared';
import { z } from 'zod';
import { canSchema } from '../promotions/assign.ts';

export const person = z.object({
  id: z.number().int(),
  institution_id: z.number().int().nullable(),
  role: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  email_verified_at: z.date().nullable(),
  gender: z.enum(['Mr', 'Mme']).nullable(),
  phone: z.string().nullable(),
  locale: z.enum(['fr', 'en', 'de']),
  created_at: z.date(),
  archived_at: z.date().nullable(),
  can: canSchema,
});

export const personRow = person.extend({
  promotions: z.array(z.string()),
  nb_groups: z.number().int(),
  nb_subjects: z.number().int(),
});

const promotionLink = z.object({
  id: z.number().int(),
  name: z.string(),
  academic_year: z.string(),
  level: z.string(),
  program_id: z.number().int(),
});

export const personDetail = person.extend({
  promotions: z.array(promotionLink),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), promotion_id: z.number() })),
  subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export { assignmentAnswer };
