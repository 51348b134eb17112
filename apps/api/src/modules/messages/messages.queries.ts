import { and, asc, desc, eq, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  conversationMembers,
  conversations,
  messages,
  notifications,
  userBlocks,
  users,
} from '../../db/schema/index.ts';

const STAFF = sql<boolean>`${users.role} <> 'student'`;

/** The conversations within `scope`, the latest message first (100 at most). */
export function conversationsIn(db: DbOrTx, scope: SQL, id?: number) {
  return db
    .select({ id: conversations.id, title: conversations.title })
    .from(conversations)
    .where(and(scope, id === undefined ? undefined : eq(conversations.id, id)))
    .orderBy(desc(conversations.last_message_at), desc(conversations.id))
    .limit(100);
}

/** The members of the conversations, with their names and how far they read. */
export function membersOf(db: DbOrTx, conversationIds: number[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      conversation_id: conversationMembers.conversation_id,
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      staff: STAFF,
      last_read_message_id: conversationMembers.last_read_message_id,
    })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.user_id))
    .where(inArray(conversationMembers.conversation_id, conversationIds))
    .orderBy(asc(users.last_name), asc(users.first_name));
}

const messageColumns = {
  id: messages.id,
  conversation_id: messages.conversation_id,
  author_id: messages.author_id,
  first_name: users.first_name,
  last_name: users.last_name,
  body: messages.body,
  sent_at: messages.sent_at,
};

/** The latest message of each conversation, leaving out the authors in `hidden`. */
export function lastMessagesOf(db: DbOrTx, conversationIds: number[], hidden: SQL) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([messages.conversation_id], messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.author_id))
    .where(and(inArray(messages.conversation_id, conversationIds), hidden))
    .orderBy(messages.conversation_id, desc(messages.id));
}

/** Per conversation, the messages of others after the user's last read one (not `hidden`). */
export function unreadCounts(db: DbOrTx, conversationIds: number[], userId: number, hidden: SQL) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select({ conversation_id: messages.conversation_id, count: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.user_id, userId),
      ),
    )
    .where(
      and(
        inArray(messages.conversation_id, conversationIds),
        ne(messages.author_id, userId),
        sql`${messages.id} > coalesce(${conversationMembers.last_read_message_id}, 0)`,
        hidden,
      ),
    )
    .groupBy(messages.conversation_id);
}

/** A page of a conversation's messages before `before` (newest first), `limit` of them. */
export function messagesOf(
  db: DbOrTx,
  conversationId: number,
  hidden: SQL | undefined,
  limit: number,
  before?: number,
) {
  return db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.author_id))
    .where(
      and(
        eq(messages.conversation_id, conversationId),
        before === undefined ? undefined : lt(messages.id, before),
        hidden,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** A condition on `messages` leaving out those of the people the user blocked. */
export const notBlockedBy = (userId: number) =>
  sql`${messages.author_id} not in (select ${userBlocks.blocked_id} from ${userBlocks} where ${userBlocks.blocker_id} = ${userId})`;

/** A condition on `users` leaving out whom the user blocked and who blocked them. */
const noBlockWith = (userId: number) =>
  and(
    sql`${users.id} not in (select ${userBlocks.blocked_id} from ${userBlocks} where ${userBlocks.blocker_id} = ${userId})`,
    sql`${users.id} not in (select ${userBlocks.blocker_id} from ${userBlocks} where ${userBlocks.blocked_id} = ${userId})`,
  )!;

/** `scope` (a condition on `users`) without whom the user blocked or who blocked them. */
export const withoutBlocks = (scope: SQL, userId: number) => and(scope, noBlockWith(userId))!;

/** The people with whom a block stands, either way. */
export async function blockedPeers(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ blocker: userBlocks.blocker_id, blocked: userBlocks.blocked_id })
    .from(userBlocks)
    .where(or(eq(userBlocks.blocker_id, userId), eq(userBlocks.blocked_id, userId)));
  return new Set(rows.map((row) => (row.blocker === userId ? row.blocked : row.blocker)));
}

/** The people within `scope` (a condition on `users`), by name, 20 at most. */
export function peopleIn(db: DbOrTx, scope: SQL | undefined, search?: string, ids?: number[]) {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      staff: STAFF,
    })
    .from(users)
    .where(
      and(
        scope,
        ids === undefined ? undefined : inArray(users.id, ids),
        ...words.map((word) =>
          or(ilike(users.first_name, `%${word}%`), ilike(users.last_name, `%${word}%`)),
        ),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id))
    .limit(ids === undefined ? 20 : ids.length);
}

