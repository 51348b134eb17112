import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, fk, id, timestamps, timestamptz } from './common.ts';
import { eventAudienceEnum } from './enums.ts';
import { evaluations } from './evaluations.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

/**
 * A calendar event. `audience` says who sees it: `personal` (the owner only, `audience_id` null),
 * or everyone of the promotion, group or institution whose id is `audience_id`.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    /** Null only for the super-admin's personal events. */
    institution_id: fk('institution_id').references(() => institutions.id, {
      onDelete: 'cascade',
    }),
    owner_id: fk('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    starts_at: timestamptz('starts_at').notNull(),
    ends_at: timestamptz('ends_at').notNull(),
    all_day: boolean('all_day').notNull().default(false),
    color_code: text('color_code'),
    audience: eventAudienceEnum('audience').notNull().default('personal'),
    audience_id: bigint('audience_id', { mode: 'number' }),
    /**
     * A repeated event's RFC 5545 rule without DTSTART (`FREQ=WEEKLY;BYDAY=MO,TH;COUNT=12`): it
     * repeats the wall-clock time of `starts_at` in the institution's time zone. Null: one-off.
     */
    recurrence: text('recurrence'),
    ...timestamps(),
  },
  (t) => [
    check('events_ends_after_start_check', sql`${t.ends_at} >= ${t.starts_at}`),
    check(
      'events_color_code_check',
      sql`${t.color_code} IS NULL OR ${t.color_code} ~ '^#[0-9A-Fa-f]{6}$'`,
    ),
    check('events_audience_check', sql`(${t.audience} = 'personal') = (${t.audience_id} IS NULL)`),
    index('events_institution_id_idx').on(t.institution_id),
    index('events_owner_id_idx').on(t.owner_id),
    index('events_starts_at_idx').on(t.starts_at),
    index('events_audience_idx').on(t.audience, t.audience_id),
  ],
);

/**
 * One occurrence of a repeated event changed without touching the others: cancelled, or moved to
 * `starts_at`–`ends_at`. `original_start` is where the rule puts it (its RECURRENCE-ID).
 */
export const eventExceptions = pgTable(
  'event_exceptions',
  {
    event_id: fk('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    original_start: timestamptz('original_start').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    starts_at: timestamptz('starts_at'),
    ends_at: timestamptz('ends_at'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.original_start] }),
    check(
      'event_exceptions_moved_check',
      sql`${t.cancelled} OR (${t.starts_at} IS NOT NULL AND ${t.ends_at} IS NOT NULL AND ${t.ends_at} > ${t.starts_at})`,
    ),
  ],
);

/**
 * A user's private iCal feed: the address carries a random token (256 bits); only its SHA-256 is
 * kept. One feed per user: creating another replaces it, deleting the row revokes it at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    last_used_at: timestamptz('last_used_at'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_id_key').on(t.user_id),
    uniqueIndex('calendar_feeds_token_hash_key').on(t.token_hash),
  ],
);

/**
 * The reminders sent the day before an exam or a project deadline: one row per evaluation and due
 * instant, inserted in the transaction that queues the e-mails, so that of several API nodes only
 * one sends them (the others' inserts conflict). A moved deadline is a new due instant.
 */
export const evaluationReminders = pgTable(
  'evaluation_reminders',
  {
    evaluation_id: fk('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    due_at: timestamptz('due_at').notNull(),
    sent_at: timestamptz('sent_at').notNull(),
    recipients: bigint('recipients', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.evaluation_id, t.due_at] })],
);
