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

const { app, db, clock } = await createTestApp();

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
    // A project opened three weeks ago, due on 5 December at 17:30 in Paris.
    await createEvaluation(db, training, subject.id, {
      type: 'project',
      date: '2026-11-01',
      deadline: new Date('2026-12-05T16:30:00Z'),
      title: 'Projet',
    });
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
    // The two exams to come and the project still open (it opened three weeks ago).
    expect(body.counts.find((c: { key: string }) => c.key === 'evaluation').value).toBe(3);
    // Each by when it is due: the project by its deadline, shown on the institution's clock.
    expect(body.upcoming.map((e: { title: string }) => e.title)).toEqual([
      'Bientôt',
      'Projet',
      'Plus tard',
    ]);
    // The subject's id leads staff to the evaluation's page under it.
    expect(body.upcoming[0]).toMatchObject({
      id: soon.id,
      date: '2026-11-30',
      type: 'exam',
      subject_id: soon.subject_id,
    });
    expect(body.upcoming[1]).toMatchObject({
      type: 'project',
      date: '2026-12-05',
      start_time: '17:30:00',
    });
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
      'Projet',
      'Plus tard',
    ]);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/dashboard' });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/me/dashboard: today is the institution's day", () => {
  const moveClockTo = (instant: string) =>
    clock.advance(Date.parse(instant) - clock.now().getTime());
  const upcomingOf = async (email: string) => {
    const body = (await dashboardOf(email)).json();
    return {
      titles: body.upcoming.map((e: { title: string }) => e.title),
      count: body.counts.find((c: { key: string }) => c.key === 'evaluation')?.value,
    };
  };
  /** A student of an institution in the zone, with one exam on each of the days. */
  const studentWithExams = async (timezone: string, name: string, days: string[]) => {
    const school = await createInstitution(db, { timezone });
    const student = await createUser(db, 'student', school.id);
    const training = await createTraining(
      db,
      await createPromotion(db, school.id, { students: [student.id] }),
    );
    const subject = await createSubject(db, school.id);
    for (const date of days) {
      await createEvaluation(db, training, subject.id, { date, title: `${name} ${date}` });
    }
    return student;
  };
  let parisian: Awaited<ReturnType<typeof createUser>>;
  let guyanese: Awaited<ReturnType<typeof createUser>>;
  let superAdmin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    parisian = await studentWithExams('Europe/Paris', 'Paris', [
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    guyanese = await studentWithExams('America/Cayenne', 'Cayenne', ['2026-11-22', '2026-11-23']);
    superAdmin = await createUser(db, 'super-admin', null);
  });

  it("shows today's exam at 23:30 in Paris", async () => {
    moveClockTo('2026-11-22T22:30:00Z');
    expect(await upcomingOf(parisian.email)).toEqual({
      titles: ['Paris 2026-11-22', 'Paris 2026-11-23', 'Paris 2026-11-24'],
      count: 3,
    });
  });

  it('leaves yesterday out at 00:30 in Paris, while it is still yesterday in UTC', async () => {
    moveClockTo('2026-11-22T23:30:00Z');
    expect(await upcomingOf(parisian.email)).toEqual({
      titles: ['Paris 2026-11-23', 'Paris 2026-11-24'],
      count: 2,
    });
  });

  it("counts from the platform's day (Paris) for the super-admin, who has no institution", async () => {
    const { titles } = await upcomingOf(superAdmin.email);
    expect(titles.slice(0, 3)).toEqual([
      'Paris 2026-11-23',
      'Cayenne 2026-11-23',
      'Paris 2026-11-24',
    ]);
    expect(titles.filter((title: string) => title.endsWith('2026-11-22'))).toEqual([]);
  });

  it("shows today's exam at 23:30 in French Guiana, when it is already tomorrow in UTC", async () => {
    moveClockTo('2026-11-23T02:30:00Z');
    expect(await upcomingOf(guyanese.email)).toEqual({
      titles: ['Cayenne 2026-11-22', 'Cayenne 2026-11-23'],
      count: 2,
    });
  });
});
