import type {
  DiscussionPost,
  DiscussionPostPatch,
  DiscussionReplyBody,
  DiscussionThread,
  DiscussionThreadBody,
  DiscussionThreadPatch,
  NotificationType,
} from '@skolar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fileBody, ok } from './client.ts';
import { useRefreshOnNotification } from './notifications.ts';

// Discussions per subject (issue 33, decision 202): the threads of the subjects one reads, a
// thread with its posts, opening one, replying, following, editing and removing one's posts,
// reporting, and staff's moderation (a question or not, the accepted answer, removals, reports).

/** The prefix of the lists and the threads: the live stream asks them again. */
const discussionsKey = ['discussions'] as const;
/** One page of the list, by subject and filter. */
const listKey = (query: DiscussionListQuery) => [...discussionsKey, 'list', query] as const;
/** One thread with its posts. */
const threadKey = (id: number) => [...discussionsKey, 'thread', id] as const;
/** The subjects whose discussions the reader reads, with their threads' count. */
const subjectsKey = ['discussion-subjects'] as const;
/** Whom a post in a subject may mention. */
const peopleKey = (subjectId: number) => ['discussion-people', subjectId] as const;

/** The notifications that say something changed in a thread: its list and page are asked again. */
const DISCUSSION_NOTIFICATIONS: readonly NotificationType[] = [
  'discussion_thread',
  'discussion_reply',
  'mention',
  'answer_accepted',
  'post_reported',
];

export type DiscussionFilter = 'all' | 'questions' | 'unanswered' | 'subscribed';

/** What the list asks: one subject or all, a filter, a page (25 threads each). */
export interface DiscussionListQuery {
  subject?: number;
  filter: DiscussionFilter;
  page: number;
}

/**
 * One page of the threads the reader reads, latest activity first. Kept live while shown: a
 * notification of a new thread, a reply, a mention, an accepted answer or a report asks it again.
 */
export function useDiscussions(query: DiscussionListQuery) {
  useRefreshOnNotification(DISCUSSION_NOTIFICATIONS, discussionsKey);
  return useQuery({
    queryKey: listKey(query),
    queryFn: () =>
      ok(
        api.GET('/api/discussions', {
          params: {
            query: {
              subject_id: query.subject,
              filter: query.filter === 'all' ? undefined : query.filter,
              page: query.page > 1 ? query.page : undefined,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The subjects whose discussions the reader reads (the picker's choices), with their counts. */
export function useDiscussionSubjects() {
  return useQuery({
    queryKey: subjectsKey,
    queryFn: () => ok(api.GET('/api/discussions/subjects')).then((answer) => answer.data),
    staleTime: 60_000,
  });
}

/** Whom a post in the subject may mention; waits for a subject. */
export function useDiscussionPeople(subjectId: number | undefined) {
  return useQuery({
    queryKey: peopleKey(subjectId ?? 0),
    queryFn: () =>
      ok(
        api.GET('/api/discussions/people', { params: { query: { subject_id: subjectId ?? 0 } } }),
      ).then((answer) => answer.data),
    enabled: subjectId !== undefined,
    staleTime: 5 * 60_000,
  });
}

/** A thread with its posts, kept live like the list (a reply, an accepted answer, a report). */
export function useDiscussion(id: number) {
  useRefreshOnNotification(DISCUSSION_NOTIFICATIONS, discussionsKey);
  return useQuery({
    queryKey: threadKey(id),
    queryFn: () => ok(api.GET('/api/discussions/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

/** The lists and the subjects' counts, asked again after a change of a thread. */
function useRefreshLists() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: [...discussionsKey, 'list'] }),
      client.invalidateQueries({ queryKey: subjectsKey }),
    ]);
  };
}

/** Opens a thread: its answer is the thread, kept for its page; the lists are asked again. */
export function useCreateDiscussion() {
  const client = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (body: DiscussionThreadBody) => ok(api.POST('/api/discussions', { body })),
    onSuccess: async (thread) => {
      client.setQueryData(threadKey(thread.id), thread);
      await refreshLists();
    },
  });
}

/** Staff mark a thread a question (or not) and accept an answer: the answer replaces the thread. */
export function useModerateDiscussion(id: number) {
  const client = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (patch: DiscussionThreadPatch) =>
      ok(api.PATCH('/api/discussions/{id}', { params: { path: { id } }, body: patch })),
    onSuccess: async (thread) => {
      client.setQueryData(threadKey(id), thread);
      await refreshLists();
    },
  });
}

/** Staff remove a whole thread: gone from the cache, the lists asked again. */
export function useRemoveDiscussion(id: number) {
  const client = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: () => ok(api.DELETE('/api/discussions/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      client.removeQueries({ queryKey: threadKey(id) });
      await refreshLists();
    },
  });
}

/** Follows a thread or stops following it: at once on screen, then as the server answers. */
export function useSubscribeDiscussion(id: number) {
  const client = useQueryClient();
  const set = (subscribed: boolean) =>
    client.setQueryData<DiscussionThread>(threadKey(id), (thread) =>
      thread ? { ...thread, subscribed } : thread,
    );
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      ok(
        api.PUT('/api/discussions/{id}/subscription', {
          params: { path: { id } },
          body: { subscribed },
        }),
      ),
    onMutate: (subscribed) => set(subscribed),
    onSuccess: async (answer) => {
      set(answer.subscribed);
      await client.invalidateQueries({ queryKey: [...discussionsKey, 'list'] });
    },
    onError: (_error, subscribed) => set(!subscribed),
  });
}

/** Replaces one post of a thread in the cache. */
function replacePost(thread: DiscussionThread | undefined, post: DiscussionPost) {
  return thread && { ...thread, posts: thread.posts.map((p) => (p.id === post.id ? post : p)) };
}

/** Replies to a thread: the reply joins it at once, then the thread and lists are asked again. */
export function useReplyDiscussion(id: number) {
  const client = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (body: DiscussionReplyBody) =>
      ok(api.POST('/api/discussions/{id}/posts', { params: { path: { id } }, body })),
    onSuccess: async (post) => {
      client.setQueryData<DiscussionThread>(threadKey(id), (thread) =>
        thread && !thread.posts.some((p) => p.id === post.id)
          ? { ...thread, posts: [...thread.posts, post], replies: thread.replies + 1 }
          : thread,
      );
      await Promise.all([client.invalidateQueries({ queryKey: threadKey(id) }), refreshLists()]);
    },
  });
}

