import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';

const { app, db } = await createTestApp();

const dashboardOf = async (email: string) => {
  const { accessToken } = await signIn(app, email);
  return app.inject({ method: 'GET', url: '/api/me/dashboard', headers: bearer(accessToken) });
};

describe('GET /api/me/dashboard', () => {
  let student: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let soon: Awaited<ReturnType<typeof createEvaluation>>;
  beforeAll(async () => {
    const school = await createInstitution(db);
    const other = await createInstitution(db);
    student = await createUser(db, 'student', school.id);
    teacher = await createUser(db, 'teacher', school.id);
    admin = await createUser(db, 'admin', school.id);
    await createUser(db, 'student', school.id);
    await createUser(db, 'student', other.id);
    const promotion = await createPromotion(db, school.id, {
      students: [student.id],
      teachers: [teacher.id],
    });
    const training = await createTraining(db, promotion);
    const subject = await createSubject(db, school.id, [teacher.id]);
    await createEvaluation(db, training, subject.id, { date: '2026-11-01', title: 'Passé' });
    soon = await createEvaluation(db, training, subject.id, {
      date: '2026-11-30',
      title: 'Bientôt',
    });
    await createEvaluation(db, training, subject.id, { date: '2026-12-10', title: 'Plus tard' });
    const elsewhere = await createTraining(db, await createPromotion(db, school.id));
    await createEvaluation(db, elsewhere, subject.id, { date: '2026-11-25', title: 'Autre promo' });
  });

  it('counts what the student may see and lists their next evaluations, soonest first', async () => {
    const response = await dashboardOf(student.email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts.map((c: { key: string }) => c.key)).toEqual([
      'training',
      'seminar',
      'subject',
      'evaluation',
    ]);
    expect(body.counts.find((c: { key: string }) => c.key === 'training').value).toBe(1);
    expect(body.counts.find((c: { key: string }) => c.key === 'evaluation').value).toBe(2);
    expect(body.upcoming.map((e: { title: string }) => e.title)).toEqual(['Bientôt', 'Plus tard']);
    expect(body.upcoming[0]).toMatchObject({ id: soon.id, date: '2026-11-30', type: 'exam' });
  });

  it("counts the admin's own institution only", async () => {
    const body = (await dashboardOf(admin.email)).json();
    expect(body.counts).toEqual([
      { key: 'student', value: 2 },
      { key: 'teacher', value: 1 },
      { key: 'promotion', value: 2 },
      { key: 'training', value: 2 },
    ]);
    expect(body.upcoming.map((e: { title: string }) => e.title)).toEqual([
      'Autre promo',
      'Bientôt',
      'Plus tard',
    ]);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/dashboard' });
    expect(response.statusCode).toBe(401);
  });
});
