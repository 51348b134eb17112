import { describe, expect, it } from 'vitest';
import { checkAnswer, MARKER } from './fuzz-checks.ts';

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
