import { randomInt } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { Role } from '@skolar/shared';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimits } from '../src/auth/rate-limit.ts';
import { STEP_UP_HEADER } from '../src/auth/step-up.ts';
import { institutions, users } from '../src/db/schema/index.ts';
import { bearer, createTestApp, TEST_PASSWORD } from './app.ts';
import { type Caller, extraSession, Fixture, newStaff, REQUESTS } from './authz-requests.ts';
import { createUser } from './factories.ts';
import {
  arbitraryOf,
  type DateField,
  dateArbitrary,
  dateFieldsOf,
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
  jsonSchemaOf,
  realDate,
  withValueAt,
} from './fuzz-arbitraries.ts';
import { checkAnswer, impossibleDates, MARKER } from './fuzz-checks.ts';

/**
 * Property-based requests to every API route (from the route registry), built from the route's
 * zod schemas and from the authorization matrix's valid requests, with hostile values mixed in,
 * by each role on its own institution's rows, on another institution's, and by a guest. Date
 * fields get real and impossible days, times and instants (`2027-02-29`, `24:00`). Each answer
 * must be below 500, hold no stack trace or SQL text, not be a success when the request held an
 * impossible date, and (but for the super-admin's) name no person or row of the other
 * institution, whose rows carry marker strings.
 *
 * `npm test` runs a few requests per route with a fixed seed; `npm run fuzz` runs FUZZ_RUNS per
 * route (default 200) with a new seed, printed, or FUZZ_SEED to replay one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.FUZZ_RUNS ? randomInt(2 ** 31) : 15));
const ONLY = process.env.FUZZ_ROUTE;
console.info(`fuzz: seed ${SEED}, ${RUNS} runs per route (FUZZ_SEED=${SEED} to replay)`);

const { app, db, ctx } = await createTestApp();

const own = await newStaff(db);
const other = await newStaff(db);
// The super-admin's calls go to an institution of their own: they may archive or delete it.
const spare = await newStaff(db);
const root = await createUser(db, 'super-admin', null);

type Target = 'own' | 'other' | 'spare';
const fixtures: Record<Target, Fixture> = {
  own: new Fixture(db, ctx, own),
  other: new Fixture(db, ctx, other),
  spare: new Fixture(db, ctx, spare),
};

const signed = (role: Role, userId: number): Caller => ({ role, userId, password: TEST_PASSWORD });
const guest: Caller = { role: 'guest', userId: null, password: '' };
/** Who calls, and on whose rows (the matrix's columns). */
const COLUMNS: ReadonlyArray<{ name: string; caller: Caller; target: Target }> = [
  { name: 'SA', caller: signed('super-admin', root.id), target: 'spare' },
  { name: 'A', caller: signed('admin', own.admin.id), target: 'own' },
  { name: 'ST', caller: signed('super-teacher', own.superTeacher.id), target: 'own' },
  { name: 'T', caller: signed('teacher', own.teacher.id), target: 'own' },
  { name: 'S', caller: signed('student', own.student.id), target: 'own' },
  { name: 'A*', caller: signed('admin', own.admin.id), target: 'other' },
  { name: 'ST*', caller: signed('super-teacher', own.superTeacher.id), target: 'other' },
  { name: 'T*', caller: signed('teacher', own.teacher.id), target: 'other' },
  { name: 'S*', caller: signed('student', own.student.id), target: 'other' },
  { name: 'guest', caller: guest, target: 'own' },
  { name: 'guest*', caller: guest, target: 'other' },
];
const callerRows = COLUMNS.flatMap(({ caller }) =>
  caller.userId === null
    ? []
    : [
        {
          id: caller.userId,
          role: caller.role as Role,
          institution_id: caller.role === 'super-admin' ? null : own.institution.id,
        },
      ],
);
const callerIds = new Set(callerRows.map((row) => row.id));

/** Routes that remove or archive rows come last: the others still find the fixture's rows. */
const destructive = (route: { method: string; url: string }) =>
  route.method === 'DELETE' || /\/(archive|revoke-others|logout)$/.test(route.url);
/**
 * Live streams never end, so they have no answer to check: the notification stream's access is
 * the authorization matrix's and the query count's (they leave once the headers are sent).
 */
