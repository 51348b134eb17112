import type { AttemptView } from '@skolar/shared';
import { acknowledgeSent, readStoredQueue, writeStoredQueue } from '../../../lib/offline-queue.ts';

export { retryDelay } from '../../../lib/offline-queue.ts';
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
  return readStoredQueue<QueuedAnswer>(keyOf(attemptId));
}

export function writeQueue(attemptId: number, queue: Queue): void {
  writeStoredQueue(keyOf(attemptId), queue);
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
  return acknowledgeSent(queue, sent, (entry) => entry.typed_at);
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
