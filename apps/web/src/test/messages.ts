import type { BlockList, ContactList, Conversation, Message } from '@skolar/shared';
import { jsonResponse, mockFetch } from './fetch.ts';
import { studentInfo } from './fixtures.ts';

type Contact = ContactList['data'][number];

/** The reader of the tests (the signed-in student): Amina Diallo, 7. */
export const ME = { id: studentInfo.id, name: 'Amina Diallo' };
/** Learners the reader shares a promotion with, and a teacher (staff). */
export const ANNA: Contact = { id: 21, name: 'Anna Martin', staff: false };
export const BEN: Contact = { id: 22, name: 'Ben Durand', staff: false };
export const CHLOE: Contact = { id: 23, name: 'Chloé Petit', staff: false };
export const CLAIRE: Contact = { id: 12, name: 'Claire Moreau', staff: true };

/**
 * A message `Message <id>` by `from` (the reader by default, then `mine`), `minutesAgo` minutes
 * ago (60 - id by default, so a higher id is later).
 */
export function aMessage(
  id: number,
  overrides: Partial<Message> & { from?: { id: number; name: string }; minutesAgo?: number } = {},
): Message {
  const { from = ME, minutesAgo = 60 - id, ...rest } = overrides;
  return {
    id,
    author: { id: from.id, name: from.name },
    body: `Message ${id}`,
    sent_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    mine: from.id === ME.id,
    ...rest,
  };
}

/** A member of a conversation, who has read up to `lastRead` (nothing by default). */
export const aMember = (contact: Contact, lastRead: number | null = null) => ({
  ...contact,
  last_read_message_id: lastRead,
});

/**
 * A conversation with all its messages (oldest first): the server of the tests cuts it in pages.
 * Untitled, with Anna only, by default.
 */
export function aConversation(
  id: number,
  overrides: Partial<Omit<Conversation, 'last_message' | 'has_older'>> = {},
): Conversation {
  const messages = overrides.messages ?? [aMessage(id * 10, { from: ANNA })];
  return {
    id,
    title: null,
    members: [aMember(ANNA)],
    unread: 0,
    blocked: false,
    ...overrides,
    messages,
    last_message: messages.at(-1) ?? null,
    has_older: false,
  };
}

export interface MessagesServer {
  /** Every request, as `METHOD /path?query`. */
  asked: string[];
  /** The bodies sent, by request. */
  sent: Array<{ request: string; body: unknown }>;
  conversations: Conversation[];
  contacts: Contact[];
  blocks: BlockList['data'];
  /** How many messages a page holds (50 like the API, fewer to test the older ones). */
  pageSize: number;
  /** The answer of the next POST or PUT, instead of a success. */
  refuse?: { status: number; body: unknown };
}

/** The latest first, as the API lists them. */
const byLatest = (a: Conversation, b: Conversation) =>
  Date.parse(b.last_message?.sent_at ?? '') - Date.parse(a.last_message?.sent_at ?? '');

/** What the list says of a conversation: all but its messages. */
function summaryOf({ messages, has_older, ...summary }: Conversation) {
  return { ...summary, last_message: messages.at(-1) ?? null };
}

/** The messages' API, kept in memory: every request, the bodies sent. */
export function mockMessagesServer(
  state: Partial<Pick<MessagesServer, 'conversations' | 'contacts' | 'blocks' | 'pageSize'>> = {},
): MessagesServer {
  const server: MessagesServer = {
    asked: [],
    sent: [],
    conversations: [],
    contacts: [ANNA, BEN, CHLOE, CLAIRE],
    blocks: [],
    pageSize: 50,
    // A copy: the server changes its conversations, never the tests' own.
    ...structuredClone(state),
  };
  let next = 900;
  const refusal = () => {
    const { refuse } = server;
    server.refuse = undefined;
    return refuse && jsonResponse(refuse.status, refuse.body);
  };
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const request = `${method} ${url}`;
    server.asked.push(request);
    const [path = url, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (body !== undefined) server.sent.push({ request, body });

    if (path === '/api/conversations' && method === 'GET') {
      return jsonResponse(200, { data: server.conversations.toSorted(byLatest).map(summaryOf) });
    }
    if (path === '/api/conversations/contacts') {
      const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const data = server.contacts.filter((contact) =>
        words.every((word) => contact.name.toLowerCase().includes(word)),
      );
      return jsonResponse(200, { data });
    }
    if (path === '/api/conversations' && method === 'POST') {
      const refused = refusal();
      if (refused) return refused;
      const {
        member_ids,
        title,
        body: text,
      } = body as {
        member_ids: number[];
        title?: string | null;
        body: string;
      };
      next += 1;
      const created = aConversation(next, {
        title: title ?? null,
        members: member_ids.map((id) =>
          aMember(server.contacts.find((contact) => contact.id === id)!),
        ),
        messages: [aMessage(next * 10, { body: text, minutesAgo: 0 })],
      });
      server.conversations.push(created);
      return jsonResponse(201, created);
    }
    if (path === '/api/me/blocks' && method === 'GET') {
      return jsonResponse(200, { data: server.blocks });
    }
    const person = /^\/api\/me\/blocks\/(\d+)$/.exec(path);
    if (person && method === 'PUT') {
      const refused = refusal();
      if (refused) return refused;
      const id = Number(person[1]);
      const contact = server.contacts.find((item) => item.id === id)!;
      server.blocks.push({ id, name: contact.name, blocked_at: new Date().toISOString() });
      server.conversations = server.conversations.map((item) =>
        item.members.length === 1 && item.members[0]!.id === id ? { ...item, blocked: true } : item,
      );
      return new Response(null, { status: 204 });
    }
    if (person && method === 'DELETE') {
      const id = Number(person[1]);
      server.blocks = server.blocks.filter((item) => item.id !== id);
      server.conversations = server.conversations.map((item) =>
        item.members.length === 1 && item.members[0]!.id === id
          ? { ...item, blocked: false }
          : item,
      );
      return new Response(null, { status: 204 });
    }
    const one = /^\/api\/conversations\/(\d+)(\/messages|\/read)?$/.exec(path);
    const conversation = server.conversations.find((item) => item.id === Number(one?.[1]));
    if (one && !conversation) return jsonResponse(404, { message: 'Introuvable.' });
    if (one && conversation && !one[2] && method === 'GET') {
      const before = Number(query.get('before') ?? Number.POSITIVE_INFINITY);
      const earlier = conversation.messages.filter((message) => message.id < before);
      const page = earlier.slice(-server.pageSize);
      return jsonResponse(200, {
        ...summaryOf(conversation),
        messages: page,
        has_older: earlier.length > page.length,
      });
    }
    if (one && conversation && one[2] === '/messages' && method === 'POST') {
      const refused = refusal();
      if (refused) return refused;
      next += 1;
      const message = aMessage(next * 10, { body: (body as { body: string }).body, minutesAgo: 0 });
      conversation.messages = [...conversation.messages, message];
      return jsonResponse(201, message);
    }
    if (one && conversation && one[2] === '/read' && method === 'POST') {
      conversation.unread = 0;
      return new Response(null, { status: 204 });
    }
    throw new Error(`Unexpected request ${request}`);
  });
  return server;
}
