import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import {
  createChapter,
  createEvaluation,
  createGroup,
  createInstitution,
  createLesson,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { chapters as chaptersTable, groupSubjects, resources } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

// A training of the student's promotion: one module, one subject, two lessons of 2 and 3 chapters.
const uni = await createInstitution(db);
const school = await createInstitution(db);
const student = await createUser(db, 'student', uni.id);
const outsider = await createUser(db, 'student', uni.id);
const foreigner = await createUser(db, 'student', school.id);
const teacher = await createUser(db, 'teacher', uni.id);
const promotion = await createPromotion(db, uni.id, {
  students: [student.id],
  teachers: [teacher.id],
});
await createPromotion(db, uni.id, { students: [outsider.id] });
await createPromotion(db, school.id, { students: [foreigner.id] });
const training = await createTraining(db, promotion, { title: 'Licence Informatique' });
const subject = await createSubject(db, uni.id, [teacher.id], { name: 'Algorithmique' });
const module = await createModule(db, uni.id, {
  trainingId: training.id,
  subjectIds: [subject.id],
});
const first = await createLesson(db, subject, { title: 'Tris', position: 1 });
const second = await createLesson(db, subject, { title: 'Graphes', position: 2 });
const chapters = [
  await createChapter(db, first.id, { title: 'Tri par insertion', position: 1 }),
  await createChapter(db, first.id, { title: 'Tri rapide', position: 2 }),
  await createChapter(db, second.id, { title: 'Parcours', position: 1 }),
  await createChapter(db, second.id, { title: 'Plus courts chemins', position: 2 }),
  await createChapter(db, second.id, { title: 'Arbres couvrants', position: 3 }),
];
await db.insert(resources).values([
  {
    chapter_id: chapters[0]!.id,
    kind: 'link',
    title: 'Visualisation',
    url: 'https://visualgo.net',
  },
]);
// A training of another promotion of the same institution, with its own content.
const otherPromotion = await createPromotion(db, uni.id);
const otherTraining = await createTraining(db, otherPromotion);
const otherSubject = await createSubject(db, uni.id);
await createModule(db, uni.id, { trainingId: otherTraining.id, subjectIds: [otherSubject.id] });
const otherLesson = await createLesson(db, otherSubject);
const otherChapter = await createChapter(db, otherLesson.id);

const tokenOf = async (user: { email: string }) => (await signIn(app, user.email)).accessToken;
const studentToken = await tokenOf(student);
const get = (url: string, token = studentToken) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });
const mark = (chapterId: number, body: object, token = studentToken) =>
  app.inject({
    method: 'PUT',
    url: `/api/me/chapters/${chapterId}/progress`,
    headers: bearer(token),
    payload: body,
  });

