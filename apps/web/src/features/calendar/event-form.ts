import {
  type CalendarEvent,
  EVENT_AUDIENCES,
  type EventBody,
  eventBody,
  WEEKDAYS,
  type Weekday,
} from '@skolar/shared';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { addDays, dayStartOf, instantOf, type WallClock, wallClockOf } from './zone.ts';

/** The colours offered for an event, by name ('': the institution's colour). */
export const EVENT_COLOURS = [
  { name: 'default', value: '' },
  { name: 'blue', value: '#2563EB' },
  { name: 'teal', value: '#0E7490' },
  { name: 'green', value: '#15803D' },
  { name: 'amber', value: '#B45309' },
  { name: 'red', value: '#BE123C' },
  { name: 'violet', value: '#7C3AED' },
] as const;

const REPEAT_ENDS = ['until', 'count'] as const;

/**
 * What the event dialog edits: the days and times as the institution's clock reads them (an
 * all-day event's end day is its last day), the repetition as weekdays and an end. The rules are
 * the API's own (`eventBody`), applied to the body the form makes, their messages put back under
 * the fields they concern.
 */
const eventFormShape = z.object({
  title: z.string(),
  description: z.string(),
  color_code: z.string(),
  all_day: z.boolean(),
  start_day: z.string(),
  start_time: z.string(),
  end_day: z.string(),
  end_time: z.string(),
  audience: z.enum(EVENT_AUDIENCES),
  audience_id: z.string(),
  repeats: z.boolean(),
  weekdays: z.array(z.enum(WEEKDAYS)),
  repeat_end: z.enum(REPEAT_ENDS),
  until: z.string(),
  count: z.string(),
});
export type EventForm = z.infer<typeof eventFormShape>;

/** The API's body of the form's values, the days and times read in the zone. */
export function toEventBody(form: EventForm, zone: string): EventBody {
  const starts_at = form.all_day
    ? dayStartOf(form.start_day, zone)
    : instantOf(form.start_day, form.start_time, zone);
  const ends_at = form.all_day
    ? DAY.test(form.end_day)
      ? dayStartOf(addDays(form.end_day, 1), zone)
      : null
    : instantOf(form.end_day, form.end_time, zone);
  const count = form.count.trim() === '' ? null : Number(form.count);
  return {
    title: form.title,
    description: form.description.trim() === '' ? null : form.description,
    starts_at: starts_at ?? '',
    ends_at: ends_at ?? '',
    all_day: form.all_day,
    color_code: form.color_code === '' ? null : form.color_code,
    audience: form.audience,
    audience_id:
      form.audience === 'personal' || form.audience_id === '' ? null : Number(form.audience_id),
    repeat: form.repeats
      ? {
          weekdays: form.weekdays,
          until: form.repeat_end === 'until' && form.until !== '' ? form.until : null,
          count: form.repeat_end === 'count' ? count : null,
        }
      : null,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The form field an error of the API's body (its dotted path) belongs under. */
export function fieldOf(path: string, form: EventForm): keyof EventForm {
  switch (path) {
    case 'starts_at':
      return form.all_day ? 'start_day' : 'start_time';
    case 'ends_at':
      return form.all_day ? 'end_day' : 'end_time';
    case 'repeat.weekdays':
      return 'weekdays';
    case 'repeat.until':
    case 'repeat.count':
      return form.repeat_end === 'count' ? 'count' : 'until';
    case 'audience_id':
      return 'audience_id';
    default:
      return path in eventFormShape.shape ? (path as keyof EventForm) : 'title';
  }
}

/** The dialog's schema in a zone: the form's shape, checked by the API's rules. */
export function eventFormSchema(zone: string) {
  return eventFormShape.superRefine((form, ctx) => {
    const parsed = eventBody.safeParse(toEventBody(form, zone));
    if (parsed.success) {
      if ((form.audience === 'promotion' || form.audience === 'group') && form.audience_id === '')
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['audience_id'] });
      return;
    }
    const placed = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join('.'), form);
      if (placed.has(field)) continue;
      placed.add(field);
      ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
    }
  });
}

/** The weekday code of a day (`YYYY-MM-DD`), Monday first as RFC 5545 names them. */
function weekdayOf(day: string): Weekday {
  return WEEKDAYS[Temporal.PlainDate.from(day).dayOfWeek - 1]!;
}

/** A new event's values for a range the user selected (or today, from the New event button). */
export function newEventForm(range: {
  start: WallClock;
  end: WallClock;
  allDay: boolean;
}): EventForm {
  const lastDay = range.allDay ? addDays(range.end.day, -1) : range.end.day;
  return {
    title: '',
    description: '',
    color_code: '',
    all_day: range.allDay,
    start_day: range.start.day,
    start_time: range.allDay ? '09:00' : range.start.time,
    end_day: range.allDay ? lastDay : range.end.day,
    end_time: range.allDay ? '10:00' : range.end.time,
    audience: 'personal',
    audience_id: '',
    repeats: false,
    weekdays: [weekdayOf(range.start.day)],
    repeat_end: 'count',
    until: '',
    count: '10',
  };
}

/** An existing event's values (the series, for a repeated one). */
export function eventFormOf(event: CalendarEvent, zone: string): EventForm {
  const start = wallClockOf(event.starts_at, zone);
  const end = wallClockOf(event.ends_at, zone);
  return {
    title: event.title,
    description: event.description ?? '',
    color_code: event.color_code ?? '',
    all_day: event.all_day,
    start_day: start.day,
    start_time: start.time,
    end_day: event.all_day ? addDays(end.day, -1) : end.day,
    end_time: end.time,
    audience: event.audience,
    audience_id: event.audience_id === null ? '' : String(event.audience_id),
    repeats: event.repeat !== null,
    weekdays: event.repeat?.weekdays ?? [weekdayOf(start.day)],
    repeat_end: event.repeat?.until ? 'until' : 'count',
    until: event.repeat?.until ?? '',
    count: event.repeat?.count ? String(event.repeat.count) : '10',
  };
}
