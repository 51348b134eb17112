import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fk, id, timestamptz } from './common.ts';
import { files } from './files.ts';
import { institutions } from './institutions.ts';
import { subjects } from './subjects.ts';
import { users } from './users.ts';

// Discussions per subject (issue 33, decision 202): threads, their posts, the people a post
// mentions, who follows a thread, and learners' reports of posts.

/**
 * A thread of a subject. Its opening post is its first post (`is_opening`). A question may have
 * an accepted answer (one of its replies), chosen by staff. Staff remove a whole thread with a
 * trace (`removed_at`, `removed_by`); the rows stay for the audit trail.
 */
export const discussionThreads = pgTable(
  'discussion_threads',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    subject_id: fk('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    author_id: fk('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    is_question: boolean('is_question').notNull().default(false),
    accepted_post_id: fk('accepted_post_id').references((): AnyPgColumn => discussionPosts.id, {
      onDelete: 'set null',
    }),
    opened_at: timestamptz('opened_at').notNull(),
    /** The latest post (or the opening), by the application's clock: lists sort by it. */
    last_activity_at: timestamptz('last_activity_at').notNull(),
    removed_at: timestamptz('removed_at'),
    removed_by: fk('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('discussion_threads_subject_idx').on(t.subject_id, t.last_activity_at),
    index('discussion_threads_institution_id_idx').on(t.institution_id),
    index('discussion_threads_author_id_idx').on(t.author_id),
    index('discussion_threads_accepted_post_id_idx').on(t.accepted_post_id),
    index('discussion_threads_removed_by_idx').on(t.removed_by),
  ],
);

/**
 * A post of a thread. Removed posts keep their row with a trace (`removed_at`, by their author or
 * by staff); their text is no longer answered to anyone.
 */
export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: id(),
    thread_id: fk('thread_id')
      .notNull()
      .references((): AnyPgColumn => discussionThreads.id, { onDelete: 'cascade' }),
    author_id: fk('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    is_opening: boolean('is_opening').notNull().default(false),
    body: text('body').notNull(),
    posted_at: timestamptz('posted_at').notNull(),
    edited_at: timestamptz('edited_at'),
    removed_at: timestamptz('removed_at'),
    removed_by: fk('removed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Removed by staff moderating, rather than by its author. */
    removed_by_staff: boolean('removed_by_staff').notNull().default(false),
  },
  (t) => [
    index('discussion_posts_thread_idx').on(t.thread_id, t.id),
    index('discussion_posts_author_id_idx').on(t.author_id),
    index('discussion_posts_removed_by_idx').on(t.removed_by),
    uniqueIndex('discussion_posts_opening_unique').on(t.thread_id).where(sql`${t.is_opening}`),
  ],
);

/** Whom a post mentions (`@name`); each was told once. */
export const discussionMentions = pgTable(
  'discussion_mentions',
  {
    post_id: fk('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.user_id] }),
    index('discussion_mentions_user_id_idx').on(t.user_id),
  ],
);

/**
 * Who follows a thread (told of each reply). `subscribed` false keeps someone who stopped
 * following from being subscribed again by their next reply.
 */
export const discussionSubscriptions = pgTable(
  'discussion_subscriptions',
  {
    thread_id: fk('thread_id')
      .notNull()
      .references(() => discussionThreads.id, { onDelete: 'cascade' }),
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscribed: boolean('subscribed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.thread_id, t.user_id] }),
    index('discussion_subscriptions_user_id_idx').on(t.user_id),
  ],
);

/** A learner's report of a post, once per person and post, until staff dismiss it. */
export const discussionReports = pgTable(
  'discussion_reports',
  {
    id: id(),
    post_id: fk('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    reporter_id: fk('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    reported_at: timestamptz('reported_at').notNull(),
    dismissed_at: timestamptz('dismissed_at'),
  },
  (t) => [
    uniqueIndex('discussion_reports_once_unique').on(t.post_id, t.reporter_id),
    index('discussion_reports_reporter_id_idx').on(t.reporter_id),
  ],
);

/** The files a post carries (documents and pictures), each linked to one post. */
export const discussionAttachments = pgTable(
  'discussion_attachments',
  {
    post_id: fk('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    file_id: fk('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.file_id] }),
    uniqueIndex('discussion_attachments_file_unique').on(t.file_id),
  ],
);
