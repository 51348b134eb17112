import { z } from 'zod';
import { emailField } from './auth.ts';

/** The need options of the contact form; 'brochure' is shown but sends 'contact' (spec). */
export const CONTACT_NEEDS = ['demo', 'contact', 'support'] as const;
export type ContactNeed = (typeof CONTACT_NEEDS)[number];
export const NEED_OPTIONS = [
  { key: 'demo', value: 'demo' },
  { key: 'contact', value: 'contact' },
  { key: 'support', value: 'support' },
  { key: 'brochure', value: 'contact' },
] as const satisfies ReadonlyArray<{ key: string; value: ContactNeed }>;

const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'contact.too_long' });

/**
 * `POST /api/auth/client-request` and `/api/auth/user-request`. The form itself does no
 * validation (spec): the server's field errors are shown under each field.
 */
export const contactRequestBody = z.object({
  first_name: text(100),
  last_name: text(100),
  email: emailField,
  /** Dial code, space, number ('+33 612345678'), or '' when no number was typed. */
  phone: z
    .string()
    .trim()
    .max(40, { error: 'contact.too_long' })
    .regex(/^(\+[0-9-]{1,8} [0-9 ().-]{4,30})?$/, { error: 'contact.phone' })
    .default(''),
  need: z.enum(CONTACT_NEEDS, { error: 'validation.required' }),
  object: text(200),
  message: text(5000),
});
export type ContactRequestBody = z.input<typeof contactRequestBody>;

/** `POST …-request` also takes the institution a request is about (from a training's page). */
export const contactRequestWithInstitution = contactRequestBody.extend({
  institution_id: z.number().int().positive().nullable().optional(),
});
export type ContactRequestPayload = z.input<typeof contactRequestWithInstitution>;
