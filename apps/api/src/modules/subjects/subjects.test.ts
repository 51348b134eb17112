import type { Role } from '@skolar/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import {
  createChapter,
  createEvaluation,
  createInstitution,
  createLesson,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import {
  chapters,
  lessons,
  moduleSubjects,
  results,
  subjectLessons,
  subjects,
} from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const uni = await createInstitution(db);
const school = await createInstitution(db);

async function as(role: Role, institutionId: number | null, locale = 'en') {
  const user = await createUser(db, role, institutionId);
  const { accessToken } = await signIn(app, user.email);
  return { user, headers: { ...bearer(accessToken), 'accept-language': locale } };
}

const admin = await as('admin', uni.id);
const superTeacher = await as('super-teacher', uni.id);
const teacher = await as('teacher', uni.id);
const student = await as('student', uni.id);
const root = await as('super-admin', null);

const rowOf = async (id: number) =>
  (await db.select().from(subjects).where(eq(subjects.id, id)))[0];

describe('creating subjects', () => {
  it('creates a subject of the admin’s institution, in a module when one is given', async () => {
    const module = await createModule(db, uni.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: admin.headers,
      payload: {
        name: ' Réseaux ',
        coefficient: 2.5,
        hourly_volume: 24,
        module_id: module.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Réseaux',
      description: '',
      coefficient: 2.5,
      hourly_volume: 24,
      institution_id: uni.id,
      nb_modules: 1,
      modules: [{ id: module.id, name: module.name }],
      can: {
        update: true,
        delete: true,
        archive: true,
        assign_lessons: true,
        assign_teachers: true,
      },
    });
    expect(await rowOf(body.id)).toMatchObject({ institution_id: uni.id, coefficient: 2.5 });
    expect(
      await db.select().from(moduleSubjects).where(eq(moduleSubjects.subject_id, body.id)),
    ).toHaveLength(1);
  });

  it('refuses a coefficient of 0 and a negative volume with a message under each field', async () => {
    const before = await db.select().from(subjects);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: admin.headers,
      payload: { name: 'Zéro', coefficient: 0, hourly_volume: -3 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        coefficient: ['The coefficient must be a number greater than 0.'],
        hourly_volume: ['The hourly volume must be a whole number of hours, 0 or more.'],
      },
    });
    const french = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: { ...admin.headers, 'accept-language': 'fr' },
      payload: { name: 'Négatif', coefficient: -1, hourly_volume: 1.5 },
    });
    expect(french.json().errors).toEqual({
      coefficient: ['Le coefficient doit être un nombre strictement positif.'],
      hourly_volume: ['Le volume horaire doit être un nombre entier d’heures, 0 ou plus.'],
    });
    expect(await db.select().from(subjects)).toHaveLength(before.length);
  });

  it('lets the super-admin create in a named institution, in a module that institution offers', async () => {
    const offered = await createModule(db, school.id);
    const elsewhere = await createModule(db, uni.id);
    const payload = { name: 'Droit', coefficient: 1, hourly_volume: 10 };
    const noInstitution = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: root.headers,
      payload,
    });
    expect(noInstitution.statusCode).toBe(422);
    expect(noInstitution.json().errors).toEqual({
      institution_id: ['Choose the institution of the subject.'],
    });
    const notOffered = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: root.headers,
      payload: { ...payload, institution_id: school.id, module_id: elsewhere.id },
    });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().errors).toEqual({
      module_id: ['This institution does not offer this module.'],
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: root.headers,
      payload: { ...payload, institution_id: school.id, module_id: offered.id },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ institution_id: school.id, nb_modules: 1 });
  });

  it('answers 404 to an admin naming another institution or its module, 403 to a teacher', async () => {
    const before = await db.select().from(subjects);
    const payload = { name: 'Intrus', coefficient: 1, hourly_volume: 1 };
    const otherInstitution = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: admin.headers,
      payload: { ...payload, institution_id: school.id },
    });
    expect(otherInstitution.statusCode).toBe(404);
    const otherModule = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: admin.headers,
      payload: { ...payload, module_id: (await createModule(db, school.id)).id },
    });
    expect(otherModule.statusCode).toBe(404);
    for (const who of [teacher, student]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/subjects',
        headers: who.headers,
        payload,
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await db.select().from(subjects)).toHaveLength(before.length);
  });
});

