import {
  evaluationFields,
  eventBody,
  isCalendarDay,
  isClockTime,
  isInstant,
  isLocalDateTime,
} from '@skolar/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateArbitrary, dateFieldsOf, dateKindOf, jsonSchemaOf } from './fuzz-arbitraries.ts';
import { checkAnswer, impossibleDates, MARKER } from './fuzz-checks.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (statusCode: number, body: string, headers: Record<string, unknown> = json) => ({
  statusCode,
  body,
  headers,
});

describe("the fuzz test's checks of an answer", () => {
  it('pass a plain error answer and an answer of the own institution', () => {
    const body = JSON.stringify({ message: 'Not found', errors: { id: ['Invalid'] } });
    expect(checkAnswer(answer(404, body), { markers: true })).toBeNull();
    expect(checkAnswer(answer(200, '{"first_name":"Ann"}'), { markers: true })).toBeNull();
  });

  it('refuse a 5xx', () => {
    expect(checkAnswer(answer(500, '{"message":"Internal"}'), { markers: false })).toMatch(
      /answered 500/,
    );
  });

  it('refuse a stack trace, in the body or the headers', () => {
    const stack =
      'TypeError: x is undefined\n    at handler (/work/apps/api/src/modules/a.ts:12:5)';
    expect(checkAnswer(answer(400, JSON.stringify({ stack })), { markers: false })).toMatch(
      /stack trace/,
    );
    expect(checkAnswer(answer(400, '', { ...json, 'x-error': stack }), { markers: false })).toMatch(
      /stack trace/,
    );
  });

  it('refuse the text of a failed query or a PostgreSQL error', () => {
    for (const text of [
      'Failed query: select "users"."id" from "users"\nparams: 1',
      'insert or update on table "resources" violates foreign key constraint "x"',
      'duplicate key value violates unique constraint "users_email_key"',
      'invalid input syntax for type integer: "abc"',
    ]) {
      expect(
        checkAnswer(answer(409, JSON.stringify({ message: text })), { markers: false }),
      ).toMatch(/SQL text/);
    }
  });

  it("refuse another institution's marker unless the caller may see every institution", () => {
    const body = JSON.stringify([{ last_name: `${MARKER}12l` }]);
    expect(checkAnswer(answer(200, body), { markers: true })).toMatch(/another institution's row/);
    expect(checkAnswer(answer(200, body), { markers: false })).toBeNull();
    const disposition = { 'content-disposition': `attachment; filename="${MARKER}3f.pdf"` };
    expect(
      checkAnswer(answer(200, '%PDF', { 'content-type': 'application/pdf', ...disposition }), {
        markers: true,
      }),
    ).toMatch(/another institution's row/);
  });
});

describe("the fuzz test's date fields", () => {
  it('are found by their format or by what their pattern takes, however deep', () => {
    expect(dateKindOf({ type: 'string', format: 'date-time' })).toBe('instant');
    expect(dateKindOf({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' })).toBe('day');
    expect(dateKindOf({ type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' })).toBe('day');
    expect(dateKindOf({ type: 'string', pattern: '^\\d{2}:\\d{2}$' })).toBe('time');
    expect(dateKindOf({ type: 'string', pattern: '^[0-9]{4}-[0-9]{4}$' })).toBeNull();
    expect(dateKindOf({ type: 'string' })).toBeNull();
    const fields = (schema: Parameters<typeof jsonSchemaOf>[0]) =>
      dateFieldsOf(jsonSchemaOf(schema)).map((field) => `${field.path.join('.')} ${field.kind}`);
    expect(fields(eventBody)).toEqual(['starts_at instant', 'ends_at instant', 'repeat.until day']);
    expect(fields(evaluationFields)).toEqual([
      'date day',
      'start_time time',
      'end_time time',
      'deadline local-date-time',
      'late_until local-date-time',
    ]);
  });

  it('get real values and impossible ones of each kind', () => {
    const real = {
      day: isCalendarDay,
      time: isClockTime,
      'local-date-time': isLocalDateTime,
      instant: isInstant,
    };
    for (const kind of ['day', 'time', 'local-date-time', 'instant'] as const) {
      const drawn = fc.sample(dateArbitrary(kind), { numRuns: 400, seed: 7 });
      const impossible = drawn.filter((value) => !real[kind](value));
      expect(impossible.length, kind).toBeGreaterThan(100);
      expect(drawn.length - impossible.length, kind).toBeGreaterThan(100);
    }
  });

  it('name where a request holds an impossible date, through lists', () => {
    const fields = [
      { path: ['repeat', 'until'], kind: 'day' as const },
      { path: ['answers', '[]', 'typed_at'], kind: 'instant' as const },
      { path: ['start_time'], kind: 'time' as const },
      { path: ['date_of_birth'], kind: 'day' as const },
    ];
    expect(
      impossibleDates(
        {
          repeat: { until: '2026-13-45' },
          answers: [{ typed_at: '2026-01-01T10:00:00Z' }, { typed_at: '2026-01-01T24:00:00Z' }],
          start_time: '23:59',
          date_of_birth: '',
        },
        fields,
      ),
    ).toEqual(['repeat.until', 'answers.1.typed_at']);
    expect(impossibleDates({ start_time: 42, repeat: null }, fields)).toEqual([]);
    expect(impossibleDates(undefined, fields)).toEqual([]);
  });

  it('refuse a success to a request with an impossible date, not a 422', () => {
    const impossible = ['body repeat.until'];
    expect(checkAnswer(answer(201, '{}'), { markers: false, impossible })).toMatch(
      /answered 201 to an impossible date in body repeat.until/,
    );
    expect(checkAnswer(answer(422, '{}'), { markers: false, impossible })).toBeNull();
    expect(checkAnswer(answer(201, '{}'), { markers: false, impossible: [] })).toBeNull();
  });
});
