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
  const options = RRule.parseString(event.recurrence);
  const rule = new RRule({
    ...options,
    dtstart: floating(event.starts_at, timeZone),
    ...(options.until ? { until: floating(options.until, timeZone) } : {}),
  });
  return rule.all((_date, index) => index < limit).map((wall) => unfloat(wall, timeZone));
}

/**
 * The occurrences of an event that overlap the range (all of them without one): a one-off event
 * itself; a series' occurrences as the rule puts them, each lasting the first one's wall-clock
 * duration, the cancelled ones left out and the moved ones where they were moved to (shown when
 * the new time is in the range, wherever the original was).
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
  const duration =
    floating(event.ends_at, timeZone).getTime() - floating(event.starts_at, timeZone).getTime();
  const changed = new Map(
    event.exceptions.map((exception) => [exception.original_start.getTime(), exception]),
  );
  const occurrences: Occurrence[] = [];
  for (const start of originalStarts(event, timeZone)) {
    const exception = changed.get(start.getTime());
    if (exception?.cancelled) continue;
    const occurrence =
      exception?.starts_at && exception.ends_at
        ? { starts_at: exception.starts_at, ends_at: exception.ends_at, original_start: start }
        : {
            starts_at: start,
            ends_at: unfloat(new Date(floating(start, timeZone).getTime() + duration), timeZone),
            original_start: start,
          };
    if (overlaps(occurrence)) occurrences.push(occurrence);
  }
  return occurrences.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
}