describe('the student follows a training', () => {
  it('lists the trainings of their promotions with the chapters to read', async () => {
    const response = await get('/api/me/trainings');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        id: training.id,
        title: 'Licence Informatique',
        nb_subjects: 1,
        nb_chapters: 5,
        nb_done: 0,
        progress: 0,
      }),
    ]);
  });

  it('shows the outline of a training: module, subject, lessons in order', async () => {
    const response = await get(`/api/me/trainings/${training.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.modules).toEqual([
      {
        id: module.id,
        name: module.name,
        subjects: [
          expect.objectContaining({
            id: subject.id,
            name: 'Algorithmique',
            nb_chapters: 5,
            lessons: [
              { id: first.id, title: 'Tris', nb_chapters: 2, nb_done: 0, progress: 0 },
              { id: second.id, title: 'Graphes', nb_chapters: 3, nb_done: 0, progress: 0 },
            ],
          }),
        ],
      },
    ]);
  });

  it('reads a chapter with its resources, and goes on to the next lesson within the subject', async () => {
    const response = await get(`/api/me/chapters/${chapters[1]!.id}?subjectId=${subject.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Tri rapide',
      lesson: { id: first.id, title: 'Tris' },
      subject: { id: subject.id, name: 'Algorithmique' },
      previous: { id: chapters[0]!.id, title: 'Tri par insertion' },
      next: { id: chapters[2]!.id, title: 'Parcours' },
      done: false,
    });
    const withLink = await get(`/api/me/chapters/${chapters[0]!.id}`);
    expect(withLink.json().resources).toEqual([
      expect.objectContaining({
        kind: 'link',
        title: 'Visualisation',
        url: 'https://visualgo.net',
      }),
    ]);
    expect(withLink.json().previous).toBeNull();
    const last = await get(`/api/me/chapters/${chapters[4]!.id}?subjectId=${subject.id}`);
    expect(last.json().next).toBeNull();
  });

  it('moves the progress bars as chapters are marked done, and back', async () => {
    const done = await mark(chapters[0]!.id, { done: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      done: true,
      completed_at: '2026-11-22T10:00:00.000Z',
    });
    await mark(chapters[2]!.id, { done: true });
    const [listed] = (await get('/api/me/trainings')).json().data;
    expect(listed).toMatchObject({ nb_done: 2, progress: 40 });
    const lesson = (await get(`/api/me/lessons/${first.id}`)).json();
    expect(lesson).toMatchObject({ nb_chapters: 2, nb_done: 1, progress: 50 });
    expect(lesson.chapters.map((c: { done: boolean }) => c.done)).toEqual([true, false]);

    // Opening again keeps the first completion; un-marking clears it.
    clock.advance(20 * 60_000);
    expect((await mark(chapters[0]!.id, {})).json()).toMatchObject({
      done: true,
      completed_at: '2026-11-22T10:00:00.000Z',
      opened_at: '2026-11-22T10:20:00.000Z',
    });
    expect((await mark(chapters[2]!.id, { done: false })).json().done).toBe(false);
    const outline = (await get(`/api/me/trainings/${training.id}`)).json();
    expect(outline).toMatchObject({ nb_done: 1, progress: 20 });
    expect(outline.modules[0].subjects[0]).toMatchObject({ nb_done: 1, progress: 20 });
  });

  it('offers to continue with the chapter opened last', async () => {
    clock.advance(5 * 60_000);
    await mark(chapters[3]!.id, {});
    expect((await get('/api/me/resume')).json()).toEqual({
      chapter: {
        id: chapters[3]!.id,
        title: 'Plus courts chemins',
        lesson: { id: second.id, title: 'Graphes' },
        subject: { id: subject.id, name: 'Algorithmique' },
        done: false,
        opened_at: '2026-11-22T10:25:00.000Z',
      },
    });
    const fresh = await createUser(db, 'student', uni.id);
    expect((await get('/api/me/resume', await tokenOf(fresh))).json()).toEqual({ chapter: null });
  });

  it('gives a student in a group the subjects of that group', async () => {
    const groupSubject = await createSubject(db, uni.id, [], { name: 'Projet tutoré' });
    const lesson = await createLesson(db, groupSubject);
    const chapter = await createChapter(db, lesson.id);
    expect((await get(`/api/me/chapters/${chapter.id}`)).statusCode).toBe(404);
    const group = await createGroup(db, promotion, [student.id]);
    await db.insert(groupSubjects).values({ group_id: group.id, subject_id: groupSubject.id });
    expect((await get(`/api/me/chapters/${chapter.id}`)).statusCode).toBe(200);
  });
});

