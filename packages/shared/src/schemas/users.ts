import { z } from 'zod';
import { ROLES, type Role } from '../roles.ts';
import type { Wire } from '../wire.ts';
import { emailField } from './auth.ts';
import { phoneField, requiredText, rowPermissions } from './common-fields.ts';

const userFields = {
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailField,
  role: z.enum(ROLES, { error: 'validation.required' }),
  /** Required for every role but the super-admin, who has none. */
  institution_id: z.number().int().positive().nullable(),
  gender: z.enum(['Mr', 'Mme']).nullable().default(null),
  phone: phoneField,
  locale: z.enum(['fr', 'en', 'de']).default('fr'),
};

/** The institution rule: admins, teachers and students belong to one; the super-admin to none. */
function institutionRule(
  value: { role: Role; institution_id: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.role === 'super-admin' && value.institution_id !== null) {
    ctx.addIssue({
      code: 'custom',
      path: ['institution_id'],
      message: 'manage.validation.noInstitution',
    });
  }
  if (value.role !== 'super-admin' && value.institution_id === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['institution_id'],
      message: 'manage.validation.institutionRequired',
    });
  }
}

/** `POST /api/users` (the super-admin's user form); the account is invited by e-mail. */
export const userBody = z.object(userFields).superRefine(institutionRule);
export type UserBody = z.input<typeof userBody>;

/** A user as the super-admin's lists show them (and the answers of its edits). */
export const userRow = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  gender: z.enum(['Mr', 'Mme']).nullable(),
  phone: z.string().nullable(),
  /** Their picture; null: none (the default avatar of their gender shows instead). */
  picture_link: z.string().nullable(),
  locale: z.enum(['fr', 'en', 'de']),
  institution_id: z.number().int().nullable(),
  institution: z.string().nullable(),
  institution_color_code: z.string().nullable(),
  email_verified_at: z.date().nullable(),
  archived_at: z.date().nullable(),
  can: rowPermissions,
});
export type UserRow = Wire<z.output<typeof userRow>>;
