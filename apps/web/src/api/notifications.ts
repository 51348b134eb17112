import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesPatch,
  NotificationType,
} from '@skolar/shared';
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, ok } from './client.ts';

// The notification centre (issue 33, decision 200): a person's notifications by pages, the unread
// count, marking read, the live stream that keeps both up to date in every tab, the preferences
// and a mail's unsubscribe link.

/** The prefix of every notification query: the count and each list. */
const notificationsKey = ['notifications'] as const;
/** The unread count (the bell's badge), kept by every list answer, the marks and the stream. */
const unreadKey = [...notificationsKey, 'unread'] as const;
/** The prefix of the lists (all or unread only, by page size). */
const listsKey = [...notificationsKey, 'list'] as const;

/** A list's pages, each an answer of `GET /api/notifications`; the next one is older than `before`. */
type NotificationPages = InfiniteData<NotificationList, number | undefined>;

interface ListOptions {
  /** Only the unread ones. */
  unread?: boolean;
  /** The page size (1 to 100). */
  limit?: number;
  /** False to wait (the bell's panel loads its list when it opens). */
  enabled?: boolean;
}

const listKey = (unread: boolean, limit: number) => [...listsKey, { unread, limit }] as const;

/** One page of the reader's notifications, the latest first, older than `before` when given. */
const fetchNotifications = (query: { before?: number; unread?: boolean; limit: number }) =>
  ok(
    api.GET('/api/notifications', {
      params: {
        query: {
          before: query.before,
          unread: query.unread ? 'true' : undefined,
          limit: query.limit,
        },
      },
    }),
  );

/**
 * The reader's notifications, a page at a time ("load more" asks for those older than the last
 * one shown). Each answer also says the unread count, which the bell then shows.
 */
export function useNotifications({ unread = false, limit = 20, enabled = true }: ListOptions = {}) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: listKey(unread, limit),
    queryFn: async ({ pageParam }) => {
      const page = await fetchNotifications({ before: pageParam, unread, limit });
      client.setQueryData(unreadKey, page.unread);
      return page;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.data.at(-1)?.id : undefined),
    enabled,
    // The live stream keeps the lists current: opening the panel again does not ask at once.
    staleTime: 30_000,
  });
}

/**
 * How many of the reader's notifications are unread. Asked once (a page of one); the live stream
 * and every list answer keep it current afterwards, so it is not asked again for a minute.
 */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadKey,
    // Never undefined, whatever answers (a query's data may not be).
    queryFn: () => fetchNotifications({ limit: 1 }).then((answer) => answer.unread ?? 0),
    staleTime: 60_000,
  });
}

/** Changes the notifications the lists hold (each list's every page). */
function patchLists(client: QueryClient, change: (item: Notification) => Notification) {
  client.setQueriesData<NotificationPages>({ queryKey: listsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, data: page.data.map(change) })),
        }
      : data,
  );
}

/** Whether one of the lists holds the notification unread. */
function isUnreadInLists(client: QueryClient, id: number): boolean {
  return client
    .getQueriesData<NotificationPages>({ queryKey: listsKey })
    .some(([, data]) =>
      data?.pages.some((page) => page.data.some((item) => item.id === id && !item.read_at)),
    );
}

/**
 * Marks one notification read: at once in the lists and the count (the bell does not wait for
 * the server), then the count the server answers. A failure reloads both.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      ok(api.POST('/api/notifications/{id}/read', { params: { path: { id } } })),
    onMutate: async (id) => {
      const wasUnread = isUnreadInLists(client, id);
      const at = new Date().toISOString();
      patchLists(client, (item) =>
        item.id === id && !item.read_at ? { ...item, read_at: at } : item,
      );
      if (wasUnread) {
        client.setQueryData<number>(unreadKey, (count) =>
          count === undefined ? count : Math.max(0, count - 1),
        );
      }
    },
    onSuccess: ({ unread }) => client.setQueryData(unreadKey, unread),
    onError: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** Marks every notification read, at once on screen, then as the server answers. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.POST('/api/notifications/read-all')),
    onMutate: () => {
      const at = new Date().toISOString();
      patchLists(client, (item) => (item.read_at ? item : { ...item, read_at: at }));
      client.setQueryData(unreadKey, 0);
    },
    onSuccess: ({ unread }) => client.setQueryData(unreadKey, unread),
    onError: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/**
 * Puts a notification that just arrived in every list that shows it (the unread lists only when it
 * is unread), in its place by id, once: a stream that reconnects replays what it missed.
 */
function prependToLists(client: QueryClient, notification: Notification) {
  for (const [key, data] of client.getQueriesData<NotificationPages>({ queryKey: listsKey })) {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) continue;
    const options = key[2] as { unread?: boolean } | undefined;
    if (options?.unread && notification.read_at) continue;
    if (data.pages.some((page) => page.data.some((item) => item.id === notification.id))) continue;
    const at = first.data.findIndex((item) => item.id < notification.id);
    const items =
      at === -1 && first.has_more
        ? // Older than the whole first page while more pages follow: its place is further down.
          null
        : at === -1
          ? [...first.data, notification]
          : [...first.data.slice(0, at), notification, ...first.data.slice(at)];
    if (!items) continue;
    client.setQueryData<NotificationPages>(key, {
      ...data,
      pages: [{ ...first, data: items }, ...rest],
    });
  }
}

