import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { dayField, instantField, isInstant } from './common-fields.ts';
import { colourField } from './institutions.ts';

/**
 * True when `end` comes after `start`; an instant that is not real is left to its own field's
 * message (one message per field).
 */
const endsAfter = (start: string, end: string) =>
  !isInstant(start) || !isInstant(end) || Date.parse(end) > Date.parse(start);

/** Who sees an event: its owner only, or everyone of a promotion, a group or the institution. */
export const EVENT_AUDIENCES = ['personal', 'promotion', 'group', 'institution'] as const;
export type EventAudienceKind = (typeof EVENT_AUDIENCES)[number];

/** RFC 5545 weekday codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The longest a series may run: a weekly class over a year is 52; two academic years is 104. */
export const MAX_OCCURRENCES = 200;

/**
 * A weekly repetition, the only kind the calendar offers (a weekly class): on the given days, until
 * a day (inclusive, in the institution's time zone) or a number of times, never both. Stored as an
 * RFC 5545 RRULE; the wall-clock time of the first occurrence holds for every other one, across
 * the daylight-saving changes.
 */
export const eventRepeat = z
  .object({
    weekdays: z
      .array(z.enum(WEEKDAYS))
      .min(1, { error: 'calendar.validation.weekdays' })
      .max(7)
      .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    until: dayField().nullable().default(null),
    count: z
      .number()
      .int()
      .min(1, { error: 'calendar.validation.count' })
      .max(MAX_OCCURRENCES, { error: 'calendar.validation.count' })
      .nullable()
      .default(null),
  })
  .refine((repeat) => (repeat.until === null) !== (repeat.count === null), {
    error: 'calendar.validation.repeat_end',
    path: ['until'],
  });
export type EventRepeat = z.output<typeof eventRepeat>;
export type EventRepeatInput = z.input<typeof eventRepeat>;

/**
 * `POST /api/events`. Instants are ISO strings with an offset (the browser sends UTC); an all-day
 * event runs from the start of its first day to the start of the day after its last, in the
 * institution's time zone. `audience_id` names the promotion or group (the institution's own id for
 * `institution`, null for `personal`). The end comes after the start (422 on `ends_at`).
 */
export const eventBody = z
  .object({
    title: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(200, { error: 'calendar.validation.too_long' }),
    description: z.string().trim().max(4000).nullable().default(null),
    starts_at: instantField('validation.date'),
    ends_at: instantField('validation.date'),
    all_day: z.boolean().default(false),
    color_code: colourField.nullable().default(null),
    audience: z.enum(EVENT_AUDIENCES).default('personal'),
    audience_id: z.number().int().positive().nullable().default(null),
    repeat: eventRepeat.nullable().default(null),
  })
  .refine((event) => endsAfter(event.starts_at, event.ends_at), {
    error: 'calendar.validation.end_before_start',
    path: ['ends_at'],
  });
export type EventBody = z.input<typeof eventBody>;

/**
 * `PATCH /api/events/:id`: the fields given change the whole series (a drag of a one-off event
 * sends `starts_at` and `ends_at`). The end must still come after the start once applied (422).
 */
export const eventPatch = z.object({
  title: eventBody.shape.title.optional(),
  description: z.string().trim().max(4000).nullable().optional(),
  starts_at: instantField('validation.date').optional(),
  ends_at: instantField('validation.date').optional(),
  all_day: z.boolean().optional(),
  color_code: colourField.nullable().optional(),
  audience: z.enum(EVENT_AUDIENCES).optional(),
  audience_id: z.number().int().positive().nullable().optional(),
  repeat: eventRepeat.nullable().optional(),
});
export type EventPatch = z.input<typeof eventPatch>;

/**
 * `PUT /api/events/:id/occurrences/:start` (`:start` the occurrence's original start, ISO): moves
 * one occurrence of a series without touching the others. `DELETE` on the same path cancels it.
 */
export const occurrenceMove = z
  .object({
    starts_at: instantField('validation.date'),
    ends_at: instantField('validation.date'),
  })
  .refine((event) => endsAfter(event.starts_at, event.ends_at), {
    error: 'calendar.validation.end_before_start',
    path: ['ends_at'],
  });
export type OccurrenceMove = z.input<typeof occurrenceMove>;

