import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { emailField } from './auth.ts';
import { phoneField, rowPermissions } from './common-fields.ts';
import { promotion } from './promotions.ts';

// Messages are keys of the translation catalogues (web and API), never display text.

const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'cohorts.validation.too_long' });

/** The fields of a person an admin creates or edits (students and teachers). */
export const personBody = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailField,
  gender: z.enum(['Mr', 'Mme'], { error: 'validation.required' }),
  phone: phoneField,
  locale: z.enum(['fr', 'en', 'de']).default('fr'),
});
export type PersonBody = z.input<typeof personBody>;

/** `POST /api/students`, `PATCH /api/students/:id` (the promotion is optional on creation). */
export const studentBody = personBody.extend({
  promotion_id: z.number().int().positive().nullable().optional(),
});
export type StudentBody = z.input<typeof studentBody>;

/** One option of an assignment screen: what is assigned, and what could be. */
export const assignmentItem = z.object({
  id: z.number().int(),
  label: z.string(),
  detail: z.string().nullable(),
});
export type AssignmentItem = z.infer<typeof assignmentItem>;

/** `GET /api/<things>/:id/<others>`: the assigned rows and the ones that may be added. */
export const assignmentAnswer = z.object({
  owner: z.object({ id: z.number().int(), label: z.string() }),
  assigned: z.array(assignmentItem),
  options: z.array(assignmentItem),
});
export type AssignmentAnswer = z.infer<typeof assignmentAnswer>;

/** A student or a teacher as the API answers it (create, update, archive). */
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
  can: rowPermissions,
});
export type Person = Wire<z.output<typeof person>>;

/** A person in the students' or teachers' list: the names of their promotions, and counts. */
export const personRow = person.extend({
  promotions: z.array(z.string()),
  nb_groups: z.number().int(),
  nb_subjects: z.number().int(),
});
export type PersonRow = Wire<z.output<typeof personRow>>;

/**
 * `GET /api/students/:id`, `GET /api/teachers/:id`: the person with their picture (null: none,
 * the page shows the default avatar of their gender), promotions, groups and subjects.
 */
export const personDetail = person.extend({
  picture_link: z.string().nullable(),
  // program_id last: the order of the keys the API has always sent.
  promotions: z.array(
    promotion
      .pick({ id: true, name: true, academic_year: true, level: true })
      .extend({ program_id: z.number().int() }),
  ),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), promotion_id: z.number() })),
  subjects: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PersonDetail = Wire<z.output<typeof personDetail>>;
