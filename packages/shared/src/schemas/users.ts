import { z } from 'zod';
import { ROLES, type Role } from '../roles.ts';
import { emailField } from './auth.ts';
import { optionalText, requiredText } from './common-fields.ts';

const userFields = {
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: emailField,
  role: z.enum(ROLES, { error: 'validation.required' }),
  /** Required for every role but the super-admin, who has none. */
  institution_id: z.number().int().positive().nullable(),
  gender: z.enum(['Mr', 'Mme']).nullable().default(null),
  phone: optionalText(30),
  locale: z.enum(['fr', 'en', 'de']).default('fr'),
};

/** The institution rule of section 6: admins, teachers and students belong to one; the super-admin to none. */
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

/** A user as the super-admin's lists show them. */
export interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  gender: 'Mr' | 'Mme' | null;
  phone: string | null;
  locale: 'fr' | 'en' | 'de';
  institution_id: number | null;
  institution: string | null;
  institution_color_code: string | null;
  email_verified_at: string | null;
  archived_at: string | null;
  can: { update: boolean; delete: boolean; archive: boolean };
}
