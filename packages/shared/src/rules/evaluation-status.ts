/**
 * The status of an evaluation for one student (decisions 42 and 178), in order of precedence:
 * - `failed`: marked absent (a published absence);
 * - `completed`: graded (a published grade);
 * - `awaiting`: sat or handed in, its grade not published yet: a finished attempt or a submitted
 *   project, an online attempt started before the window closed (the closing job hands it in), or
 *   a paper exam whose window has closed (nothing online tells whether it was sat: only a
 *   published absence says it was not);
 * - `failed`: closed (the online exam's window or the project's deadline has passed) with nothing
 *   handed in;
 * - `today`: due today (the exam's day, the project's deadline day) in the institution's zone;
 * - `important`: due within the next 72 hours;
 * - `soon`: otherwise.
 */
export const EVALUATION_STATUSES = [
  'soon',
  'today',
  'important',
  'awaiting',
  'completed',
  'failed',
] as const;
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
  /** A finished attempt (by the student or the closing job), a project's first version. */
  handedIn: boolean;
  /** An online attempt was started (finished or not). */
  started: boolean;
  /** Skolar records the hand-in: a project, an exam with an online quiz (not a paper exam). */
  recordsHandIn: boolean;
  /** A published grade. */
  graded: boolean;
  /** A published absence. */
  absent: boolean;
}

export function evaluationStatus(facts: StatusFacts): EvaluationStatus {
  if (facts.absent) return 'failed';
  if (facts.graded) return 'completed';
  if (facts.handedIn) return 'awaiting';
  if (facts.now.getTime() >= facts.closesAt.getTime()) {
    return facts.started || !facts.recordsHandIn ? 'awaiting' : 'failed';
  }
  if (facts.dueDay === facts.today) return 'today';
  if (facts.dueAt.getTime() - facts.now.getTime() <= IMPORTANT_WITHIN_MS) return 'important';
  return 'soon';
}
