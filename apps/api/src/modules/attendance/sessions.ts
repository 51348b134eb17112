import type { HalfDay } from '@skolar/shared';
import { CHECK_IN_GRACE_MINUTES } from '@skolar/shared';
import { allowedIds, can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { DbOrTx } from '../../db/client.ts';
import { localDay, minuteOfDay, zonedInstant } from '../../time.ts';
import {
  episodesFor,
  eventById,
  type InstantRange,
  visibleEvents,
} from '../calendar/events.queries.ts';
import { occurrencesOf } from '../calendar/recurrence.ts';
import { type Audience, examsOverlapping } from './attendance.queries.ts';

// The sessions attendance may be taken on (issue 32, decision 198): the calendar's classes aimed
// at a promotion or a group, the seminars' episodes and the exams the actor sees, and their
// half-days in the institution's zone.

/** A session of the calendar, before anyone opens it. */
export interface Candidate {
  key: string;
  kind: 'event' | 'episode' | 'exam';
  title: string;
  starts_at: Date;
  ends_at: Date;
  audience: Audience;
  training_id: number | null;
  /** The event's owner; for an episode or an exam, whoever opens it. */
  trainer_id: number | null;
}

const NOON = 12 * 60;

/**
 * The half-days a session covers in the zone: the morning when it starts before noon, the
 * afternoon when it ends after noon (the same day; a session running past midnight counts on the
 * day it starts).
 */
export function halfDaysOf(starts: Date, ends: Date, zone: string): HalfDay[] {
  const startMinute = minuteOfDay(starts, zone);
  const endMinute =
    localDay(ends, zone) === localDay(starts, zone) ? minuteOfDay(ends, zone) : 1440;
  const days: HalfDay[] = [];
  if (startMinute < NOON) days.push('am');
  if (endMinute > NOON || startMinute >= NOON) days.push('pm');
  return days;
}

/** When a half-day of the session begins: its start, or noon for an afternoon after a morning. */
export function halfDayStart(
  session: { starts_at: Date; ends_at: Date },
  halfDay: HalfDay,
  zone: string,
): Date {
  if (halfDay === 'am') return session.starts_at;
  const noon = zonedInstant(localDay(session.starts_at, zone), '12:00', zone);
  return noon > session.starts_at ? noon : session.starts_at;
}

/** The half-day an instant falls in (before the start: the first; after the end: the last). */
export function halfDayAt(
  session: { starts_at: Date; ends_at: Date },
  at: Date,
  zone: string,
): HalfDay {
  const days = halfDaysOf(session.starts_at, session.ends_at, zone);
  if (days.length === 1) return days[0]!;
  return at < halfDayStart(session, 'pm', zone) ? 'am' : 'pm';
}

/**
 * How a learner checking in at `at` is marked: present until the grace after their half-day
 * began, then late by the minutes since it began.
 */
export function checkInStatus(halfDayBegins: Date, at: Date) {
  const minutes = Math.floor((at.getTime() - halfDayBegins.getTime()) / 60_000);
  return minutes > CHECK_IN_GRACE_MINUTES
    ? { status: 'late' as const, late_minutes: Math.min(minutes, 1440) }
    : { status: 'present' as const, late_minutes: null };
}

const isAudience = (audience: string): audience is Audience['kind'] =>
  audience === 'promotion' || audience === 'group';

/** The calendar's sessions the actor sees in the range, by start. */
export async function candidatesIn(
  db: DbOrTx,
  actor: Actor,
  range: InstantRange,
): Promise<Candidate[]> {
  const [events, episodes, exams] = await Promise.all([
    visibleEvents(db, actor, range),
    episodesFor(db, actor, range),
    examsOverlapping(db, can(actor, 'list', 'evaluation').where, range),
  ]);
  return [
    ...events.flatMap((event) => eventCandidates(event, actor.timeZone, range)),
    ...episodes.map(episodeCandidate),
    ...exams.map(examCandidate),
  ]
    .filter((candidate) => candidate.ends_at > candidate.starts_at)
    .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.key.localeCompare(b.key));
}

type EventRow = Awaited<ReturnType<typeof visibleEvents>>[number];

function eventCandidates(event: EventRow, zone: string, range: InstantRange | null): Candidate[] {
  const { audience, audience_id } = event;
  if (event.all_day || audience_id === null || !isAudience(audience)) return [];
  return occurrencesOf(event, zone, range).map((occurrence) => ({
    key:
      occurrence.original_start === null
        ? `event:${event.id}`
        : `event:${event.id}:${occurrence.original_start.toISOString()}`,
    kind: 'event',
    title: event.title,
    starts_at: occurrence.starts_at,
    ends_at: occurrence.ends_at,
    audience: { kind: audience, id: audience_id },
    training_id: null,
    trainer_id: event.owner_id,
  }));
}

const episodeCandidate = (episode: Awaited<ReturnType<typeof episodesFor>>[number]): Candidate => ({
  key: `episode:${episode.id}`,
  kind: 'episode',
  title: `${episode.seminar_title} · ${episode.title}`,
  starts_at: episode.starts_at,
  ends_at: episode.ends_at,
  audience: { kind: 'promotion', id: episode.promotion_id },
  training_id: null,
  trainer_id: null,
});

const examCandidate = (exam: Awaited<ReturnType<typeof examsOverlapping>>[number]): Candidate => ({
  key: `exam:${exam.id}`,
  kind: 'exam',
  title: exam.title,
  starts_at: exam.starts_at,
  ends_at: exam.ends_at,
  audience: { kind: 'promotion', id: exam.promotion_id },
  training_id: exam.training_id,
  trainer_id: null,
});

/** The calendar's session of a key, as the actor sees it; undefined when they do not. */
export async function candidateOf(
  db: DbOrTx,
  actor: Actor,
  key: string,
): Promise<Candidate | undefined> {
  const [kind, idText, ...rest] = key.split(':');
  const id = Number(idText);
  const occurrence = rest.length > 0 ? new Date(rest.join(':')) : null;
  if (kind === 'event') {
    if (!(await allowedIds(db, actor, 'read', 'event', [id])).has(id)) return undefined;
    const event = await eventById(db, id);
    return eventCandidates(event, actor.timeZone, null).find((candidate) =>
      occurrence === null
        ? candidate.key === `event:${id}`
        : candidate.key === `event:${id}:${occurrence.toISOString()}`,
    );
  }
  if (kind === 'episode') {
    const episodes = await episodesFor(db, actor, null);
    const episode = episodes.find((row) => row.id === id);
    return episode && episode.ends_at > episode.starts_at ? episodeCandidate(episode) : undefined;
  }
  const [exam] = await examsOverlapping(db, can(actor, 'list', 'evaluation').where, null, id);
  return exam ? examCandidate(exam) : undefined;
}

/** When a half-day of the session ends: noon for a morning before an afternoon, or its end. */
export function halfDayEnd(
  session: { starts_at: Date; ends_at: Date },
  halfDay: HalfDay,
  zone: string,
): Date {
  if (halfDay === 'pm') return session.ends_at;
  const noon = zonedInstant(localDay(session.starts_at, zone), '12:00', zone);
  return noon < session.ends_at ? noon : session.ends_at;
}
