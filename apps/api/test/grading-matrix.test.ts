import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { promotionTeachers } from '../src/db/schema/index.ts';
import { createTestApp } from './app.ts';
import { Fixture, newStaff } from './authz-requests.ts';
import { createSubject, createUser } from './factories.ts';
import { GRADING_COLUMNS, GRADING_MATRIX } from './grading-matrix.ts';
import { matrixHarness, type Signed, signedCaller } from './matrix-harness.ts';

/**
 * One rule for who writes and grades an evaluation (decision 175), route by route: every route of
 * evaluations, quizzes, attempts, hand-ins, grades and their history, called on one institution's
 * rows by everyone who may see the evaluation, including those who may not mark it: a teacher of
 * the promotion who teaches another subject, a super-teacher of the institution not assigned to
 * the promotion. Statuses must be the reviewed ones of grading-matrix.ts; a refused call changes
 * nothing. `GRADING_PRINT=<file>` writes the observed table instead of failing.
 */
const { app, db, ctx } = await createTestApp();
const harness = await matrixHarness(app, db, ctx);
const own = await newStaff(db);

/** A teacher of the promotion who teaches another subject, and a super-teacher assigned to it. */
const colleague = await createUser(db, 'teacher', own.institution.id);
await createSubject(db, own.institution.id, [colleague.id]);
const head = await createUser(db, 'super-teacher', own.institution.id);

/** The matrix's rows, with the colleague and the head of the promotion assigned to it. */
class PromotionStaff extends Fixture {
  override async promotion() {
    const promotion = await super.promotion();
    await db
      .insert(promotionTeachers)
      .values([
        { promotion_id: promotion.id, teacher_id: colleague.id },
        { promotion_id: promotion.id, teacher_id: head.id },
      ])
      .onConflictDoNothing();
    return promotion;
  }
}

const as = async (role: Signed['role'], user: { id: number; email: string }) =>
  signedCaller(app, role as never, user.id, user.email);
const emailOf = async (id: number) =>
  (await db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, id) }))!.email;
const person = async (role: Signed['role'], id: number) =>
  as(role, { id, email: await emailOf(id) });

const callers: Record<(typeof GRADING_COLUMNS)[number], Signed> = {
  A: await person('admin', own.admin.id),
  'ST+': await as('super-teacher', head),
  ST: await person('super-teacher', own.superTeacher.id),
  T: await person('teacher', own.teacher.id),
  'T~': await as('teacher', colleague),
  S: await person('student', own.student.id),
};

const GRADING_ENTITIES = new Set([
  'evaluation',
  'question',
  'bank_question',
  'rubric',
  'attempt',
  'submission',
  'result',
  'grade_change',
  'record',
]);
const routes = app.routeRegistry
  .filter((route) => 'entity' in route.access && GRADING_ENTITIES.has(route.access.entity))
  .map((route) => `${route.method} ${route.url}`);

const observed: Record<string, string> = {};
const printTo = process.env.GRADING_PRINT;

describe('who writes and grades an evaluation (decision 175)', () => {
  it('has a reviewed row for every route of evaluations, quizzes, attempts, hand-ins and grades', () => {
    expect(routes.filter((key) => !(key in GRADING_MATRIX))).toEqual([]);
    expect(Object.keys(GRADING_MATRIX).filter((key) => !routes.includes(key))).toEqual([]);
  });

  for (const key of routes) {
    it(key, async () => {
      const statuses: string[] = [];
      for (const column of GRADING_COLUMNS) {
        const fixture = new PromotionStaff(db, ctx, own);
        const { status, changed } = await harness.call(key, column, callers[column], fixture);
        statuses.push(String(status));
        if (status >= 400)
          expect(changed, `${key} as ${column} refused, database changed`).toBe(false);
      }
      observed[key] = statuses.join(' ');
      const expected = GRADING_MATRIX[key]?.split(/\s+/).join(' ');
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