describe('who sees and edits which subject', () => {
  let worlds = 0;
  const world = async () => {
    worlds += 1;
    const taught = await createSubject(db, uni.id, [teacher.user.id], {
      name: `Algèbre ${worlds}`,
      description: `Groupes et anneaux, monde ${worlds}`,
      coefficient: 3,
      hourly_volume: 40,
    });
    const notTaught = await createSubject(db, uni.id, [], { coefficient: 2, hourly_volume: 20 });
    const foreign = await createSubject(db, school.id, [], { coefficient: 2, hourly_volume: 20 });
    return { taught, notTaught, foreign };
  };

  it('lists a teacher’s own subjects only, with counts computed by the database', async () => {
    const { taught, notTaught } = await world();
    const lesson = await createLesson(db, taught);
    await createLesson(db, taught);
    await createChapter(db, lesson.id);
    await createModule(db, uni.id, { subjectIds: [taught.id] });
    const colleague = await createUser(db, 'teacher', uni.id);
    const staffed = await app.inject({
      method: 'PUT',
      url: `/api/subjects/${taught.id}/teachers`,
      headers: admin.headers,
      payload: { ids: [colleague.id] },
    });
    expect(staffed.statusCode).toBe(200);
    const mine = await app.inject({
      method: 'GET',
      url: '/api/subjects?per_page=100',
      headers: teacher.headers,
    });
    expect(mine.statusCode).toBe(200);
    const ids = mine.json().data.map((row: { id: number }) => row.id);
    expect(ids).toContain(taught.id);
    expect(ids).not.toContain(notTaught.id);
    expect(mine.json().data.find((row: { id: number }) => row.id === taught.id)).toMatchObject({
      nb_lessons: 2,
      nb_teachers: 2,
      nb_modules: 1,
      nb_evaluations: 0,
      can: { update: true, delete: false, archive: false },
    });
    const all = await app.inject({
      method: 'GET',
      url: '/api/subjects?per_page=100',
      headers: superTeacher.headers,
    });
    const seen = all.json().data.map((row: { id: number; institution_id: number }) => row);
    expect(seen.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([taught.id, notTaught.id]),
    );
    expect(seen.every((row: { institution_id: number }) => row.institution_id === uni.id)).toBe(
      true,
    );
  });

  it('searches, pages, sorts and lists archived subjects apart', async () => {
    const { taught } = await world();
    const query = (search: string) =>
      app.inject({ method: 'GET', url: `/api/subjects?${search}`, headers: admin.headers });
    const needle = encodeURIComponent(taught.description);
    const found = await query(`q=${needle}`);
    expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([taught.id]);
    const page = await query('per_page=10&sort=-coefficient');
    expect(page.json().meta).toMatchObject({ page: 1, per_page: 10 });
    const coefficients = page.json().data.map((row: { coefficient: number }) => row.coefficient);
    expect(coefficients).toEqual([...coefficients].sort((a, b) => b - a));
    expect((await query('per_page=7')).statusCode).toBe(422);
    expect((await query('sort=password')).statusCode).toBe(422);

    const archived = await app.inject({
      method: 'POST',
      url: `/api/subjects/${taught.id}/archive`,
      headers: admin.headers,
    });
    expect(archived.json().archived_at).not.toBeNull();
    expect((await query(`q=${needle}`)).json().data).toEqual([]);
    expect(
      (await query(`q=${needle}&archived=true`)).json().data.map((row: { id: number }) => row.id),
    ).toEqual([taught.id]);
    await app.inject({
      method: 'POST',
      url: `/api/subjects/${taught.id}/unarchive`,
      headers: admin.headers,
    });
    expect((await rowOf(taught.id))!.archived_at).toBeNull();
  });

  it('lets a teacher edit one field of a subject they teach, the others unchanged', async () => {
    const { taught } = await world();
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/subjects/${taught.id}`,
      headers: teacher.headers,
      payload: { hourly_volume: 42 },
    });
    expect(edited.statusCode).toBe(200);
    expect(await rowOf(taught.id)).toMatchObject({
      name: taught.name,
      description: taught.description,
      coefficient: 3,
      hourly_volume: 42,
    });
    const invalid = await app.inject({
      method: 'PATCH',
      url: `/api/subjects/${taught.id}`,
      headers: teacher.headers,
      payload: { coefficient: 0 },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(['coefficient']);
    expect((await rowOf(taught.id))!.coefficient).toBe(3);
  });

  it('answers 404 to a teacher on a subject they do not teach, and to anyone on another institution’s', async () => {
    const { notTaught, foreign } = await world();
    const before = { notTaught: await rowOf(notTaught.id), foreign: await rowOf(foreign.id) };
    for (const method of ['GET', 'PATCH'] as const) {
      const response = await app.inject({
        method,
        url: `/api/subjects/${notTaught.id}`,
        headers: teacher.headers,
        ...(method === 'PATCH' ? { payload: { name: 'Piraté' } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    for (const request of [
      { method: 'GET', url: `/api/subjects/${foreign.id}` },
      { method: 'PATCH', url: `/api/subjects/${foreign.id}`, payload: { coefficient: 9 } },
      { method: 'POST', url: `/api/subjects/${foreign.id}/archive` },
      { method: 'DELETE', url: `/api/subjects/${foreign.id}` },
      { method: 'GET', url: `/api/subjects/${foreign.id}/lessons` },
      { method: 'GET', url: `/api/subjects/${foreign.id}/teachers` },
    ] as const) {
      const response = await app.inject({ ...request, headers: admin.headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    expect(await rowOf(notTaught.id)).toEqual(before.notTaught);
    expect(await rowOf(foreign.id)).toEqual(before.foreign);
  });

  it('answers 403 to a student who tries to write, and leaves the subject as it was', async () => {
    const { taught } = await world();
    const before = await rowOf(taught.id);
    for (const request of [
      { method: 'PATCH', url: `/api/subjects/${taught.id}`, payload: { name: 'Élève' } },
      { method: 'POST', url: `/api/subjects/${taught.id}/archive` },
      { method: 'DELETE', url: `/api/subjects/${taught.id}` },
      { method: 'PUT', url: `/api/subjects/${taught.id}/lessons`, payload: { ids: [1] } },
      { method: 'PUT', url: `/api/subjects/${taught.id}/teachers`, payload: { ids: [1] } },
    ] as const) {
      const response = await app.inject({ ...request, headers: student.headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    expect(await rowOf(taught.id)).toEqual(before);
  });

  it('shows the detail: modules in link order, teachers, lessons by position with their chapters', async () => {
    const { taught } = await world();
    const first = await createModule(db, uni.id, { subjectIds: [taught.id] });
    const second = await createModule(db, uni.id, { subjectIds: [taught.id] });
    const late = await createLesson(db, taught, { title: 'Deux', position: 2 });
    const early = await createLesson(db, taught, { title: 'Un', position: 1 });
    await createChapter(db, early.id);
    await createChapter(db, early.id);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/subjects/${taught.id}`,
      headers: teacher.headers,
    });
    expect(detail.json()).toMatchObject({
      modules: [
        { id: first.id, name: first.name },
        { id: second.id, name: second.name },
      ],
      teachers: [{ id: teacher.user.id, role: 'teacher' }],
      lessons: [
        { id: early.id, title: 'Un', position: 1, nb_chapters: 2 },
        { id: late.id, title: 'Deux', position: 2, nb_chapters: 0 },
      ],
      can: {
        update: true,
        delete: false,
        archive: false,
        assign_lessons: true,
        assign_teachers: false,
      },
    });
  });
});

