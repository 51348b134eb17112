import { useEffect } from 'react';

/**
 * Changes not yet acknowledged by the server, kept in localStorage under one key (decision 44,
 * the exam's answers; decision 198, a roll call): they survive a reload, a crash of the browser
 * or a dropped connection, and are sent again. Each entry carries a stamp (when it was made), so
 * that an entry changed again while it was being sent is not dropped with the sent one.
 */
export type Queue<T> = Record<string, T>;

export function readStoredQueue<T>(key: string): Queue<T> {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Queue<T>) : {};
  } catch {
    return {};
  }
}

export function writeStoredQueue<T>(key: string, queue: Queue<T>): void {
  if (Object.keys(queue).length === 0) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(queue));
}

/** Drops the entries the server acknowledged, unless they were made again meanwhile. */
export function acknowledgeSent<T>(
  queue: Queue<T>,
  sent: Queue<T>,
  stampOf: (entry: T) => string,
): Queue<T> {
  const rest: Queue<T> = {};
  for (const [id, entry] of Object.entries(queue)) {
    const before = sent[id];
    if (before === undefined || stampOf(before) !== stampOf(entry)) rest[id] = entry;
  }
  return rest;
}

/** The wait before the next try after `failures` failed sends: 1 s, 2 s, 4 s… up to 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * Sends what an earlier visit left waiting at once, and sends again as soon as the browser is
 * back online (the count of failed sends starts again); the pending retry is dropped on leaving.
 */
export function useSendWhenOnline(
  sync: () => unknown,
  enabled: boolean,
  failures: { current: number },
  timer: { current: ReturnType<typeof setTimeout> | undefined },
): void {
  useEffect(() => {
    if (!enabled) return;
    void sync();
    const online = () => {
      failures.current = 0;
      void sync();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [enabled, sync, failures, timer]);
}