/** An event (the series, for a repeated one) as the API answers it: create, read, update. */
export const calendarEvent = z.object({
  id: z.number().int(),
  institution_id: z.number().int().nullable(),
  owner_id: z.number().int(),
  owner_name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  starts_at: z.date(),
  ends_at: z.date(),
  all_day: z.boolean(),
  color_code: z.string().nullable(),
  audience: z.enum(EVENT_AUDIENCES),
  audience_id: z.number().int().nullable(),
  /** The promotion's, group's or institution's name; null for a personal event. */
  audience_label: z.string().nullable(),
  repeat: z
    .object({
      weekdays: z.array(z.enum(WEEKDAYS)),
      until: z.string().nullable(),
      count: z.number().int().nullable(),
    })
    .nullable(),
  /** The RFC 5545 rule the repetition is stored as (`FREQ=WEEKLY;BYDAY=MO,TH;COUNT=12`). */
  rrule: z.string().nullable(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type CalendarEvent = Wire<z.output<typeof calendarEvent>>;

/** What a calendar entry is: an event of the calendar, or read-only from the courses. */
export const CALENDAR_ENTRY_KINDS = ['event', 'exam', 'deadline', 'episode'] as const;
export type CalendarEntryKind = (typeof CALENDAR_ENTRY_KINDS)[number];

/**
 * One thing on a day, as the calendar and the planning show it (`GET /api/events?start=&end=`,
 * `GET /api/me/planning`): an occurrence of an event (a repeated event gives one per occurrence,
 * moved ones where they were moved to, cancelled ones not at all), or an exam, a project deadline
 * or a seminar episode of the user's promotions and groups, read-only with a link to its page.
 * `key` is unique and stable (`event:12`, `event:12:<original start>`, `exam:5`, `deadline:7`,
 * `episode:9`).
 */
export const calendarEntry = z.object({
  key: z.string(),
  kind: z.enum(CALENDAR_ENTRY_KINDS),
  /** The event (series) an occurrence belongs to; null for the entries from the courses. */
  event_id: z.number().int().nullable(),
  /** A repeated event's occurrence: its original start (the key of a move or a cancellation). */
  occurrence_start: z.date().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  starts_at: z.date(),
  ends_at: z.date(),
  all_day: z.boolean(),
  color_code: z.string().nullable(),
  audience: z.enum(EVENT_AUDIENCES).nullable(),
  audience_label: z.string().nullable(),
  repeating: z.boolean(),
  /** May the user move, resize, edit or delete it (always false for the courses' entries). */
  editable: z.boolean(),
  /** The page it links to in the app (`/evaluation/5`, …); null for events. */
  href: z.string().nullable(),
});
export type CalendarEntry = Wire<z.output<typeof calendarEntry>>;

/** `GET /api/events?start=&end=` and `GET /api/me/planning?start=&end=`: half-open `[start, end)`. */
export const calendarRange = z
  .object({
    start: instantField('validation.date'),
    end: instantField('validation.date'),
  })
  .refine((range) => endsAfter(range.start, range.end), {
    error: 'calendar.validation.end_before_start',
    path: ['end'],
  })
  .refine(
    (range) =>
      !isInstant(range.start) ||
      !isInstant(range.end) ||
      Date.parse(range.end) - Date.parse(range.start) <= 400 * 86_400_000,
    {
      error: 'calendar.validation.range_too_long',
      path: ['end'],
    },
  );
export type CalendarRange = z.input<typeof calendarRange>;

/** The calendar's answer: the entries and the zone they are shown in (the institution's). */
export const calendarEntries = z.object({
  time_zone: z.string(),
  entries: z.array(calendarEntry),
});
export type CalendarEntries = Wire<z.output<typeof calendarEntries>>;

/**
 * `GET /api/me/calendar-feed`: whether the user has a private iCal feed. The address itself is
 * answered once, by `POST` (which replaces any previous feed): only its hash is kept.
 */
export const calendarFeed = z.object({
  active: z.boolean(),
  created_at: z.date().nullable(),
  last_used_at: z.date().nullable(),
  /** Only in the answer of `POST /api/me/calendar-feed`. */
  url: z.string().optional(),
});
export type CalendarFeed = Wire<z.output<typeof calendarFeed>>;