const STREAMS = new Set(['GET /api/notifications/stream']);
const routes = app.routeRegistry
  .filter((route) => !STREAMS.has(`${route.method} ${route.url}`))
  .filter((route) => !ONLY || `${route.method} ${route.url}` === ONLY)
  .sort((a, b) => Number(destructive(a)) - Number(destructive(b)));

/** The matrix's valid request of a route for one column, built once (rows are created once). */
const bases = new Map<string, Promise<{ url: string; payload?: unknown; headers?: object }>>();
function base(key: string, column: (typeof COLUMNS)[number]) {
  const id = `${key}|${column.target}|${column.caller.role}`;
  if (!bases.has(id)) {
    const build = REQUESTS[key];
    if (!build) throw new Error(`${key} has no request in authz-requests.ts`);
    bases.set(id, Promise.resolve(build(fixtures[column.target], column.caller)));
  }
  return bases.get(id)!;
}

// Every request's rows exist before the first fuzzed call (which may delete some), and every row
// of the other institution that a request names exists before the markers are set.
const otherIds = new Set<number>();
for (const route of app.routeRegistry) {
  const key = `${route.method} ${route.url}`;
  for (const column of COLUMNS) await base(key, column);
  const request = await base(key, COLUMNS[5]!);
  const found = app.findRoute({ method: route.method as 'GET', url: request.url.split('?')[0]! });
  for (const value of Object.values(found?.params ?? {})) {
    if (/^\d+$/.test(String(value))) otherIds.add(Number(value));
  }
}
// Marker strings on the other institution's people and rows: no answer to the own institution's
// people or to a guest may hold one.
await db.execute(sql`
  update users set first_name = ${MARKER} || id || 'f', last_name = ${MARKER} || id || 'l',
    email = ${MARKER} || id || '@example.test'
  where institution_id = ${other.institution.id}`);
for (const [table, column] of [
  ['groups', 'name'],
  ['promotions', 'name'],
  ['subjects', 'name'],
  ['lessons', 'title'],
  ['events', 'title'],
  ['evaluations', 'title'],
  ['files', 'original_name'],
] as const) {
  await db.execute(
    sql.raw(
      `update "${table}" set "${column}" = '${MARKER}' || id || '${table}' where institution_id = ${other.institution.id}`,
    ),
  );
}
await db.execute(sql`
  update chapters set title = ${MARKER} || id || 'chapter', content = ${MARKER} || id || 'content'
  where lesson_id in (select id from lessons where institution_id = ${other.institution.id})`);

const extras = [...otherIds];

type ParamChoice = { kind: 'valid' } | { kind: 'other' } | { kind: 'value'; value: unknown };
/** Values for date fields of a request part, by path; `target`: set even where one is sent. */
type DateValues = { path: string[]; value: string; target: boolean }[];
type BodyChoice =
  | { kind: 'valid' }
  | { kind: 'dates'; values: DateValues; parents: Record<string, unknown> }
  | { kind: 'edit'; edits: Record<string, unknown> }
  | { kind: 'value'; value: unknown }
  | { kind: 'raw'; text: string; type: string };

const RAW_BODIES: ReadonlyArray<{ text: string; type: string }> = [
  { text: '', type: 'application/json' },
  { text: '{', type: 'application/json' },
  { text: '{"a":1,"a":2}', type: 'application/json' },
  { text: '"\\ud800"', type: 'application/json' },
  { text: '{"__proto__":{"role":"super-admin"}}', type: 'application/json' },
  { text: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, type: 'application/json' },
  { text: '1e99999', type: 'application/json' },
  { text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { text: 'plain', type: 'text/plain' },
  { text: '<a/>', type: 'application/xml' },
  { text: '--x\r\n\r\n', type: 'multipart/form-data; boundary=x' },
  { text: '{}', type: 'application/json; charset=utf-16' },
];

/** Percent-encoding that also carries a lone surrogate (as the bytes a sloppy client would send). */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return Array.from(text)
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) && value.length ? value : [value]) {
      parts.push(`${encode(key)}=${encode(typeof one === 'number' ? String(one) : one)}`);
    }
  }
  return parts.join('&');
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value)
    ? (value as Record<string, unknown>)
    : {};

