import { writeFileSync } from 'node:fs';
import type { Role } from '@skolar/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp } from './app.ts';
import { COLUMNS, type Column, MATRIX } from './authz-matrix.ts';
import { newStaff, REQUESTS, type Staff } from './authz-requests.ts';
import { createUser } from './factories.ts';
import { matrixHarness, type Signed, signedCaller } from './matrix-harness.ts';

/**
 * The authorization matrix: every API route (from the route registry) called by each role on its
 * own institution's rows and on another institution's, and by a guest; the statuses must be the
 * reviewed ones of authz-matrix.ts, and a refused call must leave the database as it was.
 * `MATRIX_PRINT=<file>` writes the observed table there instead of failing (to review a change).
 *
 * The routes are shared among three test files (`authz-matrix.test.ts`, `-2`, `-3`), each on its
 * own database: the unchanged check hashes every table around each call, so a third of the rows
 * per database makes it several times faster, and the files run side by side.
 */
export async function describeMatrix(shard: number, shards: number) {
  const { app, db, ctx } = await createTestApp();
  const harness = await matrixHarness(app, db, ctx);
  const snapshot = harness.snapshot;

  const own = await newStaff(db);
  const other = await newStaff(db);
  const root = await createUser(db, 'super-admin', null);

  const emailOf = async (id: number) =>
    (await db.execute(sql`select email from users where id = ${id}`)) as unknown as {
      rows: Array<{ email: string }>;
    };
  const person = async (role: Role, staff: Staff, key: keyof Omit<Staff, 'institution'>) =>
    signedCaller(app, role, staff[key].id, (await emailOf(staff[key].id)).rows[0]!.email);

  // One session per person: a call that ends the caller's other sessions must not sign out a column.
  const admin = await person('admin', own, 'admin');
  const superTeacher = await person('super-teacher', own, 'superTeacher');
  const teacher = await person('teacher', own, 'teacher');
  const student = await person('student', own, 'student');

  const callers: Record<Column, { caller: Signed; target: () => Promise<Staff> | Staff }> = {
    SA: {
      caller: await signedCaller(app, 'super-admin', root.id, root.email),
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

  async function call(key: string, column: Column): Promise<{ status: number; changed: boolean }> {
    const { caller, target } = callers[column];
    return harness.call(key, column, caller, harness.fixtureOf(await target()));
  }

  const observed: Record<string, string> = {};
  const printTo = process.env.MATRIX_PRINT && `${process.env.MATRIX_PRINT}.${shard + 1}`;

  describe('the authorization matrix', () => {
    if (shard === 0) {
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
    }

    for (const key of Object.keys(REQUESTS).filter((_key, index) => index % shards === shard)) {
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
}
