import { ICalCalendar, type ICalEventData } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { inZone, wallClock } from '../../time.ts';
import type { DerivedEntry } from './derived.ts';
import type { VisibleEvent } from './events.queries.ts';

/** What one iCalendar document holds: the user's events and the entries from the courses. */
export interface CalendarDocument {
  /** The institution's IANA zone: repeated events repeat on its wall clock. */
  zone: string;
  events: readonly VisibleEvent[];
  entries: readonly DerivedEntry[];
  /** The app's address, to which the entries' links are relative. */
  publicUrl: string;
  /** When the document is built: the DTSTAMP of the entries from the courses. */
  now: Date;
}

/** Calendar apps are told to fetch the feed again after this long (REFRESH-INTERVAL). */
const REFRESH_SECONDS = 60 * 60;

const LOCAL = "yyyyMMdd'T'HHmmss";
const DAY = 'yyyyMMdd';

/**
 * The zone's VTIMEZONE (RFC 5545 wants one for each TZID), from timezones-ical-library; null for a
 * name it does not know, in which case the document falls back to UTC instants.
 */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

/** A stable UID per series or entry, so that calendar apps update instead of duplicating. */
const uidOf = (kind: string, id: number | string) => `${kind}-${id}@skolar`;

/**
 * The RRULE of a series followed by one EXDATE per cancelled occurrence, and per moved occurrence
 * of an all-day series (decision 78), in the form ical-generator writes as it is.
 */
function repetition(event: VisibleEvent, zone: string | null): string {
  const lines = [`RRULE:${event.recurrence!.replace(/^RRULE:/, '')}`];
  for (const exception of event.exceptions) {
    if (!exception.cancelled && !event.all_day) continue;
    if (event.all_day) {
      lines.push(`EXDATE;VALUE=DATE:${wallClock(exception.original_start, zone ?? 'UTC', DAY)}`);
    } else if (zone) {
      lines.push(`EXDATE;TZID=${zone}:${wallClock(exception.original_start, zone, LOCAL)}`);
    } else {
      lines.push(`EXDATE:${wallClock(exception.original_start, 'UTC', LOCAL)}Z`);
    }
  }
  return lines.join('\n');
}

/**
 * An instant as ical-generator should write it: a TZDate of the zone is written as that zone's
 * wall clock with TZID (or, all day, as that zone's date); without a zone, in UTC.
 */
const at = (instant: Date, zone: string | null) => (zone ? inZone(instant, zone) : instant);

function addEvent(calendar: ICalCalendar, event: VisibleEvent, zone: string | null) {
  const uid = uidOf('event', event.id);
  const common: Omit<ICalEventData, 'start'> = {
    summary: event.title,
    description: event.description,
    stamp: event.updated_at,
    lastModified: event.updated_at,
    created: event.created_at,
    allDay: event.all_day,
    timezone: zone,
  };
  calendar.createEvent({
    ...common,
    id: uid,
    start: at(event.starts_at, zone),
    end: at(event.ends_at, zone),
    repeating: event.recurrence ? repetition(event, zone) : null,
  });
  if (!event.recurrence) return;
  for (const exception of event.exceptions) {
    if (exception.cancelled || !exception.starts_at || !exception.ends_at) continue;
    const moved = {
      ...common,
      start: at(exception.starts_at, zone),
      end: at(exception.ends_at, zone),
    };
    // A RECURRENCE-ID must have the DATE type of an all-day series' DTSTART, which ical-generator
    // cannot write: such a moved day is excluded above and given an event of its own.
    if (event.all_day) {
      const day = wallClock(exception.original_start, zone ?? 'UTC', DAY);
      calendar.createEvent({ ...moved, id: uidOf('event', `${event.id}-${day}`) });
    } else {
      calendar.createEvent({ ...moved, id: uid, recurrenceId: at(exception.original_start, zone) });
    }
  }
}

function addEntry(calendar: ICalCalendar, entry: DerivedEntry, document: CalendarDocument) {
  const [kind, id] = entry.key.split(':');
  calendar.createEvent({
    id: uidOf(kind!, id!),
    summary: entry.title,
    description: entry.description,
    start: entry.starts_at,
    end: entry.ends_at,
    stamp: document.now,
    url: entry.href ? new URL(entry.href, document.publicUrl).toString() : null,
  });
}

/**
 * The RFC 5545 document of a user's calendar (decision 78): the calendar "Skolar" in the
 * institution's zone (X-WR-TIMEZONE and its VTIMEZONE); each event with a stable UID, DTSTAMP and
 * LAST-MODIFIED from its last change, all-day ones as DATE values; a series with DTSTART;TZID, its
 * RRULE and an EXDATE per cancelled occurrence, and per moved occurrence a VEVENT with the same
 * UID and its RECURRENCE-ID; the exams, deadlines and episodes as UTC instants with their page's
 * URL.
 */
export function calendarDocument(document: CalendarDocument): string {
  const definition = vtimezone(document.zone);
  const zone = definition ? document.zone : null;
  const calendar = new ICalCalendar({
    name: 'Skolar',
    prodId: { company: 'Skolar', product: 'Calendar', language: 'EN' },
    ttl: REFRESH_SECONDS,
    // No zone name here: ical-generator would then write DTSTAMP and LAST-MODIFIED without their
    // UTC `Z`. The events carry the zone; the generator adds its VTIMEZONE.
    timezone: { name: null, generator: () => definition },
  });
  if (zone) calendar.x('X-WR-TIMEZONE', zone);
  for (const event of document.events) addEvent(calendar, event, zone);
  for (const entry of document.entries) addEntry(calendar, entry, document);
  return calendar.toString();
}
