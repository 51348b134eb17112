import { createRequire } from 'node:module';
import { type EventRepeat, MAX_OCCURRENCES, WEEKDAYS } from '@skolar/shared';
import { localDay, wallClock, zonedInstant } from '../../time.ts';
import type { EventException, InstantRange } from './events.queries.ts';

// rrule 2.8 ships its ES build under "module" only: Node (and the bundle, which keeps npm packages
// external) loads the CommonJS one, whose named exports Node cannot see. Require it.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/** What the recurrence maths needs of an event. */
export interface Recurring {
  starts_at: Date;
  ends_at: Date;
  recurrence: string | null;
  exceptions: readonly EventException[];
}

/** One occurrence: where it is (moved or not), and for a series where the rule put it. */
export interface Occurrence {
  starts_at: Date;
  ends_at: Date;
  /** The original start of a series' occurrence (its RECURRENCE-ID); null for a one-off event. */
  original_start: Date | null;
}

const WALL = "yyyy-MM-dd'T'HH:mm:ss.SSS";

// The "floating" trick: RRule counts in UTC, where every day has 24 hours. Give it the wall clock
// of the zone written as UTC, then read each result's wall clock back in the zone, so that a class
// at 09:00 stays at 09:00 across the daylight-saving changes.
const floating = (instant: Date, zone: string) => new Date(`${wallClock(instant, zone, WALL)}Z`);
const unfloat = (wall: Date, zone: string) => {
  const iso = wall.toISOString();
  return zonedInstant(iso.slice(0, 10), iso.slice(11, 23), zone);
};

/**
 * The RFC 5545 rule of a weekly repetition, without DTSTART: `FREQ=WEEKLY;BYDAY=MO,TH;COUNT=12`,
 * or `…;UNTIL=<the end of that day in the zone, as UTC>` (RFC 5545 wants UNTIL in UTC when
 * DTSTART carries a zone).
 */
export function toRrule(repeat: EventRepeat, timeZone: string): string {
  const until = repeat.until === null ? null : zonedInstant(repeat.until, '23:59:59', timeZone);
  return RRule.optionsToString({
    freq: RRule.WEEKLY,
    byweekday: repeat.weekdays.map((day) => WEEKDAYS.indexOf(day)),
    ...(repeat.count === null ? {} : { count: repeat.count }),
    ...(until === null ? {} : { until }),
  }).replace(/^RRULE:/, '');
}

/** The repetition a stored rule says, as the calendar's form edits it (the day in the zone). */
export function repeatOf(rrule: string, timeZone: string): EventRepeat {
  const options = RRule.parseString(rrule);
  const days = [options.byweekday ?? []].flat();
  const indexes = days.map((day) =>
    typeof day === 'number' ? day : typeof day === 'string' ? WEEKDAYS.indexOf(day) : day.weekday,
  );
  return {
    weekdays: WEEKDAYS.filter((_day, index) => indexes.includes(index)),
    until: options.until ? localDay(options.until, timeZone) : null,
    count: options.count ?? null,
  };
}

/** The rule of a series counted on wall clocks written as UTC (see `floating`). */
function floatingRule(event: Recurring & { recurrence: string }, timeZone: string) {
  const options = RRule.parseString(event.recurrence);
  return new RRule({
    ...options,
    dtstart: floating(event.starts_at, timeZone),
    ...(options.until ? { until: floating(options.until, timeZone) } : {}),
  });
}

/**
 * Where the rule puts the occurrences of a series (the first MAX_OCCURRENCES, or `limit`, at
 * most), as instants; empty for a one-off event.
 */
export function originalStarts(
  event: Recurring,
  timeZone: string,
  limit: number = MAX_OCCURRENCES,
): Date[] {
  if (event.recurrence === null) return [];
  return floatingRule({ ...event, recurrence: event.recurrence }, timeZone)
    .all((_date, index) => index < limit)
    .map((wall) => unfloat(wall, timeZone));
}

/** A day, the most a zone's offset or a daylight-saving change moves a wall clock from UTC. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The occurrences of an event that overlap the range (all of them without one): a one-off event
 * itself; a series' occurrences as the rule puts them, each lasting the first one's wall-clock
 * duration, the cancelled ones left out and the moved ones where they were moved to (shown when
 * the new time is in the range, wherever the original was).
 *
 * With a range, the rule is counted only up to the range's end, and only the occurrences within a
 * day of the range are converted back to instants (the conversion is what costs: issue 16). The
 * cap of MAX_OCCURRENCES still counts from the series' first occurrence.
 */
export function occurrencesOf(
  event: Recurring,
  timeZone: string,
  range: InstantRange | null,
): Occurrence[] {
  const overlaps = (occurrence: Occurrence) =>
    range === null || (occurrence.starts_at < range.end && occurrence.ends_at > range.start);
  if (event.recurrence === null) {
    const single = { starts_at: event.starts_at, ends_at: event.ends_at, original_start: null };
    return overlaps(single) ? [single] : [];
  }
  const rule = floatingRule({ ...event, recurrence: event.recurrence }, timeZone);
  const duration =
    floating(event.ends_at, timeZone).getTime() - floating(event.starts_at, timeZone).getTime();
  const from = range && floating(range.start, timeZone).getTime() - duration - DAY_MS;
  const to = range && floating(range.end, timeZone).getTime() + DAY_MS;
  const changed = new Map(
    event.exceptions.map((exception) => [exception.original_start.getTime(), exception]),
  );
  const occurrences: Occurrence[] = [];
  const visited = new Set<number>();
  const walls = rule.all(
    (wall, index) => index < MAX_OCCURRENCES && (to === null || wall.getTime() < to),
  );
  for (const wall of walls) {
    if (from !== null && wall.getTime() < from) continue;
    const start = unfloat(wall, timeZone);
    visited.add(start.getTime());
    const exception = changed.get(start.getTime());
    if (exception?.cancelled) continue;
    const occurrence =
      exception?.starts_at && exception.ends_at
        ? { starts_at: exception.starts_at, ends_at: exception.ends_at, original_start: start }
        : {
            starts_at: start,
            ends_at: unfloat(new Date(wall.getTime() + duration), timeZone),
            original_start: start,
          };
    if (overlaps(occurrence)) occurrences.push(occurrence);
  }
  // An occurrence moved into the range from a day the rule puts far from it.
  const movedIn = event.exceptions.filter(
    (exception) =>
      !exception.cancelled &&
      exception.starts_at !== null &&
      exception.ends_at !== null &&
      !visited.has(exception.original_start.getTime()) &&
      overlaps({
        starts_at: exception.starts_at,
        ends_at: exception.ends_at,
        original_start: exception.original_start,
      }),
  );
  if (movedIn.length > 0) {
    const starts = new Set(originalStarts(event, timeZone).map((start) => start.getTime()));
    for (const exception of movedIn) {
      if (!starts.has(exception.original_start.getTime())) continue;
      occurrences.push({
        starts_at: exception.starts_at!,
        ends_at: exception.ends_at!,
        original_start: exception.original_start,
      });
    }
  }
  return occurrences.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
}
