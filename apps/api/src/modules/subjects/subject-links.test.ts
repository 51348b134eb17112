import type { Role } from '@skolar/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import {
  createInstitution,
  createLesson,
  createSubject,
  createUser,
} from '../../../test/factories.ts';
import { subjectLessons, teacherSubjects } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const uni = await createInstitution(db);
const school = await createInstitution(db);

async function as(role: Role, institutionId: number | null) {
  const user = await createUser(db, role, institutionId);
  const { accessToken } = await signIn(app, user.email);
  return { user, headers: { ...bearer(accessToken), 'accept-language': 'en' } };
}

const admin = await as('admin', uni.id);
const superTeacher = await as('super-teacher', uni.id);
const teacher = await as('teacher', uni.id);
const root = await as('super-admin', null);

const lessonIdsOf = async (subjectId: number) =>
  (
    await db
      .select({ id: subjectLessons.lesson_id })
      .from(subjectLessons)
      .where(eq(subjectLessons.subject_id, subjectId))
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);

const teacherIdsOf = async (subjectId: number) =>
  (
    await db
      .select({ id: teacherSubjects.teacher_id })
      .from(teacherSubjects)
      .where(eq(teacherSubjects.subject_id, subjectId))
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);

describe('lessons to subject', () => {
  it('lets a teacher reuse a lesson of another subject they teach, and unlink it again', async () => {
    const subject = await createSubject(db, uni.id, [teacher.user.id], { name: 'Analyse' });
    const sibling = await createSubject(db, uni.id, [teacher.user.id], { name: 'Algèbre' });
    const notTaught = await createSubject(db, uni.id, [], { name: 'Chimie' });
    const own = await createLesson(db, subject, { title: 'Limites' });
    const reusable = await createLesson(db, sibling, { title: 'Matrices' });
    const hidden = await createLesson(db, notTaught, { title: 'Molécules' });

    const panel = await app.inject({
      method: 'GET',
      url: `/api/subjects/${subject.id}/lessons`,
      headers: teacher.headers,
    });
    expect(panel.json()).toEqual({
      owner: { id: subject.id, label: 'Analyse' },
      assigned: [{ id: own.id, label: 'Limites', detail: null }],
      options: [{ id: reusable.id, label: 'Matrices', detail: 'Algèbre' }],
    });

    const refused = await app.inject({
      method: 'PUT',
      url: `/api/subjects/${subject.id}/lessons`,
      headers: teacher.headers,
      payload: { ids: [reusable.id, hidden.id] },
    });
    expect(refused.statusCode).toBe(404);
    expect(await lessonIdsOf(subject.id)).toEqual([own.id]);

    const linked = await app.inject({
      method: 'PUT',
      url: `/api/subjects/${subject.id}/lessons`,
      headers: teacher.headers,
      payload: { ids: [reusable.id, reusable.id] },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().assigned.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([own.id, reusable.id]),
    );
    expect(await lessonIdsOf(subject.id)).toEqual([own.id, reusable.id].sort((a, b) => a - b));

    const unlinked = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}/lessons/${reusable.id}`,
      headers: teacher.headers,
    });
    expect(unlinked.statusCode).toBe(204);
    expect(await lessonIdsOf(subject.id)).toEqual([own.id]);
    expect(await lessonIdsOf(sibling.id)).toEqual([reusable.id]);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}/lessons/${reusable.id}`,
      headers: teacher.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps every lesson in a subject: unlinking its last one answers 409 and changes nothing', async () => {
    const subject = await createSubject(db, uni.id);
    const only = await createLesson(db, subject);
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}/lessons/${only.id}`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This lesson belongs to no other subject: link it to another subject first, or delete it.',
    );
    expect(await lessonIdsOf(subject.id)).toEqual([only.id]);
  });

  it('never links a lesson of another institution, not even for the super-admin', async () => {
    const subject = await createSubject(db, uni.id);
    const foreign = await createLesson(db, await createSubject(db, school.id));
    for (const who of [admin, root]) {
      const refused = await app.inject({
        method: 'PUT',
        url: `/api/subjects/${subject.id}/lessons`,
        headers: who.headers,
        payload: { ids: [foreign.id] },
      });
      expect(refused.statusCode).toBe(404);
    }
    expect(await lessonIdsOf(subject.id)).toEqual([]);
  });
});

describe('teachers of a subject', () => {
  it('lets an admin or a super-teacher assign teachers and super-teachers of the institution', async () => {
    const subject = await createSubject(db, uni.id, [], { name: 'Physique' });
    const colleague = await createUser(db, 'teacher', uni.id, { last_name: 'Curie' });
    const gone = await createUser(db, 'teacher', uni.id, {
      archived_at: new Date('2026-01-01T00:00:00Z'),
    });
    const panel = await app.inject({
      method: 'GET',
      url: `/api/subjects/${subject.id}/teachers`,
      headers: admin.headers,
    });
    expect(panel.statusCode).toBe(200);
    const optionIds = panel.json().options.map((row: { id: number }) => row.id);
    expect(optionIds).toEqual(
      expect.arrayContaining([colleague.id, teacher.user.id, superTeacher.user.id]),
    );
    expect(optionIds).not.toContain(gone.id);
    expect(optionIds).not.toContain(admin.user.id);

    const assigned = await app.inject({
      method: 'PUT',
      url: `/api/subjects/${subject.id}/teachers`,
      headers: superTeacher.headers,
      payload: { ids: [colleague.id, superTeacher.user.id] },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assigned.map((row: { label: string }) => row.label)).toContain(
      `${colleague.first_name} Curie`,
    );
    expect(await teacherIdsOf(subject.id)).toEqual(
      [colleague.id, superTeacher.user.id].sort((a, b) => a - b),
    );

    const detail = await app.inject({
      method: 'GET',
      url: `/api/subjects/${subject.id}`,
      headers: superTeacher.headers,
    });
    expect(detail.json()).toMatchObject({ nb_teachers: 2, can: { assign_teachers: true } });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/subjects/${subject.id}/teachers/${colleague.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await teacherIdsOf(subject.id)).toEqual([superTeacher.user.id]);
  });

  it('refuses a student, an admin or another institution’s teacher (404) and changes nothing', async () => {
    const subject = await createSubject(db, uni.id, [teacher.user.id]);
    const pupil = await createUser(db, 'student', uni.id);
    const foreignTeacher = await createUser(db, 'teacher', school.id);
    for (const id of [pupil.id, admin.user.id, foreignTeacher.id]) {
      const refused = await app.inject({
        method: 'PUT',
        url: `/api/subjects/${subject.id}/teachers`,
        headers: admin.headers,
        payload: { ids: [superTeacher.user.id, id] },
      });
      expect(refused.statusCode).toBe(404);
    }
    expect(await teacherIdsOf(subject.id)).toEqual([teacher.user.id]);
  });

  it('keeps staffing to admins and super-teachers: a teacher and the super-admin get 403', async () => {
    const subject = await createSubject(db, uni.id, [teacher.user.id]);
    for (const who of [teacher, root]) {
      for (const request of [
        { method: 'GET', url: `/api/subjects/${subject.id}/teachers` },
        {
          method: 'PUT',
          url: `/api/subjects/${subject.id}/teachers`,
          payload: { ids: [teacher.user.id] },
        },
        { method: 'DELETE', url: `/api/subjects/${subject.id}/teachers/${teacher.user.id}` },
      ] as const) {
        const response = await app.inject({ ...request, headers: who.headers });
        expect(response.statusCode).toBe(403);
      }
    }
    const detail = await app.inject({
      method: 'GET',
      url: `/api/subjects/${subject.id}`,
      headers: teacher.headers,
    });
    expect(detail.json().can).toMatchObject({ assign_lessons: true, assign_teachers: false });
    expect(
      await db
        .select()
        .from(teacherSubjects)
        .where(
          and(
            eq(teacherSubjects.subject_id, subject.id),
            eq(teacherSubjects.teacher_id, teacher.user.id),
          ),
        ),
    ).toHaveLength(1);
  });
});
