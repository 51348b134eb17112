import { type CalendarEntry, opens, roleMay } from '@skolar/shared';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { EvaluationRow } from '../evaluations/evaluations.queries.ts';
import { evaluationWindow } from '../evaluations/window.ts';
import { episodesFor, evaluationsOverlapping, type InstantRange } from './events.queries.ts';

/** An entry from the courses, as the API builds it (instants as `Date`). */
export type DerivedEntry = Omit<CalendarEntry, 'starts_at' | 'ends_at' | 'occurrence_start'> & {
  starts_at: Date;
  ends_at: Date;
  occurrence_start: null;
};

/**
 * One colour per kind, dark enough for white text (contrast ≥ 4.5:1) and told apart without
 * relying on hue alone (the kind is also in the entry's title and its page). Decision 76.
 */
const KIND_COLOURS = {
  exam: '#B42318',
  deadline: '#B54708',
  episode: '#175CD3',
} as const;

/** A project deadline is shown as the half hour that ends at it (decision 76). */
const DEADLINE_SPAN_MS = 30 * 60 * 1000;

const SEPARATOR = ' · ';

const base = {
  event_id: null,
  occurrence_start: null,
  all_day: false,
  audience: null,
  repeating: false,
  editable: false,
} as const;

function evaluationEntry(row: EvaluationRow, student: boolean): DerivedEntry {
  const href = student
    ? `/evaluation-details/${row.id}`
    : `/${row.subject.id}/evaluations/${row.id}`;
  const title = `${row.title}${SEPARATOR}${row.subject.name}`;
  const shared = {
    ...base,
    title,
    description: row.location ?? null,
    audience_label: row.training.title,
    href,
  };
  const window = evaluationWindow(row, row.time_zone);
  if (row.type === 'exam') {
    return {
      ...shared,
      key: `exam:${row.id}`,
      kind: 'exam',
      starts_at: window.opensAt,
      ends_at: window.closesAt,
      color_code: KIND_COLOURS.exam,
    };
  }
  return {
    ...shared,
    key: `deadline:${row.id}`,
    kind: 'deadline',
    starts_at: new Date(window.closesAt.getTime() - DEADLINE_SPAN_MS),
    ends_at: window.closesAt,
    color_code: KIND_COLOURS.deadline,
  };
}

type EpisodeRow = Awaited<ReturnType<typeof episodesFor>>[number];

function episodeEntry(row: EpisodeRow, student: boolean): DerivedEntry {
  return {
    ...base,
    key: `episode:${row.id}`,
    kind: 'episode',
    title: `${row.title}${SEPARATOR}${row.seminar_title}`,
    description: [row.location, row.online_link].filter(Boolean).join('\n') || null,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    color_code: KIND_COLOURS.episode,
    audience_label: row.seminar_title,
    href: student
      ? `/${row.seminar_id}/episodes/${row.id}?eventType=seminar`
      : `/${row.promotion_id}/${row.seminar_id}/episodes/${row.id}`,
  };
}

/**
 * The exams, project deadlines and seminar episodes of the actor's promotions and groups that fall
 * in the range (all of them, for the feed, when it is null): read-only, coloured by kind, each with
 * the link to its page. What the actor sees is what the policy lets them list (a student, their
 * promotions' trainings and seminars; staff, their scope), non-archived only; the super-admin,
 * who belongs to no institution, gets none. Two queries.
 */
export async function derivedEntries(
  db: DbOrTx,
  actor: Actor,
  range: InstantRange | null,
): Promise<DerivedEntry[]> {
  // Who belongs to no institution (the super-admin) follows no course.
  if (actor.institutionId === null) return [];
  // The links lead to the pages the actor opens: the student's own, or the staff's.
  const student = opens(actor.role, '/evaluation-details/:id');
  const [evaluationRows, episodeRows] = await Promise.all([
    roleMay(actor.role, 'list', 'evaluation')
      ? evaluationsOverlapping(db, can(actor, 'list', 'evaluation').where, range)
      : [],
    roleMay(actor.role, 'list', 'episode') ? episodesFor(db, actor, range) : [],
  ]);
  return [
    ...evaluationRows.map((row) => evaluationEntry(row, student)),
    ...episodeRows.map((row) => episodeEntry(row, student)),
  ].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.key.localeCompare(b.key));
}
