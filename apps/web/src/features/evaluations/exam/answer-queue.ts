import type { AttemptView } from '@skolar/shared';
/** A value typed for one question, with when it was typed by the server's clock (estimated). */
export interface QueuedAnswer {
  value: AttemptView['answers'][number]['value'];
  typed_at: string;
}
export type Queue = Record<string, QueuedAnswer>;

const keyOf = (attemptId: number) => `skolar.exam.${attemptId}`;

/**
 * The answers not yet acknowledged by the server, kept in localStorage per attempt (decision 44):
 * they survive a reload, a crash of the browser or a dropped connection, and are sent again with
 * their own typing time.
 */
export function readQueue(attemptId: number): Queue {
  try {
    const raw = localStorage.getItem(keyOf(attemptId));
    return raw ? (JSON.parse(raw) as Queue) : {};
  } catch {
    return {};
  }
}

export function writeQueue(attemptId: number, queue: Queue): void {
  if (Object.keys(queue).length === 0) localStorage.removeItem(keyOf(attemptId));
  else localStorage.setItem(keyOf(attemptId), JSON.stringify(queue));
}

const handInKeyOf = (attemptId: number) => `skolar.exam.${attemptId}.hand-in`;

/**
 * Whether a hand-in waits to be sent (the student confirmed it, or the time ran out, while the
 * connection was down): kept beside the answers' queue, so a reload still sends it, after them.
 */
export function readHandIn(attemptId: number): boolean {
  try {
    return localStorage.getItem(handInKeyOf(attemptId)) !== null;
  } catch {
    return false;
  }
}

export function writeHandIn(attemptId: number, queued: boolean): void {
  if (queued) localStorage.setItem(handInKeyOf(attemptId), new Date().toISOString());
  else localStorage.removeItem(handInKeyOf(attemptId));
}

/** Drops the entries the server acknowledged, unless they were typed again meanwhile. */
export function acknowledge(queue: Queue, sent: Queue): Queue {
  const rest: Queue = {};
  for (const [id, entry] of Object.entries(queue)) {
    if (sent[id]?.typed_at !== entry.typed_at) rest[id] = entry;
  }
  return rest;
}

/** The wait before the next try after `failures` failed sends: 1 s, 2 s, 4 s… up to 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The server's clock as seen from this device: the offset measured when an answer arrived
 * (server_now − local time at receipt), so a wrong device clock never counts.
 */
export function skewOf(serverNow: string, receivedAt: number): number {
  return Date.parse(serverNow) - receivedAt;
}

/** Minutes left at which the countdown is announced to screen readers. */
export const MILESTONES = [30, 15, 10, 5, 1];