describe('deleting subjects', () => {
  it('refuses while evaluations or grades use the subject, with a message, and changes nothing', async () => {
    const subject = await createSubject(db, uni.id);
    const lesson = await createLesson(db, subject);
    const training = await createTraining(db, await createPromotion(db, uni.id));
    const evaluation = await createEvaluation(db, training, subject.id);
    const pupil = await createUser(db, 'student', uni.id);
    await db
      .insert(results)
      .values({ evaluation_id: evaluation.id, student_id: pupil.id, grade: 12 });

    const listed = await app.inject({
      method: 'GET',
      url: `/api/subjects/${subject.id}`,
      headers: admin.headers,
    });
    expect(listed.json()).toMatchObject({ nb_evaluations: 1, can: { delete: false } });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}`,
      headers: { ...admin.headers, 'accept-language': 'fr' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Des évaluations ou des notes portent sur cette matière : archivez-la plutôt.',
    });
    expect(await rowOf(subject.id)).toBeDefined();
    expect(await db.select().from(lessons).where(eq(lessons.id, lesson.id))).toHaveLength(1);
    const archived = await app.inject({
      method: 'POST',
      url: `/api/subjects/${subject.id}/archive`,
      headers: admin.headers,
    });
    expect(archived.statusCode).toBe(200);
  });

  it('deletes the subject with the lessons it alone has; a shared lesson stays with its other subject', async () => {
    const subject = await createSubject(db, uni.id, [teacher.user.id]);
    const other = await createSubject(db, uni.id);
    const own = await createLesson(db, subject);
    const ownChapter = await createChapter(db, own.id);
    const shared = await createLesson(db, subject);
    await db.insert(subjectLessons).values({ subject_id: other.id, lesson_id: shared.id });

    const byTeacher = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}`,
      headers: teacher.headers,
    });
    expect(byTeacher.statusCode).toBe(403);
    // A super-teacher deletes only the subjects of their promotions or that they teach.
    const bySuperTeacher = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}`,
      headers: superTeacher.headers,
    });
    expect(bySuperTeacher.statusCode).toBe(404);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await rowOf(subject.id)).toBeUndefined();
    const left = await db
      .select({ id: lessons.id })
      .from(lessons)
      .where(inArray(lessons.id, [own.id, shared.id]));
    expect(left).toEqual([{ id: shared.id }]);
    expect(await db.select().from(chapters).where(eq(chapters.id, ownChapter.id))).toEqual([]);
    expect(
      await db.select().from(subjectLessons).where(eq(subjectLessons.lesson_id, shared.id)),
    ).toMatchObject([{ subject_id: other.id }]);
  });
});
