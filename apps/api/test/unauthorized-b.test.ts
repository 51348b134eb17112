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
 * Issue 5 (part B): every endpoint of students, teachers, promotions, trainings and groups, called
 * by each role that may not use it (403), by a guest (401), from another institution or outside
 * the caller's scope (404); the database must be unchanged afterwards.
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

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** Roles the grants allow; every other role gets 403. */
  roles: Role[];
  /** False when the endpoint has no row of another institution to aim at. */
  targeted?: boolean;
}

const person = (f: Fixture) => ({
  first_name: 'Eve',
  last_name: 'Intruder',
  email: `eve.${f.institution.id}@example.test`,
  gender: 'Mme',
});
const training = { title: 'Hack', level: 'L1', total_hours: 1, visibility: 'public' };

const ENDPOINTS: Endpoint[] = [
  // Students
  { method: 'GET', url: () => '/api/students', roles: [A, ST], targeted: false },
  { method: 'GET', url: (f) => `/api/students?promotion_id=${f.promotion.id}`, roles: [A, ST] },
  {
    method: 'POST',
    url: () => '/api/students',
    body: (f) => ({ ...person(f), promotion_id: f.promotion.id }),
    roles: [A],
  },
  { method: 'GET', url: (f) => `/api/students/${f.student.id}`, roles: [A, ST] },
  { method: 'PATCH', url: (f) => `/api/students/${f.student.id}`, body: person, roles: [A] },
  { method: 'POST', url: (f) => `/api/students/${f.student.id}/archive`, roles: [A] },
  { method: 'POST', url: (f) => `/api/students/${f.student.id}/unarchive`, roles: [A] },
  { method: 'GET', url: (f) => `/api/students/${f.student.id}/groups`, roles: [A, SA] },
  {
    method: 'PUT',
    url: (f) => `/api/students/${f.student.id}/groups`,
    body: (f) => ({ ids: [f.group.id] }),
    roles: [A, SA],
  },
  {
    method: 'DELETE',
    url: (f) => `/api/students/${f.student.id}/groups/${f.group.id}`,
    roles: [A, SA],
  },
  // Teachers
  { method: 'GET', url: () => '/api/teachers', roles: [A], targeted: false },
  { method: 'POST', url: () => '/api/teachers', body: person, roles: [A], targeted: false },
  { method: 'GET', url: (f) => `/api/teachers/${f.teacher.id}`, roles: [A] },
  { method: 'PATCH', url: (f) => `/api/teachers/${f.teacher.id}`, body: person, roles: [A] },
  { method: 'POST', url: (f) => `/api/teachers/${f.teacher.id}/archive`, roles: [A] },
  { method: 'POST', url: (f) => `/api/teachers/${f.teacher.id}/unarchive`, roles: [A] },
  { method: 'GET', url: (f) => `/api/teachers/${f.teacher.id}/subjects`, roles: [A] },
  {
    method: 'PUT',
    url: (f) => `/api/teachers/${f.teacher.id}/subjects`,
    body: (f) => ({ ids: [f.subject.id] }),
    roles: [A],
  },
  {
    method: 'DELETE',
    url: (f) => `/api/teachers/${f.teacher.id}/subjects/${f.subject.id}`,
    roles: [A],
  },
  // Promotions
  { method: 'GET', url: () => '/api/promotions', roles: [A, ST, T], targeted: false },
  { method: 'GET', url: () => '/api/promotions/programs', roles: [A], targeted: false },
  {
    method: 'POST',
    url: () => '/api/promotions',
    body: (f) => ({ program_id: f.program_id, name: 'P', academic_year: '2030-2031', level: 'L1' }),
    roles: [A],
  },
  { method: 'GET', url: (f) => `/api/promotions/${f.promotion.id}`, roles: [A, ST, T] },
  {
    method: 'PATCH',
    url: (f) => `/api/promotions/${f.promotion.id}`,
    body: (f) => ({ program_id: f.program_id, name: 'P', academic_year: '2030-2031', level: 'L1' }),
    roles: [A],
  },
  { method: 'DELETE', url: (f) => `/api/promotions/${f.promotion.id}`, roles: [A] },
  { method: 'POST', url: (f) => `/api/promotions/${f.promotion.id}/archive`, roles: [A] },
  { method: 'POST', url: (f) => `/api/promotions/${f.promotion.id}/unarchive`, roles: [A] },
  ...(['students', 'teachers'] as const).flatMap((kind): Endpoint[] => [
    { method: 'GET', url: (f) => `/api/promotions/${f.promotion.id}/${kind}`, roles: [A] },
    {
      method: 'PUT',
      url: (f) => `/api/promotions/${f.promotion.id}/${kind}`,
      body: (f) => ({ ids: [kind === 'students' ? f.student.id : f.teacher.id] }),
      roles: [A],
    },
    {
      method: 'DELETE',
      url: (f) =>
        `/api/promotions/${f.promotion.id}/${kind}/${kind === 'students' ? f.student.id : f.teacher.id}`,
      roles: [A],
    },
  ]),
  // Trainings
  { method: 'GET', url: () => '/api/trainings', roles: ROLES, targeted: false },
  {
    method: 'POST',
    url: () => '/api/trainings',
    body: (f) => ({ ...training, promotion_id: f.promotion.id }),
    roles: [A],
  },
  { method: 'GET', url: (f) => `/api/trainings/${f.training.id}`, roles: [SA, A, ST, T, S] },
  {
    method: 'PATCH',
    url: (f) => `/api/trainings/${f.training.id}`,
    body: () => training,
    roles: [A],
  },
  { method: 'DELETE', url: (f) => `/api/trainings/${f.training.id}`, roles: [A] },
  { method: 'POST', url: (f) => `/api/trainings/${f.training.id}/archive`, roles: [A] },
  { method: 'POST', url: (f) => `/api/trainings/${f.training.id}/unarchive`, roles: [A] },
  { method: 'GET', url: (f) => `/api/trainings/${f.training.id}/modules`, roles: [A, ST] },
  {
    method: 'PUT',
    url: (f) => `/api/trainings/${f.training.id}/modules`,
    body: (f) => ({ ids: [f.module.id] }),
    roles: [A, ST],
  },
  {
    method: 'DELETE',
    url: (f) => `/api/trainings/${f.training.id}/modules/${f.module.id}`,
    roles: [A, ST],
  },
  // CSV import
  ...(['student', 'teacher'] as const).flatMap((kind): Endpoint[] => [
    {
      method: 'POST',
      url: () => '/api/imports/dry-run',
      body: () => ({ kind, file_name: 'a.csv', content: 'email\nintruder@example.test' }),
      roles: [A],
      targeted: false,
    },
    {
      method: 'POST',
      url: () => '/api/imports',
      body: () => ({ kind, file_name: 'a.csv', content: 'email\nintruder@example.test' }),
      roles: [A],
      targeted: false,
    },
    { method: 'GET', url: () => `/api/imports?kind=${kind}`, roles: [A], targeted: false },
  ]),
  // Groups
  { method: 'GET', url: () => '/api/groups', roles: [SA, A, ST, T], targeted: false },
  {
    method: 'POST',
    url: () => '/api/groups',
    body: (f) => ({ promotion_id: f.promotion.id, name: 'Intruders' }),
    roles: [A],
  },
  { method: 'GET', url: (f) => `/api/groups/${f.group.id}`, roles: [SA, A, ST, T] },
  {
    method: 'PATCH',
    url: (f) => `/api/groups/${f.group.id}`,
    body: () => ({ name: 'X' }),
    roles: [A],
  },
  { method: 'DELETE', url: (f) => `/api/groups/${f.group.id}`, roles: [A] },
  { method: 'POST', url: (f) => `/api/groups/${f.group.id}/archive`, roles: [A] },
  { method: 'POST', url: (f) => `/api/groups/${f.group.id}/unarchive`, roles: [A] },
  ...(['students', 'subjects'] as const).flatMap((kind): Endpoint[] => [
    { method: 'GET', url: (f) => `/api/groups/${f.group.id}/${kind}`, roles: [SA, A, ST] },
    {
      method: 'PUT',
      url: (f) => `/api/groups/${f.group.id}/${kind}`,
      body: (f) => ({ ids: [kind === 'students' ? f.student.id : f.subject.id] }),
      roles: [SA, A, ST],
    },
    {
      method: 'DELETE',
      url: (f) =>
        `/api/groups/${f.group.id}/${kind}/${kind === 'students' ? f.student.id : f.subject.id}`,
      roles: [SA, A, ST],
    },
  ]),
];

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
let other: Fixture;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  own = await fixture();
  other = await fixture();
  for (const role of ROLES) {
    // Fresh accounts without links: the teacher and student have no promotion of their own.
    const user = await createUser(db, role, role === SA ? null : own.institution.id);
    tokens.set(role, (await signIn(app, user.email)).accessToken);
  }
});

