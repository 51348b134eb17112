import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { fk, id, timestamptz } from './common.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

// Messages (issue 33, decision 203): conversations of a few people of one institution, their
// messages, how far each member has read, and who blocked whom.

/** A conversation: one-to-one, or a small group with an optional title. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    started_by: fk('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    started_at: timestamptz('started_at').notNull(),
    /** The latest message, by the application's clock: lists sort by it. */
    last_message_at: timestamptz('last_message_at').notNull(),
  },
  (t) => [
    index('conversations_institution_id_idx').on(t.institution_id),
    index('conversations_started_by_idx').on(t.started_by),
  ],
);

/** A member of a conversation, and the last message they read (read receipts). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversation_id: fk('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    user_id: fk('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_read_message_id: fk('last_read_message_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.user_id] }),
    index('conversation_members_user_id_idx').on(t.user_id),
    index('conversation_members_last_read_message_id_idx').on(t.last_read_message_id),
  ],
);

/** A message: plain text. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversation_id: fk('conversation_id')
      .notNull()
      .references((): AnyPgColumn => conversations.id, { onDelete: 'cascade' }),
    author_id: fk('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sent_at: timestamptz('sent_at').notNull(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversation_id, t.id),
    index('messages_author_id_idx').on(t.author_id),
  ],
);

/** `blocker_id` blocked `blocked_id`: no new conversation or one-to-one message between them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blocker_id: fk('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blocked_id: fk('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blocked_at: timestamptz('blocked_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blocker_id, t.blocked_id] }),
    index('user_blocks_blocked_id_idx').on(t.blocked_id),
    check('user_blocks_not_self_check', sql`${t.blocker_id} <> ${t.blocked_id}`),
  ],
);
