import { localDay, zonedInstant } from '../../time.ts';

/** The columns that place an evaluation in time (times are wall-clock in the institution's zone). */
export interface Timing {
  type: 'exam' | 'project';
  date: string;
  start_time: string | null;
  end_time: string | null;
  deadline: Date | null;
}

/**
 * When an evaluation opens and closes, as instants:
 * - an exam may be started from `date start_time` until `date end_time`;
 * - a project takes hand-ins from `date start_time` (midnight when no time is set) until `deadline`.
 * `dueAt` is the instant the student's status counts from: the exam's start, the project's deadline.
 */
export function evaluationWindow(timing: Timing, zone: string) {
  const opensAt = zonedInstant(timing.date, timing.start_time ?? '00:00', zone);
  if (timing.type === 'exam') {
    const closesAt = zonedInstant(timing.date, timing.end_time ?? '23:59:59', zone);
    return { opensAt, closesAt, dueAt: opensAt, dueDay: timing.date };
  }
  const closesAt = timing.deadline ?? opensAt;
  return { opensAt, closesAt, dueAt: closesAt, dueDay: localDay(closesAt, zone) };
}

/** True while the server's clock is inside the window: an exam may be started, a project handed in. */
export function isOpen(window: { opensAt: Date; closesAt: Date }, now: Date): boolean {
  return now.getTime() >= window.opensAt.getTime() && now.getTime() < window.closesAt.getTime();
}
