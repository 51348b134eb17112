import type { AttendanceMarkEntry, AttendanceSheet } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { attendanceSheetKey, saveAttendanceMarks } from '../../api/attendance.ts';
import { ApiError } from '../../lib/http.ts';
import {
  acknowledgeSent,
  type Queue,
  readStoredQueue,
  retryDelay,
  useSendWhenOnline,
  writeStoredQueue,
} from '../../lib/offline-queue.ts';

/** A roll-call line waiting to be sent, with when it was set on this device. */
export type QueuedMark = AttendanceMarkEntry & { stamp: string };

const keyOf = (sessionId: number) => `skolar.attendance.${sessionId}`;
export const lineKey = (studentId: number, halfDay: string) => `${studentId}:${halfDay}`;

export type SaveState = 'saved' | 'saving' | 'offline';

/**
 * The roll call of a session as this device sets it (decision 198): each line is kept in
 * localStorage until the server has it, sent at once, and sent again after a dropped connection
 * (with a growing wait, and as soon as the browser is back online), so nothing set offline is
 * lost, even across a reload. A line the server refuses (422: a learner who left meanwhile) is
 * dropped with a message. Answers the lines still waiting and how saving stands.
 */
export function useRollCall(sessionId: number, onRefused: (error: unknown) => void) {
  const client = useQueryClient();
  const [pending, setPending] = useState<Queue<QueuedMark>>(() =>
    readStoredQueue<QueuedMark>(keyOf(sessionId)),
  );
  const [state, setState] = useState<SaveState>(() =>
    Object.keys(readStoredQueue(keyOf(sessionId))).length > 0 ? 'offline' : 'saved',
  );
  const running = useRef(false);
  const again = useRef(false);
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refused = useRef(onRefused);
  refused.current = onRefused;

  const sync = useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        const queue = readStoredQueue<QueuedMark>(keyOf(sessionId));
        const lines = Object.values(queue);
        if (lines.length === 0) break;
        setState('saving');
        try {
          const sheet = await saveAttendanceMarks(
            sessionId,
            lines.map(({ stamp: _stamp, ...line }) => line),
          );
          client.setQueryData<AttendanceSheet>(attendanceSheetKey(sessionId), sheet);
          failures.current = 0;
        } catch (error) {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            // Refused as a whole (a learner no longer expected, the right to take it gone):
            // these lines cannot be saved by retrying; the server's roll call stands.
            refused.current(error);
            await client.invalidateQueries({ queryKey: attendanceSheetKey(sessionId) });
          } else {
            failures.current += 1;
            setState('offline');
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void sync(), retryDelay(failures.current));
            return;
          }
        }
        const rest = acknowledgeSent(
          readStoredQueue<QueuedMark>(keyOf(sessionId)),
          queue,
          (line) => line.stamp,
        );
        writeStoredQueue(keyOf(sessionId), rest);
        setPending(rest);
      } while (again.current || Object.keys(readStoredQueue(keyOf(sessionId))).length > 0);
      setState('saved');
    } finally {
      running.current = false;
    }
  }, [client, sessionId]);

  /** Sets lines (one or many): kept on the device at once, then sent. */
  const set = useCallback(
    (lines: AttendanceMarkEntry[]) => {
      const stamp = new Date().toISOString();
      const queue = readStoredQueue<QueuedMark>(keyOf(sessionId));
      for (const line of lines) queue[lineKey(line.student_id, line.half_day)] = { ...line, stamp };
      writeStoredQueue(keyOf(sessionId), queue);
      setPending(queue);
      void sync();
    },
    [sessionId, sync],
  );

  // Lines left by an earlier visit (a reload while offline) go at once, the rest once online.
  useSendWhenOnline(sync, true, failures, timer);

  return { pending, state, set };
}