function requestArbitrary(route: (typeof routes)[number]) {
  const params = jsonSchemaOf(route.schema.params);
  const query = jsonSchemaOf(route.schema.querystring);
  const body = jsonSchemaOf(route.schema.body);
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!);
  const param = (name: string): fc.Arbitrary<ParamChoice> =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'valid' as const }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'other' as const }) },
      {
        weight: 3,
        arbitrary: arbitraryOf(params?.properties?.[name] ?? { type: 'string' }, 0.5, extras).map(
          (value) => ({ kind: 'value' as const, value }),
        ),
      },
    );
  const edits = (schema: typeof body, hostility: number) =>
    fc
      .dictionary(
        fc.constantFrom(...Object.keys(schema?.properties ?? { x: {} }), '__proto__', 'id'),
        fc.constant(null),
        { maxKeys: 3 },
      )
      .chain((keys) =>
        fc.record(
          Object.fromEntries(
            Object.keys(keys).map((key) => [
              key,
              arbitraryOf(schema?.properties?.[key] ?? {}, hostility, extras),
            ]),
          ),
        ),
      );
  const bodyChoice: fc.Arbitrary<BodyChoice> = fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'valid' as const }) },
    { weight: 5, arbitrary: edits(body, 0.5).map((e) => ({ kind: 'edit' as const, edits: e })) },
    {
      weight: 2,
      arbitrary: (body ? arbitraryOf(body, 0.2, extras) : hostileValue(extras)).map((value) => ({
        kind: 'value' as const,
        value,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ kind: 'raw' as const, ...raw })),
    },
  );
  // A route's date fields also get the valid request with one of them set to a real or an
  // impossible day, time or instant (so that an impossible date meets the code behind a valid
  // request, not only a refusal for another field); the others keep the valid request's values,
  // or get real ones where it has none; a missing object they sit in (an event's `repeat`) is
  // drawn valid from its schema.
  const dates = datesOf(route);
  const dateValues = (fields: DateField[]): fc.Arbitrary<DateValues> =>
    fc
      .integer({ min: 0, max: Math.max(0, fields.length - 1) })
      .chain((one) =>
        fc.tuple(
          ...fields.map((field, i) =>
            (i === one
              ? dateArbitrary(field.kind)
              : fc.option(realDate(field.kind), { nil: undefined })
            ).map((value) => ({ path: field.path, value, target: i === one })),
          ),
        ),
      )
      .map((values) => values.filter((entry): entry is DateValues[number] => !!entry.value));
  const parents = [
    ...new Set(dates.body.filter((field) => field.path.length > 1).map((field) => field.path[0]!)),
  ];
  const dateBody = fc
    .record({
      values: dateValues(dates.body),
      parents: fc.record(
        Object.fromEntries(
          parents.map((key) => [key, arbitraryOf(objectOf(body?.properties?.[key]), 0, extras)]),
        ),
      ),
    })
    .map(({ values, parents }) => ({ kind: 'dates' as const, values, parents }));
  return fc.record({
    column: fc.integer({ min: 0, max: COLUMNS.length - 1 }),
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, param(name)]))),
    query: fc.oneof(
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: edits(query, 0.5) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...HOSTILE_STRINGS.slice(0, 30)), fc.boolean())
          .map(([text, encoded]) => ({ raw: encoded ? encode(text) : text })),
      },
      ...(dates.query.length
        ? [{ weight: 3, arbitrary: dateValues(dates.query).map((values) => ({ dates: values })) }]
        : []),
    ),
    body: dates.body.length
      ? fc.oneof({ weight: 1, arbitrary: bodyChoice }, { weight: 2, arbitrary: dateBody })
      : bodyChoice,
  });
}

type Drawn = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

/** The date fields of a route's path parameters, query and body. */
const dateFields = new Map<string, Record<'params' | 'query' | 'body', DateField[]>>();
function datesOf(route: (typeof routes)[number]) {
  const key = `${route.method} ${route.url}`;
  if (!dateFields.has(key)) {
    dateFields.set(key, {
      params: dateFieldsOf(jsonSchemaOf(route.schema.params)),
      query: dateFieldsOf(jsonSchemaOf(route.schema.querystring)),
      body: dateFieldsOf(jsonSchemaOf(route.schema.body)),
    });
  }
  return dateFields.get(key)!;
}

