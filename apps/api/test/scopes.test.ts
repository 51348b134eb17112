import type { Role } from '@skolar/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  groupStudents,
  groups,
  institutionModules,
  moduleSubjects,
  modules,
  promotionTeachers,
} from '../src/db/schema/index.ts';
import { bearer, createTestApp, signIn } from './app.ts';
import {
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from './factories.ts';

/**
 * Scopes inside one institution, beside the authorization matrix (which calls every route as
 * the teacher and student of the rows at stake): a teacher or a student of the same institution
 * but outside the promotion gets 404 on its rows, and sees them once assigned.
 */
const { app, db } = await createTestApp();

const SA: Role = 'super-admin';
const A: Role = 'admin';
const ST: Role = 'super-teacher';
const T: Role = 'teacher';
const S: Role = 'student';
const ROLES: Role[] = [S, T, ST, A, SA];

async function fixture() {
  const institution = await createInstitution(db);
  const student = await createUser(db, 'student', institution.id);
  const teacher = await createUser(db, 'teacher', institution.id);
  const promotion = await createPromotion(db, institution.id, { students: [student.id] });
  const training = await createTraining(db, promotion);
  const subject = await createSubject(db, institution.id, [teacher.id]);
  const [module] = await db.insert(modules).values({ name: 'Module' }).returning();
  await db
    .insert(institutionModules)
    .values({ institution_id: institution.id, module_id: module!.id });
  await db.insert(moduleSubjects).values({ module_id: module!.id, subject_id: subject.id });
  const [group] = await db
    .insert(groups)
    .values({ institution_id: institution.id, promotion_id: promotion.id, name: 'G' })
    .returning();
  await db.insert(groupStudents).values({ group_id: group!.id, student_id: student.id });
  return {
    institution,
    student,
    teacher,
    promotion,
    training,
    subject,
    module: module!,
    group: group!,
    program_id: promotion.program_id,
  };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

const TABLES = [
  'imports',
  'users',
  'promotions',
  'promotion_students',
  'promotion_teachers',
  'trainings',
  'training_modules',
  'groups',
  'group_students',
  'group_subjects',
  'teacher_subjects',
  'mail_outbox',
  'one_time_tokens',
];

/** Every row of the tables these endpoints write, as one comparable text. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const result = await db.execute(
      sql.raw(`select coalesce(json_agg(t order by t::text), '[]')::text as rows from ${table} t`),
    );
    const rows = (result as unknown as { rows: { rows: string }[] }).rows;
    parts.push(`${table}:${rows[0]?.rows}`);
  }
  return parts.join('\n');
}

let own: Fixture;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  own = await fixture();
  for (const role of ROLES) {
    // Fresh accounts without links: the teacher and student have no promotion of their own.
    const user = await createUser(db, role, role === SA ? null : own.institution.id);
    tokens.set(role, (await signIn(app, user.email)).accessToken);
  }
});

describe('scopes inside an institution', () => {
  it('a teacher or student outside the promotion gets 404 on its rows', async () => {
    const assigned = await signIn(app, own.teacher.email);
    const before = await snapshot();
    const scoped: [Role, string][] = [
      [T, `/api/promotions/${own.promotion.id}`],
      [T, `/api/trainings/${own.training.id}`],
      [T, `/api/groups/${own.group.id}`],
      [T, `/api/students?promotion_id=${own.promotion.id}`],
      [S, `/api/trainings/${own.training.id}`],
    ];
    for (const [role, url] of scoped) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(tokens.get(role)!) });
      expect(response.statusCode, `${role} ${url}`).toBe(
        role === T && url.startsWith('/api/students') ? 403 : 404,
      );
    }
    await db.insert(promotionTeachers).values({
      promotion_id: own.promotion.id,
      teacher_id: own.teacher.id,
    });
    const visible = await app.inject({
      method: 'GET',
      url: `/api/promotions/${own.promotion.id}`,
      headers: bearer(assigned.accessToken),
    });
    expect(visible.statusCode).toBe(200);
    await db.execute(sql`delete from promotion_teachers where teacher_id = ${own.teacher.id}`);
    expect(await snapshot()).toBe(before);
  });
});
