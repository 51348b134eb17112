import type { Role } from '@skolar/shared';
import { describe, expect, it } from 'vitest';
import { type Locale, translate } from '../src/i18n/messages.ts';
import { bearer, createTestApp, signedIn, TEST_PASSWORD } from './app.ts';
import { type Caller, extraSession, Fixture, newStaff, REQUESTS } from './authz-requests.ts';
import {
  createInstitution,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from './factories.ts';
import {
  type DateField,
  type DateKind,
  dateFieldsOf,
  jsonSchemaOf,
  withValueAt,
} from './fuzz-arbitraries.ts';

/**
 * Issue 28, item 7: every day, time and instant a route takes is a real one. An impossible value
 * (`2026-13-45`, `2027-02-29`, `24:00`, `23:60`) answers 422 naming its field, in the request's
 * language; before, the four cases of the security review reached a service that made an invalid
 * Date of them and answered 500.
 */
const { app, db, ctx } = await createTestApp();

const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const admin = await createUser(db, 'admin', school.id);
const teacher = await createUser(db, 'teacher', school.id);
const promotion = await createPromotion(db, school.id, { teachers: [teacher.id] });
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id]);
await createModule(db, school.id, { trainingId: training.id, subjectIds: [subject.id] });
const as = signedIn(app);

const LOCALES: Locale[] = ['fr', 'en', 'de'];
const anEvent = {
  title: 'Cours',
  starts_at: '2026-12-07T08:00:00.000Z',
  ends_at: '2026-12-07T09:00:00.000Z',
};

