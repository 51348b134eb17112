import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { attempts, evaluations, results } from '../../db/schema/index.ts';
import { localDay, plusDays } from '../../time.ts';

const { app, db, clock } = await createTestApp();

const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const otherSchool = await createInstitution(db);
const admin = await createUser(db, 'admin', school.id);
const superTeacher = await createUser(db, 'super-teacher', school.id);
const teacher = await createUser(db, 'teacher', school.id);
/** Assigned to the promotion, teaching none of its subjects. */
const colleague = await createUser(db, 'teacher', school.id);
const student = await createUser(db, 'student', school.id);
const otherAdmin = await createUser(db, 'admin', otherSchool.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id],
  teachers: [teacher.id, colleague.id],
});
const training = await createTraining(db, promotion);

/** A subject the teacher teaches, in the training (through a module). */
async function placedSubject() {
  const subject = await createSubject(db, school.id, [teacher.id]);
  await createModule(db, school.id, { trainingId: training.id, subjectIds: [subject.id] });
  return subject;
}

const as = signedIn(app);

/** Moves the clock; sessions expire with time, so everyone signs in again. */
function advance(ms: number) {
  clock.advance(ms);
  as.forget();
}

const today = () => localDay(clock.now(), 'Europe/Paris');

function examBody(subjectId: number, overrides: Record<string, unknown> = {}) {
  return {
    subject_id: subjectId,
    training_id: training.id,
    type: 'exam',
    title: 'Partiel',
    description: 'Sans documents',
    date: plusDays(today(), 10),
    start_time: '09:00',
    end_time: '11:00',
    duration_minutes: 90,
    location: 'B203',
    percentage: 40,
    ...overrides,
  };
}

async function post(user: { id: number; email: string }, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/evaluations',
    headers: await as(user),
    payload: body,
  });
}

const countOf = async (subjectId: number) =>
  (await db.select().from(evaluations).where(eq(evaluations.subject_id, subjectId))).length;

const PDF = readFileSync(new URL('../../ops/seed/demo-syllabus.pdf', import.meta.url));
const BOUNDARY = '----skolar-evaluation';
function pdfUpload(auth: Record<string, string>) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="corrige.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), PDF, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

