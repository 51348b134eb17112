import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { archivedAt, fk, id, timestamps, timestamptz } from './common.ts';
import { genderEnum, localeEnum, roleEnum, themeEnum } from './enums.ts';
import { institutions } from './institutions.ts';

/**
 * Every account. `institution_id` is null exactly for the super-admin (CHECK).
 * `email` is unique case-insensitively (unique index on `lower(email)`): look users up with
 * `sql\`lower(${users.email}) = lower(${value})\`` or store it lower-cased.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    institution_id: fk('institution_id').references(() => institutions.id, {
      onDelete: 'restrict',
    }),
    role: roleEnum('role').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    email_verified_at: timestamptz('email_verified_at'),
    /** argon2id PHC string; null for an invited user who has not chosen a password yet. */
    password_hash: text('password_hash'),
    gender: genderEnum('gender'),
    /** Two-letter country code followed by the number, e.g. `fr0612345678`. */
    phone: text('phone'),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    picture_link: text('picture_link'),
    locale: localeEnum('locale').notNull().default('fr'),
    theme: themeEnum('theme').notNull().default('light'),
    notify_email: boolean('notify_email').notNull().default(true),
    notify_offers: boolean('notify_offers').notNull().default(false),
    /** The TOTP secret, encrypted (AES-256-GCM, `v1:` prefix; see auth/mfa-crypto.ts). */
    mfa_secret: text('mfa_secret'),
    mfa_enabled_at: timestamptz('mfa_enabled_at'),
    /** The 30-second TOTP time-step of the last accepted code: a code at or before it is refused. */
    mfa_last_step: integer('mfa_last_step'),
    /** Salted HMACs (`salt$mac`) of the unused MFA recovery codes. */
    mfa_recovery_codes: text('mfa_recovery_codes').array().notNull().default(sql`'{}'::text[]`),
    disabled_at: timestamptz('disabled_at'),
    last_login_at: timestamptz('last_login_at'),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check(
      'users_institution_role_check',
      sql`(${t.role} = 'super-admin') = (${t.institution_id} IS NULL)`,
    ),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_institution_role_idx').on(t.institution_id, t.role),
    index('users_role_institution_idx').on(t.role, t.institution_id),
    index('users_archived_at_idx').on(t.archived_at),
  ],
);
