import { z } from 'zod';
import {
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MISMATCH_KEY,
  PASSWORD_RULE_KEY,
  PASSWORD_TOO_LONG_KEY,
} from '../rules/password.ts';
import { emailField } from './auth.ts';
import { isCalendarDay, phoneField, requiredText as requiredName } from './common-fields.ts';

// Messages are keys of the translation catalogues (web and API), never display text.

/** A new password: the spec's rule, at most 128 characters. */
export const newPasswordField = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG_KEY })
  .refine(meetsPasswordRule, { error: PASSWORD_RULE_KEY });

const requiredText = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(1024, { error: 'validation.required' });

const confirmation = z.string({ error: 'validation.required' }).max(1024);

/** Adds the "confirmation must match" check on password_confirmation. */
function withConfirmation<T extends z.ZodObject<{ password: z.ZodType<string> }>>(schema: T) {
  return schema.refine(
    (value) =>
      (value as { password: string; password_confirmation: string }).password ===
      (value as { password_confirmation: string }).password_confirmation,
    { error: PASSWORD_MISMATCH_KEY, path: ['password_confirmation'] },
  );
}

/** `POST /api/auth/forgot-password` and `POST /api/auth/verify-email-request`. */
export const emailBody = z.object({ email: emailField });
export type EmailBody = z.infer<typeof emailBody>;

/** `POST /api/auth/reset-password/:token`, and the invited user's first password. */
export const newPasswordBody = withConfirmation(
  z.object({ password: newPasswordField, password_confirmation: confirmation }),
);
export type NewPasswordBody = z.infer<typeof newPasswordBody>;

/**
 * `POST /api/setup/:token` and `npm run create-admin`: the first super-admin of an empty
 * database, who chooses their password at once.
 */
export const firstRunBody = withConfirmation(
  z.object({
    first_name: requiredName(100),
    last_name: requiredName(100),
    email: emailField,
    locale: z.enum(['fr', 'en', 'de']).default('fr'),
    password: newPasswordField,
    password_confirmation: confirmation,
  }),
);
export type FirstRunBody = z.infer<typeof firstRunBody>;

/** `POST /api/auth/change-password`: the current password is required. */
export const changePasswordBody = withConfirmation(
  z.object({
    current_password: requiredText,
    password: newPasswordField,
    password_confirmation: confirmation,
  }),
);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** `PATCH /api/me/settings`: the account's preferences (also kept in localStorage). */
export const settingsBody = z.object({
  locale: z.enum(['fr', 'en', 'de']),
  theme: z.enum(['light', 'dark']),
  notify_email: z.boolean(),
  notify_offers: z.boolean(),
});
export type SettingsBody = z.infer<typeof settingsBody>;

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(100, { error: 'account.rules.tooLong' });

/** `PATCH /api/me` and `PATCH /api/users/:id/profile`: "my information". */
export const profileBody = z.object({
  first_name: name,
  last_name: name,
  gender: z.enum(['Mr', 'Mme']).nullable(),
  phone: phoneField,
  date_of_birth: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'account.rules.date', abort: true })
    .refine((value) => value === '' || isCalendarDay(value), { error: 'account.rules.date' })
    .nullable()
    .transform((value) => value || null),
});
export type ProfileBody = z.input<typeof profileBody>;

/** The six digits of an authenticator app, or a recovery code. */
export const mfaCodeBody = z.object({
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(6, { error: 'account.rules.mfaCode' })
    .max(40, { error: 'account.rules.mfaCode' }),
});
export type MfaCodeBody = z.infer<typeof mfaCodeBody>;

/** Turning MFA on: a code of the app and the confirmation code mailed by the setup. */
export const mfaEnableBody = mfaCodeBody.extend({
  email_code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(8, { error: 'account.rules.mfaEmailCode' })
    .max(12, { error: 'account.rules.mfaEmailCode' }),
});
export type MfaEnableBody = z.infer<typeof mfaEnableBody>;

/** A session of the signed-in user, as the settings page lists it. */
export const sessionItem = z.object({
  id: z.number().int(),
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;

/** How many sessions were ended: `revoke-others`, and a person's sessions ended by an admin. */
export const sessionsRevoked = z.object({ revoked: z.number().int() });
export type SessionsRevoked = z.infer<typeof sessionsRevoked>;

/** `GET /api/me/settings`. */
export const settingsAnswer = settingsBody.extend({
  mfa_enabled: z.boolean(),
  mfa_required: z.boolean(),
});
export type SettingsAnswer = z.infer<typeof settingsAnswer>;

/** The support form (`POST /api/auth/user-request`), built by the contact engineer. */
export const supportNeeds = ['demo', 'contact', 'support'] as const;

/** `GET /api/me/profile`: "my information". */
export const profileAnswer = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(['Mr', 'Mme']).nullable(),
  phone: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  picture_link: z.string().nullable(),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;
