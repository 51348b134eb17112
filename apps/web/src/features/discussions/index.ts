// Discussions per subject (issue 33, decision 202): the threads of the subjects one reads, and a
// thread with its posts, replies and moderation.
export { DiscussionsPage } from './discussions-page.tsx';
export { DiscussionThreadPage } from './thread-page.tsx';