/** The object branch of a nullable object's schema (a parent drawn null holds no field). */
function objectOf(schema: JsonSchema | undefined): JsonSchema {
  const alternatives = schema?.anyOf ?? schema?.oneOf ?? [];
  return alternatives.find((inner) => inner.type === 'object') ?? schema ?? {};
}

/** Whether a payload holds a value (not null) at a path (`[]`: in its list's first item). */
function hasValueAt(payload: unknown, path: readonly string[]): boolean {
  let node: unknown = payload;
  for (const key of path) {
    if (key === '[]') node = Array.isArray(node) ? node[0] : undefined;
    else
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node !== undefined && node !== null;
}

/** A JSON text's value, or undefined. */
function parsedOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(route: (typeof routes)[number], drawn: Drawn) {
  const key = `${route.method} ${route.url}`;
  const column = COLUMNS[drawn.column]!;
  const valid = await base(key, column);
  const [validPath, validQuery = ''] = valid.url.split('?') as [string, string?];
  const otherPath = (await base(key, COLUMNS[5]!)).url.split('?')[0]!;
  const validParams = app.findRoute({ method: route.method as 'GET', url: validPath })?.params;
  const otherParams = app.findRoute({ method: route.method as 'GET', url: otherPath })?.params;
  let path = validPath;
  if (!route.url.includes('*')) {
    path = route.url.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
      const choice = drawn.params[name] as ParamChoice;
      if (choice.kind === 'valid') return encode(validParams?.[name] ?? '');
      if (choice.kind === 'other') return encode(otherParams?.[name] ?? '');
      // A write on the acting people's own accounts would change who acts next: the matrix
      // covers those; here their ids stay out of non-GET paths.
      const value = choice.value;
      if (route.method !== 'GET' && typeof value === 'number' && callerIds.has(value)) {
        return encode(value + 1_000_000);
      }
      return encode(value);
    });
  }
  // A public route keyed by a secret token in its path (a private calendar feed) shows what the
  // token opens to whoever holds it: with the other institution's token, that institution's rows.
  const tokenChoice = (drawn.params as Record<string, ParamChoice>).token;
  const othersToken =
    'public' in route.access &&
    (tokenChoice?.kind === 'other' || (tokenChoice?.kind === 'valid' && column.target === 'other'));
  let query = validQuery;
  let sentQuery: unknown;
  if (drawn.query && 'raw' in drawn.query) query = `q=${drawn.query.raw as string}`;
  else if (drawn.query && 'dates' in drawn.query) {
    const merged: Record<string, unknown> = Object.fromEntries(new URLSearchParams(validQuery));
    for (const { path, value, target } of drawn.query.dates as DateValues) {
      if (target || merged[path[0]!] === undefined) merged[path[0]!] = value;
    }
    query = queryString(merged);
    sentQuery = merged;
  } else if (drawn.query) {
    const merged = { ...Object.fromEntries(new URLSearchParams(validQuery)), ...drawn.query };
    query = queryString(merged);
    sentQuery = merged;
  }
  const url = query ? `${path}?${query}` : path;

  const headers: Record<string, string> = { ...(valid.headers as Record<string, string>) };
  let payload: string | Buffer | undefined;
  let sentBody: unknown;
  if (route.method !== 'GET') {
    const choice = drawn.body;
    if (choice.kind === 'valid') {
      payload =
        valid.payload === undefined
          ? undefined
          : Buffer.isBuffer(valid.payload)
            ? valid.payload
            : JSON.stringify(valid.payload);
    } else if (choice.kind === 'dates') {
      let value: unknown = { ...asObject(valid.payload) };
      for (const [key, parent] of Object.entries(choice.parents)) {
        const object = value as Record<string, unknown>;
        if (object[key] === undefined || object[key] === null) object[key] = parent;
      }
      for (const { path, value: date, target } of choice.values) {
        if (target || !hasValueAt(value, path)) value = withValueAt(value, path, date);
      }
      payload = JSON.stringify(value);
      headers['content-type'] = 'application/json';
      sentBody = value;
    } else if (choice.kind === 'raw') {
      payload = choice.text;
      headers['content-type'] = choice.type;
      sentBody = parsedOr(choice.text);
    } else {
      const value =
        choice.kind === 'edit' ? { ...asObject(valid.payload), ...choice.edits } : choice.value;
      payload = JSON.stringify(value) ?? 'null';
      headers['content-type'] = 'application/json';
      sentBody = parsedOr(payload);
    }
  }
  // Where the request holds an impossible date: it may not succeed.
  const dates = datesOf(route);
  const sentParams = Object.fromEntries(
    Object.entries(drawn.params).flatMap(([name, choice]) =>
      (choice as ParamChoice).kind === 'value'
        ? [[name, (choice as { value: unknown }).value]]
        : [],
    ),
  );
  const impossible = [
    ...impossibleDates(sentParams, dates.params).map((at) => `path ${at}`),
    ...impossibleDates(sentQuery, dates.query).map((at) => `query ${at}`),
    ...impossibleDates(sentBody, dates.body).map((at) => `body ${at}`),
  ];

  const { caller } = column;
  if (caller.userId !== null) {
    const { token } = await extraSession(db, ctx, caller.userId);
    Object.assign(headers, bearer(token));
    if (route.stepUp) {
      const confirm = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-password-request',
        headers: bearer(token),
        payload: { password: caller.password },
      });
      if (confirm.statusCode === 200) headers[STEP_UP_HEADER] = confirm.json().token;
    }
  }
  ctx.limits = new RateLimits();
  const response = await app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  if (route.method !== 'GET') await heal();
  const status = `${Math.floor(response.statusCode / 100)}xx`;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return { column, url, payload, response, impossible, othersToken };
}

