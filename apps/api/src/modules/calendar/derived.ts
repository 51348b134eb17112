import { type CalendarEntry, roleMay } from '@skolar/shared';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { DbOrTx } from '../../db/client.ts';
import { episodes, evaluations, institutions, seminars } from '../../db/schema/index.ts';
import { type EvaluationRow, evaluationsIn } from '../evaluations/evaluations.queries.ts';
import { evaluationWindow } from '../evaluations/window.ts';
import type { InstantRange } from './events.queries.ts';

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

/**
 * The evaluations overlapping the range: an exam by its window (its day and times in its
 * institution's zone), a project by its deadline's half hour.
 */
function evaluationsInRange(range: InstantRange) {
  const start = sql`${range.start.toISOString()}::timestamptz`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const at = (time: typeof evaluations.start_time | typeof evaluations.end_time) =>
    sql`((${evaluations.date} + ${time}) at time zone ${institutions.timezone})`;
  return or(
    and(
      eq(evaluations.type, 'exam'),
      sql`${at(evaluations.start_time)} < ${end}`,
      sql`${at(evaluations.end_time)} > ${start}`,
    ),
    and(
      eq(evaluations.type, 'project'),
      sql`${evaluations.deadline} > ${start}`,
      sql`${evaluations.deadline} - interval '30 minutes' < ${end}`,
    ),
  );
}

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

/** The episodes of the non-archived seminars the actor sees, in the range: one query. */
function episodesFor(db: DbOrTx, actor: Actor, range: InstantRange | null) {
  return db
    .select({
      id: episodes.id,
      title: episodes.title,
      starts_at: episodes.starts_at,
      ends_at: episodes.ends_at,
      location: episodes.location,
      online_link: episodes.online_link,
      seminar_id: seminars.id,
      seminar_title: seminars.title,
      promotion_id: seminars.promotion_id,
    })
    .from(episodes)
    .innerJoin(seminars, eq(seminars.id, episodes.seminar_id))
    .where(
      and(
        can(actor, 'list', 'episode').where,
        isNull(seminars.archived_at),
        range ? lt(episodes.starts_at, range.end) : undefined,
        // An episode of no length still shows on its instant.
        range
          ? or(gt(episodes.ends_at, range.start), eq(episodes.starts_at, range.start))
          : undefined,
      ),
    )
    .orderBy(asc(episodes.starts_at), asc(episodes.id));
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
 * who belongs to no promotion, gets none. Two queries.
 */
export async function derivedEntries(
  db: DbOrTx,
  actor: Actor,
  range: InstantRange | null,
): Promise<DerivedEntry[]> {
  if (actor.role === 'super-admin') return [];
  const student = actor.role === 'student';
  const [evaluationRows, episodeRows] = await Promise.all([
    roleMay(actor.role, 'list', 'evaluation')
      ? evaluationsIn(
          db,
          and(
            can(actor, 'list', 'evaluation').where,
            range ? evaluationsInRange(range) : undefined,
          )!,
        )
      : [],
    roleMay(actor.role, 'list', 'episode') ? episodesFor(db, actor, range) : [],
  ]);
  return [
    ...evaluationRows.map((row) => evaluationEntry(row, student)),
    ...episodeRows.map((row) => episodeEntry(row, student)),
  ].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.key.localeCompare(b.key));
}
