import { writeFileSync } from 'node:fs';
import type { Role } from '@skolar/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RateLimits } from '../src/auth/rate-limit.ts';
import { bearer, createTestApp, signIn, stepUpFor, TEST_PASSWORD } from './app.ts';
import { COLUMNS, type Column, MATRIX } from './authz-matrix.ts';
import {
  type Caller,
  extraSession,
  Fixture,
  newStaff,
  REQUESTS,
  type Staff,
} from './authz-requests.ts';
import { createUser } from './factories.ts';

/**
 * The authorization matrix: every API route (from the route registry) called by each role on its
 * own institution's rows and on another institution's, and by a guest; the statuses must be the
 * reviewed ones of authz-matrix.ts, and a refused call must leave the database as it was.
 * `MATRIX_PRINT=<file>` writes the observed table there instead of failing (to review a change).
 */
const { app, db, ctx } = await createTestApp();

const own = await newStaff(db);
const other = await newStaff(db);
const root = await createUser(db, 'super-admin', null);

interface Signed extends Caller {
  token: string | null;
}

async function signedIn(role: Role, userId: number, email: string): Promise<Signed> {
  const { accessToken } = await signIn(app, email);
  return { role, userId, password: TEST_PASSWORD, token: accessToken };
}

/** Step-up tokens serve one edit of one row: each call asks for its own, for the row it edits. */
const stepUpRoutes = new Set(
  app.routeRegistry.filter((route) => route.stepUp).map((route) => `${route.method} ${route.url}`),
);

/**
 * Routes that delete or archive a row: each success must leave its audit row (decision 132). A
 * result's "delete" clears its grade, which the grade save records (`grades.save`, with history).
 */
const auditedRoutes = new Map<string, string>(
  app.routeRegistry.flatMap((route) =>
    'entity' in route.access &&
    route.access.entity !== 'result' &&
    (route.access.action === 'delete' || route.access.action === 'archive')
      ? [[`${route.method} ${route.url}`, route.access.entity] as const]
      : [],
  ),
);
const lastAuditId = async () =>
  (
    (await db.execute(sql`select coalesce(max(id), 0)::int as id from audit_log`)) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows[0]!.id;
const auditRowsAfter = async (id: number) =>
  (
    (await db.execute(
      sql`select action, entity from audit_log where id > ${id} and action <> 'access.refused'`,
    )) as unknown as { rows: Array<{ action: string; entity: string }> }
  ).rows;

const emailOf = async (id: number) =>
  (await db.execute(sql`select email from users where id = ${id}`)) as unknown as {
    rows: Array<{ email: string }>;
  };
const person = async (role: Role, staff: Staff, key: keyof Omit<Staff, 'institution'>) =>
  signedIn(role, staff[key].id, (await emailOf(staff[key].id)).rows[0]!.email);

// One session per person: a call that ends the caller's other sessions must not sign out a column.
const admin = await person('admin', own, 'admin');
const superTeacher = await person('super-teacher', own, 'superTeacher');
const teacher = await person('teacher', own, 'teacher');
const student = await person('student', own, 'student');

const callers: Record<Column, { caller: Signed; target: () => Promise<Staff> | Staff }> = {
  SA: {
    caller: await signedIn('super-admin', root.id, root.email),
    // The super-admin may archive or delete an institution: each call gets a new one.
    target: () => newStaff(db),
  },
  A: { caller: admin, target: () => own },
  ST: { caller: superTeacher, target: () => own },
  T: { caller: teacher, target: () => own },
  S: { caller: student, target: () => own },
  'A*': { caller: admin, target: () => other },
  'ST*': { caller: superTeacher, target: () => other },
  'T*': { caller: teacher, target: () => other },
  'S*': { caller: student, target: () => other },
  guest: {
    caller: { role: 'guest', userId: null, password: '', token: null },
    target: () => own,
  },
};

const tables = (
  (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'audit_log', '__drizzle_migrations') order by 1`,
  )) as unknown as { rows: Array<{ name: string }> }
).rows.map((row) => row.name);

/**
 * One hash of every table's content (sessions aside: reads refresh their last_seen_at; the audit
 * log aside: a refused call is recorded there by design, decision 132).
 */
async function snapshot(): Promise<string> {
  const parts = tables.map(
    (name) =>
      `select '${name}' as t, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${name}" x`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: Array<{ t: string; h: string }>;
  };
  return result.rows.map((row) => `${row.t}:${row.h}`).join('\n');
}

