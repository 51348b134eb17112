import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import {
  createGroup,
  createInstitution,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { groupSubjects } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const uni = await createInstitution(db);
const school = await createInstitution(db);
const teacher = await createUser(db, 'teacher', uni.id);
const headers = bearer((await signIn(app, teacher.email)).accessToken);

describe('a teacher’s groups', () => {
  it('shows the students and subjects of the groups of their promotions, linking only their subjects', async () => {
    const pupil = await createUser(db, 'student', uni.id, { last_name: 'Zola' });
    const promotion = await createPromotion(db, uni.id, {
      students: [pupil.id],
      teachers: [teacher.id],
    });
    const group = await createGroup(db, promotion, [pupil.id]);
    const taught = await createSubject(db, uni.id, [teacher.id], { name: 'Algorithmique' });
    const colleagues = await createSubject(db, uni.id, [], { name: 'Biologie' });
    await db.insert(groupSubjects).values([
      { group_id: group.id, subject_id: taught.id },
      { group_id: group.id, subject_id: colleagues.id },
    ]);

    const detail = await app.inject({ method: 'GET', url: `/api/groups/${group.id}`, headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      students: [{ id: pupil.id, last_name: 'Zola' }],
      subjects: [
        { id: taught.id, name: 'Algorithmique', readable: true },
        { id: colleagues.id, name: 'Biologie', readable: false },
      ],
      can: { update: false, delete: false, archive: false },
    });
    // The subject page the link leads to opens; the other one would not.
    const open = await app.inject({ method: 'GET', url: `/api/subjects/${taught.id}`, headers });
    expect(open.statusCode).toBe(200);
    const closed = await app.inject({
      method: 'GET',
      url: `/api/subjects/${colleagues.id}`,
      headers,
    });
    expect(closed.statusCode).toBe(404);
  });

  it('also shows the groups that follow a subject they teach, and no other group', async () => {
    const elsewhere = await createPromotion(db, uni.id);
    const followed = await createGroup(db, elsewhere);
    const unrelated = await createGroup(db, elsewhere);
    const taught = await createSubject(db, uni.id, [teacher.id]);
    await db.insert(groupSubjects).values({ group_id: followed.id, subject_id: taught.id });
    const foreign = await createGroup(db, await createPromotion(db, school.id));

    const list = await app.inject({ method: 'GET', url: '/api/groups?per_page=100', headers });
    const ids = list.json().data.map((row: { id: number }) => row.id);
    expect(ids).toContain(followed.id);
    expect(ids).not.toContain(unrelated.id);
    expect(ids).not.toContain(foreign.id);
    for (const [group, status] of [
      [followed, 200],
      [unrelated, 404],
      [foreign, 404],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/groups/${group.id}`, headers });
      expect(response.statusCode).toBe(status);
    }
  });
});

describe('a training’s subjects', () => {
  it('lists only the subjects of its own institution in a module that institutions share', async () => {
    const admin = await createUser(db, 'admin', uni.id);
    const adminHeaders = bearer((await signIn(app, admin.email)).accessToken);
    const training = await createTraining(db, await createPromotion(db, uni.id));
    const ours = await createSubject(db, uni.id, [], { name: 'HTTP' });
    const theirs = await createSubject(db, school.id, [], { name: 'CSS' });
    await createModule(db, uni.id, { trainingId: training.id, subjectIds: [ours.id, theirs.id] });

    const detail = await app.inject({
      method: 'GET',
      url: `/api/trainings/${training.id}`,
      headers: adminHeaders,
    });
    expect(detail.json()).toMatchObject({ nb_subjects: 1 });
    expect(detail.json().subjects.map((row: { id: number }) => row.id)).toEqual([ours.id]);
  });
});
