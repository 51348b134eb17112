import { z } from 'zod';
import { labelList, optionalText, requiredText } from './common-fields.ts';

export const INSTITUTION_KINDS = ['university', 'school', 'society'] as const;
export type InstitutionKind = (typeof INSTITUTION_KINDS)[number];

/** `#RRGGBB`, stored upper-case. */
export const colourField = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'manage.validation.colour' })
  .transform((value) => value.toUpperCase());

/** An http(s) address. */
export const webAddress = requiredText(300).refine((value) => /^https?:\/\/\S+\.\S+/.test(value), {
  error: 'manage.validation.url',
});

/** `POST /api/institutions` and `PATCH /api/institutions/:id` (the institution form). */
export const institutionBody = z.object({
  name: requiredText(200),
  diminutive: optionalText(30),
  kind: z.enum(INSTITUTION_KINDS, { error: 'validation.required' }),
  color_code: colourField,
  url: webAddress,
  address: requiredText(300),
  email: requiredText(254).pipe(z.email({ error: 'validation.email' })),
  phone: requiredText(30),
  levels: labelList,
  /** Staff (every role but students) must enrol in two-factor authentication. */
  mfa_required_for_staff: z.boolean().default(false),
});
export type InstitutionBody = z.input<typeof institutionBody>;

/** An institution as the API answers it. */
export interface Institution {
  id: number;
  name: string;
  diminutive: string | null;
  kind: InstitutionKind;
  color_code: string;
  logo_link: string | null;
  url: string;
  address: string;
  email: string;
  phone: string;
  nb_levels: number;
  levels: string[];
  timezone: string;
  mfa_required_for_staff: boolean;
  archived_at: string | null;
  nb_users?: number;
  nb_programs?: number;
  can: { update: boolean; delete: boolean; archive: boolean };
}