async function call(key: string, column: Column): Promise<{ status: number; changed: boolean }> {
  const [method, route] = key.split(' ') as [string, string];
  const { caller, target } = callers[column];
  const fixture = new Fixture(db, ctx, await target());
  const request = await REQUESTS[key]!(fixture, caller);
  let token = caller.token;
  if (request.freshSession && caller.userId !== null) {
    token = (await extraSession(db, ctx, caller.userId)).token;
  }
  ctx.limits = new RateLimits();
  const stepUp =
    stepUpRoutes.has(key) && token ? await stepUpFor(app, bearer(token), request.url) : {};
  ctx.limits = new RateLimits();
  const before = await snapshot();
  const auditBefore = await lastAuditId();
  const response = await app.inject({
    method: method as 'GET',
    url: request.url,
    headers: {
      ...(token ? bearer(token) : {}),
      ...stepUp,
      ...request.headers,
    },
    ...(request.payload === undefined ? {} : { payload: request.payload as string }),
  });
  if (response.statusCode >= 500) {
    throw new Error(`${key} as ${column}: ${response.statusCode} ${response.body}`);
  }
  const changed = (await snapshot()) !== before;
  const entity = auditedRoutes.get(key);
  if (entity && response.statusCode < 300) {
    // The service wrote the row in the change's own transaction (no hook after the commit).
    // Ending a person's sessions takes the archive permission but is recorded as what it is.
    const action =
      method === 'DELETE'
        ? 'delete'
        : route.endsWith('/unarchive')
          ? 'unarchive'
          : route.endsWith('/sessions/revoke')
            ? 'sessions.revoke'
            : 'archive';
    const person = entity === 'student' || entity === 'teacher' ? 'user' : entity;
    expect(await auditRowsAfter(auditBefore), `${key} as ${column}: audit row`).toContainEqual({
      action,
      entity: person,
    });
  }
  return { status: response.statusCode, changed };
}

const observed: Record<string, string> = {};
const printTo = process.env.MATRIX_PRINT;

describe('the authorization matrix', () => {
  it('has a row and a request for every API route, and none for a route that does not exist', () => {
    const routes = app.routeRegistry.map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(routes.filter((key) => !(key in REQUESTS))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('sees a change made by an allowed call (the unchanged check can fail)', async () => {
    const before = await snapshot();
    const response = await app.inject({
      method: 'POST',
      url: '/api/programs',
      headers: bearer(callers.SA.caller.token!),
      payload: { name: 'Snapshot check', sector: 'S', levels: [], description: '' },
    });
    expect(response.statusCode).toBe(201);
    expect(await snapshot()).not.toBe(before);
  });

  for (const key of Object.keys(REQUESTS)) {
    it(key, async () => {
      const statuses: string[] = [];
      for (const column of COLUMNS) {
        const { status, changed } = await call(key, column);
        statuses.push(String(status));
        if (status >= 400)
          expect(changed, `${key} as ${column} refused, database changed`).toBe(false);
      }
      observed[key] = statuses.join(' ');
      const expected = MATRIX[key]?.split(/\s+/).join(' ');
      if (!printTo) expect(`${key}: ${observed[key]}`).toBe(`${key}: ${expected}`);
    });
  }

  if (printTo) {
    it('writes the observed table', () => {
      const lines = Object.entries(observed).map(([key, row]) => `  '${key}': '${row}',`);
      writeFileSync(printTo, `${lines.join('\n')}\n`);
    });
  }
});