describe('evaluations for staff', () => {
  it('creates an exam, edits only the given fields, lists, archives and deletes it', async () => {
    const subject = await placedSubject();
    const created = await post(teacher, examBody(subject.id));
    expect(created.statusCode).toBe(201);
    const exam = created.json();
    expect(exam).toMatchObject({
      type: 'exam',
      title: 'Partiel',
      start_time: '09:00',
      end_time: '11:00',
      duration_minutes: 90,
      deadline: null,
      deadline_local: null,
      percentage: 40,
      scale: 20,
      has_quiz: false,
      question_count: 0,
      document_link: null,
      subject: { id: subject.id, name: subject.name },
      training: { id: training.id, title: training.title },
      permissions: { update: true, delete: true, archive: true },
    });
    // 09:00 in Paris in winter is 08:00 UTC.
    expect(exam.opens_at).toBe(`${plusDays(today(), 10)}T08:00:00.000Z`);
    expect(exam.closes_at).toBe(`${plusDays(today(), 10)}T10:00:00.000Z`);

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(teacher),
      payload: { title: 'Partiel de mi-semestre' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Partiel de mi-semestre',
      description: 'Sans documents',
      location: 'B203',
      percentage: 40,
      start_time: '09:00',
    });

    // The merged row must still hold: an exam ending before it starts is refused on end_time.
    const backwards = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(teacher),
      payload: { end_time: '08:00' },
    });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['end_time']);

    // A project: the deadline typed in the institution's zone is stored as the instant.
    const project = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(teacher),
      payload: { type: 'project', deadline: `${plusDays(today(), 20)}T23:59` },
    });
    expect(project.statusCode).toBe(200);
    expect(project.json()).toMatchObject({
      type: 'project',
      deadline: `${plusDays(today(), 20)}T22:59:00.000Z`,
      deadline_local: `${plusDays(today(), 20)}T23:59`,
      duration_minutes: null,
    });

    const listed = await app.inject({
      method: 'GET',
      url: `/api/evaluations?subject_id=${subject.id}&type=project&q=mi-semestre`,
      headers: await as(admin),
    });
    expect(listed.json().data.map((e: { id: number }) => e.id)).toEqual([exam.id]);
    const quizzes = await app.inject({
      method: 'GET',
      url: `/api/evaluations?subject_id=${subject.id}&has_quiz=true`,
      headers: await as(admin),
    });
    expect(quizzes.json().data).toEqual([]);

    await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/archive`,
      headers: await as(teacher),
    });
    const active = await app.inject({
      method: 'GET',
      url: `/api/evaluations?subject_id=${subject.id}`,
      headers: await as(admin),
    });
    expect(active.json().data).toEqual([]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(teacher),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await countOf(subject.id)).toBe(0);
  });

  it('takes a project’s cut-off for late hand-ins and its penalty, after the deadline only (decision 195)', async () => {
    const subject = await placedSubject();
    const day = plusDays(today(), 10);
    const project = {
      ...examBody(subject.id),
      type: 'project',
      start_time: null,
      end_time: null,
      duration_minutes: null,
      deadline: `${day}T18:00`,
    };
    const before = await post(teacher, { ...project, late_until: `${day}T17:00` });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors.late_until).toHaveLength(1);
    const penaltyAlone = await post(teacher, { ...project, late_penalty: 10 });
    expect(penaltyAlone.statusCode).toBe(422);
    expect(penaltyAlone.json().errors.late_penalty).toHaveLength(1);
    const onExam = await post(teacher, { ...examBody(subject.id), late_until: `${day}T17:00` });
    expect(onExam.statusCode).toBe(422);
    expect(onExam.json().errors.late_until).toHaveLength(1);
    expect(await countOf(subject.id)).toBe(0);

    const created = await post(teacher, {
      ...project,
      late_until: `${plusDays(day, 2)}T18:00`,
      late_penalty: 10,
    });
    expect(created.statusCode).toBe(201);
    const row = created.json();
    // The window stays open until the cut-off; the project is still due at its deadline.
    expect(row).toMatchObject({
      late_until_local: `${plusDays(day, 2)}T18:00`,
      late_penalty: 10,
      closes_at: row.late_until,
    });
    expect(new Date(row.late_until).getTime() - new Date(row.deadline).getTime()).toBe(
      2 * 24 * 3_600_000,
    );
    // Taking the cut-off away alone leaves a penalty without one: refused, nothing changed.
    const orphan = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${row.id}`,
      headers: await as(teacher),
      payload: { late_until: null },
    });
    expect(orphan.statusCode).toBe(422);
    const cleared = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${row.id}`,
      headers: await as(teacher),
      payload: { late_until: null, late_penalty: null },
    });
    expect(cleared.json()).toMatchObject({
      late_until: null,
      late_penalty: null,
      closes_at: row.deadline,
    });
  });

  it('keeps an evaluation with grades: deleting it answers 409', async () => {
    const subject = await placedSubject();
    const exam = await createEvaluation(db, training, subject.id);
    await db.insert(results).values({ evaluation_id: exam.id, student_id: student.id, grade: 12 });
    const read = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(admin),
    });
    expect(read.json().permissions).toEqual({
      update: true,
      delete: false,
      archive: true,
      grade: true,
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(admin),
    });
    expect(deleted.statusCode).toBe(409);
    expect(await countOf(subject.id)).toBe(1);
  });
});

describe('the percentages of a subject in a training', () => {
  it('accepts a sum of exactly 100 and refuses 100.5 without writing anything', async () => {
    const subject = await placedSubject();
    expect((await post(admin, examBody(subject.id, { percentage: 60 }))).statusCode).toBe(201);
    const over = await post(admin, examBody(subject.id, { percentage: 40.5 }));
    expect(over.statusCode).toBe(422);
    expect(Object.keys(over.json().errors)).toEqual(['percentage']);
    expect(over.json().errors.percentage[0]).toContain('ajuster les pourcentages');
    expect(await countOf(subject.id)).toBe(1);
    const fits = await post(admin, examBody(subject.id, { percentage: 40 }));
    expect(fits.statusCode).toBe(201);

    // Raising one of them past the total is refused too; archiving one frees its share.
    const raised = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${fits.json().id}`,
      headers: await as(admin),
      payload: { percentage: 41 },
    });
    expect(raised.statusCode).toBe(422);
    await app.inject({
      method: 'POST',
      url: `/api/evaluations/${fits.json().id}/archive`,
      headers: await as(admin),
    });
    expect((await post(admin, examBody(subject.id, { percentage: 40 }))).statusCode).toBe(201);
    const back = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${fits.json().id}/unarchive`,
      headers: await as(admin),
    });
    expect(back.statusCode).toBe(422);
  });

  it('never lets concurrent creations exceed 100', async () => {
    const subject = await placedSubject();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(admin, examBody(subject.id, { percentage: 30 }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422]);
    const [row] = await db
      .select({ total: sql<string>`sum(${evaluations.percentage})` })
      .from(evaluations)
      .where(eq(evaluations.subject_id, subject.id));
    expect(Number(row!.total)).toBe(90);
  });

  it('answers the budget of each training of the subject, leaving one evaluation out', async () => {
    const subject = await placedSubject();
    const first = await createEvaluation(db, training, subject.id, { percentage: 25 });
    await createEvaluation(db, training, subject.id, { percentage: 30 });
    const url = `/api/subjects/${subject.id}/evaluation-budget`;
    const full = await app.inject({ method: 'GET', url, headers: await as(teacher) });
    expect(full.json()).toEqual({
      trainings: [{ id: training.id, title: training.title, used: 55 }],
    });
    const editing = await app.inject({
      method: 'GET',
      url: `${url}?exclude=${first.id}`,
      headers: await as(teacher),
    });
    expect(editing.json().trainings[0].used).toBe(30);
  });

  it('refuses an evaluation of a subject that is in no training, with the warning', async () => {
    const lone = await createSubject(db, school.id, [teacher.id]);
    const refused = await post(teacher, examBody(lone.id));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.subject_id[0]).toContain('aucune formation');
    expect(await countOf(lone.id)).toBe(0);
    const budget = await app.inject({
      method: 'GET',
      url: `/api/subjects/${lone.id}/evaluation-budget`,
      headers: await as(teacher),
    });
    expect(budget.json()).toEqual({ trainings: [] });
  });

  it('refuses a training that does not contain the subject', async () => {
    const subject = await placedSubject();
    const elsewhere = await createTraining(db, promotion);
    const refused = await post(admin, examBody(subject.id, { training_id: elsewhere.id }));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['training_id']);
  });
});

describe('who may write an evaluation', () => {
  it('answers 404 for another institution’s evaluation', async () => {
    const subject = await placedSubject();
    const exam = await createEvaluation(db, training, subject.id);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const answer = await app.inject({
        method,
        url: `/api/evaluations/${exam.id}`,
        headers: await as(otherAdmin),
        ...(method === 'PATCH' ? { payload: { title: 'x' } } : {}),
      });
      expect(answer.statusCode).toBe(404);
    }
    expect((await post(otherAdmin, examBody(subject.id))).statusCode).toBe(404);
  });

  it('lets only those who mark an evaluation change or grade it: a colleague of the promotion reads it (issue 28)', async () => {
    const subject = await placedSubject();
    const exam = await createEvaluation(db, training, subject.id, { title: 'Avant' });
    await db.insert(results).values({
      evaluation_id: exam.id,
      student_id: student.id,
      grade: 12,
      published_at: clock.now(),
    });
    expect((await post(colleague, examBody(subject.id))).statusCode).toBe(404);
    expect(await countOf(subject.id)).toBe(1);
    const call = async (
      user: { id: number; email: string },
      method: 'GET' | 'PATCH' | 'PUT' | 'POST',
      url: string,
      payload?: object,
    ) =>
      (
        await app.inject({
          method,
          url,
          headers: await as(user),
          ...(payload ? { payload } : {}),
        })
      ).statusCode;
    // The colleague teaches in the promotion, not this subject: they see the evaluation, no more.
    const read = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(colleague),
    });
    expect(read.json().permissions).toEqual({
      update: false,
      delete: false,
      archive: false,
      grade: false,
    });
    const grid = { results: [{ student_id: student.id, grade: 3 }] };
    expect(await call(colleague, 'PATCH', `/api/evaluations/${exam.id}`, { title: 'Après' })).toBe(
      404,
    );
    expect(await call(colleague, 'GET', `/api/evaluations/${exam.id}/results`)).toBe(404);
    expect(await call(colleague, 'PUT', `/api/evaluations/${exam.id}/results`, grid)).toBe(404);
    expect(await call(colleague, 'POST', `/api/evaluations/${exam.id}/publish`, {})).toBe(404);
    const [line] = await db.select().from(results).where(eq(results.evaluation_id, exam.id));
    expect(
      await call(colleague, 'PATCH', `/api/results/${line!.id}`, { grade: 3, version: 1 }),
    ).toBe(404);
    // The published grade stays readable to them, as the transcript shows it; its history does not,
    // nor does a draft.
    expect(await call(colleague, 'GET', `/api/results/${line!.id}`)).toBe(200);
    const draftExam = await createEvaluation(db, training, subject.id, { percentage: 1 });
    const [draft] = await db
      .insert(results)
      .values({ evaluation_id: draftExam.id, student_id: student.id, grade: 9 })
      .returning();
    expect(await call(colleague, 'GET', `/api/results/${draft!.id}`)).toBe(404);
    expect(await call(teacher, 'GET', `/api/results/${draft!.id}`)).toBe(200);
    expect(await call(colleague, 'GET', `/api/results/${line!.id}/history`)).toBe(404);
    const [row] = await db.select().from(evaluations).where(eq(evaluations.id, exam.id));
    expect(row!.title).toBe('Avant');
    expect((await db.select().from(results).where(eq(results.id, line!.id)))[0]!.grade).toBe(12);

    // The subject's teacher does all of it.
    const own = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${exam.id}`,
      headers: await as(teacher),
    });
    expect(own.json().permissions).toMatchObject({ update: true, grade: true });
    expect(await call(teacher, 'GET', `/api/evaluations/${exam.id}/results`)).toBe(200);
    expect(
      await call(teacher, 'PATCH', `/api/results/${line!.id}`, { grade: 14, version: 1 }),
    ).toBe(200);
  });

  it('serves the correction file only to those who mark the evaluation: a colleague of the promotion gets no link and 404', async () => {
    const subject = await placedSubject();
    const exam = await createEvaluation(db, training, subject.id, { percentage: 1 });
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/correction`,
      ...pdfUpload(await as(teacher)),
    });
    expect(uploaded.statusCode).toBe(200);
    const file = uploaded.json().correction_link as string;
    expect(file).toMatch(/^\/api\/files\/\d+$/);
    const seen = async (user: { id: number; email: string }) => {
      const headers = await as(user);
      const detail = await app.inject({
        method: 'GET',
        url: `/api/evaluations/${exam.id}`,
        headers,
      });
      const bytes = await app.inject({ method: 'GET', url: file, headers });
      return { link: detail.json().correction_link, file: bytes.statusCode };
    };
    expect(await seen(colleague)).toEqual({ link: null, file: 404 });
    expect(await seen(teacher)).toEqual({ link: file, file: 200 });
    expect(await seen(admin)).toEqual({ link: file, file: 200 });
  });

  it('dates a correction of a published grade and says who made it (issue 28)', async () => {
    const subject = await placedSubject();
    const exam = await createEvaluation(db, training, subject.id, { percentage: 1 });
    const staff = await as(teacher);
    await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${exam.id}/results`,
      headers: staff,
      payload: { results: [{ student_id: student.id, grade: 11 }] },
    });
    await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/publish`,
      headers: staff,
      payload: {},
    });
    const published = clock.now().toISOString();
    const mine = async () =>
      (await app.inject({ method: 'GET', url: '/api/me/results', headers: await as(student) }))
        .json()
        .data.find((row: { evaluation: { id: number } }) => row.evaluation.id === exam.id);
    expect(await mine()).toMatchObject({ grade: 11, published_at: published, corrected_at: null });

    advance(3 * 24 * 3_600_000);
    const [line] = await db.select().from(results).where(eq(results.evaluation_id, exam.id));
    const corrected = await app.inject({
      method: 'PATCH',
      url: `/api/results/${line!.id}`,
      headers: await as(teacher),
      payload: { grade: 13, version: line!.version },
    });
    expect(corrected.statusCode).toBe(200);
    expect(await mine()).toMatchObject({
      grade: 13,
      published_at: published,
      corrected_at: clock.now().toISOString(),
    });
    const history = await app.inject({
      method: 'GET',
      url: `/api/results/${line!.id}/history`,
      headers: await as(teacher),
    });
    expect(history.json().data[0]).toMatchObject({
      old_grade: 11,
      new_grade: 13,
      changed_by_name: `${teacher.first_name} ${teacher.last_name}`,
      at: clock.now().toISOString(),
    });
  });

  it('lets a super-teacher write only the subjects of the promotions assigned to them', async () => {
    const subject = await placedSubject();
    expect((await post(superTeacher, examBody(subject.id))).statusCode).toBe(404);
    const theirs = await createEvaluation(db, training, subject.id);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${theirs.id}`,
      headers: await as(superTeacher),
      payload: { title: 'Pas le sien' },
    });
    expect(patched.statusCode).toBe(404);
    const own = await createPromotion(db, school.id, { teachers: [superTeacher.id] });
    const ownTraining = await createTraining(db, own);
    const ownSubject = await createSubject(db, school.id);
    await createModule(db, school.id, { trainingId: ownTraining.id, subjectIds: [ownSubject.id] });
    const created = await post(
      superTeacher,
      examBody(ownSubject.id, { training_id: ownTraining.id }),
    );
    expect(created.statusCode).toBe(201);
  });

  it('lets a super-teacher mark their promotion’s evaluations, not the same subject’s in another promotion (issue 28)', async () => {
    // The head of promotion P; subject S is taught in P's training and in Q's.
    const head = await createUser(db, 'super-teacher', school.id);
    const p = await createPromotion(db, school.id, { teachers: [head.id] });
    const q = await createPromotion(db, school.id);
    const [pTraining, qTraining] = [await createTraining(db, p), await createTraining(db, q)];
    const shared = await createSubject(db, school.id);
    for (const trainingId of [pTraining.id, qTraining.id])
      await createModule(db, school.id, { trainingId, subjectIds: [shared.id] });
    const inP = await createEvaluation(db, pTraining, shared.id, { title: 'P' });
    const inQ = await createEvaluation(db, qTraining, shared.id, { title: 'Q' });
    const status = async (method: 'PATCH' | 'GET', url: string, payload?: object) =>
      (await app.inject({ method, url, headers: await as(head), ...(payload ? { payload } : {}) }))
        .statusCode;
    expect(await status('PATCH', `/api/evaluations/${inP.id}`, { title: 'P2' })).toBe(200);
    expect(await status('GET', `/api/evaluations/${inP.id}/results`)).toBe(200);
    expect(await status('PATCH', `/api/evaluations/${inQ.id}`, { title: 'Q2' })).toBe(404);
    expect(await status('GET', `/api/evaluations/${inQ.id}/results`)).toBe(404);
    // Neither created in Q, nor moved there: nothing stays.
    const before = await countOf(shared.id);
    const created = await post(
      head,
      examBody(shared.id, { training_id: qTraining.id, percentage: 1 }),
    );
    expect(created.statusCode).toBe(404);
    expect(await countOf(shared.id)).toBe(before);
    expect(await status('PATCH', `/api/evaluations/${inP.id}`, { training_id: qTraining.id })).toBe(
      404,
    );
    const [row] = await db.select().from(evaluations).where(eq(evaluations.id, inP.id));
    expect(row!.training_id).toBe(pTraining.id);
  });
});

