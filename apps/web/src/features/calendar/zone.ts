import { Temporal } from 'temporal-polyfill';

/** A day (`YYYY-MM-DD`) and a wall-clock time (`HH:MM`) as the institution's clock reads them. */
export interface WallClock {
  day: string;
  time: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day and time an instant reads in a zone. */
export function wallClockOf(instant: string, zone: string): WallClock {
  const zoned = Temporal.Instant.from(instant).toZonedDateTimeISO(zone);
  return {
    day: zoned.toPlainDate().toString(),
    time: zoned.toPlainTime().toString({ smallestUnit: 'minute' }),
  };
}

/** The instant (UTC ISO) of a day and time in a zone; null when either is not valid. */
export function instantOf(day: string, time: string, zone: string): string | null {
  try {
    return Temporal.PlainDateTime.from(`${day}T${time}`)
      .toZonedDateTime(zone)
      .toInstant()
      .toString();
  } catch {
    return null;
  }
}

/** The instant a day starts in a zone (an all-day event's bounds). */
export function dayStartOf(day: string, zone: string): string | null {
  return DAY.test(day) ? instantOf(day, '00:00', zone) : null;
}

/** A day moved by some days (`YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  return Temporal.PlainDate.from(day).add({ days }).toString();
}

/** Today in a zone (`YYYY-MM-DD`). */
export function todayIn(zone: string): string {
  return Temporal.Now.plainDateISO(zone).toString();
}

/**
 * A date string of the calendar (a day, a time with an offset, or a wall-clock time of its zone)
 * as an instant (UTC ISO).
 */
export function instantOfCalendarDate(value: string, zone: string): string {
  if (DAY.test(value)) return dayStartOf(value, zone)!;
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return Temporal.Instant.from(value).toString();
  return Temporal.PlainDateTime.from(value).toZonedDateTime(zone).toInstant().toString();
}

/** The browser's own zone (until the API has said the institution's). */
export function browserZone(): string {
  return Temporal.Now.timeZoneId();
}
