import type { Role } from '@skolar/shared';
import { GRANTS } from '@skolar/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../test/factories.ts';
import { events } from '../db/schema/index.ts';
import { allowedIds, authorize, permissionsOf, requireAccess } from './policy.ts';
import type { Actor } from './sessions.ts';

const { db } = await createTestApp();

const actorOf = (user: { id: number; role: Role; institution_id: number | null }): Actor => ({
  userId: user.id,
  role: user.role,
  institutionId: user.institution_id,
  sessionId: 0,
  locale: 'fr',
});

// Two institutions; in the first, two promotions: the teacher and the student belong to `mine`.
const world = await (async () => {
  const uni = await createInstitution(db, { name: 'Université A' });
  const school = await createInstitution(db, { name: 'École B' });
  const teacher = await createUser(db, 'teacher', uni.id);
  const student = await createUser(db, 'student', uni.id);
  const classmate = await createUser(db, 'student', uni.id);
  const admin = await createUser(db, 'admin', uni.id);
  const superTeacher = await createUser(db, 'super-teacher', uni.id);
  const otherAdmin = await createUser(db, 'admin', school.id);
  const root = await createUser(db, 'super-admin', null);
  const mine = await createPromotion(db, uni.id, {
    students: [student.id, classmate.id],
    teachers: [teacher.id],
  });
  const notMine = await createPromotion(db, uni.id);
  const elsewhere = await createPromotion(db, school.id);
  const myTraining = await createTraining(db, mine);
  const otherTraining = await createTraining(db, notMine);
  const foreignTraining = await createTraining(db, elsewhere);
  const taught = await createSubject(db, uni.id, [teacher.id]);
  const notTaught = await createSubject(db, uni.id);
  const myExam = await createEvaluation(db, myTraining, taught.id);
  const otherExam = await createEvaluation(db, otherTraining, notTaught.id);
  const foreignExam = await createEvaluation(
    db,
    foreignTraining,
    (await createSubject(db, school.id)).id,
  );
  return {
    uni,
    school,
    teacher,
    student,
    classmate,
    admin,
    superTeacher,
    otherAdmin,
    root,
    mine,
    notMine,
    elsewhere,
    myTraining,
    otherTraining,
    foreignTraining,
    taught,
    notTaught,
    myExam,
    otherExam,
    foreignExam,
  };
})();

describe('authorize (role grants)', () => {
  it('refuses with 403 a role the grants do not list', () => {
    expect(() => authorize(actorOf(world.student), 'create', 'training')).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => authorize(actorOf(world.admin), 'create', 'training')).not.toThrow();
    expect(() => authorize(actorOf(world.root), 'list', 'evaluation')).not.toThrow();
  });

  it('writes institutions for the super-admin only, and evaluations for staff only', () => {
    expect(GRANTS.institution).toEqual({
      list: ['super-admin'],
      read: ['super-admin', 'admin'],
      create: ['super-admin'],
      update: ['super-admin'],
      delete: ['super-admin'],
      archive: ['super-admin'],
      assign: ['super-admin', 'admin'],
    });
    expect(GRANTS.user.list).toEqual(['super-admin']);
    expect(GRANTS.teacher.create).toEqual(['admin']);
    const staff = ['super-admin', 'admin', 'super-teacher', 'teacher'];
    for (const action of ['create', 'update', 'delete', 'archive'] as const) {
      expect(GRANTS.evaluation[action]).toEqual(staff);
    }
  });
});

