import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { optionalText, requiredText } from './common-fields.ts';

// Messages (issue 33, decision 203): one-to-one and small-group conversations between people of
// one institution who share a promotion, a group or a subject (and its admins), with read
// receipts and blocking.

/** A conversation has at most this many people, its author included. */
export const CONVERSATION_MAX_MEMBERS = 10;

/** A message is plain text of at most this many characters. */
export const MESSAGE_MAX_LENGTH = 4000;

const messageText = requiredText(MESSAGE_MAX_LENGTH);

/** `POST /api/conversations`: whom to write to (1 to 9 people), an optional title, the first message. */
export const conversationBody = z.object({
  member_ids: z
    .array(z.number().int().positive(), { error: 'messages.validation.members' })
    .min(1, { error: 'messages.validation.members' })
    .max(CONVERSATION_MAX_MEMBERS - 1, { error: 'messages.validation.members' }),
  title: optionalText(120),
  body: messageText,
});
export type ConversationBody = z.input<typeof conversationBody>;

/** `POST /api/conversations/:id/messages`. */
export const messageBody = z.object({ body: messageText });
export type MessageBody = z.input<typeof messageBody>;

const member = z.object({
  id: z.number().int(),
  name: z.string(),
  staff: z.boolean(),
  /** The last message this member has read (read receipts); null before any. */
  last_read_message_id: z.number().int().nullable(),
});

export const message = z.object({
  id: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  body: z.string(),
  sent_at: z.date(),
  mine: z.boolean(),
});
export type Message = Wire<z.output<typeof message>>;

/** A conversation as the list shows it. */
export const conversationSummary = z.object({
  id: z.number().int(),
  /** Its title, or null: the members' names stand for it. */
  title: z.string().nullable(),
  /** The other members. */
  members: z.array(member),
  last_message: message.nullable(),
  unread: z.number().int(),
  /** One-to-one with someone the reader blocked, or who blocked them: no new message. */
  blocked: z.boolean(),
});
export type ConversationSummary = Wire<z.output<typeof conversationSummary>>;

export const conversationList = z.object({ data: z.array(conversationSummary) });
export type ConversationList = Wire<z.output<typeof conversationList>>;

/** `GET /api/conversations/:id?before=`: the latest messages (50), oldest first. */
export const conversation = conversationSummary.extend({
  messages: z.array(message),
  /** Whether older messages exist before the first one given. */
  has_older: z.boolean(),
});
export type Conversation = Wire<z.output<typeof conversation>>;

export const conversationQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
});

/** `GET /api/conversations/contacts?q=`: whom the reader may write to. */
export const contactsQuery = z.object({ q: z.string().trim().max(100).optional() });
export const contactList = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), staff: z.boolean() })),
});
export type ContactList = Wire<z.output<typeof contactList>>;

/** `GET /api/me/blocks`: the people the reader blocked. */
export const blockList = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), blocked_at: z.date() })),
});
export type BlockList = Wire<z.output<typeof blockList>>;
