import type { Role } from '@skolar/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { RateLimits } from '../src/auth/rate-limit.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/client.ts';
import { bearer, signIn, stepUpFor, TEST_PASSWORD, type TestApp } from './app.ts';
import { type Caller, extraSession, Fixture, REQUESTS, type Staff } from './authz-requests.ts';

/** A caller of a matrix with their session's token (null: a guest). */
export interface Signed extends Caller {
  token: string | null;
}

/** A signed-in caller of a matrix. */
export async function signedCaller(
  app: TestApp,
  role: Role,
  userId: number,
  email: string,
): Promise<Signed> {
  const { accessToken } = await signIn(app, email);
  return { role, userId, password: TEST_PASSWORD, token: accessToken };
}

/**
 * What the authorization matrices share (authz-matrix.test.ts, grading-matrix.test.ts): one call of
 * a route's request as one caller on one institution's rows, with the status it answers and
 * whether it changed the database (a refused call must not), and the audit row of each delete or
 * archive that succeeds (decision 132).
 */
export async function matrixHarness(app: TestApp, db: Db, ctx: AppContext) {
  /** Step-up tokens serve one edit of one row: each call asks for its own, for the row it edits. */
  const stepUpRoutes = new Set(
    app.routeRegistry
      .filter((route) => route.stepUp)
      .map((route) => `${route.method} ${route.url}`),
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

  /** The route `key` called by `caller` on the rows of `fixture` (a new one per call). */
  async function call(
    key: string,
    label: string,
    caller: Signed,
    fixture: Fixture,
  ): Promise<{ status: number; changed: boolean }> {
    const [method, route] = key.split(' ') as [string, string];
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
      // A live stream answers its status and headers, then keeps going: the caller leaves.
      ...(request.leaves ? { payloadAsStream: true } : {}),
    });
    if (request.leaves) response.stream().destroy();
    if (response.statusCode >= 500) {
      throw new Error(`${key} as ${label}: ${response.statusCode} ${response.body}`);
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
      expect(await auditRowsAfter(auditBefore), `${key} as ${label}: audit row`).toContainEqual({
        action,
        entity: person,
      });
    }
    return { status: response.statusCode, changed };
  }

  /** A new fixture on `staff`'s institution, for one call. */
  const fixtureOf = (staff: Staff) => new Fixture(db, ctx, staff);

  return { snapshot, call, fixtureOf };
}
