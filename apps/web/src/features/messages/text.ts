import type { ConversationSummary, Message } from '@skolar/shared';
import { formatInstant } from '../../lib/format.ts';

// What the message screens compute from the API's values: a conversation's name, the first words
// of its last message, a message's time, and where each member's read receipt goes.

/** Names as the language lists them: "Anna Martin et Ben Durand", "Anna, Ben and Chloé". */
export function listNames(names: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}

/** A conversation's name: its title, else the names of its other members. */
export function conversationName(
  conversation: Pick<ConversationSummary, 'title' | 'members'>,
  language: string,
): string {
  return (
    conversation.title ??
    listNames(
      conversation.members.map((member) => member.name),
      language,
    )
  );
}

/** The start of a message on one line, at most `max` characters, ended by "…" when cut. */
export function excerpt(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Whether two instants fall on the same day of the reader's clock. */
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/**
 * When a message was sent, as a conversation shows it: the time alone today ("14:05"), else the
 * day and the time ("23 nov. 2026, 14:05"). `now` is the reader's clock (a test gives its own).
 */
export function messageTime(iso: string, language: string, now: number = Date.now()): string {
  return sameDay(new Date(iso), new Date(now))
    ? formatInstant(iso, language, { timeStyle: 'short' })
    : formatInstant(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A member as far as their receipt goes: who, and the last message they read. */
interface Reader {
  name: string;
  last_read_message_id: number | null;
}

/**
 * Where the read receipts go: each other member under the reader's own latest message they have
 * read (its id ≤ their `last_read_message_id`), by message id, in the members' order. Messages of
 * others carry none; a member who has read none of the reader's messages is nowhere.
 */
export function receiptsOf(
  messages: readonly Pick<Message, 'id' | 'mine'>[],
  members: readonly Reader[],
): Map<number, string[]> {
  const mine = messages
    .filter((message) => message.mine)
    .map((message) => message.id)
    .sort((a, b) => b - a);
  const receipts = new Map<number, string[]>();
  for (const member of members) {
    const upTo = member.last_read_message_id;
    if (upTo === null) continue;
    const seen = mine.find((id) => id <= upTo);
    if (seen === undefined) continue;
    receipts.set(seen, [...(receipts.get(seen) ?? []), member.name]);
  }
  return receipts;
}
