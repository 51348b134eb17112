import { z } from 'zod';
import type { Wire } from '../wire.ts';
import {
  labelList,
  optionalText,
  requiredPhone,
  requiredText,
  rowPermissions,
} from './common-fields.ts';

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
  phone: requiredPhone,
  levels: labelList,
  /** Staff (every role but students) must enrol in two-factor authentication. */
  mfa_required_for_staff: z.boolean().default(false),
});
export type InstitutionBody = z.input<typeof institutionBody>;

/** An institution as the API answers it (lists, detail, create, update, archive). */
export const institution = z.object({
  id: z.number().int(),
  name: z.string(),
  diminutive: z.string().nullable(),
  kind: z.enum(INSTITUTION_KINDS),
  color_code: z.string(),
  logo_link: z.string().nullable(),
  url: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  nb_levels: z.number().int(),
  levels: z.array(z.string()),
  timezone: z.string(),
  mfa_required_for_staff: z.boolean(),
  archived_at: z.date().nullable(),
  nb_users: z.number().int(),
  nb_programs: z.number().int(),
  can: rowPermissions,
});
export type Institution = Wire<z.output<typeof institution>>;

/** `GET /api/institutions/:id/programs|modules`: a catalogue row and whether the institution has it. */
export const institutionLink = z.object({
  id: z.number().int(),
  name: z.string(),
  sector: z.string().nullable(),
  levels: z.array(z.string()).nullable(),
  hourly_volume: z.number().int().nullable(),
  assigned: z.boolean(),
});
export type InstitutionLink = Wire<z.output<typeof institutionLink>>;
