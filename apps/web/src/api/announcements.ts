import type { Announcement, AnnouncementBody, AnnouncementPatch } from '@skolar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from './client.ts';
import { useRefreshOnNotification } from './notifications.ts';

// Announcements (issue 33, decision 201): the list a person sees (pinned first, then the latest),
// where staff may post, and posting, editing, pinning and withdrawing one.

/** The list's key: the live stream asks it again when an announcement comes out or is withdrawn. */
const announcementsKey = ['announcements'] as const;
/** Where the reader may post (staff only); its own key, which the stream leaves alone. */
const audiencesKey = ['announcement-audiences'] as const;

/**
 * The announcements the reader sees: a learner's once out, staff's scheduled ones too; pinned
 * first, then the latest. Kept live while shown: a notification of a new announcement, or one
 * taken back, asks the list again.
 */
export function useAnnouncements() {
  useRefreshOnNotification('announcement', announcementsKey);
  return useQuery({
    queryKey: announcementsKey,
    queryFn: () => ok(api.GET('/api/announcements')).then((answer) => answer.data),
  });
}

/** Where the reader may post: the institution or not, their promotions and groups (staff only). */
export function useAnnouncementAudiences(enabled: boolean) {
  return useQuery({
    queryKey: audiencesKey,
    queryFn: () => ok(api.GET('/api/announcements/audiences')),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The list's order, as the server sorts it: pinned first, then the latest to appear. */
function byPinnedThenLatest(a: Announcement, b: Announcement): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    Date.parse(b.publish_at) - Date.parse(a.publish_at) ||
    b.id - a.id
  );
}

/** Puts the announcement the server answered in place of its former self, in the list's order. */
function replaceInList(list: Announcement[] | undefined, saved: Announcement) {
  return list?.map((item) => (item.id === saved.id ? saved : item)).sort(byPinnedThenLatest);
}

/** Posts an announcement (out at once, or at `publish_at`); the list is asked again. */
export function useCreateAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => ok(api.POST('/api/announcements', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementsKey }),
  });
}

/**
 * Changes only the fields given (title, text, pinned, the instant of a scheduled one): the answer
 * takes its place at once, then the list is asked again (pinning moves it).
 */
export function useUpdateAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AnnouncementPatch }) =>
      ok(api.PATCH('/api/announcements/{id}', { params: { path: { id } }, body: patch })),
    onSuccess: async (saved) => {
      client.setQueryData<Announcement[]>(announcementsKey, (list) => replaceInList(list, saved));
      await client.invalidateQueries({ queryKey: announcementsKey });
    },
  });
}

/** Withdraws an announcement: gone from the list at once, then the list is asked again. */
export function useWithdrawAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      ok(api.DELETE('/api/announcements/{id}', { params: { path: { id } } })),
    onSuccess: async (_, id) => {
      client.setQueryData<Announcement[]>(announcementsKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      await client.invalidateQueries({ queryKey: announcementsKey });
    },
  });
}