describe('a student’s statuses and the correction', () => {
  it('moves from soon to important, today, open and failed, or awaits its grade once handed in', async () => {
    const subject = await placedSubject();
    const start = clock.now();
    // An online exam in four days, 09:00–11:00 Paris time.
    const exam = await createEvaluation(db, training, subject.id, {
      date: plusDays(today(), 4),
      start_time: '09:00',
      end_time: '11:00',
      duration_minutes: 60,
      percentage: 40,
      has_quiz: true,
    });
    const done = await createEvaluation(db, training, subject.id, {
      date: plusDays(today(), 4),
      percentage: 10,
      has_quiz: true,
    });
    // Sat on paper the same morning: nothing online says whether it was.
    const paper = await createEvaluation(db, training, subject.id, {
      date: plusDays(today(), 4),
      percentage: 10,
    });
    const statusOf = async (id: number) => {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/me/evaluations',
        headers: await as(student),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json().data.find((item: { id: number }) => item.id === id);
    };
    expect((await statusOf(exam.id)).status).toBe('soon');
    advance(2 * 24 * 3_600_000);
    expect((await statusOf(exam.id)).status).toBe('important');
    const opensAt = new Date((await statusOf(exam.id)).opens_at).getTime();
    advance(opensAt - clock.now().getTime() - 3_600_000);
    expect(await statusOf(exam.id)).toMatchObject({ status: 'today', is_open: false });
    advance(3_600_000);
    expect(await statusOf(exam.id)).toMatchObject({ status: 'today', is_open: true });

    await db.insert(attempts).values({
      evaluation_id: done.id,
      student_id: student.id,
      started_at: clock.now(),
      deadline_at: clock.now(),
      finished_at: clock.now(),
      finished_by: 'student',
    });
    advance(2 * 3_600_000);
    expect(await statusOf(exam.id)).toMatchObject({ status: 'failed', is_open: false });
    expect(await statusOf(done.id)).toMatchObject({
      status: 'awaiting',
      attempt: { finished_at: expect.any(String) },
    });
    expect((await statusOf(paper.id)).status).toBe('awaiting');

    const filtered = await app.inject({
      method: 'GET',
      url: '/api/me/evaluations?status=failed',
      headers: await as(student),
    });
    expect(filtered.json().data.map((item: { id: number }) => item.id)).toContain(exam.id);
    expect(filtered.json().data.map((item: { id: number }) => item.id)).not.toContain(done.id);
    expect(filtered.json().server_now).toBe(clock.now().toISOString());

    // The training's page and the dashboard say the same, from the same rule.
    const page = await app.inject({
      method: 'GET',
      url: `/api/me/trainings/${training.id}/evaluations`,
      headers: await as(student),
    });
    const onPage = page.json().data.find((item: { id: number }) => item.id === done.id);
    expect(onPage.status).toBe('awaiting');

    // A grade, then an absence, count once published only.
    await db.insert(results).values([
      { evaluation_id: done.id, student_id: student.id, grade: 14 },
      { evaluation_id: paper.id, student_id: student.id, absent: true },
    ]);
    expect((await statusOf(done.id)).status).toBe('awaiting');
    expect((await statusOf(paper.id)).status).toBe('awaiting');
    await db
      .update(results)
      .set({ published_at: clock.now() })
      .where(inArray(results.evaluation_id, [done.id, paper.id]));
    expect((await statusOf(done.id)).status).toBe('completed');
    expect((await statusOf(paper.id)).status).toBe('failed');
    advance(start.getTime() - clock.now().getTime());
  });

  it('awaits the grade, never failed, of an attempt still running after the window on extra time', async () => {
    const subject = await placedSubject();
    const start = clock.now();
    const exam = await createEvaluation(db, training, subject.id, {
      date: plusDays(today(), 1),
      start_time: '09:00',
      end_time: '10:00',
      duration_minutes: 60,
      percentage: 5,
      has_quiz: true,
    });
    const mine = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/me/evaluations/${exam.id}`,
          headers: await as(student),
        })
      ).json();
    const { closes_at } = await mine();
    const closes = new Date(closes_at).getTime();
    // Started ten minutes before the end with twenty minutes of extra time.
    await db.insert(attempts).values({
      evaluation_id: exam.id,
      student_id: student.id,
      started_at: new Date(closes - 10 * 60_000),
      deadline_at: new Date(closes + 10 * 60_000),
    });
    advance(closes + 60_000 - clock.now().getTime());
    expect(await mine()).toMatchObject({ status: 'awaiting', is_open: false });
    advance(start.getTime() - clock.now().getTime());
  });

  it('counts “today” on the institution’s calendar, not on UTC’s', async () => {
    const far = await createInstitution(db, { timezone: 'Pacific/Auckland' });
    const farStudent = await createUser(db, 'student', far.id);
    const farPromotion = await createPromotion(db, far.id, { students: [farStudent.id] });
    const farTraining = await createTraining(db, farPromotion);
    const farSubject = await createSubject(db, far.id);
    await createModule(db, far.id, { trainingId: farTraining.id, subjectIds: [farSubject.id] });
    const start = clock.now();
    // Auckland is UTC+13 in November: put the clock at 22:00 there, the day before the exam.
    const localToday = localDay(clock.now(), 'Pacific/Auckland');
    const exam = await createEvaluation(db, farTraining, farSubject.id, {
      date: plusDays(localToday, 1),
      start_time: '09:00',
      end_time: '10:00',
    });
    const eve = new Date(`${localToday}T09:00:00Z`).getTime(); // 22:00 in Auckland
    advance(eve - clock.now().getTime());
    const statusNow = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/me/evaluations',
          headers: await as(farStudent),
        })
      )
        .json()
        .data.find((item: { id: number }) => item.id === exam.id).status;
    expect(await statusNow()).toBe('important');
    // Three hours later it is 01:00 on the exam's day in Auckland, still the day before in UTC.
    advance(3 * 3_600_000);
    expect(localDay(clock.now(), 'UTC')).toBe(localToday);
    expect(await statusNow()).toBe('today');
    advance(start.getTime() - clock.now().getTime());
  });

  it('shows the student their grade and the teacher’s comment on the evaluation’s page once published, not before', async () => {
    const subject = await placedSubject();
    const exam = await createEvaluation(db, training, subject.id, {
      date: plusDays(today(), -3),
      percentage: 5,
      scale: 40,
    });
    const mine = async () => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/me/evaluations/${exam.id}`,
        headers: await as(student),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json();
    };
    expect(await mine()).toMatchObject({ result: null, status: 'awaiting', scale: 40 });

    const saved = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${exam.id}/results`,
      headers: await as(teacher),
      payload: {
        results: [{ student_id: student.id, grade: 31.5, comment: 'Bonne copie', version: 0 }],
      },
    });
    expect(saved.statusCode).toBe(200);
    // Graded but not published: the student sees nothing yet.
    expect(await mine()).toMatchObject({ result: null, status: 'awaiting' });

    const published = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/publish`,
      headers: await as(teacher),
      payload: {},
    });
    expect(published.statusCode).toBe(200);
    expect(await mine()).toMatchObject({
      status: 'completed',
      result: {
        grade: 31.5,
        absent: false,
        comment: 'Bonne copie',
        published_at: clock.now().toISOString(),
      },
    });
  });

  it('tells the student their extra time at an online exam', async () => {
    const subject = await placedSubject();
    const exam = await createEvaluation(db, training, subject.id, {
      date: plusDays(today(), 2),
      percentage: 5,
      has_quiz: true,
    });
    const extraOf = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/me/evaluations/${exam.id}`,
          headers: await as(student),
        })
      ).json().extra_minutes;
    expect(await extraOf()).toBe(0);
    const granted = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${exam.id}/accommodations/${student.id}`,
      headers: await as(teacher),
      payload: { extra_minutes: 20 },
    });
    expect(granted.statusCode).toBe(200);
    expect(await extraOf()).toBe(20);
  });

  it('hides the correction from students until the evaluation has closed, then serves it', async () => {
    const subject = await placedSubject();
    const start = clock.now();
    const exam = await createEvaluation(db, training, subject.id, {
      date: today(),
      start_time: '00:00',
      end_time: '23:00',
      percentage: 5,
    });
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/correction`,
      ...pdfUpload(await as(teacher)),
    });
    expect(uploaded.statusCode).toBe(200);
    const staffLink = uploaded.json().correction_link as string;
    expect(staffLink).toMatch(/^\/api\/files\/\d+$/);

    const auth = await as(student);
    const before = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${exam.id}`,
      headers: auth,
    });
    expect(before.json().correction_link).toBeNull();
    const early = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${exam.id}/correction`,
      headers: auth,
    });
    expect(early.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: staffLink, headers: auth })).statusCode).toBe(
      404,
    );
    const listed = await app.inject({
      method: 'GET',
      url: `/api/evaluations?subject_id=${subject.id}`,
      headers: auth,
    });
    expect(listed.json().data[0].correction_link).toBeNull();

    advance(24 * 3_600_000);
    const later = await as(student);
    const after = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${exam.id}`,
      headers: later,
    });
    expect(after.json().correction_link).toBe(`/api/me/evaluations/${exam.id}/correction`);
    const served = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${exam.id}/correction`,
      headers: later,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF)).toBe(true);
    advance(start.getTime() - clock.now().getTime());
  });

  it('keeps the correction from students while an attempt may still take answers (review, issue 28)', async () => {
    const subject = await placedSubject();
    const start = clock.now();
    const exam = await createEvaluation(db, training, subject.id, {
      date: today(),
      start_time: '00:00',
      end_time: '23:00',
      percentage: 5,
    });
    await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/correction`,
      ...pdfUpload(await as(teacher)),
    });
    const closesAt = new Date(
      (
        await app.inject({
          method: 'GET',
          url: `/api/me/evaluations/${exam.id}`,
          headers: await as(student),
        })
      ).json().closes_at,
    );
    // An attempt whose deadline is the window's close: it takes queued answers for a minute more.
    await db.insert(attempts).values({
      evaluation_id: exam.id,
      student_id: student.id,
      started_at: clock.now(),
      deadline_at: closesAt,
    });
    const correction = async () => {
      const auth = await as(student);
      const detail = await app.inject({
        method: 'GET',
        url: `/api/me/evaluations/${exam.id}`,
        headers: auth,
      });
      const listed = await app.inject({
        method: 'GET',
        url: `/api/evaluations?subject_id=${subject.id}`,
        headers: auth,
      });
      const file = await app.inject({
        method: 'GET',
        url: `/api/me/evaluations/${exam.id}/correction`,
        headers: auth,
      });
      return {
        link: detail.json().correction_link,
        listed: listed.json().data[0].correction_link,
        status: file.statusCode,
      };
    };
    advance(closesAt.getTime() - clock.now().getTime());
    expect(await correction()).toEqual({ link: null, listed: null, status: 404 });
    advance(59_000);
    expect(await correction()).toEqual({ link: null, listed: null, status: 404 });
    advance(1_000);
    const link = `/api/me/evaluations/${exam.id}/correction`;
    expect(await correction()).toEqual({ link, listed: link, status: 200 });
    advance(start.getTime() - clock.now().getTime());
  });

  it('takes no hand-in for an archived project, and withdraws it from the student (issue 28)', async () => {
    const subject = await placedSubject();
    const project = await createEvaluation(db, training, subject.id, {
      type: 'project',
      date: plusDays(today(), -1),
      deadline: new Date(clock.now().getTime() + 48 * 3_600_000),
      percentage: 5,
    });
    const handIn = async () =>
      app.inject({
        method: 'POST',
        url: `/api/evaluations/${project.id}/submissions`,
        ...pdfUpload(await as(student)),
      });
    expect((await handIn()).statusCode).toBe(201);
    const archived = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${project.id}/archive`,
      headers: await as(teacher),
    });
    expect(archived.statusCode).toBe(200);
    expect((await handIn()).statusCode).toBe(404);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/me/evaluations?per_page=100',
      headers: await as(student),
    });
    expect(listed.json().data.map((row: { id: number }) => row.id)).not.toContain(project.id);
  });

  it('shows a student only the evaluations of their trainings', async () => {
    const subject = await placedSubject();
    const elsewhere = await createPromotion(db, school.id);
    const otherTraining = await createTraining(db, elsewhere);
    await createModule(db, school.id, { trainingId: otherTraining.id, subjectIds: [subject.id] });
    const hidden = await createEvaluation(db, otherTraining, subject.id);
    const answer = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${hidden.id}`,
      headers: await as(student),
    });
    expect(answer.statusCode).toBe(404);
    const staff = await app.inject({
      method: 'GET',
      url: '/api/me/evaluations',
      headers: await as(teacher),
    });
    expect(staff.statusCode).toBe(403);
  });
});

