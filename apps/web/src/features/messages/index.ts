// Messages (issue 33, decision 203): the list of one's conversations with the composer of a new
// message and the people one blocked, and a conversation with its read receipts.
export { ConversationPage } from './conversation-page.tsx';
export { MessagesPage } from './messages-page.tsx';
