import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarRange, eventBody } from './calendar.ts';
import {
  dayField,
  instantField,
  isCalendarDay,
  isClockTime,
  isInstant,
  isLocalDateTime,
  localDateTimeField,
  timeField,
} from './common-fields.ts';
import { newEvaluationBody } from './evaluations.ts';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An independent reading of a day: the UTC Date of its parts gives the same parts back. */
function roundTrips(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The messages of a failed parse, by field path. */
function messages(
  schema: { safeParse(value: unknown): { error?: { issues: unknown[] } } },
  value: unknown,
) {
  return (schema.safeParse(value).error?.issues ?? []).map(
    (issue) => (issue as { message: string }).message,
  );
}

describe('isCalendarDay', () => {
  it.each([
    '2026-01-01',
    '2026-12-31',
    '2028-02-29', // leap year
    '2000-02-29', // divisible by 400: leap
    '2026-04-30',
    '1000-01-01',
    '9999-12-31',
  ])('takes %s', (day) => {
    expect(isCalendarDay(day)).toBe(true);
  });

  it.each([
    '2026-13-45', // the security review's
    '2027-02-29', // not a leap year
    '2100-02-29', // divisible by 100, not by 400: not leap
    '2027-02-30',
    '2026-04-31',
    '2026-06-31',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '2026-1-05',
    '2026-01-5',
    '26-01-05',
    '0000-01-01',
    '0099-12-31', // Date(99, …) would read 1999
    '0999-12-31', // before FIRST_YEAR
    '+02026-01-01',
    ' 2026-01-01',
    '2026-01-01 ',
    '2026-01-01T00:00',
    '２０２６-01-01', // full-width digits
    '',
  ])('refuses %j', (day) => {
    expect(isCalendarDay(day)).toBe(false);
  });

  it('agrees with the calendar for every year, month and day of two digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (year, month, day) => {
          const text = `${year}-${pad(month)}-${pad(day)}`;
          const real = month >= 1 && month <= 12 && day >= 1 && roundTrips(year, month, day);
          expect(isCalendarDay(text), text).toBe(real);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('isClockTime', () => {
  it.each(['00:00', '09:05', '12:30', '23:59'])('takes %s', (time) => {
    expect(isClockTime(time)).toBe(true);
  });

  it.each(['24:00', '23:60', '24:01', '99:99', '-1:00', '9:00', '09:5', '09:00:00', '0900', ''])(
    'refuses %j',
    (time) => {
      expect(isClockTime(time)).toBe(false);
    },
  );

  it('takes exactly hours 00–23 and minutes 00–59', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (h, m) => {
        expect(isClockTime(`${pad(h)}:${pad(m)}`)).toBe(h <= 23 && m <= 59);
      }),
    );
  });
});

describe('isLocalDateTime', () => {
  it.each(['2027-02-28T10:00', '2028-02-29T23:59', '2026-01-01T00:00'])('takes %s', (value) => {
    expect(isLocalDateTime(value)).toBe(true);
  });

  it.each([
    '2027-02-30T10:00', // the security review's
    '2027-02-29T10:00',
    '2026-01-01T24:00',
    '2026-01-01T23:60',
    '2026-13-01T10:00',
    '2026-01-01 10:00',
    '2026-01-01T10:00:00',
    '2026-01-01T10:00Z',
    '2026-01-01',
  ])('refuses %j', (value) => {
    expect(isLocalDateTime(value)).toBe(false);
  });
});

describe('isInstant', () => {
  it.each([
    '2026-12-07T08:00:00.000Z',
    '2026-12-07T08:00:00Z',
    '2028-02-29T23:59:59.999999Z',
    '2026-12-07T09:00:00+01:00',
    '2026-12-07T00:00:00-23:59',
  ])('takes %s', (value) => {
    expect(isInstant(value)).toBe(true);
  });

  it.each([
    '2027-02-29T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-04-31T10:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-01-01T23:59:60Z',
    '2026-01-01T10:00:00+24:00',
    '2026-01-01T10:00:00+01:60',
    '2026-01-01T10:00:00+99:99',
    '2026-01-01T10:00:00', // no offset: which instant?
    '2026-12-07T08:00Z', // no seconds
    '2026-01-01T10:00:00z',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '2026-01-01',
    'NaN',
  ])('refuses %j', (value) => {
    expect(isInstant(value)).toBe(false);
  });

  it('takes every instant a Date writes (toISOString) from year 1000 to 9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(isInstant(date.toISOString())).toBe(true);
        },
      ),
    );
  });
});

describe('the date field builders', () => {
  it('give the field its own message, once, for a malformed or an impossible value', () => {
    const day = dayField('evaluations.validation.day');
    expect(messages(day, '2026-13-45')).toEqual(['evaluations.validation.day']);
    expect(messages(day, 'tomorrow')).toEqual(['evaluations.validation.day']);
    expect(messages(day, 20260101)).toEqual(['evaluations.validation.day']);
    expect(messages(day, '2028-02-29')).toEqual([]);
    expect(messages(timeField(), '24:00')).toEqual(['validation.time']);
    expect(messages(timeField(), '23:60')).toEqual(['validation.time']);
    expect(messages(timeField(), '23:59')).toEqual([]);
    expect(messages(localDateTimeField(), '2027-02-30T10:00')).toEqual(['validation.datetime']);
    expect(messages(instantField('validation.date'), '2027-02-29T10:00:00Z')).toEqual([
      'validation.date',
    ]);
    expect(messages(instantField(), '2026-01-01T10:00:00+01:00')).toEqual([]);
  });

  it('say a missing value is required', () => {
    for (const field of [dayField(), timeField(), localDateTimeField(), instantField()]) {
      expect(messages(field, undefined)).toEqual(['validation.required']);
    }
  });

  it('show their shape in the JSON Schema (the OpenAPI document)', () => {
    expect(z.toJSONSchema(dayField())).toMatchObject({
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    });
    expect(z.toJSONSchema(timeField())).toMatchObject({ pattern: '^\\d{2}:\\d{2}$' });
    expect(z.toJSONSchema(instantField())).toMatchObject({ format: 'date-time' });
  });
});

describe('a form with an impossible date', () => {
  it('still gets the messages of the rules across its fields, none for the impossible value', () => {
    const exam = { subject_id: 1, training_id: 1, type: 'exam', title: 'Partiel', percentage: 5 };
    const paths = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(paths(newEvaluationBody.safeParse({ ...exam, date: '2027-02-29' }))).toEqual([
      'date: evaluations.validation.day',
      'start_time: validation.required',
      'end_time: validation.required',
      'duration_minutes: validation.required',
    ]);
    expect(
      paths(
        newEvaluationBody.safeParse({
          ...exam,
          type: 'project',
          date: '2030-01-10',
          deadline: '2027-02-30T10:00',
        }),
      ),
    ).toEqual(['deadline: evaluations.validation.deadline']);
    expect(
      paths(
        eventBody.safeParse({
          title: 'Cours',
          starts_at: '2026-12-07T08:00:00.000Z',
          ends_at: '0999-12-07T09:00:00.000Z',
        }),
      ),
    ).toEqual(['ends_at: validation.date']);
    expect(
      paths(
        calendarRange.safeParse({ start: '2026-12-07T00:00:00Z', end: '0999-01-01T00:00:00Z' }),
      ),
    ).toEqual(['end: validation.date']);
  });
});
