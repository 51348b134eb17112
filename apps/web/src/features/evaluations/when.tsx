import type { EvaluationType } from '@skolar/shared';
import { useTranslation } from 'react-i18next';

interface Timed {
  type: EvaluationType;
  date: string;
  start_time: string | null;
  end_time: string | null;
  deadline: string | null;
  /** The institution's zone. */
  time_zone: string;
}

/**
 * When an evaluation takes place, in words: an exam's day and window, a project's deadline. Days
 * and times are the institution's (the API answers them so), and so is a deadline's instant.
 */
export function useWhen() {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (evaluation: Timed) => {
    if (evaluation.type === 'project' && evaluation.deadline) {
      const instant = new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: evaluation.time_zone,
      });
      return `→ ${instant.format(new Date(evaluation.deadline))}`;
    }
    const date = day.format(new Date(`${evaluation.date}T12:00:00Z`));
    return evaluation.start_time && evaluation.end_time
      ? `${date}, ${evaluation.start_time} – ${evaluation.end_time}`
      : date;
  };
}

/** Where the window stands by a clock: not yet open, open, or closed. */
export function windowState(
  evaluation: { opens_at: string; closes_at: string },
  now: number,
): 'upcoming' | 'open' | 'closed' {
  if (now < Date.parse(evaluation.opens_at)) return 'upcoming';
  return now < Date.parse(evaluation.closes_at) ? 'open' : 'closed';
}
