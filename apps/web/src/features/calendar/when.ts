import type { CalendarEntry } from '@skolar/shared';
import { addDays, wallClockOf } from './zone.ts';

/**
 * When an entry takes place, in words, as the institution's clock reads it: `Thursday 14 January
 * 2027, 09:00 – 10:30`, or the days of an all-day entry (its end is the start of the day after).
 */
export function whenOf(entry: CalendarEntry, zone: string, language: string): string {
  if (entry.all_day) {
    const first = wallClockOf(entry.starts_at, zone).day;
    const last = addDays(wallClockOf(entry.ends_at, zone).day, -1);
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
    const noon = (day: string) => new Date(`${day}T12:00:00Z`);
    return last <= first ? format.format(noon(first)) : format.formatRange(noon(first), noon(last));
  }
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  });
  return format.formatRange(new Date(entry.starts_at), new Date(entry.ends_at));
}