describe('the course page', () => {
  it('lists the resources of every chapter of the training', async () => {
    const response = await get(`/api/me/trainings/${training.id}/resources`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: expect.any(Number),
        kind: 'link',
        title: 'Visualisation',
        url: 'https://visualgo.net',
        file_name: null,
        mime: null,
        size: null,
        position: 0,
        chapter: { id: chapters[0]!.id, title: 'Tri par insertion' },
        lesson: { id: first.id, title: 'Tris' },
        subject: { id: subject.id, name: 'Algorithmique' },
      },
    ]);
  });

  it('lists the evaluations of the training, soonest first', async () => {
    await createEvaluation(db, training, subject.id, { title: 'Partiel', date: '2026-12-10' });
    await createEvaluation(db, training, subject.id, {
      title: 'Projet',
      type: 'project',
      date: '2026-12-01',
      deadline: new Date('2026-12-20T22:59:00Z'),
    });
    await createEvaluation(db, otherTraining, otherSubject.id, { title: 'Ailleurs' });
    const response = await get(`/api/me/trainings/${training.id}/evaluations`);
    expect(response.statusCode).toBe(200);
    expect(
      response.json().data.map((row: { title: string; type: string }) => [row.title, row.type]),
    ).toEqual([
      ['Projet', 'project'],
      ['Partiel', 'exam'],
    ]);
    expect(response.json().data[1]).toMatchObject({
      start_time: '09:00:00',
      subject: { id: subject.id, name: 'Algorithmique' },
    });
  });
});

describe('archived content', () => {
  it('leaves an archived chapter out of the counts, the lesson and the reading order', async () => {
    const extra = await createChapter(db, first.id, { title: 'Tri fusion', position: 3 });
    const count = async () => (await get(`/api/me/lessons/${first.id}`)).json().nb_chapters;
    expect(await count()).toBe(3);
    await db
      .update(chaptersTable)
      .set({ archived_at: new Date('2026-11-22T09:00:00Z') })
      .where(eq(chaptersTable.id, extra.id));
    expect(await count()).toBe(2);
    expect((await get(`/api/me/chapters/${extra.id}`)).statusCode).toBe(404);
    const [listed] = (await get('/api/me/trainings')).json().data;
    expect(listed.nb_chapters).toBe(5);
    // The reading order skips it: after the lesson's last active chapter comes the next lesson.
    const last = await get(`/api/me/chapters/${chapters[1]!.id}?subjectId=${subject.id}`);
    expect(last.json().next).toEqual({ id: chapters[2]!.id, title: 'Parcours' });
  });
});

describe('what the student may not reach', () => {
  it('answers 404 for the content of another promotion and of another institution', async () => {
    for (const token of [await tokenOf(outsider), await tokenOf(foreigner)]) {
      expect((await get(`/api/me/trainings/${training.id}`, token)).statusCode).toBe(404);
      for (const tab of ['resources', 'evaluations']) {
        expect((await get(`/api/me/trainings/${training.id}/${tab}`, token)).statusCode).toBe(404);
      }
      expect((await get(`/api/me/lessons/${first.id}`, token)).statusCode).toBe(404);
      expect((await get(`/api/me/chapters/${chapters[0]!.id}`, token)).statusCode).toBe(404);
      expect((await mark(chapters[0]!.id, { done: true }, token)).statusCode).toBe(404);
      expect((await get('/api/me/trainings', token)).json().data).not.toContainEqual(
        expect.objectContaining({ id: training.id }),
      );
    }
    expect((await get(`/api/me/chapters/${otherChapter.id}`)).statusCode).toBe(404);
    expect((await mark(otherChapter.id, { done: true })).statusCode).toBe(404);
    // Nothing was recorded for the refused marks.
    const lesson = (await get(`/api/me/lessons/${first.id}`)).json();
    expect(lesson.nb_done).toBe(1);
  });

  it('refuses a subject that does not hold the chapter', async () => {
    expect(
      (await get(`/api/me/chapters/${chapters[0]!.id}?subjectId=${otherSubject.id}`)).statusCode,
    ).toBe(404);
  });

  it('keeps the learning space to students: 403 for staff, 401 for visitors', async () => {
    expect((await get('/api/me/trainings', await tokenOf(teacher))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/me/trainings' })).statusCode).toBe(401);
  });

  it('answers 422 for a malformed mark', async () => {
    const response = await mark(chapters[0]!.id, { done: 'yes' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('done');
  });
});