async function call(endpoint: Endpoint, target: Fixture, role: Role | null) {
  return app.inject({
    method: endpoint.method,
    url: endpoint.url(target),
    headers: role ? bearer(tokens.get(role)!) : {},
    ...(endpoint.body ? { payload: endpoint.body(target) as object } : {}),
  });
}

describe('unauthorized access (issue 5, part B)', () => {
  for (const endpoint of ENDPOINTS) {
    const name = `${endpoint.method} ${endpoint.url({
      institution: { id: 'I' },
      student: { id: ':student' },
      teacher: { id: ':teacher' },
      promotion: { id: ':promotion' },
      training: { id: ':training' },
      subject: { id: ':subject' },
      module: { id: ':module' },
      group: { id: ':group' },
      program_id: ':program',
    } as unknown as Fixture)}`;
    it(name, async () => {
      const before = await snapshot();
      const guest = await call(endpoint, own, null);
      expect(guest.statusCode, 'guest').toBe(401);
      for (const role of ROLES.filter((r) => !endpoint.roles.includes(r))) {
        const response = await call(endpoint, own, role);
        expect(response.statusCode, `${role} (role not allowed)`).toBe(403);
        expect(response.json()).toHaveProperty('message');
      }
      if (endpoint.targeted !== false) {
        for (const role of endpoint.roles.filter((r) => r !== SA)) {
          const response = await call(endpoint, other, role);
          expect(response.statusCode, `${role} of another institution`).toBe(404);
        }
      }
      expect(await snapshot()).toBe(before);
    });
  }

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
