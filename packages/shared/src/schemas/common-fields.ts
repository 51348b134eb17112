import { isExists, isValid } from 'date-fns';
import { z } from 'zod';

// Field builders shared by the management forms; messages are catalogue keys.

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max = 200) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'manage.validation.tooLong' });

/** An optional text: empty becomes null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: 'manage.validation.tooLong' })
    .nullish()
    .transform((value) => (value ? value : null));

/** A phone as the phone field stores it: country code then 4 to 20 digits ('fr0612345678'). */
const STORED_PHONE = /^[a-z]{2}[0-9 ]{4,20}$/;

/** An optional phone in its stored form; empty becomes null, spaces are dropped. */
export const phoneField = z
  .string()
  .trim()
  .max(24, { error: 'validation.phone' })
  .refine((value) => value === '' || STORED_PHONE.test(value), { error: 'validation.phone' })
  .transform((value) => (value === '' ? null : value.replaceAll(' ', '')))
  .nullable()
  .optional();

/** A required phone in its stored form, spaces dropped. */
export const requiredPhone = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(24, { error: 'validation.phone' })
  .regex(STORED_PHONE, { error: 'validation.phone' })
  .transform((value) => value.replaceAll(' ', ''));

/** A list of short labels (levels): trimmed, no empty entries, no duplicates. */
export const labelList = z
  .array(z.string().trim().min(1).max(50, { error: 'manage.validation.tooLong' }))
  .max(20, { error: 'manage.validation.tooMany' })
  .refine((values) => new Set(values).size === values.length, {
    error: 'manage.validation.duplicates',
  });

/** Splits a textarea or comma-separated text into labels. */
export function splitLabels(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((value) => value.trim())
    .filter(Boolean);
}

/** `PUT /api/<things>/:id/<others> { ids }`: the ids to link (PUT adds, DELETE dissociates). */
export const idsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(1000),
});
export type IdsBody = z.infer<typeof idsBody>;

/** What the current user may do with a row (every list item and detail answers it). */
export const rowPermissions = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  archive: z.boolean(),
});
export type RowPermissions = z.infer<typeof rowPermissions>;

/**
 * The body of a `PATCH` (JSON merge patch): every field optional, and an absent field stays as it
 * is: the defaults of the full schema are removed, or an omitted field would be reset to them.
 */
export function patchOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault
        ? (field.unwrap() as z.ZodType)
        : (field as z.ZodType)
      ).optional(),
    ]),
  );
  return z.object(shape) as unknown as ReturnType<z.ZodObject<Shape>['partial']>;
}

// Dates and times. Every day, wall-clock time and instant a schema takes is checked by the
// predicates below (issue 28): a field's shape by its pattern (which the OpenAPI document shows),
// then the calendar by date-fns, so that no impossible value (`2026-13-45`, `2027-02-29`, `24:00`)
// reaches a service that would turn it into an invalid Date. Each builder takes the message key
// of its field; a value of the wrong shape and an impossible one get the same message, once.

/** `YYYY-MM-DD`. */
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** `HH:MM`, a wall-clock time of a day (the `<input type="time">` value). */
const TIME_PATTERN = /^\d{2}:\d{2}$/;
/** `YYYY-MM-DDTHH:MM`, a wall-clock day and time (the `<input type="datetime-local">` value). */
const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The first year a day may have. Four digits on the wire; before 1000 no form has a use for, and
 * the Date constructor that date-fns' check relies on reads the years 0 to 99 as 1900 to 1999.
 */
export const FIRST_YEAR = 1000;

/** A real calendar day `YYYY-MM-DD` (month 1–12, the day within its month, leap years). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return year >= FIRST_YEAR && isExists(year, month - 1, day);
}

/** A real wall-clock time `HH:MM`: hours 00–23, minutes 00–59 (no `24:00`). */
export function isClockTime(text: string): boolean {
  if (!TIME_PATTERN.test(text)) return false;
  const [hours, minutes] = text.split(':').map(Number) as [number, number];
  return hours <= 23 && minutes <= 59;
}

/** A real wall-clock day and time `YYYY-MM-DDTHH:MM`. */
export function isLocalDateTime(text: string): boolean {
  if (!LOCAL_DATE_TIME_PATTERN.test(text)) return false;
  return isCalendarDay(text.slice(0, 10)) && isClockTime(text.slice(11));
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):(\d{2})(?:\.\d+)?(Z|[+-](\d{2}:\d{2}))$/;

/**
 * A real instant, ISO 8601 with seconds and an offset (`2026-12-07T08:00:00.000Z`, `…+01:00`):
 * its day and time are real, seconds 00–59, the offset's hours 00–23 and minutes 00–59, and it parses to a
 * valid Date.
 */
export function isInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match) return false;
  const [, day = '', time = '', seconds = '', zone = '', offset = ''] = match;
  return (
    isCalendarDay(day) &&
    isClockTime(time) &&
    Number(seconds) <= 59 &&
    (zone === 'Z' || isClockTime(offset)) &&
    isValid(new Date(text))
  );
}

/** A field's message: `validation.required` when it is absent, else `message`. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'validation.required' : message;
const stringOr = (message: string) => z.string({ error: requiredOr(message) });
/**
 * The calendar is checked only on a value of the right shape, so that a field gets one message.
 * Not `abort`: that would also stop the rules across fields, whose messages the forms show at once.
 */
const shapeHeld = (payload: { issues: unknown[] }) => payload.issues.length === 0;

/** A required day `YYYY-MM-DD`; `message` for a malformed or impossible one. */
export const dayField = (message = 'validation.date') =>
  stringOr(message)
    .regex(DAY_PATTERN, { error: message })
    .refine(isCalendarDay, { error: message, when: shapeHeld });

/** A required wall-clock time `HH:MM`. */
export const timeField = (message = 'validation.time') =>
  stringOr(message)
    .regex(TIME_PATTERN, { error: message })
    .refine(isClockTime, { error: message, when: shapeHeld });

/** A required wall-clock day and time `YYYY-MM-DDTHH:MM`, read in the institution's zone. */
export const localDateTimeField = (message = 'validation.datetime') =>
  stringOr(message)
    .regex(LOCAL_DATE_TIME_PATTERN, { error: message })
    .refine(isLocalDateTime, { error: message, when: shapeHeld });

/** A required instant, ISO 8601 with an offset (the OpenAPI document says `date-time`). */
export const instantField = (message = 'validation.datetime') =>
  z.iso
    .datetime({ offset: true, error: requiredOr(message) })
    .refine(isInstant, { error: message, when: shapeHeld });