/** Whether any block stands between the user and one of the others, either way. */
export async function blockedBetween(db: DbOrTx, userId: number, others: number[]) {
  if (others.length === 0) return false;
  const rows = await db
    .select({ blocker: userBlocks.blocker_id })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blocker_id, userId), inArray(userBlocks.blocked_id, others)),
        and(inArray(userBlocks.blocker_id, others), eq(userBlocks.blocked_id, userId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Those of `userIds` who blocked `authorId`. */
export async function blockersOf(db: DbOrTx, authorId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: userBlocks.blocker_id })
    .from(userBlocks)
    .where(and(eq(userBlocks.blocked_id, authorId), inArray(userBlocks.blocker_id, userIds)));
  return new Set(rows.map((row) => row.id));
}

/** The one-to-one conversation of the two people, if they have one. */
export async function pairConversation(db: DbOrTx, a: number, b: number) {
  const [row] = await db
    .select({ id: conversationMembers.conversation_id })
    .from(conversationMembers)
    .where(inArray(conversationMembers.user_id, [a, b]))
    .groupBy(conversationMembers.conversation_id)
    .having(
      sql`count(*) = 2 and (select count(*) from ${conversationMembers} m where m.conversation_id = ${conversationMembers.conversation_id}) = 2`,
    )
    .limit(1);
  return row?.id;
}

export async function insertConversation(
  db: DbOrTx,
  values: typeof conversations.$inferInsert,
  memberIds: number[],
) {
  const [row] = await db.insert(conversations).values(values).returning({ id: conversations.id });
  await db
    .insert(conversationMembers)
    .values(memberIds.map((user_id) => ({ conversation_id: row!.id, user_id })));
  return row!.id;
}

/** The ids of the conversation's members. */
export async function memberIdsOf(db: DbOrTx, conversationId: number) {
  const rows = await db
    .select({ id: conversationMembers.user_id })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversation_id, conversationId));
  return rows.map((row) => row.id);
}

/** Adds a message, moves the conversation up, and counts it read by its author. */
export async function insertMessage(
  db: DbOrTx,
  values: { conversation_id: number; author_id: number; body: string; sent_at: Date },
) {
  const [row] = await db.insert(messages).values(values).returning({ id: messages.id });
  await db
    .update(conversations)
    .set({ last_message_at: values.sent_at })
    .where(eq(conversations.id, values.conversation_id));
  await setLastRead(db, values.conversation_id, values.author_id, row!.id);
  return row!.id;
}

/** Moves the member's read receipt forward to `messageId` (never back). */
export async function setLastRead(
  db: DbOrTx,
  conversationId: number,
  userId: number,
  messageId: number,
) {
  await db
    .update(conversationMembers)
    .set({ last_read_message_id: messageId })
    .where(
      and(
        eq(conversationMembers.conversation_id, conversationId),
        eq(conversationMembers.user_id, userId),
        sql`coalesce(${conversationMembers.last_read_message_id}, 0) < ${messageId}`,
      ),
    );
}

/** The conversation's latest message id. */
export async function latestMessageId(db: DbOrTx, conversationId: number) {
  const [row] = await db
    .select({ id: sql<number | null>`max(${messages.id})` })
    .from(messages)
    .where(eq(messages.conversation_id, conversationId));
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** Marks read the user's unread notifications of the conversation; answers how many. */
export async function readMessageNotifications(
  db: DbOrTx,
  userId: number,
  conversationId: number,
  at: Date,
) {
  const rows = await db
    .update(notifications)
    .set({ read_at: at })
    .where(
      and(
        eq(notifications.user_id, userId),
        eq(notifications.type, 'message'),
        eq(notifications.link, `/messages/${conversationId}`),
        isNull(notifications.read_at),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Whom the user blocked, with names. */
export function blocksIn(db: DbOrTx, scope: SQL) {
  return db
    .select({
      id: userBlocks.blocked_id,
      first_name: users.first_name,
      last_name: users.last_name,
      blocked_at: userBlocks.blocked_at,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blocked_id))
    .where(scope)
    .orderBy(asc(users.last_name), asc(users.first_name));
}

export async function insertBlock(db: DbOrTx, blockerId: number, blockedId: number, at: Date) {
  await db
    .insert(userBlocks)
    .values({ blocker_id: blockerId, blocked_id: blockedId, blocked_at: at })
    .onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: number, blockedId: number) {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blocker_id, blockerId), eq(userBlocks.blocked_id, blockedId)));
}

/** Whether the two share a conversation. */
export async function shareConversation(db: DbOrTx, a: number, b: number) {
  const rows = await db
    .select({ id: conversationMembers.conversation_id })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.user_id, b),
        sql`${conversationMembers.conversation_id} in (select m.conversation_id from ${conversationMembers} m where m.user_id = ${a})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
