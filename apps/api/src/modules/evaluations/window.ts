import { localDay, zonedInstant } from '../../time.ts';

/**
 * How long after its deadline an exam attempt still takes a write, for answers typed before the
 * deadline and queued by a browser that had lost its connection (decision 44). Only those are
 * kept: anything typed later is ignored, and the write closes the attempt. After this the attempt
 * is closed by the job (or by whatever touches it first) and every write answers 409.
 */
export const RECONNECT_GRACE_MS = 60_000;

/** The columns that place an evaluation in time (times are wall-clock in the institution's zone). */
export interface Timing {
  type: 'exam' | 'project';
  date: string;
  start_time: string | null;
  end_time: string | null;
  deadline: Date | null;
  /** A project's cut-off for late hand-ins (decision 195); exams have none. */
  late_until?: Date | null;
}

/**
 * When an evaluation opens and closes, as instants:
 * - an exam may be started from `date start_time` until `date end_time`;
 * - a project takes hand-ins from `date start_time` (midnight when no time is set) until `deadline`,
 *   or until its cut-off for late hand-ins (`late_until`, decision 195) when it has one.
 * `dueAt` is the instant the student's status counts from: the exam's start, the project's deadline
 * (a hand-in after it is late).
 */
export function evaluationWindow(timing: Timing, zone: string) {
  const opensAt = zonedInstant(timing.date, timing.start_time ?? '00:00', zone);
  if (timing.type === 'exam') {
    const closesAt = zonedInstant(timing.date, timing.end_time ?? '23:59:59', zone);
    return { opensAt, closesAt, dueAt: opensAt, dueDay: timing.date };
  }
  const dueAt = timing.deadline ?? opensAt;
  const closesAt = timing.late_until && timing.late_until > dueAt ? timing.late_until : dueAt;
  return { opensAt, closesAt, dueAt, dueDay: localDay(dueAt, zone) };
}

/**
 * A project's window for one student with their own deadline (an extension, decision 192): the
 * student's status counts, and their hand-ins are late, from that deadline when it is later than
 * the project's; the window closes at the later of it and the cut-off for late hand-ins.
 */
export function ownWindow(
  window: ReturnType<typeof evaluationWindow>,
  extension: { deadline: Date } | undefined,
  zone: string,
) {
  if (!extension || extension.deadline <= window.dueAt) return window;
  const dueAt = extension.deadline;
  const closesAt = dueAt > window.closesAt ? dueAt : window.closesAt;
  return { ...window, closesAt, dueAt, dueDay: localDay(dueAt, zone) };
}

/** True while the server's clock is inside the window: an exam may be started, a project handed in. */
export function isOpen(window: { opensAt: Date; closesAt: Date }, now: Date): boolean {
  return now.getTime() >= window.opensAt.getTime() && now.getTime() < window.closesAt.getTime();
}

/**
 * From when nothing of the evaluation takes an answer any more, so that a correction (or anything
 * else that reveals the answers) may reach its students (decision 173): a project at its
 * deadline, or at the latest of its students' own deadlines (`latestDeadline`, decision 192); an
 * exam once its window has closed and every attempt's deadline, with the reconnection
 * grace after it, has passed (`latestDeadline`: the latest deadline of its attempts, if any).
 */
export function answersClosedAt(
  type: Timing['type'],
  window: { closesAt: Date },
  latestDeadline: Date | null,
): Date {
  const last = Math.max(window.closesAt.getTime(), latestDeadline?.getTime() ?? 0);
  return new Date(type === 'project' ? last : last + RECONNECT_GRACE_MS);
}