describe('a student’s evaluation list, a page at a time', () => {
  it('cuts the sorted, filtered list into pages and counts what matches', async () => {
    const learner = await createUser(db, 'student', school.id);
    const cohort = await createPromotion(db, school.id, { students: [learner.id] });
    const course = await createTraining(db, cohort);
    const subject = await createSubject(db, school.id);
    await createModule(db, school.id, { trainingId: course.id, subjectIds: [subject.id] });
    // Twelve exams, one a day from the 5th day on, created in reverse order of their dates.
    for (let day = 16; day >= 5; day--)
      await createEvaluation(db, course, subject.id, {
        date: plusDays(today(), day),
        percentage: 1,
      });
    // One online exam that closed yesterday, not taken: 'failed'.
    await createEvaluation(db, course, subject.id, {
      date: plusDays(today(), -1),
      title: 'Manqué',
      percentage: 1,
      has_quiz: true,
    });
    const page = async (query: string) =>
      app.inject({
        method: 'GET',
        url: `/api/me/evaluations?${query}`,
        headers: await as(learner),
      });

    const second = await page('page=2&per_page=10');
    expect(second.statusCode).toBe(200);
    expect(second.json().meta).toEqual({ page: 2, per_page: 10, total: 13 });
    // Soonest due first: page 1 holds the missed one and days 5 to 13, page 2 days 14 to 16.
    expect(second.json().data.map((item: { date: string }) => item.date)).toEqual([
      plusDays(today(), 14),
      plusDays(today(), 15),
      plusDays(today(), 16),
    ]);
    const first = (await page('per_page=10')).json();
    expect(first.data).toHaveLength(10);
    expect(first.data[0].title).toBe('Manqué');

    const failed = (await page('status=failed')).json();
    expect(failed.meta).toEqual({ page: 1, per_page: 25, total: 1 });
    expect(failed.data.map((item: { title: string }) => item.title)).toEqual(['Manqué']);

    const beyond = (await page('page=3&per_page=10')).json();
    expect(beyond).toMatchObject({ data: [], meta: { total: 13 } });
    const odd = await page('per_page=7');
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.per_page).toBeDefined();
  });

  it('orders exams and projects by when they are due in the institution’s zone, with or without a status filter', async () => {
    // Auckland is 11 to 13 hours ahead of UTC: an exam's day and time there is an instant the
    // database computes for the page, and the service for the status.
    const far = await createInstitution(db, { timezone: 'Pacific/Auckland' });
    const learner = await createUser(db, 'student', far.id);
    const cohort = await createPromotion(db, far.id, { students: [learner.id] });
    const course = await createTraining(db, cohort);
    const subject = await createSubject(db, far.id);
    await createModule(db, far.id, { trainingId: course.id, subjectIds: [subject.id] });
    const day = (n: number) => plusDays(today(), n);
    const exam = (title: string, date: string, start: string) =>
      createEvaluation(db, course, subject.id, {
        title,
        date,
        start_time: start,
        end_time: start === '23:30' ? '23:59' : '10:00',
        percentage: 1,
      });
    const project = (title: string, deadline: Date) =>
      createEvaluation(db, course, subject.id, {
        type: 'project',
        title,
        date: deadline.toISOString().slice(0, 10),
        deadline,
        percentage: 1,
      });
    await project('Projet midi', new Date(`${day(3)}T12:00:00Z`));
    await exam('Examen tard', day(3), '23:30'); // day 3, 10:30 or 11:30 UTC
    await exam('Examen matin', day(3), '08:00'); // day 2, 19:00 or 20:00 UTC
    await project('Projet veille', new Date(`${day(2)}T23:00:00Z`));
    await exam('Examen nuit', day(4), '00:30'); // day 3, 11:30 or 12:30 UTC
    await exam('Examen passé', day(-2), '08:00');

    const list = async (query: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/me/evaluations?per_page=10${query}`,
          headers: await as(learner),
        })
      ).json() as {
        data: {
          id: number;
          title: string;
          type: string;
          status: string;
          opens_at: string;
          closes_at: string;
        }[];
        meta: { total: number };
      };
    const all = await list('');
    expect(all.meta.total).toBe(6);
    const due = (item: (typeof all.data)[number]) =>
      Date.parse(item.type === 'exam' ? item.opens_at : item.closes_at);
    const dues = all.data.map(due);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(all.data.map((item) => item.title).slice(0, 3)).toEqual([
      'Examen passé',
      'Examen matin',
      'Projet veille',
    ]);
    // Each status filter lists its rows in the same order as the whole list.
    const statuses = [...new Set(all.data.map((item) => item.status))];
    for (const status of statuses) {
      const filtered = await list(`&status=${status}`);
      expect(filtered.data.map((item) => item.id)).toEqual(
        all.data.filter((item) => item.status === status).map((item) => item.id),
      );
    }
  });
});
