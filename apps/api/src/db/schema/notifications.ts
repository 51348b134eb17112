import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fk, id, timestamptz } from './common.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

// The notification centre (issue 33, decision 200) and announcements (decision 201).

/**
 * One notification per person and event, written in the transaction of the change that causes it.
 * `dedupe_key`, when set, makes the event once per person (a grade published, a reminder). `mail`
 * says what its e-mail is: none, queued at once, waiting for the daily digest, or digested.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    institution_id: fk('institution_id').references(() => institutions.id, {
      onDelete: 'cascade',
    }),
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The names and titles its text is made of, as strings. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** A path of the web application. */
    link: text('link').notNull(),
    dedupe_key: text('dedupe_key'),
    mail: text('mail').$type<'none' | 'queued' | 'digest' | 'digested'>().notNull().default('none'),
    read_at: timestamptz('read_at'),
    /** When its cause happened, by the application's clock (the digest compares it with its hour). */
    notified_at: timestamptz('notified_at').notNull(),
  },
  (t) => [
    check('notifications_mail_check', sql`${t.mail} IN ('none', 'queued', 'digest', 'digested')`),
    index('notifications_user_idx').on(t.user_id, t.id),
    index('notifications_unread_idx').on(t.user_id).where(sql`${t.read_at} IS NULL`),
    index('notifications_digest_idx').on(t.user_id).where(sql`${t.mail} = 'digest'`),
    index('notifications_institution_id_idx').on(t.institution_id),
    uniqueIndex('notifications_once_unique')
      .on(t.user_id, t.type, t.dedupe_key)
      .where(sql`${t.dedupe_key} IS NOT NULL`),
  ],
);

/** A person's delivery of one type, when it differs from the type's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    delivery: text('delivery').$type<'app' | 'instant' | 'digest' | 'off'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.type] }),
    check(
      'notification_preferences_delivery_check',
      sql`${t.delivery} IN ('app', 'instant', 'digest', 'off')`,
    ),
  ],
);

/**
 * A person's daily digest: its hour (0–23) in their zone (null: the institution's), and when the
 * last one went out (a node claims a digest by moving it forward).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    user_id: fk('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    digest_hour: smallint('digest_hour').notNull().default(7),
    time_zone: text('time_zone'),
    digest_sent_at: timestamptz('digest_sent_at'),
  },
  (t) => [check('notification_settings_hour_check', sql`${t.digest_hour} BETWEEN 0 AND 23`)],
);

/**
 * An announcement (decision 201): rich text from a member of staff to their institution, a
 * promotion or a group. `published_at` is set when it appears (at once, or by the job at
 * `publish_at`), and its audience is told then; a withdrawn one is gone for its readers.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    author_id: fk('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audience: text('audience').$type<'institution' | 'promotion' | 'group'>().notNull(),
    /** The promotion or group; null for the institution. */
    audience_id: fk('audience_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publish_at: timestamptz('publish_at').notNull(),
    published_at: timestamptz('published_at'),
    edited_at: timestamptz('edited_at'),
    withdrawn_at: timestamptz('withdrawn_at'),
    posted_at: timestamptz('posted_at').notNull(),
  },
  (t) => [
    check(
      'announcements_audience_check',
      sql`(${t.audience} = 'institution') = (${t.audience_id} IS NULL) AND ${t.audience} IN ('institution', 'promotion', 'group')`,
    ),
    index('announcements_institution_idx').on(t.institution_id, t.published_at),
    index('announcements_author_id_idx').on(t.author_id),
    index('announcements_due_idx')
      .on(t.publish_at)
      .where(sql`${t.published_at} IS NULL AND ${t.withdrawn_at} IS NULL`),
  ],
);
