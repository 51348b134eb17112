import type { Notification, NotificationList } from '@skolar/shared';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A published grade of `Partiel <id>` in Algorithmique, `minutesAgo` minutes ago (5 by default):
 * "Résultat publié : Partiel 3 (Algorithmique)", unread unless `read_at` says otherwise.
 */
export function aNotification(
  id: number,
  overrides: Partial<Notification> & { minutesAgo?: number } = {},
): Notification {
  const { minutesAgo = 5, ...rest } = overrides;
  return {
    id,
    type: 'grade_published',
    params: { evaluation: `Partiel ${id}`, subject: 'Algorithmique' },
    link: '/results',
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    read_at: null,
    ...rest,
  };
}

/** A page of `GET /api/notifications`. */
export const aPage = (data: Notification[], unread: number, hasMore = false): NotificationList => ({
  data,
  unread,
  has_more: hasMore,
});

/**
 * The browser's EventSource as the tests drive it: each one opened is kept, and `emit` sends it
 * an event as the server would (`event:` and `data:` lines).
 */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
  }

  /** Sends an event of this type with its data as JSON, inside React's act. */
  emit(type: string, data: unknown, lastEventId = '') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId });
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }

  /** The streams still open. */
  static live(): FakeEventSource[] {
    return FakeEventSource.opened.filter((source) => !source.closed);
  }
}

/** Puts the fake EventSource in place of the browser's for one test. */
export function mockEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}
