import type { Role } from '@skolar/shared';
import { ENTITIES, GRANTS } from '@skolar/shared';
import { and, eq as eqId, getTableName, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import {
  createChapter,
  createEpisode,
  createEvaluation,
  createGroup,
  createInstitution,
  createLesson,
  createModule,
  createProgram,
  createPromotion,
  createSeminar,
  createSubject,
  createTraining,
  createUser,
} from '../../test/factories.ts';
import {
  attempts,
  events,
  files,
  groupSubjects,
  imports,
  promotions as promotionsTable,
  promotionTeachers,
  questions,
  results,
  submissions,
  teacherSubjects,
  trainings,
  users,
} from '../db/schema/index.ts';
import {
  allowedIds,
  authorize,
  can,
  permissionsOf,
  publicFiles,
  requireAccess,
  seminarPromotions,
  withPermission,
  withPermissions,
} from './policy.ts';
import type { Actor } from './sessions.ts';

const { db } = await createTestApp();

const actorOf = (user: { id: number; role: Role; institution_id: number | null }): Actor => ({
  userId: user.id,
  role: user.role,
  institutionId: user.institution_id,
  sessionId: 0,
  locale: 'fr',
  timeZone: 'Europe/Paris',
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

  it("shows each user the events of their own audiences only, never another institution's", async () => {
    const { uni, school, mine, notMine, elsewhere } = world;
    const myGroup = await createGroup(db, mine, [world.student.id]);
    const otherGroup = await createGroup(db, notMine, [world.classmate.id]);
    const add = async (
      owner: { id: number },
      institutionId: number,
      audience: 'personal' | 'promotion' | 'group' | 'institution',
      audienceId: number | null,
    ) => {
      const [row] = await db
        .insert(events)
        .values({
          institution_id: institutionId,
          owner_id: owner.id,
          title: `${audience} ${audienceId}`,
          starts_at: new Date('2026-12-02T09:00:00Z'),
          ends_at: new Date('2026-12-02T10:00:00Z'),
          audience,
          audience_id: audienceId,
        })
        .returning();
      return row!.id;
    };
    const e = {
      minePromotion: await add(world.teacher, uni.id, 'promotion', mine.id),
      otherPromotion: await add(world.superTeacher, uni.id, 'promotion', notMine.id),
      myGroup: await add(world.superTeacher, uni.id, 'group', myGroup.id),
      otherGroup: await add(world.superTeacher, uni.id, 'group', otherGroup.id),
      institution: await add(world.admin, uni.id, 'institution', uni.id),
      classmatesOwn: await add(world.classmate, uni.id, 'personal', null),
      foreignPromotion: await add(world.otherAdmin, school.id, 'promotion', elsewhere.id),
      foreignInstitution: await add(world.otherAdmin, school.id, 'institution', school.id),
    };
    const ids = Object.values(e);
    const seen = async (who: { id: number; role: Role; institution_id: number | null }) =>
      [...(await allowedIds(db, actorOf(who), 'list', 'event', ids))].sort((a, b) => a - b);
    const sorted = (...list: number[]) => list.sort((a, b) => a - b);
    expect(await seen(world.student)).toEqual(sorted(e.minePromotion, e.myGroup, e.institution));
    expect(await seen(world.classmate)).toEqual(
      sorted(e.minePromotion, e.otherGroup, e.institution, e.classmatesOwn),
    );
    // The teacher is assigned to `mine` only: its groups, not the other promotion's.
    expect(await seen(world.teacher)).toEqual(sorted(e.minePromotion, e.myGroup, e.institution));
    const staffView = sorted(
      e.minePromotion,
      e.otherPromotion,
      e.myGroup,
      e.otherGroup,
      e.institution,
    );
    expect(await seen(world.superTeacher)).toEqual(staffView);
    expect(await seen(world.admin)).toEqual(staffView);
    expect(await seen(world.otherAdmin)).toEqual(sorted(e.foreignPromotion, e.foreignInstitution));
    expect(await seen(world.root)).toEqual(sorted(...ids));
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

describe('the scope of every entity', async () => {
  const { uni, school, mine, notMine, elsewhere, myTraining, otherTraining, taught, notTaught } =
    world;
  // Content: a subject studied in the student's training through a module, and one elsewhere.
  const studied = await createSubject(db, uni.id);
  const foreignSubject = await createSubject(db, school.id);
  const myModule = await createModule(db, uni.id, {
    trainingId: myTraining.id,
    subjectIds: [studied.id],
  });
  const otherModule = await createModule(db, uni.id, {
    trainingId: otherTraining.id,
    subjectIds: [notTaught.id],
  });
  const foreignModule = await createModule(db, school.id);
  const program = await createProgram(db, uni.id);
  const foreignProgram = await createProgram(db, school.id);
  const lesson = {
    taught: await createLesson(db, taught),
    studied: await createLesson(db, studied),
    notTaught: await createLesson(db, notTaught),
    foreign: await createLesson(db, foreignSubject),
  };
  const chapter = {
    taught: await createChapter(db, lesson.taught.id),
    studied: await createChapter(db, lesson.studied.id),
    notTaught: await createChapter(db, lesson.notTaught.id),
    foreign: await createChapter(db, lesson.foreign.id),
  };
  const seminar = {
    mine: await createSeminar(db, mine),
    notMine: await createSeminar(db, notMine),
    foreign: await createSeminar(db, elsewhere),
  };
  const episode = {
    mine: await createEpisode(db, seminar.mine.id),
    notMine: await createEpisode(db, seminar.notMine.id),
    foreign: await createEpisode(db, seminar.foreign.id),
  };
  const group = {
    students: await createGroup(db, mine, [world.student.id]),
    classmates: await createGroup(db, mine, [world.classmate.id]),
    notMine: await createGroup(db, notMine),
    foreign: await createGroup(db, elsewhere),
  };
  const published_at = new Date('2026-06-01T00:00:00Z');
  const [mineResult, classmateResult, otherResult] = await db
    .insert(results)
    .values([
      // Published: a student sees their own grade only once published (the grading tests).
      { evaluation_id: world.myExam.id, student_id: world.student.id, grade: 12, published_at },
      { evaluation_id: world.myExam.id, student_id: world.classmate.id, grade: 14, published_at },
      { evaluation_id: world.otherExam.id, student_id: world.classmate.id, grade: 9, published_at },
    ])
    .returning();
  const importRow = (institution_id: number) => ({
    institution_id,
    kind: 'student',
    file_name: 'eleves.csv',
    total: 1,
    created: 1,
    updated: 0,
    invited: 1,
  });
  const [uniImport, schoolImport] = await db
    .insert(imports)
    .values([importRow(uni.id), importRow(school.id)])
    .returning();

  const ids = {
    institution: [uni.id, school.id],
    program: [program.id, foreignProgram.id],
    module: [myModule.id, otherModule.id, foreignModule.id],
    user: [world.student.id, world.teacher.id, world.admin.id, world.otherAdmin.id],
    teacher: [world.teacher.id, world.superTeacher.id, world.student.id, world.otherAdmin.id],
    promotion: [mine.id, notMine.id, elsewhere.id],
    training: [myTraining.id, otherTraining.id, world.foreignTraining.id],
    subject: [taught.id, studied.id, notTaught.id, foreignSubject.id],
    lesson: Object.values(lesson).map((row) => row.id),
    chapter: Object.values(chapter).map((row) => row.id),
    seminar: Object.values(seminar).map((row) => row.id),
    episode: Object.values(episode).map((row) => row.id),
    group: Object.values(group).map((row) => row.id),
    evaluation: [world.myExam.id, world.otherExam.id, world.foreignExam.id],
    result: [mineResult!.id, classmateResult!.id, otherResult!.id],
    import: [uniImport!.id, schoolImport!.id],
  } as const;
  type Scoped = keyof typeof ids;

  /** Which of the entity's rows the actor may read, by their position in `ids`. */
  const visible = async (who: keyof typeof world, entity: Scoped) => {
    const actor = actorOf(world[who] as Parameters<typeof actorOf>[0]);
    const list = ids[entity];
    // The scope alone, whatever the role's grant (authorize answers 403 before it is asked).
    const scope = can(actor, 'read', entity);
    const rows = await db
      .select({ id: scope.id })
      .from(scope.table)
      .where(and(inArray(scope.id, [...list]), scope.where));
    const allowed = new Set(rows.map((row) => Number(row.id)));
    return list.map((id, index) => (allowed.has(id) ? index : -1)).filter((index) => index >= 0);
  };

  // Positions in `ids` above; every row is listed so that a wider or narrower scope both fail.
  const TABLE: Array<[keyof typeof world, Scoped, number[]]> = [
    ['root', 'institution', [0, 1]],
    ['admin', 'institution', [0]],
    ['root', 'program', [0, 1]],
    ['admin', 'program', [0]],
    ['superTeacher', 'program', [0]],
    ['root', 'module', [0, 1, 2]],
    ['admin', 'module', [0, 1]],
    ['root', 'user', [0, 1, 2, 3]],
    ['admin', 'teacher', [0, 1]],
    ['otherAdmin', 'teacher', []],
    ['root', 'promotion', [0, 1, 2]],
    ['student', 'promotion', [0]],
    ['teacher', 'training', [0]],
    ['superTeacher', 'training', [0, 1]],
    ['root', 'subject', [0, 1, 2, 3]],
    ['admin', 'subject', [0, 1, 2]],
    ['teacher', 'subject', [0]],
    ['student', 'subject', [0, 1]],
    ['admin', 'lesson', [0, 1, 2]],
    ['teacher', 'lesson', [0]],
    ['student', 'lesson', [0, 1]],
    ['otherAdmin', 'lesson', [3]],
    ['root', 'chapter', [0, 1, 2, 3]],
    ['teacher', 'chapter', [0]],
    ['student', 'chapter', [0, 1]],
    ['superTeacher', 'chapter', [0, 1, 2]],
    ['admin', 'seminar', [0, 1]],
    ['teacher', 'seminar', [0]],
    ['student', 'seminar', [0]],
    ['root', 'episode', [0, 1, 2]],
    ['student', 'episode', [0]],
    ['superTeacher', 'episode', [0, 1]],
    ['otherAdmin', 'episode', [2]],
    ['admin', 'group', [0, 1, 2]],
    ['teacher', 'group', [0, 1]],
    ['student', 'group', [0]],
    ['root', 'group', [0, 1, 2, 3]],
    ['root', 'evaluation', [0, 1, 2]],
    ['superTeacher', 'evaluation', [0, 1]],
    ['admin', 'result', [0, 1, 2]],
    ['teacher', 'result', [0, 1]],
    ['student', 'result', [0]],
    ['otherAdmin', 'result', []],
    ['admin', 'import', [0]],
    ['otherAdmin', 'import', [1]],
  ];

  it.each(TABLE)('%s reads the %s rows %j', async (who, entity, expected) => {
    expect(await visible(who, entity)).toEqual(expected);
  });

  it('shows a student the evaluations of their promotions, whatever subject they are on', async () => {
    const student = actorOf(world.student);
    const exam = await createEvaluation(db, myTraining, notTaught.id);
    expect(await allowedIds(db, student, 'read', 'evaluation', [exam.id])).toEqual(
      new Set([exam.id]),
    );
    // ... and through it, the subject it is on.
    expect(await allowedIds(db, student, 'read', 'subject', [notTaught.id])).toEqual(
      new Set([notTaught.id]),
    );
  });

  it('shows a teacher the groups outside their promotions that follow a subject they teach', async () => {
    const following = await createGroup(db, notMine);
    const notFollowing = await createGroup(db, notMine);
    const foreignFollowing = await createGroup(db, elsewhere);
    await db.insert(groupSubjects).values([
      { group_id: following.id, subject_id: taught.id },
      { group_id: notFollowing.id, subject_id: notTaught.id },
      { group_id: foreignFollowing.id, subject_id: foreignSubject.id },
    ]);
    const ids = [following.id, notFollowing.id, foreignFollowing.id];
    expect(await allowedIds(db, actorOf(world.teacher), 'read', 'group', ids)).toEqual(
      new Set([following.id]),
    );
  });

  it('lets a teacher read, not mark, the evaluations of their promotions on a subject they do not teach (decision 175)', async () => {
    const exam = await createEvaluation(db, myTraining, foreignSubject.id, {
      institution_id: uni.id,
    }).catch(() => null);
    // The subject of another institution is refused by the schema itself.
    expect(exam).toBeNull();
    const other = await createEvaluation(db, myTraining, notTaught.id);
    const teacher = actorOf(world.teacher);
    expect(await allowedIds(db, teacher, 'read', 'evaluation', [other.id])).toEqual(
      new Set([other.id]),
    );
    for (const action of ['update', 'delete', 'archive', 'assign'] as const) {
      expect(await allowedIds(db, teacher, action, 'evaluation', [other.id]), action).toEqual(
        new Set(),
      );
    }
  });

  it('answers an empty set for no ids, without asking the database', async () => {
    expect(await allowedIds(db, actorOf(world.admin), 'read', 'training', [])).toEqual(new Set());
    await expect(
      requireAccess(db, actorOf(world.admin), 'read', 'training', []),
    ).resolves.toBeUndefined();
    expect(
      await allowedIds(db, actorOf(world.admin), 'read', 'training', [
        myTraining.id,
        myTraining.id,
      ]),
    ).toEqual(new Set([myTraining.id]));
  });

  describe('files follow the row that links them', async () => {
    const file = async (kind: (typeof files.$inferInsert)['kind'], ownerId: number | null) => {
      const [row] = await db
        .insert(files)
        .values({
          kind,
          owner_id: ownerId,
          institution_id: uni.id,
          storage_key: `policy/${kind}/${Math.random()}`,
          original_name: 'f.bin',
          mime: 'image/png',
          size: 1,
          sha256: 'x',
        })
        .returning();
      return row!.id;
    };
    const logo = await file('institution/logo', null);
    const publicCover = await file('formation/cover', null);
    const privateCover = await file('formation/cover', null);
    const picture = await file('user/picture', null);
    const submission = await file('submission', world.student.id);
    const unlinkedCover = await file('formation/cover', null);
    const link = (id: number) => `/api/files/${id}`;
    const publicTraining = await createTraining(db, elsewhere, {
      visibility: 'public',
      cover_link: link(publicCover),
    });
    await db
      .update(trainings)
      .set({ cover_link: link(privateCover) })
      .where(eqId(trainings.id, myTraining.id));
    await db
      .update(users)
      .set({ picture_link: link(picture) })
      .where(eqId(users.id, world.classmate.id));
    const all = [logo, publicCover, privateCover, picture, submission, unlinkedCover];
    const readable = async (who: keyof typeof world) => {
      const allowed = await allowedIds(
        db,
        actorOf(world[who] as Parameters<typeof actorOf>[0]),
        'read',
        'file',
        all,
      );
      return all.map((id, index) => (allowed.has(id) ? index : -1)).filter((i) => i >= 0);
    };

    it('gives each reader the files of the rows they may read', async () => {
      expect(await readable('root')).toEqual([0, 1, 2, 3, 4, 5]);
      expect(await readable('student')).toEqual([0, 1, 2, 4]);
      expect(await readable('classmate')).toEqual([0, 1, 2, 3]);
      expect(await readable('admin')).toEqual([0, 1, 2, 3]);
      expect(await readable('otherAdmin')).toEqual([0, 1]);
      expect(await readable('teacher')).toEqual([0, 1, 2]);
    });

    it('serves only logos and the covers of public trainings to visitors', async () => {
      const rows = await db.select({ id: files.id }).from(files).where(publicFiles);
      const open = new Set(rows.map((row) => row.id));
      expect(all.filter((id) => open.has(id))).toEqual([logo, publicCover]);
      await db
        .update(trainings)
        .set({ archived_at: new Date('2026-06-01T00:00:00Z') })
        .where(eqId(trainings.id, publicTraining.id));
      const after = await db.select({ id: files.id }).from(files).where(publicFiles);
      expect(all.filter((id) => after.some((row) => row.id === id))).toEqual([logo]);
      expect(await readable('teacher')).toEqual([0, 2]);
    });
  });

  it('lets a super-teacher edit the content of their promotions and of the subjects they teach only', async () => {
    const superTeacher = actorOf(world.superTeacher);
    const ids = async (
      entity: 'subject' | 'lesson' | 'chapter' | 'seminar' | 'episode',
      list: number[],
    ) => [...(await allowedIds(db, superTeacher, 'update', entity, list))].sort((a, b) => a - b);
    const subjectsOf = [studied.id, notTaught.id, taught.id];
    // Nothing assigned yet: they read the institution's content but change none of it.
    expect(await ids('subject', subjectsOf)).toEqual([]);
    expect(await ids('seminar', [seminar.mine.id, seminar.notMine.id])).toEqual([]);
    expect((await allowedIds(db, superTeacher, 'read', 'subject', subjectsOf)).size).toBe(3);
    // Assigned to `mine`: the subjects of its training (studied, through the module), their
    // lessons and chapters, its seminars and episodes; and a subject they teach.
    await db
      .insert(promotionTeachers)
      .values({ promotion_id: mine.id, teacher_id: world.superTeacher.id });
    await db
      .insert(teacherSubjects)
      .values({ teacher_id: world.superTeacher.id, subject_id: notTaught.id });
    expect(await ids('subject', subjectsOf)).toEqual(
      [studied.id, notTaught.id].sort((a, b) => a - b),
    );
    expect(await ids('lesson', [lesson.studied.id, lesson.taught.id, lesson.foreign.id])).toEqual([
      lesson.studied.id,
    ]);
    expect(
      await ids('chapter', [chapter.studied.id, chapter.notTaught.id, chapter.taught.id]),
    ).toEqual([chapter.studied.id, chapter.notTaught.id].sort((a, b) => a - b));
    expect(await ids('seminar', [seminar.mine.id, seminar.notMine.id])).toEqual([seminar.mine.id]);
    expect(await ids('episode', [episode.mine.id, episode.notMine.id])).toEqual([episode.mine.id]);
    // The same holds for every write of the content, not for a read.
    for (const action of ['delete', 'archive'] as const) {
      expect(await allowedIds(db, superTeacher, action, 'subject', subjectsOf)).toEqual(
        new Set([studied.id, notTaught.id]),
      );
      expect(
        await allowedIds(db, superTeacher, action, 'seminar', [
          seminar.mine.id,
          seminar.notMine.id,
        ]),
      ).toEqual(new Set([seminar.mine.id]));
    }
    // Seminars are added only to the promotions assigned to them; an admin adds to any of theirs.
    const addable = async (who: 'superTeacher' | 'admin' | 'teacher') => {
      const rows = await db
        .select({ id: promotionsTable.id })
        .from(promotionsTable)
        .where(
          and(
            inArray(promotionsTable.id, [mine.id, notMine.id, elsewhere.id]),
            seminarPromotions(actorOf(world[who])),
          ),
        );
      return rows.map((row) => row.id).sort((a, b) => a - b);
    };
    expect(await addable('superTeacher')).toEqual([mine.id]);
    expect(await addable('admin')).toEqual([mine.id, notMine.id].sort((a, b) => a - b));
    expect(await addable('teacher')).toEqual([mine.id]);
    // An admin keeps the whole institution.
    expect((await allowedIds(db, actorOf(world.admin), 'update', 'subject', subjectsOf)).size).toBe(
      3,
    );
  });

  it('reads each entity from its own table', () => {
    const tables = Object.fromEntries(
      ENTITIES.map((entity) => [
        entity,
        getTableName(can(actorOf(world.admin), 'read', entity).table),
      ]),
    );
    expect(tables).toEqual({
      audit: 'audit_log',
      attendance: 'attendance_sessions',
      presence: 'attendance_sessions',
      justification: 'attendance_justifications',
      notification: 'notifications',
      announcement: 'announcements',
      discussion: 'discussion_threads',
      discussion_post: 'discussion_posts',
      discussion_report: 'discussion_reports',
      conversation: 'conversations',
      message: 'messages',
      block: 'user_blocks',
      institution: 'institutions',
      program: 'programs',
      module: 'modules',
      user: 'users',
      student: 'users',
      teacher: 'users',
      promotion: 'promotions',
      training: 'trainings',
      subject: 'subjects',
      lesson: 'lessons',
      chapter: 'chapters',
      seminar: 'seminars',
      episode: 'episodes',
      group: 'groups',
      evaluation: 'evaluations',
      question: 'questions',
      bank_question: 'bank_questions',
      rubric: 'rubrics',
      attempt: 'attempts',
      submission: 'submissions',
      record: 'results',
      result: 'results',
      grade_change: 'grade_changes',
      event: 'events',
      calendar_feed: 'calendar_feeds',
      import: 'imports',
      file: 'files',
      progress: 'chapter_progress',
    });
  });

  it('uses the same condition for a read and for a write, except on events', () => {
    const admin = actorOf(world.admin);
    expect(can(admin, 'update', 'training')).toEqual(can(admin, 'read', 'training'));
    expect(can(admin, 'list', 'event')).toEqual(can(admin, 'read', 'event'));
    const teacher = actorOf(world.teacher);
    expect(can(teacher, 'update', 'event').where).not.toEqual(can(teacher, 'read', 'event').where);
  });

  it('lets an admin write only the institution events and their own, the super-admin every event', async () => {
    const [colleagues] = await db
      .insert(events)
      .values({
        institution_id: uni.id,
        owner_id: world.superTeacher.id,
        title: 'colleague institution event',
        starts_at: new Date('2026-12-01T09:00:00Z'),
        ends_at: new Date('2026-12-01T10:00:00Z'),
        audience: 'institution',
        audience_id: uni.id,
      })
      .returning();
    const onColleagues = async (who: keyof typeof world) => [
      ...(await allowedIds(
        db,
        actorOf(world[who] as Parameters<typeof actorOf>[0]),
        'update',
        'event',
        [colleagues!.id],
      )),
    ];
    expect(await onColleagues('admin')).toEqual([colleagues!.id]);
    expect(await onColleagues('teacher')).toEqual([]);
    expect(await onColleagues('otherAdmin')).toEqual([]);
    const [personal, otherInstitution, platform] = await db
      .insert(events)
      .values([
        {
          institution_id: uni.id,
          owner_id: world.superTeacher.id,
          title: 'personal',
          starts_at: new Date('2026-12-01T09:00:00Z'),
          ends_at: new Date('2026-12-01T10:00:00Z'),
          audience: 'personal',
        },
        {
          institution_id: school.id,
          owner_id: world.otherAdmin.id,
          title: 'school',
          starts_at: new Date('2026-12-01T09:00:00Z'),
          ends_at: new Date('2026-12-01T10:00:00Z'),
          audience: 'institution',
          audience_id: school.id,
        },
        {
          // The super-admin's event for an institution belongs to that institution.
          institution_id: uni.id,
          owner_id: world.root.id,
          title: 'platform',
          starts_at: new Date('2026-12-01T09:00:00Z'),
          ends_at: new Date('2026-12-01T10:00:00Z'),
          audience: 'institution',
          audience_id: uni.id,
        },
      ])
      .returning();
    const list = [personal!.id, otherInstitution!.id, platform!.id];
    const ids = async (who: keyof typeof world, action: 'read' | 'delete') =>
      [
        ...(await allowedIds(
          db,
          actorOf(world[who] as Parameters<typeof actorOf>[0]),
          action,
          'event',
          list,
        )),
      ].sort((a, b) => a - b);
    expect(await ids('admin', 'read')).toEqual([platform!.id]);
    expect(await ids('admin', 'delete')).toEqual([platform!.id]);
    expect(await ids('teacher', 'read')).toEqual([platform!.id]);
    expect(await ids('teacher', 'delete')).toEqual([]);
    expect(await ids('superTeacher', 'read')).toEqual([personal!.id, platform!.id]);
    expect(await ids('superTeacher', 'delete')).toEqual([personal!.id]);
    expect(await ids('root', 'delete')).toEqual(list);
  });

  it('refines the can flags of each row by a rule of the row itself', async () => {
    const admin = actorOf(world.admin);
    const rows = [
      { id: mine.id, used: true },
      { id: elsewhere.id, used: false },
    ];
    const flagged = await withPermissions(db, admin, 'promotion', rows, (row, flags) => ({
      ...flags,
      delete: flags.delete && !row.used,
    }));
    expect(flagged).toEqual([
      { id: mine.id, used: true, can: { update: true, delete: false, archive: true } },
      { id: elsewhere.id, used: false, can: { update: false, delete: false, archive: false } },
    ]);
    expect(await withPermission(db, admin, 'promotion', { id: notMine.id })).toEqual({
      id: notMine.id,
      can: { update: true, delete: true, archive: true },
    });
    expect(await withPermissions(db, admin, 'promotion', [])).toEqual([]);
    // A role without any row action gets none, without a query.
    expect(await permissionsOf(db, actorOf(world.student), 'training', [myTraining.id])).toEqual(
      new Map([[myTraining.id, { update: false, delete: false, archive: false }]]),
    );
  });
});

beforeAll(() => {
  expect(world.uni.id).not.toBe(world.school.id);
});

describe('quiz questions, attempts and hand-ins', async () => {
  const { student, classmate, teacher, admin, otherAdmin, root, myExam, otherExam } = world;
  const at = new Date('2026-11-22T10:00:00Z');
  const [question] = await db
    .insert(questions)
    .values({ evaluation_id: myExam.id, kind: 'long', prompt: 'Why?' })
    .returning();
  const [otherQuestion] = await db
    .insert(questions)
    .values({ evaluation_id: otherExam.id, kind: 'long', prompt: 'How?' })
    .returning();
  const attemptOf = async (who: { id: number }) =>
    (
      await db
        .insert(attempts)
        .values({ evaluation_id: myExam.id, student_id: who.id, started_at: at, deadline_at: at })
        .returning()
    )[0]!;
  const mineAttempt = await attemptOf(student);
  const classmateAttempt = await attemptOf(classmate);
  const [stored] = await db
    .insert(files)
    .values({
      kind: 'submission',
      owner_id: classmate.id,
      institution_id: world.uni.id,
      storage_key: `policy/submission/${Math.random()}`,
      original_name: 'rendu.pdf',
      mime: 'application/pdf',
      size: 1,
      sha256: 'x',
    })
    .returning();
  const [handIn] = await db
    .insert(submissions)
    .values({
      evaluation_id: myExam.id,
      student_id: classmate.id,
      file_id: stored!.id,
      submitted_at: at,
    })
    .returning();
  const seen = async (
    who: { id: number; role: Role; institution_id: number | null },
    entity: 'question' | 'attempt' | 'submission' | 'file',
    ids: number[],
  ) => [...(await allowedIds(db, actorOf(who), 'read', entity, ids))].sort((a, b) => a - b);

  it('keeps the questions, and their answer key, with the staff of the evaluation', async () => {
    const both = [question!.id, otherQuestion!.id];
    await expect(seen(student, 'question', both)).rejects.toThrow('errors.forbidden');
    expect(await seen(teacher, 'question', both)).toEqual([question!.id]);
    expect(await seen(admin, 'question', both)).toEqual(both);
    expect(await seen(otherAdmin, 'question', both)).toEqual([]);
  });

  it('shows a student their own attempt only, and the staff of the evaluation all of them', async () => {
    const both = [mineAttempt.id, classmateAttempt.id];
    expect(await seen(student, 'attempt', both)).toEqual([mineAttempt.id]);
    expect(await seen(classmate, 'attempt', both)).toEqual([classmateAttempt.id]);
    expect(await seen(teacher, 'attempt', both)).toEqual(both);
    expect(await seen(otherAdmin, 'attempt', both)).toEqual([]);
    expect(await seen(root, 'attempt', both)).toEqual(both);
  });

  it('gives a hand-in and its file to its student and the staff of the evaluation, not to classmates', async () => {
    expect(await seen(classmate, 'submission', [handIn!.id])).toEqual([handIn!.id]);
    expect(await seen(student, 'submission', [handIn!.id])).toEqual([]);
    expect(await seen(teacher, 'submission', [handIn!.id])).toEqual([handIn!.id]);
    expect(await seen(otherAdmin, 'submission', [handIn!.id])).toEqual([]);
    expect(await seen(student, 'file', [stored!.id])).toEqual([]);
    expect(await seen(teacher, 'file', [stored!.id])).toEqual([stored!.id]);
    expect(await seen(admin, 'file', [stored!.id])).toEqual([stored!.id]);
    expect(await seen(otherAdmin, 'file', [stored!.id])).toEqual([]);
  });
});
