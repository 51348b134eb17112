/**
 * The status of an evaluation for one student (domain.md), in order of precedence:
 * - `completed`: handed in (a finished attempt, a submitted project) or graded;
 * - `failed`: closed (the exam's window or the project's deadline has passed) with nothing handed
 *   in, or marked absent;
 * - `today`: due today (the exam's day, the project's deadline day) in the institution's zone;
 * - `important`: due within the next 72 hours;
 * - `soon`: otherwise.
 */
export const EVALUATION_STATUSES = ['soon', 'today', 'important', 'completed', 'failed'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

/** How close "important" is: 72 hours. */
export const IMPORTANT_WITHIN_MS = 72 * 3_600_000;

export interface StatusFacts {
  /** The server's clock. */
  now: Date;
  /** When the evaluation is due: an exam's window start, a project's deadline. */
  dueAt: Date;
  /** When it closes: an exam's window end, a project's deadline. */
  closesAt: Date;
  /** The due day and today, as `YYYY-MM-DD` in the institution's time zone. */
  dueDay: string;
  today: string;
  handedIn: boolean;
  graded: boolean;
  absent: boolean;
}

export function evaluationStatus(facts: StatusFacts): EvaluationStatus {
  if (facts.absent) return 'failed';
  if (facts.handedIn || facts.graded) return 'completed';
  if (facts.now.getTime() >= facts.closesAt.getTime()) return 'failed';
  if (facts.dueDay === facts.today) return 'today';
  if (facts.dueAt.getTime() - facts.now.getTime() <= IMPORTANT_WITHIN_MS) return 'important';
  return 'soon';
}
