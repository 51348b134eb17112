// Small wall-clock helpers for the demo seed: an institution types dates and times in its own
// time zone, while the database stores instants (timestamptz) in UTC.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day (`YYYY-MM-DD`) of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** `YYYY-MM-DD` plus a number of calendar days (negative to go back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(epochMs: number, timeZone: string): number {
  const c = wallClock(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The instant at which the wall clock of the zone reads `day` `time` (`HH:MM[:SS]`). */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, hh, mm, ss);
  // Two passes settle the offset on either side of a daylight-saving change.
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

/** `HH:MM:SS` of a number of minutes after midnight. */
export function timeOfMinutes(minutes: number, seconds = 0): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(seconds)}`;
}

/** The academic year (September to August) containing a day, e.g. `2026-2027`. */
export function academicYear(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const start = m >= 9 ? y : y - 1;
  return `${start}-${start + 1}`;
}
