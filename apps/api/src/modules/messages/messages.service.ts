import type { ConversationBody } from '@skolar/shared';
import { deleteEvent, record } from '../../audit/audit.ts';
import { blockableScope, can, contactScope, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { signalLive } from '../../notify/notify.queries.ts';
import { notify } from '../../notify/notify.ts';
import {
  blockedBetween,
  blockedPeers,
  blockersOf,
  blocksIn,
  conversationsIn,
  deleteBlock,
  insertBlock,
  insertConversation,
  insertMessage,
  lastMessagesOf,
  latestMessageId,
  memberIdsOf,
  membersOf,
  messagesOf,
  notBlockedBy,
  pairConversation,
  peopleIn,
  readMessageNotifications,
  setLastRead,
  shareConversation,
  unreadCounts,
  withoutBlocks,
} from './messages.queries.ts';

// Messages (issue 33, decision 203): conversations among a few people of one institution who
// share a promotion, a group or a subject (the policy's `contactScope`); the members only read
// them; read receipts are each member's last read message; a block stops new conversations and
// one-to-one messages between two people, and hides the blocked person's messages from the
// blocker.

const PAGE = 50;
const fullName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`;
const truthy = (value: unknown) => value === true || value === 't';
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

type MessageRow = Awaited<ReturnType<typeof messagesOf>>[number];
const presentMessage = (actor: Actor, row: MessageRow) => ({
  id: row.id,
  author: { id: row.author_id, name: fullName(row) },
  body: row.body,
  sent_at: row.sent_at,
  mine: row.author_id === actor.userId,
});

/** The conversations of `ids` as their summaries for the actor. */
async function summaries(
  db: DbOrTx,
  actor: Actor,
  rows: Array<{ id: number; title: string | null }>,
) {
  const ids = rows.map((row) => row.id);
  const hidden = notBlockedBy(actor.userId);
  const [members, last, unread, blockedWith] = await Promise.all([
    membersOf(db, ids),
    lastMessagesOf(db, ids, hidden),
    unreadCounts(db, ids, actor.userId, hidden),
    blockedPeers(db, actor.userId),
  ]);
  const others = (id: number) =>
    members.filter((member) => member.conversation_id === id && member.id !== actor.userId);
  return rows.map((row) => {
    const peers = others(row.id);
    const latest = last.find((message) => message.conversation_id === row.id);
    return {
      id: row.id,
      title: row.title,
      members: peers.map((member) => ({
        id: member.id,
        name: fullName(member),
        staff: truthy(member.staff),
        last_read_message_id:
          member.last_read_message_id === null ? null : Number(member.last_read_message_id),
      })),
      last_message: latest ? presentMessage(actor, latest) : null,
      unread: Number(unread.find((count) => count.conversation_id === row.id)?.count ?? 0),
      blocked: peers.length === 1 && blockedWith.has(peers[0]!.id),
    };
  });
}

/** `GET /api/conversations`. */
export async function list(ctx: AppContext, actor: Actor) {
  const rows = await conversationsIn(ctx.db, can(actor, 'list', 'conversation').where);
  return { data: await summaries(ctx.db, actor, rows) };
}

/** `GET /api/conversations/contacts`: whom the actor may write to, blocks either way left out. */
export async function contacts(ctx: AppContext, actor: Actor, search?: string) {
  const rows = await peopleIn(ctx.db, reachable(actor), search);
  return {
    data: rows.map((row) => ({ id: row.id, name: fullName(row), staff: truthy(row.staff) })),
  };
}

/** The actor's contacts with no block between them, as a condition on `users`. */
const reachable = (actor: Actor) => withoutBlocks(contactScope(actor), actor.userId);

/** `GET /api/conversations/:id`: 404 unless the actor is a member. */
export async function read(ctx: AppContext, actor: Actor, id: number, before?: number) {
  const [row] = await conversationsIn(ctx.db, can(actor, 'read', 'conversation').where, id);
  if (!row) throw notFound();
  const [summary] = await summaries(ctx.db, actor, [row]);
  const page = await messagesOf(ctx.db, id, notBlockedBy(actor.userId), PAGE + 1, before);
  return {
    ...summary!,
    messages: page
      .slice(0, PAGE)
      .reverse()
      .map((message) => presentMessage(actor, message)),
    has_older: page.length > PAGE,
  };
}

/** Adds the message and tells the other members who did not block its author. */
async function post(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  conversationId: number,
  body: string,
) {
  const id = await insertMessage(tx, {
    conversation_id: conversationId,
    author_id: actor.userId,
    body,
    sent_at: ctx.clock.now(),
  });
  const others = (await memberIdsOf(tx, conversationId)).filter((user) => user !== actor.userId);
  const blockers = await blockersOf(tx, actor.userId, others);
  const [me] = await peopleIn(tx, undefined, undefined, [actor.userId]);
  await notify(
    ctx,
    tx,
    others.filter((user) => !blockers.has(user)),
    {
      type: 'message',
      params: { author: me ? fullName(me) : '', excerpt: excerpt(body) },
      link: `/messages/${conversationId}`,
      key: `message:${id}`,
    },
  );
  return id;
}

/**
 * `POST /api/conversations`: to contacts only (422 on `member_ids` otherwise, or with a block
 * between the author and one of them); to one person, in their existing conversation if any.
 */
export async function start(ctx: AppContext, actor: Actor, input: ConversationBody) {
  const institutionId = actor.institutionId;
  if (institutionId === null) throw notFound();
  const wanted = [...new Set(input.member_ids)].filter((id) => id !== actor.userId);
  const allowed = await peopleIn(ctx.db, contactScope(actor), undefined, wanted);
  if (wanted.length === 0 || allowed.length !== wanted.length) {
    throw validationFailed({ member_ids: ['messages.validation.members'] });
  }
  if (await blockedBetween(ctx.db, actor.userId, wanted)) {
    throw validationFailed({ member_ids: ['messages.validation.blocked'] });
  }
  await ctx.limits.hit('message:account', String(actor.userId));
  const id = await ctx.db.transaction(async (tx) => {
    const existing =
      wanted.length === 1 ? await pairConversation(tx, actor.userId, wanted[0]!) : undefined;
    const conversationId =
      existing ??
      (await insertConversation(
        tx,
        {
          institution_id: institutionId,
          started_by: actor.userId,
          title: wanted.length > 1 ? (input.title ?? null) : null,
          started_at: ctx.clock.now(),
          last_message_at: ctx.clock.now(),
        },
        [actor.userId, ...wanted],
      ));
    await post(ctx, tx, actor, conversationId, input.body.trim());
    return conversationId;
  });
  return read(ctx, actor, id);
}

/** `POST /api/conversations/:id/messages`: 409 in a one-to-one conversation with a block. */
export async function send(ctx: AppContext, actor: Actor, conversationId: number, body: string) {
  await requireAccess(ctx.db, actor, 'read', 'conversation', conversationId);
  const others = (await memberIdsOf(ctx.db, conversationId)).filter(
    (user) => user !== actor.userId,
  );
  if (others.length === 1 && (await blockedBetween(ctx.db, actor.userId, others))) {
    throw conflict('messages.validation.blocked');
  }
  await ctx.limits.hit('message:account', String(actor.userId));
  const id = await ctx.db.transaction((tx) => post(ctx, tx, actor, conversationId, body.trim()));
  const [row] = await messagesOf(ctx.db, conversationId, undefined, 1, id + 1);
  return presentMessage(actor, row!);
}

/** `POST /api/conversations/:id/read`: the read receipt moves to the latest message. */
export async function markRead(ctx: AppContext, actor: Actor, conversationId: number) {
  await requireAccess(ctx.db, actor, 'read', 'conversation', conversationId);
  await ctx.db.transaction(async (tx) => {
    const latest = await latestMessageId(tx, conversationId);
    if (latest !== null) await setLastRead(tx, conversationId, actor.userId, latest);
    const read = await readMessageNotifications(tx, actor.userId, conversationId, ctx.clock.now());
    if (read > 0) await signalLive(tx);
  });
}

/** `GET /api/me/blocks`. */
export async function blocks(ctx: AppContext, actor: Actor) {
  const rows = await blocksIn(ctx.db, can(actor, 'list', 'block').where);
  return {
    data: rows.map((row) => ({ id: row.id, name: fullName(row), blocked_at: row.blocked_at })),
  };
}

/**
 * `PUT /api/me/blocks/:userId`: someone the actor may write to or shares a conversation with
 * (404 otherwise: nobody else is known to them); a learner blocks only learners (422).
 */
export async function block(ctx: AppContext, actor: Actor, userId: number) {
  const known =
    userId !== actor.userId &&
    ((await peopleIn(ctx.db, contactScope(actor), undefined, [userId])).length > 0 ||
      (await shareConversation(ctx.db, actor.userId, userId)));
  if (!known) throw notFound();
  const blockable = await peopleIn(ctx.db, blockableScope(actor), undefined, [userId]);
  if (blockable.length === 0) {
    throw validationFailed({ userId: ['messages.validation.blockStaff'] });
  }
  await insertBlock(ctx.db, actor.userId, userId, ctx.clock.now());
}

/** `DELETE /api/me/blocks/:userId`: 404 unless the actor blocked them. */
export async function unblock(ctx: AppContext, actor: Actor, userId: number) {
  await requireAccess(ctx.db, actor, 'delete', 'block', userId);
  await ctx.db.transaction(async (tx) => {
    await deleteBlock(tx, actor.userId, userId);
    await record(tx, ctx, actor, {
      ...deleteEvent('block', userId),
      institutionId: actor.institutionId,
    });
  });
}
