import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@skolar/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attempts,
  attendanceSignatures,
  bankQuestions,
  chapters,
  episodes,
  lessons,
  promotions,
  subjects,
  submissions,
  users,
} from '../src/db/schema/index.ts';
import { saveFile } from '../src/files/uploads.ts';
import { seedDemo } from '../src/ops/seed/demo.ts';
import { bearer, createTestApp, signIn } from './app.ts';

/**
 * Queries per request (issue 16): every GET route of the API, as every demo account, on the demo
 * data (its lists hold dozens of rows), must answer within a fixed number of SQL statements. A
 * list that fetches something per row (an N+1) goes over the bound as soon as it lists more rows
 * than the bound, which the demo's lists do.
 */
const MAX_QUERIES = 10;

let counted = 0;
const { app, ctx, db, clock } = await createTestApp(
  {},
  {
    onQuery: () => {
      counted += 1;
    },
  },
);
await seedDemo(db, { now: clock.now(), storeFile: (tx, input) => saveFile(ctx, tx, input) });
const callers = await Promise.all(
  DEMO_ACCOUNTS.map(async (account) => ({
    email: account.email,
    headers: bearer((await signIn(app, account.email, DEMO_PASSWORD)).accessToken),
  })),
);

/** Not lists or reads of rows: documentation, binary files, tokens and codes from mails. */
const SKIPPED =
  /^\/api\/(docs|openapi|dev|setup|verify|calendar-feeds|files)|\/logout$|:token|:code|:studentId|\.(pdf|zip|ics)$|\/correction$/;
// (A correction is shown once an exam has closed on a handed-in quiz: the demo has none yet.)
/** Live streams: the caller leaves once the first events are sent. */
const STREAMS = new Set(['/api/notifications/stream']);
const LEAVES = { payloadAsStream: true } as const;
const routes = app.routeRegistry
  .filter((route) => route.method === 'GET' && !SKIPPED.test(route.url))
  .map((route) => route.url);

type Headers = Record<string, string>;

/** Query strings the lists need: a calendar range around today, the kind of an import. */
const DAY = 24 * 60 * 60 * 1000;
const around = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
const RANGE = `start=${around(-30)}&end=${around(30)}`;
const [algorithms] = await db
  .select({ id: subjects.id })
  .from(subjects)
  .where(eq(subjects.name, 'Algorithmique'));
const QUERY: Record<string, string> = {
  '/api/discussions/people': `subject_id=${algorithms!.id}`,
  '/api/events': RANGE,
  '/api/me/planning': RANGE,
  '/api/imports': 'kind=student',
  '/api/attendance/learners/:id/summary': `from=${around(-30).slice(0, 10)}&to=${around(30).slice(0, 10)}`,
};
const withQuery = (url: string) => (QUERY[url] ? `${url}?${QUERY[url]}` : url);

type Table =
  | typeof lessons
  | typeof chapters
  | typeof episodes
  | typeof attempts
  | typeof bankQuestions
  | typeof submissions
  | typeof attendanceSignatures;
const idsOf = async (table: Table) =>
  (await db.select({ id: table.id }).from(table).orderBy(asc(table.id))).map((row) => row.id);
/** Rows with no list of their own to find them in: their ids are taken from the table. */
const TABLE_IDS: Record<string, () => Promise<number[]>> = {
  '/api/me/lessons/:id': () => idsOf(lessons),
  '/api/me/chapters/:id': () => idsOf(chapters),
  '/api/episodes/:id': () => idsOf(episodes),
  '/api/attempts/:id': () => idsOf(attempts),
  '/api/bank-questions/:id/versions': () => idsOf(bankQuestions),
  '/api/submissions/:id/annotations': () => idsOf(submissions),
  '/api/attendance/signatures/:id/image': () => idsOf(attendanceSignatures),
  '/api/attendance/promotions/:id/summary': async () =>
    (await db.select({ id: promotions.id }).from(promotions).orderBy(asc(promotions.id))).map(
      (row) => row.id,
    ),
  '/api/attendance/learners/:id/summary': async () =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'student'))
        .orderBy(asc(users.id))
    ).map((row) => row.id),
};

/** The ids of the rows the caller sees in a list. */
async function listedIds(list: string, headers: Headers): Promise<number[]> {
  const answer = await app.inject({ method: 'GET', url: withQuery(list), headers });
  if (answer.statusCode !== 200) return [];
  const body = answer.json();
  // A page has `data`; the calendar has `entries`, each naming its event by `event_id`; the
  // attendance list has `sessions`.
  const rows: Array<{ id?: number | null; event_id?: number | null }> = Array.isArray(body)
    ? body
    : (body.data ?? body.entries ?? body.sessions ?? []);
  return rows.flatMap((row) => {
    const id = row.id ?? row.event_id;
    return typeof id === 'number' ? [id] : [];
  });
}

/** Chapters are listed per lesson: the caller's first lesson leads to them. */
async function chapterList(headers: Headers): Promise<string | undefined> {
  const [lesson] = await listedIds('/api/lessons', headers);
  return lesson === undefined ? undefined : `/api/chapters?lesson_id=${lesson}`;
}

/** The URLs to try for a route as one caller: the route itself, or with the ids it may see. */
async function urlsFor(route: string, headers: Headers): Promise<string[]> {
  if (route === '/api/chapters') {
    const list = await chapterList(headers);
    return list ? [list] : [];
  }
  const at = route.indexOf('/:id');
  if (at < 0) return [withQuery(route)];
  let ids: number[];
  const fromTable = TABLE_IDS[route];
  if (fromTable) ids = await fromTable();
  else if (route.startsWith('/api/chapters/')) {
    const list = await chapterList(headers);
    ids = list ? await listedIds(list, headers) : [];
  } else ids = await listedIds(route.slice(0, at), headers);
  return ids.map((id) => withQuery(route).replace(':id', String(id)));
}

describe('queries per request on the demo data', () => {
  it('covers the GET routes', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it.each(routes)(
    `GET %s answers within ${MAX_QUERIES} queries, as every demo account`,
    async (route) => {
      const measured: string[] = [];
      for (const caller of callers) {
        // The first of the caller's rows that answers 200 (some rows are not theirs to read).
        for (const url of (await urlsFor(route, caller.headers)).slice(0, 40)) {
          // A refusal is recorded in the audit log after the answer: let it land before counting.
          await new Promise((resolve) => setTimeout(resolve, 5));
          counted = 0;
          const answer = await app.inject({
            method: 'GET',
            url,
            headers: caller.headers,
            ...(STREAMS.has(route) ? LEAVES : {}),
          });
          if (STREAMS.has(route)) {
            // The first events go out just after the headers: count their queries too.
            await new Promise((resolve) => setTimeout(resolve, 100));
            answer.stream().destroy();
          }
          const queries = counted;
          expect(answer.statusCode, `${url} as ${caller.email}`).toBeLessThan(500);
          if (answer.statusCode !== 200) continue;
          measured.push(`${caller.email}: ${queries}`);
          expect(queries, `${url} as ${caller.email}`).toBeLessThanOrEqual(MAX_QUERIES);
          break;
        }
      }
      // Public routes and the own account's answer to everyone; the others to someone at least.
      expect(measured.length, route).toBeGreaterThan(0);
    },
  );
});