/** The acting people and institutions stay as they were (an admin may archive themselves). */
async function heal() {
  await db
    .update(institutions)
    .set({ archived_at: null, mfa_required_for_staff: false })
    .where(inArray(institutions.id, [own.institution.id, other.institution.id]));
  for (const row of callerRows) {
    await db
      .update(users)
      .set({ archived_at: null, role: row.role, institution_id: row.institution_id })
      .where(inArray(users.id, [row.id]));
  }
}

/** How the answers were spread (printed after a long run: a run of 404s only proves little). */
const statuses = new Map<string, number>();
afterAll(() => {
  console.info(`fuzz: answers ${JSON.stringify(Object.fromEntries(statuses))}`);
});

describe('fuzzed requests', () => {
  it('reach every route of the registry', () => {
    expect(routes.length).toBeGreaterThan(ONLY ? 0 : 200);
  });

  it("see the markers of the other institution's rows in an answer to that institution", async () => {
    const { url } = await base('GET /api/students', COLUMNS[5]!);
    const { token } = await extraSession(db, ctx, other.admin.id);
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(checkAnswer(response, { markers: true })).toMatch(/another institution's row/);
  });

  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    it(key, { timeout: 30_000 + RUNS * 3_000 }, async () => {
      const started = performance.now();
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(route), async (drawn) => {
          const { column, url, payload, response, impossible, othersToken } = await send(
            route,
            drawn,
          );
          const problem = checkAnswer(response, {
            markers: column.name !== 'SA' && !othersToken,
            impossible,
          });
          if (problem) {
            const sent = typeof payload === 'string' ? payload.slice(0, 300) : typeof payload;
            throw new Error(
              `${key} as ${column.name}: ${problem}\n  ${route.method} ${url.slice(0, 300)}\n  body: ${sent}\n  answer: ${response.statusCode} ${response.body.slice(0, 500)}`,
            );
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (process.env.FUZZ_LOG) {
        appendFileSync(
          process.env.FUZZ_LOG,
          `${key} ${Math.round(performance.now() - started)} ms${result.failed ? ' FAILED' : ''}\n`,
        );
      }
      // The counterexample itself may be a 100,000-character string: the message tells enough.
      if (result.failed) {
        const error = result.errorInstance as Error | undefined;
        throw new Error(
          `${error?.message ?? 'failed'}\n  (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ROUTE='${key}')`,
          { cause: error?.cause ?? error },
        );
      }
    });
  }
});