/**
 * Edits one of the reader's posts within its window (409 after): the answer takes its place, then
 * the thread is asked again (the opening post's edit may have changed the title).
 */
export function useEditDiscussionPost(threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: DiscussionPostPatch }) =>
      ok(api.PATCH('/api/discussion-posts/{id}', { params: { path: { id } }, body: patch })),
    onSuccess: async (post, { patch }) => {
      client.setQueryData<DiscussionThread>(threadKey(threadId), (thread) => {
        const changed = replacePost(thread, post);
        return changed && patch.title !== undefined ? { ...changed, title: patch.title } : changed;
      });
      await client.invalidateQueries({ queryKey: threadKey(threadId) });
      if (patch.title !== undefined) {
        await client.invalidateQueries({ queryKey: [...discussionsKey, 'list'] });
      }
    },
  });
}

/** Removes a post (its author within the window, staff at any time): a trace stays. */
export function useRemoveDiscussionPost(threadId: number) {
  const client = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) =>
      ok(api.DELETE('/api/discussion-posts/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: threadKey(threadId) }),
        refreshLists(),
      ]);
    },
  });
}

/** A learner reports a post with a reason; staff are told. */
export function useReportDiscussionPost(threadId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      ok(
        api.POST('/api/discussion-posts/{id}/report', {
          params: { path: { id } },
          body: { reason },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: threadKey(threadId) }),
  });
}

/** Staff dismiss a post's open reports, keeping it: its reports go at once. */
export function useDismissDiscussionReports(threadId: number) {
  const client = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (id: number) =>
      ok(api.DELETE('/api/discussion-posts/{id}/reports', { params: { path: { id } } })),
    onSuccess: async (_answer, id) => {
      client.setQueryData<DiscussionThread>(threadKey(threadId), (thread) => {
        const post = thread?.posts.find((p) => p.id === id);
        return post ? replacePost(thread, { ...post, reports: [] }) : thread;
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: threadKey(threadId) }),
        refreshLists(),
      ]);
    },
  });
}

/** Uploads a file to attach to the reader's next post (a PDF or a picture): its id goes in the post. */
export function uploadDiscussionAttachment(file: File) {
  const form = new FormData();
  form.append('file', file);
  return ok(api.POST('/api/discussions/attachments', fileBody(form)));
}
