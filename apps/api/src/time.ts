// Calendar maths, in one place. The database stores instants (timestamptz, UTC); people type days
// and wall-clock times in their institution's time zone. Days are `YYYY-MM-DD` strings (the
// `date` columns), times `HH:MM[:SS]` (the `time` columns), zones IANA names.
import { TZDate, tz, tzOffset } from '@date-fns/tz';
import {
  addDays,
  format,
  getMonth,
  getYear,
  isValid,
  parseISO,
  startOfWeek,
  subDays,
  subMinutes,
} from 'date-fns';
import { de, enGB, fr } from 'date-fns/locale';

/** The server's clock; tests swap it to move time without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The platform's zone: a new institution's default, and the super-admin's (who has none). */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

// Plain days are counted in UTC, where every day has 24 hours.
const utc = tz('UTC');
const DAY_FORMAT = 'yyyy-MM-dd';

function parseDay(day: string): TZDate {
  const parsed = parseISO(day, { in: utc });
  if (!isValid(parsed)) throw new RangeError(`not a day: ${day}`);
  return parsed;
}

/**
 * A memory for a pure function of a text key, bounded: past `size` keys it starts again, empty.
 * The zone conversions below run per row of every list (issue 16); their inputs repeat.
 */
function memory<T>(size: number) {
  const kept = new Map<string, T>();
  return (key: string, compute: () => T): T => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= size) kept.clear();
      value = compute();
      kept.set(key, value);
    }
    return value;
  };
}

const localDays = memory<string>(20_000);
const instants = memory<number>(20_000);

/** The calendar day (`YYYY-MM-DD`) the wall clock of the zone shows at an instant. */
export function localDay(instant: Date, zone: string): string {
  return localDays(`${zone} ${instant.getTime()}`, () =>
    format(instant, DAY_FORMAT, { in: tz(zone) }),
  );
}

/**
 * What the wall clock of the zone shows at an instant, written with a date-fns pattern (the
 * iCalendar feed's `yyyyMMdd'T'HHmmss`, the recurrence's wall clock).
 */
export function wallClock(instant: Date, zone: string, pattern: string): string {
  return format(instant, pattern, { in: tz(zone) });
}

/** The instant as a date of the zone, whose fields are that zone's wall clock (for ical-generator). */
export function inZone(instant: Date, zone: string): TZDate {
  return new TZDate(instant.getTime(), zone);
}

/** The day (`YYYY-MM-DD`) of the Monday of the week the instant falls in, in the zone. */
export function mondayOf(instant: Date, zone: string): string {
  return format(startOfWeek(inZone(instant, zone), { weekStartsOn: 1 }), DAY_FORMAT);
}

/** Minutes after midnight the wall clock of the zone shows at an instant (seconds dropped). */
export function minuteOfDay(instant: Date, zone: string): number {
  const wall = new TZDate(instant.getTime(), zone);
  return wall.getHours() * 60 + wall.getMinutes();
}

/** A day plus a number of calendar days (negative to go back). */
export function plusDays(day: string, days: number): string {
  return format(addDays(parseDay(day), days), DAY_FORMAT);
}

/**
 * The instant at which the wall clock of the zone reads `day` `time`. Daylight saving: a time
 * skipped in spring (02:30 on the last Sunday of March in Paris) is moved forward by the gap
 * (03:30 summer time); a time that happens twice in autumn is its first occurrence, as in
 * iCalendar (RFC 5545).
 */
export function zonedInstant(day: string, time: string, zone: string): Date {
  // A pure function of its three strings, called per evaluation on every list: remembered
  // (issue 16: it was 31 % of the evaluation list's time). A fresh Date each call.
  return new Date(instants(`${zone} ${day}T${time}`, () => computeZonedInstant(day, time, zone)));
}

function computeZonedInstant(day: string, time: string, zone: string): number {
  const found = parseISO(`${day}T${time}`, { in: tz(zone) });
  if (!isValid(found)) throw new RangeError(`not a day and time: ${day} ${time}`);
  // In the overlap the library may answer either occurrence, depending on the machine's own zone.
  const wentBack = tzOffset(zone, subDays(found, 1)) - tzOffset(zone, found);
  if (wentBack > 0) {
    const earlier = subMinutes(found, wentBack);
    const wall = "yyyy-MM-dd'T'HH:mm:ss.SSS";
    if (format(earlier, wall) === format(found, wall)) return earlier.getTime();
  }
  return found.getTime();
}

/** `HH:MM:SS` of a number of minutes (and seconds) after midnight. */
export function timeOfMinutes(minutes: number, seconds = 0): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(seconds)}`;
}

/** The academic year (September to August) a day belongs to, e.g. `2026-2027`. */
export function academicYear(day: string): string {
  const date = parseDay(day);
  const start = getMonth(date) >= 8 ? getYear(date) : getYear(date) - 1;
  return `${start}-${start + 1}`;
}

const DATE_LOCALES = { fr, en: enGB, de } as const;

/**
 * An instant as a person reads it in a mail: day and time to the second on the wall clock of the
 * zone, in their language, with the zone named (`23 novembre 2026, 14:05:09 (Europe/Paris)`).
 */
export function zonedTimestamp(instant: Date, zone: string, locale: keyof typeof DATE_LOCALES) {
  const local = new TZDate(instant, zone);
  return `${format(local, 'PPP, HH:mm:ss', { locale: DATE_LOCALES[locale] })} (${zone})`;
}

/** A day (`YYYY-MM-DD`) as a person reads it on a document, in their language (`25 oct. 2026`). */
export function readableDay(day: string, locale: keyof typeof DATE_LOCALES): string {
  return format(parseDay(day), 'PP', { locale: DATE_LOCALES[locale] });
}

/** An instant as the zone's wall clock shows it, `YYYY-MM-DDTHH:MM` (a datetime-local input). */
export function localDateTime(instant: Date, zone: string): string {
  return `${localDay(instant, zone)}T${timeOfMinutes(minuteOfDay(instant, zone)).slice(0, 5)}`;
}
