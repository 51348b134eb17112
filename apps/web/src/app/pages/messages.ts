import type { PageRegistry } from './types.ts';

const messages = () => import('../../features/messages/index.ts');

/** Messages: one's conversations, a new message, the people one blocked, and a conversation. */
export const messagePages: PageRegistry = {
  '/messages': () => messages().then((m) => m.MessagesPage),
  '/messages/:conversationId': () => messages().then((m) => m.ConversationPage),
};
