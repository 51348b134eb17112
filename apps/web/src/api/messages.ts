import type {
  BlockList,
  Conversation,
  ConversationBody,
  ConversationSummary,
  Message,
} from '@skolar/shared';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, ok } from './client.ts';
import { useRefreshOnNotification } from './notifications.ts';

// Messages (issue 33, decision 203): one's conversations, one of them a page of messages at a
// time, writing, read receipts, whom one may write to, and the people one blocked.

/** The prefix of every conversation query: the list and each conversation. */
const conversationsKey = ['conversations'] as const;
/** The list of the reader's conversations, the latest first. */
const listKey = [...conversationsKey, 'list'] as const;
/** One conversation, its pages of messages (the latest first, each oldest first). */
const conversationKey = (id: number) => [...conversationsKey, 'one', id] as const;
/** Whom the reader may write to, by what they typed. */
const contactsKey = (search: string) => ['conversation-contacts', search] as const;
/** The people the reader blocked. */
const blocksKey = ['me', 'blocks'] as const;

/** How often an open conversation is asked again, the live stream aside (it is cheap). */
const CONVERSATION_REFRESH_MS = 15_000;

/**
 * The reader's conversations, the latest message first, each with what they have not read. Kept
 * live while shown: a notification of a new message asks the list again, and so does the unread
 * count going down (read in another tab).
 */
export function useConversations() {
  useRefreshOnNotification('message', listKey);
  return useQuery({
    queryKey: listKey,
    queryFn: () => ok(api.GET('/api/conversations')).then((answer) => answer.data),
  });
}

/** A conversation's pages: the first is the latest 50 messages; each next one is older. */
type ConversationPages = InfiniteData<Conversation, number | undefined>;

/** Fifty messages of a conversation, the latest before `before` when given (oldest first). */
const fetchConversation = (id: number, before?: number) =>
  ok(api.GET('/api/conversations/{id}', { params: { path: { id }, query: { before } } }));

/**
 * A conversation of the reader: its members and how far each has read, and its messages, the
 * latest 50 first loaded; `fetchNextPage` loads the 50 before the first one shown. Kept live while
 * open: asked again when a notification of a message arrives, and every 15 s besides.
 */
export function useConversation(id: number) {
  const key = conversationKey(id);
  useRefreshOnNotification('message', key);
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchConversation(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_older ? last.messages[0]?.id : undefined),
    refetchInterval: CONVERSATION_REFRESH_MS,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * Whom the reader may write to (20 at most), their names matching `search`; the previous answer
 * stays shown while the next one comes.
 */
export function useContacts(search: string, enabled = true) {
  return useQuery({
    queryKey: contactsKey(search),
    queryFn: () =>
      ok(
        api.GET('/api/conversations/contacts', {
          params: { query: { q: search || undefined } },
        }),
      ).then((answer) => answer.data),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * Starts a conversation (to one person, continues the one the two already have): the answer is
 * put in place for the conversation's page, and the list is asked again.
 */
export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversationBody) => ok(api.POST('/api/conversations', { body })),
    onSuccess: async (created) => {
      client.setQueryData<ConversationPages>(conversationKey(created.id), {
        pages: [created],
        pageParams: [undefined],
      });
      await client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** Puts a message the server answered at the end of the latest page, once. */
function appendMessage(data: ConversationPages | undefined, sent: Message) {
  const [latest, ...older] = data?.pages ?? [];
  if (!data || !latest || latest.messages.some((item) => item.id === sent.id)) return data;
  return {
    ...data,
    pages: [{ ...latest, messages: [...latest.messages, sent], last_message: sent }, ...older],
  };
}

/**
 * Sends a message to a conversation: shown at once when the server answers, then the
 * conversation and the list are asked again. A 409 means a block stands in a one-to-one.
 */
export function useSendMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      ok(
        api.POST('/api/conversations/{id}/messages', { params: { path: { id } }, body: { body } }),
      ),
    onSuccess: async (sent) => {
      client.setQueryData<ConversationPages>(conversationKey(id), (data) =>
        appendMessage(data, sent),
      );
      await client.invalidateQueries({ queryKey: conversationsKey });
    },
    // Refused (blocked meanwhile): the conversation says so once asked again.
    onError: () => client.invalidateQueries({ queryKey: conversationKey(id) }),
  });
}

/**
 * Marks a conversation read up to its latest message (the reader's receipt, and its
 * notifications): its unread count drops to nothing in the list at once, which is asked again.
 */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      ok(api.POST('/api/conversations/{id}/read', { params: { path: { id } } })),
    onMutate: (id) => {
      client.setQueryData<ConversationSummary[]>(listKey, (list) =>
        list?.map((item) => (item.id === id ? { ...item, unread: 0 } : item)),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

/** The people the reader blocked (`enabled` false to wait). */
export function useBlocks(enabled = true) {
  return useQuery({
    queryKey: blocksKey,
    queryFn: () => ok(api.GET('/api/me/blocks')).then((answer) => answer.data),
    enabled,
  });
}

/** After a block or its end: the blocks, the conversations (their `blocked`) and contacts change. */
async function afterBlockChange(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: blocksKey }),
    client.invalidateQueries({ queryKey: conversationsKey }),
    client.invalidateQueries({ queryKey: ['conversation-contacts'] }),
  ]);
}

/** Blocks someone (422 when a learner tries to block staff). */
export function useBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      ok(api.PUT('/api/me/blocks/{userId}', { params: { path: { userId } } })),
    onSuccess: () => afterBlockChange(client),
  });
}

/** Unblocks someone: gone from the blocks at once, then everything they touch is asked again. */
export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      ok(api.DELETE('/api/me/blocks/{userId}', { params: { path: { userId } } })),
    onSuccess: async (_, userId) => {
      client.setQueryData<BlockList['data']>(blocksKey, (list) =>
        list?.filter((item) => item.id !== userId),
      );
      await afterBlockChange(client);
    },
  });
}