describe("the security review's impossible dates", () => {
  it.each(LOCALES)(
    'POST /api/events with repeat.until 2026-13-45: 422 on repeat.until (%s), nothing created',
    async (locale) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { ...(await as(teacher)), 'accept-language': locale },
        payload: { ...anEvent, repeat: { weekdays: ['MO'], until: '2026-13-45' } },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({
        'repeat.until': [translate(locale, 'validation.date')],
      });
    },
  );

  it.each(LOCALES)(
    'PATCH /api/events/:id with repeat.until 2026-13-45: 422 on repeat.until (%s)',
    async (locale) => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: await as(teacher),
        payload: anEvent,
      });
      expect(created.statusCode, created.body).toBe(201);
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/events/${created.json().id}`,
        headers: { ...(await as(teacher)), 'accept-language': locale },
        payload: { repeat: { weekdays: ['MO'], until: '2026-13-45' } },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({
        'repeat.until': [translate(locale, 'validation.date')],
      });
    },
  );

  it.each(LOCALES)('GET /api/audit?from=2026-13-45: 422 on from (%s)', async (locale) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/audit?from=2026-13-45&to=2027-02-29',
      headers: { ...(await as(admin)), 'accept-language': locale },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      from: [translate(locale, 'validation.date')],
      to: [translate(locale, 'validation.date')],
    });
  });

  it.each(LOCALES)(
    'POST /api/evaluations with the deadline 2027-02-30T10:00: 422 on deadline (%s)',
    async (locale) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/evaluations',
        headers: { ...(await as(teacher)), 'accept-language': locale },
        payload: {
          subject_id: subject.id,
          training_id: training.id,
          type: 'project',
          title: 'Rapport',
          date: '2027-02-01',
          deadline: '2027-02-30T10:00',
          percentage: 10,
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({
        deadline: [translate(locale, 'evaluations.validation.deadline')],
      });
    },
  );

  it('takes the real neighbours of those values: a leap day, the last minute of a day', async () => {
    const repeated = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: await as(teacher),
      payload: { ...anEvent, repeat: { weekdays: ['MO'], until: '2028-02-29' } },
    });
    expect(repeated.statusCode, repeated.body).toBe(201);
    expect(repeated.json().repeat.until).toBe('2028-02-29');
    const audit = await app.inject({
      method: 'GET',
      url: '/api/audit?from=2028-02-29&to=2028-03-01',
      headers: await as(admin),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const project = await app.inject({
      method: 'POST',
      url: '/api/evaluations',
      headers: await as(teacher),
      payload: {
        subject_id: subject.id,
        training_id: training.id,
        type: 'project',
        title: 'Rapport bissextile',
        date: '2028-02-01',
        deadline: '2028-02-29T23:59',
        percentage: 10,
      },
    });
    expect(project.statusCode, project.body).toBe(201);
    expect(project.json().deadline_local).toBe('2028-02-29T23:59');
  });
});

// Every route: the date fields its schemas declare, each sent impossible values in place of the
// valid request of the authorization matrix (authz-requests.ts).

/** Impossible values of each kind, and a real one that must not be refused for its date. */
const IMPOSSIBLE: Record<DateKind, string[]> = {
  day: ['2026-13-45', '2027-02-29', '2026-04-31', '2026-00-10'],
  time: ['24:00', '23:60'],
  'local-date-time': ['2027-02-30T10:00', '2026-01-01T24:00', '2026-01-01T23:60'],
  instant: [
    '2027-02-29T10:00:00Z',
    '2026-13-01T10:00:00.000Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:59:60Z',
    '2026-01-01T10:00:00+24:00',
  ],
};
const REAL: Record<DateKind, string> = {
  day: '2028-02-29',
  time: '23:59',
  'local-date-time': '2028-02-29T23:59',
  instant: '2028-02-29T23:59:59.999Z',
};
/** The messages a date field may answer, in German (the request's language below). */
const DATE_MESSAGES = new Set(
  (
    [
      'validation.date',
      'validation.time',
      'validation.datetime',
      'account.rules.date',
      'evaluations.validation.day',
      'evaluations.validation.time',
      'evaluations.validation.deadline',
      'seminars.validation.day',
      'seminars.validation.time',
    ] as const
  ).map((key) => translate('de', key)),
);

const PARTS = ['params', 'querystring', 'body'] as const;
type Part = (typeof PARTS)[number];
interface RouteDateField extends DateField {
  route: (typeof app.routeRegistry)[number];
  part: Part;
}
const dateFields: RouteDateField[] = app.routeRegistry.flatMap((route) =>
  PARTS.flatMap((part) =>
    dateFieldsOf(jsonSchemaOf(route.schema[part])).map((field) => ({ ...field, route, part })),
  ),
);
const nameOf = (field: RouteDateField) =>
  `${field.route.method} ${field.route.url} ${field.part} ${field.path.join('.')} (${field.kind})`;

/** The error path the API answers for a field (`answers.0.typed_at`). */
const errorPath = (path: string[]) => path.map((key) => (key === '[]' ? '0' : key)).join('.');

const staff = await newStaff(db);
const spare = await newStaff(db);
const root = await createUser(db, 'super-admin', null);
const fixture = new Fixture(db, ctx, staff);
const spareFixture = new Fixture(db, ctx, spare);
const caller = (role: Role, userId: number): Caller => ({ role, userId, password: TEST_PASSWORD });
/** Who may call a route, tried in turn until one is not refused (403). */
const CALLERS: ReadonlyArray<{ caller: Caller; fixture: Fixture }> = [
  { caller: caller('admin', staff.admin.id), fixture },
  { caller: caller('teacher', staff.teacher.id), fixture },
  { caller: caller('student', staff.student.id), fixture },
  { caller: caller('super-admin', root.id), fixture: spareFixture },
];

/**
 * The matrix's valid request of the field's route with the field set to `value`, by the first of
 * `callers` whose role may call the route (the others answer 403 before the request is read), or
 * the last one's answer.
 */
async function sendWith(field: RouteDateField, value: string, callers = CALLERS) {
  const key = `${field.route.method} ${field.route.url}`;
  const build = REQUESTS[key];
  if (!build) throw new Error(`${key} has no request in authz-requests.ts`);
  let last: { response: Awaited<ReturnType<typeof app.inject>>; by: (typeof CALLERS)[number] };
  for (const { caller, fixture } of callers) {
    const valid = await build(fixture, caller);
    const [path = '', query = ''] = valid.url.split('?');
    let url = valid.url;
    let payload = valid.payload;
    if (field.part === 'params') {
      const segments = path.split('/');
      const at = field.route.url.split('/').indexOf(`:${field.path[0]}`);
      segments[at] = encodeURIComponent(value);
      url = `${segments.join('/')}${query ? `?${query}` : ''}`;
    } else if (field.part === 'querystring') {
      const params = new URLSearchParams(query);
      params.set(field.path[0]!, value);
      url = `${path}?${params}`;
    } else {
      payload = withValueAt(payload, field.path, value);
    }
    const { token } = await extraSession(db, ctx, caller.userId!);
    const response = await app.inject({
      method: field.route.method as 'POST',
      url,
      headers: { ...valid.headers, ...bearer(token), 'accept-language': 'de' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    last = { response, by: { caller, fixture } };
    if (response.statusCode !== 403) return last;
  }
  return last!;
}

describe('every date field of every route', () => {
  it('are the ones this test knows (a new one is checked below; add it here)', () => {
    expect(dateFields.map(nameOf).sort()).toEqual(
      [
        'DELETE /api/events/:id/occurrences/:start params start (instant)',
        'GET /api/attendance/alerts querystring from (day)',
        'GET /api/attendance/alerts querystring to (day)',
        'GET /api/attendance/export.csv querystring from (day)',
        'GET /api/attendance/learners/:id/certificate.pdf querystring from (day)',
        'GET /api/attendance/learners/:id/certificate.pdf querystring to (day)',
        'GET /api/attendance/learners/:id/sheet.pdf querystring from (day)',
        'GET /api/attendance/learners/:id/sheet.pdf querystring to (day)',
        'GET /api/attendance/learners/:id/summary querystring from (day)',
        'GET /api/attendance/learners/:id/summary querystring to (day)',
        'GET /api/attendance/me/summary querystring from (day)',
        'GET /api/attendance/me/summary querystring to (day)',
        'GET /api/attendance/promotions/:id/summary querystring from (day)',
        'GET /api/attendance/promotions/:id/summary querystring to (day)',
        'GET /api/attendance/export.csv querystring to (day)',
        'GET /api/attendance/sessions querystring from (day)',
        'GET /api/attendance/sessions querystring to (day)',
        'GET /api/audit querystring from (day)',
        'GET /api/audit querystring to (day)',
        'GET /api/events querystring end (instant)',
        'GET /api/events querystring start (instant)',
        'GET /api/me/planning querystring end (instant)',
        'GET /api/me/planning querystring start (instant)',
        'PATCH /api/episodes/:id body day (day)',
        'PATCH /api/episodes/:id body end_time (time)',
        'PATCH /api/episodes/:id body start_time (time)',
        'PATCH /api/evaluations/:id body date (day)',
        'PATCH /api/evaluations/:id body deadline (local-date-time)',
        'PATCH /api/evaluations/:id body end_time (time)',
        'PATCH /api/evaluations/:id body late_until (local-date-time)',
        'PATCH /api/evaluations/:id body start_time (time)',
        'PATCH /api/events/:id body ends_at (instant)',
        'PATCH /api/events/:id body repeat.until (day)',
        'PATCH /api/events/:id body starts_at (instant)',
        'PATCH /api/me/profile body date_of_birth (day)',
        'PATCH /api/announcements/:id body publish_at (instant)',
        'POST /api/announcements body publish_at (instant)',
        'POST /api/attendance/sessions body day (day)',
        'POST /api/attendance/sessions body end_time (time)',
        'POST /api/attendance/sessions body start_time (time)',
        'POST /api/evaluations body date (day)',
        'POST /api/evaluations body deadline (local-date-time)',
        'POST /api/evaluations body end_time (time)',
        'POST /api/evaluations body late_until (local-date-time)',
        'POST /api/evaluations body start_time (time)',
        'POST /api/events body ends_at (instant)',
        'POST /api/events body repeat.until (day)',
        'POST /api/events body starts_at (instant)',
        'POST /api/seminars/:id/episodes body day (day)',
        'POST /api/seminars/:id/episodes body end_time (time)',
        'POST /api/seminars/:id/episodes body start_time (time)',
        'PUT /api/attempts/:id/answers body answers.[].typed_at (instant)',
        'PUT /api/evaluations/:id/extensions/:studentId body deadline (local-date-time)',
        'PUT /api/evaluations/:id/group-extensions/:groupId body deadline (local-date-time)',
        'PUT /api/events/:id/occurrences/:start body ends_at (instant)',
        'PUT /api/events/:id/occurrences/:start body starts_at (instant)',
        'PUT /api/events/:id/occurrences/:start params start (instant)',
      ].sort(),
    );
  });

  it('leave no field named like a date unchecked', () => {
    // Strings whose name says date or time but which are not one: an e-mail address, a span of
    // two years (`2026-2027`, checked by its own rule).
    const notDates = new Set([
      'GET /api/dev/mail querystring to',
      // Morning or afternoon of a session (issue 32).
      'PUT /api/attendance/sessions/:id/marks body marks.[].half_day',
      'POST /api/attendance/sessions/:id/my-signature body half_day',
      'POST /api/attendance/sessions/:id/signatures body half_day',
      'POST /api/promotions body academic_year',
      'PATCH /api/promotions/:id body academic_year',
    ]);
    const DATE_NAME =
      /(^|_)(date|day|time|at|from|to|until|deadline|start|end|since|before|after|birth|year)$/;
    const dated = new Set(
      dateFields.map((f) => `${f.route.method} ${f.route.url} ${f.part} ${f.path.join('.')}`),
    );
    const unchecked: string[] = [];
    for (const route of app.routeRegistry) {
      for (const part of PARTS) {
        for (const path of stringPaths(jsonSchemaOf(route.schema[part]))) {
          const name = `${route.method} ${route.url} ${part} ${path.join('.')}`;
          if (DATE_NAME.test(path.at(-1) ?? '') && !dated.has(name) && !notDates.has(name)) {
            unchecked.push(name);
          }
        }
      }
    }
    expect(unchecked).toEqual([]);
  });

  it.each(dateFields.map((field) => [nameOf(field), field] as const))(
    '%s: refused for an impossible value (422 naming the field; 400 for a path), not for a real one',
    async (_name, field) => {
      let allowed = CALLERS;
      for (const value of IMPOSSIBLE[field.kind]) {
        const { response, by } = await sendWith(field, value, allowed);
        allowed = [by];
        if (field.part === 'params') {
          // A path that names no occurrence is a malformed request, as a malformed id is (decision 180).
          expect(response.statusCode, `${value}: ${response.body}`).toBe(400);
          expect(response.json().message, `${value}: ${response.body}`).toBeTruthy();
          continue;
        }
        expect(response.statusCode, `${value}: ${response.body}`).toBe(422);
        const messages = response.json().errors?.[errorPath(field.path)] as string[];
        expect(messages, `${value}: ${response.body}`).toHaveLength(1);
        expect(DATE_MESSAGES, `${value}: ${response.body}`).toContain(messages[0]);
      }
      // A real value may still break another rule (a range too long), never its field's own.
      // The same caller: a 403 now is the step-up an edit of the own profile asks, after the body.
      const { response: real } = await sendWith(field, REAL[field.kind], allowed);
      expect(real.statusCode, real.body).toBeLessThan(500);
      expect(real.statusCode, real.body).not.toBe(400);
      const errors = real.statusCode === 422 ? real.json().errors : {};
      for (const message of errors[errorPath(field.path)] ?? []) {
        expect(DATE_MESSAGES, real.body).not.toContain(message);
      }
    },
  );
});

/** The paths of every string of a JSON Schema. */
function stringPaths(schema: ReturnType<typeof jsonSchemaOf>, path: string[] = []): string[][] {
  if (!schema || path.length > 8) return [];
  const found: string[][] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) found.push(path);
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...stringPaths(inner, path));
  }
  for (const [key, inner] of Object.entries(schema.properties ?? {})) {
    found.push(...stringPaths(inner, [...path, key]));
  }
  if (schema.items) found.push(...stringPaths(schema.items, [...path, '[]']));
  return found;
}
