import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, fk, id, timestamptz } from './common.ts';
import { tokenPurposeEnum } from './enums.ts';
import { users } from './users.ts';

/** A signed-in session; the token itself is never stored, only its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    created_at: createdAt(),
    last_seen_at: timestamptz('last_seen_at').notNull(),
    /** Absolute end of the session, whatever the activity. */
    expires_at: timestamptz('expires_at').notNull(),
    revoked_at: timestamptz('revoked_at'),
    user_agent: text('user_agent'),
    ip: text('ip'),
    /**
     * When this session proved a second factor: the code of the MFA sign-in step, or the code
     * that enrolled MFA from this session. Null for a session opened with the password alone,
     * which stops working once the user's account has MFA on.
     */
    mfa_verified_at: timestamptz('mfa_verified_at'),
    /** Unused (never written); kept so that a migration does not have to guess a rename. */
    mfa_pending: boolean('mfa_pending').notNull().default(false),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.user_id),
    index('sessions_expires_at_idx').on(t.expires_at),
  ],
);

/** Single-use tokens sent by mail or handed out for a step-up; stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum('purpose').notNull(),
    token_hash: text('token_hash').notNull().unique('one_time_tokens_token_hash_unique'),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: createdAt(),
    /** A step-up token serves only the session that asked for it, and dies with it. */
    session_id: fk('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** What a step-up token unlocks, `<entity>:<id>` (e.g. `student:42`); null: no row edit. */
    target: text('target'),
  },
  (t) => [
    index('one_time_tokens_user_purpose_idx').on(t.user_id, t.purpose),
    index('one_time_tokens_expires_at_idx').on(t.expires_at),
    index('one_time_tokens_session_id_idx').on(t.session_id),
  ],
);

/**
 * The one-time links of the first-run setup, issued at start while the database has no
 * super-admin (decision 109); stored hashed, like every token. No user owns them: the first
 * super-admin does not exist yet.
 */
export const setupTokens = pgTable('setup_tokens', {
  id: id(),
  token_hash: text('token_hash').notNull().unique('setup_tokens_token_hash_unique'),
  expires_at: timestamptz('expires_at').notNull(),
  used_at: timestamptz('used_at'),
  created_at: createdAt(),
});
