import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { idText } from './ids.ts';

// Messages are keys of the translation catalogues (web and API), never display text.

/** A required e-mail address, trimmed. */
export const emailField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(254, { error: 'validation.email' })
  .pipe(z.email({ error: 'validation.email' }));

/** The sign-in form and `POST /api/auth/login` body. */
export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(1024, { error: 'validation.required' }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** `POST /api/auth/login` answer: verify the e-mail first, or the session fields. */
export const loginAnswer = z.union([
  z.object({ verify_email: z.literal(true) }),
  z.object({
    verify_email: z.literal(false),
    userId: z.number().int(),
    accessToken: z.string(),
    role: z.enum(ROLES),
  }),
  // MFA is on: the second step (`POST /api/auth/login/mfa`) takes this token and a code.
  z.object({
    verify_email: z.literal(false),
    mfa_required: z.literal(true),
    mfa_token: z.string(),
  }),
]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** `POST /api/auth/login/mfa`: the second step of a sign-in with MFA. */
export const loginMfaBody = z.object({
  mfa_token: z.string().min(1).max(200),
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(6, { error: 'account.rules.mfaCode' })
    .max(40, { error: 'account.rules.mfaCode' }),
});
export type LoginMfaBody = z.infer<typeof loginMfaBody>;

/** The public fields of an institution, as sessions and the catalogue show them. */
export const institutionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  diminutive: z.string().nullable(),
  color_code: z.string(),
  logo_link: z.string().nullable(),
  url: z.string().nullable(),
});
export type InstitutionSummary = z.infer<typeof institutionSummary>;

/** `GET /api/auth/info`: the signed-in user; the first role is theirs. */
export const authInfo = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  gender: z.enum(['Mr', 'Mme']).nullable(),
  phone: z.string().nullable(),
  picture_link: z.string().nullable(),
  locale: z.enum(['fr', 'en', 'de']),
  theme: z.enum(['light', 'dark']),
  roles: z.array(z.object({ name: z.enum(ROLES) })),
  institution: institutionSummary.nullable(),
});
export type AuthInfo = z.infer<typeof authInfo>;

/** The error body of every API error. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The kinds of row whose edit needs a step-up (the `entity` of those routes). */
export const STEP_UP_ENTITIES = ['user', 'student', 'teacher', 'program', 'institution'] as const;

/** The row a step-up token is asked for: the token then serves an edit of that row only. */
export const stepUpTarget = z.object({
  entity: z.enum(STEP_UP_ENTITIES),
  id: z.number().int().positive(),
});
export type StepUpTarget = z.infer<typeof stepUpTarget>;

/** The same target in a query string (`?entity=&id=`), where the id is text. */
export const stepUpTargetQuery = z.object({
  entity: z.enum(STEP_UP_ENTITIES).optional(),
  id: idText.optional(),
});

/**
 * `POST /api/auth/verify-password-request`: the step-up before a sensitive edit. With `target`
 * the token serves one edit of that row; without, one edit that names no row (the own profile).
 */
export const confirmPasswordBody = z.object({
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(1024, { error: 'validation.required' }),
  target: stepUpTarget.optional(),
});
