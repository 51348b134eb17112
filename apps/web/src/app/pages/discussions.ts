import type { PageRegistry } from './types.ts';

const discussions = () => import('../../features/discussions/index.ts');

/** The subjects' discussions: the threads of the subjects one reads, and one thread. */
export const discussionPages: PageRegistry = {
  '/discussions': () => discussions().then((m) => m.DiscussionsPage),
  '/discussions/:threadId': () => discussions().then((m) => m.DiscussionThreadPage),
};