describe('tenant scoping', () => {
  it('answers 404 for a row of another institution, and for a row that does not exist', async () => {
    const admin = actorOf(world.admin);
    await expect(
      requireAccess(db, admin, 'read', 'training', world.myTraining.id),
    ).resolves.toBeUndefined();
    await expect(
      requireAccess(db, admin, 'read', 'training', world.otherTraining.id),
    ).resolves.toBeUndefined();
    for (const id of [world.foreignTraining.id, 987_654]) {
      await expect(requireAccess(db, admin, 'read', 'training', id)).rejects.toMatchObject({
        statusCode: 404,
      });
    }
    await expect(
      requireAccess(db, actorOf(world.otherAdmin), 'update', 'promotion', world.mine.id),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      requireAccess(db, admin, 'read', 'institution', world.school.id),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('lets the super-admin reach every institution', async () => {
    const ids = [world.myTraining.id, world.foreignTraining.id];
    expect(await allowedIds(db, actorOf(world.root), 'read', 'training', ids)).toEqual(
      new Set(ids),
    );
  });

  it('checks bulk ids as a set: one foreign id fails the whole request', async () => {
    const admin = actorOf(world.admin);
    const ids = [world.myExam.id, world.otherExam.id, world.foreignExam.id];
    expect(await allowedIds(db, admin, 'update', 'evaluation', ids)).toEqual(
      new Set([world.myExam.id, world.otherExam.id]),
    );
    await expect(requireAccess(db, admin, 'update', 'evaluation', ids)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('finer scopes', () => {
  it('shows a teacher only the promotions they are assigned to and the subjects they teach', async () => {
    const teacher = actorOf(world.teacher);
    expect(
      await allowedIds(db, teacher, 'read', 'promotion', [
        world.mine.id,
        world.notMine.id,
        world.elsewhere.id,
      ]),
    ).toEqual(new Set([world.mine.id]));
    expect(
      await allowedIds(db, teacher, 'read', 'subject', [world.taught.id, world.notTaught.id]),
    ).toEqual(new Set([world.taught.id]));
    expect(
      await allowedIds(db, teacher, 'update', 'evaluation', [world.myExam.id, world.otherExam.id]),
    ).toEqual(new Set([world.myExam.id]));
  });

  it('shows a super-teacher their whole institution', async () => {
    const superTeacher = actorOf(world.superTeacher);
    expect(
      await allowedIds(db, superTeacher, 'read', 'promotion', [
        world.mine.id,
        world.notMine.id,
        world.elsewhere.id,
      ]),
    ).toEqual(new Set([world.mine.id, world.notMine.id]));
  });

  it('shows a student the trainings and evaluations of their own promotions only', async () => {
    const student = actorOf(world.student);
    expect(
      await allowedIds(db, student, 'read', 'training', [
        world.myTraining.id,
        world.otherTraining.id,
        world.foreignTraining.id,
      ]),
    ).toEqual(new Set([world.myTraining.id]));
    expect(
      await allowedIds(db, student, 'read', 'evaluation', [world.myExam.id, world.otherExam.id]),
    ).toEqual(new Set([world.myExam.id]));
  });

  it('lets students and teachers read only their own user row', async () => {
    const student = actorOf(world.student);
    await expect(
      requireAccess(db, student, 'read', 'subject', world.notTaught.id),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      requireAccess(db, student, 'read', 'student', world.classmate.id),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    const admin = actorOf(world.admin);
    expect(
      await allowedIds(db, admin, 'read', 'student', [
        world.student.id,
        world.teacher.id,
        world.classmate.id,
      ]),
    ).toEqual(new Set([world.student.id, world.classmate.id]));
  });
});

describe('the action narrows the rows', () => {
  const event = async (
    owner: { id: number; institution_id: number | null },
    audience: 'personal' | 'institution',
  ) => {
    const [row] = await db
      .insert(events)
      .values({
        institution_id: owner.institution_id,
        owner_id: owner.id,
        title: `${audience} event`,
        starts_at: new Date('2026-12-01T09:00:00Z'),
        ends_at: new Date('2026-12-01T10:00:00Z'),
        audience,
        audience_id: audience === 'personal' ? null : owner.institution_id,
      })
      .returning();
    return row!.id;
  };

  it('lets everyone see the institution events but write only their own; an admin writes the institution events', async () => {
    const teachersOwn = await event(world.teacher, 'personal');
    const institutionWide = await event(world.admin, 'institution');
    const colleagues = await event(world.superTeacher, 'personal');
    const ids = [teachersOwn, institutionWide, colleagues];
    const allowed = async (
      who: { id: number; role: Role; institution_id: number | null },
      action: 'read' | 'update' | 'delete',
    ) => [...(await allowedIds(db, actorOf(who), action, 'event', ids))].sort();
    expect(await allowed(world.teacher, 'read')).toEqual([teachersOwn, institutionWide].sort());
    expect(await allowed(world.teacher, 'update')).toEqual([teachersOwn]);
    expect(await allowed(world.student, 'read')).toEqual([institutionWide]);
    expect(await allowed(world.student, 'update')).toEqual([]);
    expect(await allowed(world.student, 'delete')).toEqual([]);
    expect(await allowed(world.admin, 'update')).toEqual([institutionWide]);
    expect(await allowed(world.otherAdmin, 'read')).toEqual([]);
    expect(await allowed(world.root, 'delete')).toEqual([...ids].sort());
  });

  it('computes the can flags of rows from the same condition the write asks', async () => {
    const teachersOwn = await event(world.teacher, 'personal');
    const institutionWide = await event(world.admin, 'institution');
    const flags = await permissionsOf(db, actorOf(world.teacher), 'event', [
      teachersOwn,
      institutionWide,
    ]);
    expect(flags.get(teachersOwn)).toEqual({ update: true, delete: true, archive: false });
    expect(flags.get(institutionWide)).toEqual({ update: false, delete: false, archive: false });
    const promotions = await permissionsOf(db, actorOf(world.admin), 'promotion', [
      world.mine.id,
      world.elsewhere.id,
    ]);
    expect(promotions.get(world.mine.id)).toEqual({ update: true, delete: true, archive: true });
    expect(promotions.get(world.elsewhere.id)).toEqual({
      update: false,
      delete: false,
      archive: false,
    });
    const asTeacher = await permissionsOf(db, actorOf(world.teacher), 'promotion', [world.mine.id]);
    expect(asTeacher.get(world.mine.id)).toEqual({ update: false, delete: false, archive: false });
  });
});

beforeAll(() => {
  expect(world.uni.id).not.toBe(world.school.id);
});