/** The address of the live stream (server-sent events). */
const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

type Arrival = (notification: Notification) => void;

/** What a component hears of the stream: each new notification, and the count going down. */
interface Listener {
  arrival: Arrival;
  drop: () => void;
}

/** The one stream of the tab, shared by whoever listens, closed when the last one leaves. */
let stream: { source: EventSource; client: QueryClient; users: number } | null = null;
const listeners = new Set<Listener>();

function readEvent<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * Opens the tab's stream, or joins it: `unread` sets the count (and, when it went down because
 * another tab or device read some, or their cause was withdrawn, reloads the lists and tells the
 * listeners); `notification` puts the new one at the top of the lists and tells the listeners. The browser reconnects by
 * itself, with the id of the last event, and the server replays what was missed.
 */
function joinStream(client: QueryClient): () => void {
  if (stream && stream.client !== client) {
    stream.source.close();
    stream = null;
  }
  if (!stream) {
    const source = new EventSource(NOTIFICATION_STREAM_URL);
    source.addEventListener('unread', (event) => {
      const answer = readEvent<{ unread: number }>(event);
      if (!answer || typeof answer.unread !== 'number') return;
      const before = client.getQueryData<number>(unreadKey);
      client.setQueryData(unreadKey, answer.unread);
      if (before !== undefined && answer.unread < before) {
        void client.invalidateQueries({ queryKey: listsKey });
        for (const listener of listeners) listener.drop();
      }
    });
    source.addEventListener('notification', (event) => {
      const notification = readEvent<Notification>(event);
      if (!notification || typeof notification.id !== 'number') return;
      prependToLists(client, notification);
      for (const listener of listeners) listener.arrival(notification);
    });
    stream = { source, client, users: 0 };
  }
  const joined = stream;
  joined.users += 1;
  return () => {
    joined.users -= 1;
    if (joined.users === 0 && stream === joined) {
      joined.source.close();
      stream = null;
    }
  };
}

/**
 * Keeps the tab's live stream of notifications open while `active` (signed in) and the component
 * is shown: one connection per tab however many components use it. `onArrival` hears each new
 * notification (to announce it), `onDrop` the unread count going down. Without EventSource (an
 * old browser, tests), nothing opens: the count is then asked again when it gets stale.
 */
export function useNotificationStream(active: boolean, onArrival?: Arrival, onDrop?: () => void) {
  const client = useQueryClient();
  const heard = useRef({ onArrival, onDrop });
  heard.current = { onArrival, onDrop };
  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return;
    const listener: Listener = {
      arrival: (notification) => heard.current.onArrival?.(notification),
      drop: () => heard.current.onDrop?.(),
    };
    listeners.add(listener);
    const leave = joinStream(client);
    return () => {
      listeners.delete(listener);
      leave();
    };
  }, [active, client]);
}

/**
 * Keeps a query of what notifications of `type` (or of one of several types) tell about live while
 * the component is shown: asked again when one arrives (an announcement out), and when the unread
 * count goes down (a withdrawn announcement takes its notifications with it, decision 201). It
 * joins the tab's one stream.
 */
export function useRefreshOnNotification(
  type: NotificationType | readonly NotificationType[],
  queryKey: QueryKey,
) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey });
  const types: readonly NotificationType[] = typeof type === 'string' ? [type] : type;
  useNotificationStream(
    true,
    (notification) => {
      if (types.includes(notification.type)) refresh();
    },
    refresh,
  );
}

/** The query key of the reader's notification preferences. */
const preferencesKey = ['me', 'notification-preferences'] as const;

/** How the reader receives each type of notification, and the daily digest's hour and zone. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () => ok(api.GET('/api/me/notification-preferences')),
  });
}

/** Changes only the fields given; the answer (the whole preferences) replaces the cached ones. */
export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesPatch) =>
      ok(api.PATCH('/api/me/notification-preferences', { body })),
    onSuccess: (answer: NotificationPreferences) => client.setQueryData(preferencesKey, answer),
  });
}

/** What a mail's unsubscribe link would stop (the JSON answer, not the browser's redirect). */
export const fetchUnsubscribe = (token: string) =>
  ok(
    api.GET('/api/notifications/unsubscribe/{token}', {
      params: { path: { token } },
      headers: { Accept: 'application/json' },
    }),
  );

/** Follows a mail's unsubscribe link: 410 when it was used, 404 when it is not one, 429 slowed. */
export const confirmUnsubscribe = (token: string) =>
  ok(api.POST('/api/notifications/unsubscribe/{token}', { params: { path: { token } } }));
