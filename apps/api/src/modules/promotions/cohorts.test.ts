import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor } from '../../../test/app.ts';
import {
  createInstitution,
  createProgram,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import {
  auditLog,
  groupStudents,
  institutionModules,
  mailOutbox,
  moduleSubjects,
  modules,
  promotionStudents,
  promotions,
  sessions,
  trainings,
  users,
} from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

async function adminOf() {
  const institution = await createInstitution(db);
  const admin = await createUser(db, 'admin', institution.id);
  const { accessToken } = await signIn(app, admin.email);
  return { institution, admin, headers: { ...bearer(accessToken), 'accept-language': 'en' } };
}

describe('students and teachers (admin)', () => {
  it('creates a student with an invitation in the same transaction, unique e-mail', async () => {
    const { institution, headers } = await adminOf();
    const promotion = await createPromotion(db, institution.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/students',
      headers,
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'Ada.Lovelace@Example.test',
        gender: 'Mme',
        phone: 'fr0612345678',
        promotion_id: promotion.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const student = created.json();
    expect(student).toMatchObject({
      email: 'ada.lovelace@example.test',
      role: 'student',
      institution_id: institution.id,
      can: { update: true, delete: true, archive: true },
    });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'ada.lovelace@example.test'));
    expect(mail?.template).toBe('invitation');
    const links = await db
      .select()
      .from(promotionStudents)
      .where(eq(promotionStudents.student_id, student.id));
    expect(links).toHaveLength(1);

    const again = await app.inject({
      method: 'POST',
      url: '/api/students',
      headers,
      payload: {
        first_name: 'A',
        last_name: 'L',
        email: 'ADA.lovelace@example.test',
        gender: 'Mme',
      },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['An account already uses this e-mail address.']);

    const list = await app.inject({ method: 'GET', url: '/api/students?q=lovelace', headers });
    expect(list.json()).toMatchObject({
      meta: { total: 1 },
      data: [{ id: student.id, promotions: [promotion.name], nb_groups: 0 }],
    });
  });

  it('edits only after a step-up, and archiving ends the sessions', async () => {
    const { institution, headers } = await adminOf();
    const teacher = await createUser(db, 'teacher', institution.id);
    const payload = {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: teacher.email,
      gender: 'Mme',
      role: 'super-teacher',
    };
    const refused = await app.inject({
      method: 'PATCH',
      url: `/api/teachers/${teacher.id}`,
      headers,
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/teachers/${teacher.id}`,
      headers: { ...headers, ...(await stepUpFor(app, headers, `/api/teachers/${teacher.id}`)) },
      payload,
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, teacher.id));
    expect(row).toMatchObject({ first_name: 'Grace', role: 'super-teacher' });

    const own = await signIn(app, teacher.email);
    const archived = await app.inject({
      method: 'POST',
      url: `/api/teachers/${teacher.id}/archive`,
      headers,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archived_at).not.toBeNull();
    const info = await app.inject({
      method: 'GET',
      url: '/api/auth/info',
      headers: bearer(own.accessToken),
    });
    expect(info.statusCode).toBe(401);
    const archivedList = await app.inject({
      method: 'GET',
      url: '/api/teachers?archived=true',
      headers,
    });
    expect(archivedList.json().data.map((t: { id: number }) => t.id)).toEqual([teacher.id]);
    const teacherSessions = await db
      .select()
      .from(sessions)
      .where(eq(sessions.user_id, teacher.id));
    expect(teacherSessions.map((s) => s.revoked_at)).toEqual([clock.now()]);

    // Restoring the teacher brings none of the old sessions back.
    const restored = await app.inject({
      method: 'POST',
      url: `/api/teachers/${teacher.id}/unarchive`,
      headers,
    });
    expect(restored.statusCode).toBe(200);
    const again = await app.inject({
      method: 'GET',
      url: '/api/auth/info',
      headers: bearer(own.accessToken),
    });
    expect(again.statusCode).toBe(401);
  });

  it("answers a student's picture on their page, or null without one", async () => {
    const { institution, headers } = await adminOf();
    const pictured = await createUser(db, 'student', institution.id, {
      picture_link: '/api/files/7',
    });
    const plain = await createUser(db, 'student', institution.id, { gender: 'Mr' });
    const read = (id: number) => app.inject({ method: 'GET', url: `/api/students/${id}`, headers });
    expect((await read(pictured.id)).json()).toMatchObject({ picture_link: '/api/files/7' });
    expect((await read(plain.id)).json()).toMatchObject({ picture_link: null, gender: 'Mr' });
  });

  it('assigns subjects to a teacher set-based: one foreign id fails everything', async () => {
    const { institution, headers } = await adminOf();
    const other = await createInstitution(db);
    const teacher = await createUser(db, 'teacher', institution.id);
    const mine = await createSubject(db, institution.id);
    const theirs = await createSubject(db, other.id);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/teachers/${teacher.id}/subjects`,
      headers,
      payload: { ids: [mine.id, theirs.id] },
    });
    expect(bad.statusCode).toBe(404);
    const good = await app.inject({
      method: 'PUT',
      url: `/api/teachers/${teacher.id}/subjects`,
      headers,
      payload: { ids: [mine.id] },
    });
    expect(good.json().assigned.map((s: { id: number }) => s.id)).toEqual([mine.id]);
    const list = await app.inject({ method: 'GET', url: '/api/teachers', headers });
    expect(list.json().data[0]).toMatchObject({ id: teacher.id, nb_subjects: 1 });
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/teachers/${teacher.id}/subjects/${mine.id}`,
      headers,
    });
    expect(gone.statusCode).toBe(204);
  });
});

describe('an address used in another institution (issue 15, item 12)', () => {
  it('is refused like any used address, without saying where; each such answer is charged to the admin and recorded', async () => {
    const { institution, headers } = await adminOf();
    const elsewhere = await createInstitution(db);
    const outsiders = await Promise.all(
      Array.from({ length: 11 }, () => createUser(db, 'student', elsewhere.id)),
    );
    const colleague = await createUser(db, 'teacher', institution.id);
    const create = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/students',
        headers,
        payload: { first_name: 'A', last_name: 'B', email, gender: 'Mme' },
      });
    const own = await create(colleague.email);
    const foreign = await create(outsiders[0]!.email.toUpperCase());
    for (const answer of [own, foreign]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(own.json());
    }
    for (const outsider of outsiders.slice(1, 10)) {
      expect((await create(outsider.email)).statusCode).toBe(422);
    }
    // The eleventh probe of the hour waits; the admin's own colleague is still answered.
    const probe = await create(outsiders[10]!.email);
    expect(probe.statusCode).toBe(429);
    expect(probe.headers['retry-after']).toBeDefined();
    expect((await create(colleague.email)).statusCode).toBe(422);
    const recorded = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'person.address_taken'),
          eq(auditLog.institution_id, institution.id),
        ),
      );
    expect(recorded).toHaveLength(10);
    expect(recorded.map((row) => (row.after as { email: string }).email)).toContain(
      outsiders[1]!.email,
    );
    // Nobody was created or invited.
    const invited = await db
      .select()
      .from(users)
      .where(and(eq(users.institution_id, institution.id), eq(users.role, 'student')));
    expect(invited).toEqual([]);
  });
});

describe('promotions, trainings and groups (admin)', () => {
  it('sets up a year: promotion, people, training, modules, group; delete refused while used', async () => {
    const { institution, headers } = await adminOf();
    const program = await createProgram(db, institution.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/promotions',
      headers,
      payload: {
        program_id: program.id,
        name: 'Licence 1',
        academic_year: '2026-2027',
        level: 'L1',
      },
    });
    expect(created.statusCode).toBe(201);
    const promotion = created.json();
    const badYear = await app.inject({
      method: 'POST',
      url: '/api/promotions',
      headers,
      payload: { program_id: program.id, name: 'X', academic_year: '2026-2028', level: 'L1' },
    });
    expect(badYear.statusCode).toBe(422);
    expect(Object.keys(badYear.json().errors)).toEqual(['academic_year']);

    const students = await Promise.all([1, 2].map(() => createUser(db, 'student', institution.id)));
    const outsider = await createUser(db, 'student', institution.id);
    const teacher = await createUser(db, 'teacher', institution.id);
    const added = await app.inject({
      method: 'PUT',
      url: `/api/promotions/${promotion.id}/students`,
      headers,
      payload: { ids: students.map((s) => s.id) },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().assigned).toHaveLength(2);
    await app.inject({
      method: 'PUT',
      url: `/api/promotions/${promotion.id}/teachers`,
      headers,
      payload: { ids: [teacher.id] },
    });
    const teacherSession = await signIn(app, teacher.email);
    const teacherView = await app.inject({
      method: 'GET',
      url: `/api/promotions/${promotion.id}`,
      headers: bearer(teacherSession.accessToken),
    });
    expect(teacherView.statusCode).toBe(200);
    expect(teacherView.json()).toMatchObject({
      nb_students: 2,
      nb_teachers: 1,
      can: { update: false },
    });

    const training = await app.inject({
      method: 'POST',
      url: '/api/trainings',
      headers,
      payload: { promotion_id: promotion.id, title: 'Web', level: 'L1', total_hours: 120 },
    });
    expect(training.statusCode).toBe(201);
    expect(training.json()).toMatchObject({ visibility: 'private', program: program.name });
    const trainingId = training.json().id;
    const made = await app.inject({
      method: 'PATCH',
      url: `/api/trainings/${trainingId}`,
      headers,
      payload: { title: 'Web', level: 'L1', total_hours: 120, visibility: 'public' },
    });
    expect(made.json().visibility).toBe('public');
    const [module] = await db.insert(modules).values({ name: 'Frontend' }).returning();
    await db
      .insert(institutionModules)
      .values({ institution_id: institution.id, module_id: module!.id });
    const subject = await createSubject(db, institution.id);
    await db.insert(moduleSubjects).values({ module_id: module!.id, subject_id: subject.id });
    await app.inject({
      method: 'PUT',
      url: `/api/trainings/${trainingId}/modules`,
      headers,
      payload: { ids: [module!.id] },
    });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/trainings/${trainingId}`,
      headers,
    });
    expect(detail.json()).toMatchObject({
      nb_modules: 1,
      nb_subjects: 1,
      subjects: [{ id: subject.id, module_name: 'Frontend' }],
    });

    const group = await app.inject({
      method: 'POST',
      url: '/api/groups',
      headers,
      payload: { promotion_id: promotion.id, name: 'TD 1' },
    });
    expect(group.statusCode).toBe(201);
    const groupId = group.json().id;
    const notMember = await app.inject({
      method: 'PUT',
      url: `/api/groups/${groupId}/students`,
      headers,
      payload: { ids: [students[0]!.id, outsider.id] },
    });
    expect(notMember.statusCode).toBe(422);
    expect(
      await db.select().from(groupStudents).where(eq(groupStudents.group_id, groupId)),
    ).toEqual([]);
    const member = await app.inject({
      method: 'PUT',
      url: `/api/groups/${groupId}/students`,
      headers,
      payload: { ids: [students[0]!.id] },
    });
    expect(member.json().assigned).toHaveLength(1);
    const studentGroups = await app.inject({
      method: 'GET',
      url: `/api/students/${students[0]!.id}/groups`,
      headers,
    });
    expect(studentGroups.json().assigned.map((g: { id: number }) => g.id)).toEqual([groupId]);

    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/promotions/${promotion.id}`,
      headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('archive it instead');
    expect(await db.select().from(promotions).where(eq(promotions.id, promotion.id))).toHaveLength(
      1,
    );

    // Leaving the promotion means leaving its groups.
    await app.inject({
      method: 'DELETE',
      url: `/api/promotions/${promotion.id}/students/${students[0]!.id}`,
      headers,
    });
    expect(
      await db.select().from(groupStudents).where(eq(groupStudents.group_id, groupId)),
    ).toEqual([]);

    const archived = await app.inject({
      method: 'POST',
      url: `/api/trainings/${trainingId}/archive`,
      headers,
    });
    expect(archived.statusCode).toBe(200);
    const [stored] = await db.select().from(trainings).where(eq(trainings.id, trainingId));
    expect(stored?.visibility).toBe('public');
    expect(stored?.archived_at).not.toBeNull();
    const lists = await app.inject({ method: 'GET', url: '/api/promotions', headers });
    expect(lists.json().data[0]).toMatchObject({ nb_students: 1, nb_trainings: 0, nb_groups: 1 });
  });

  it('deletes an empty promotion; the super-admin lists every institution’s trainings read-only', async () => {
    const { institution, headers } = await adminOf();
    const empty = await createPromotion(db, institution.id);
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/promotions/${empty.id}`,
      headers,
    });
    expect(gone.statusCode).toBe(204);
    const promotion = await createPromotion(db, institution.id);
    const training = await createTraining(db, promotion);
    const superAdmin = await createUser(db, 'super-admin', null);
    const session = await signIn(app, superAdmin.email);
    const all = await app.inject({
      method: 'GET',
      url: `/api/trainings?q=${encodeURIComponent(training.title)}`,
      headers: bearer(session.accessToken),
    });
    expect(all.json().data).toEqual([
      expect.objectContaining({
        id: training.id,
        institution_name: institution.name,
        can: { update: false, delete: false, archive: false },
      }),
    ]);
    const count = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotionStudents)
      .where(and(eq(promotionStudents.promotion_id, promotion.id)));
    expect(count[0]?.n).toBe(0);
  });
});

describe('training cover', () => {
  const upload = (url: string, headers: Record<string, string>, bytes: Buffer, type: string) => {
    const boundary = '----skolar-cover';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="cover.png"\r\nContent-Type: ${type}\r\n\r\n`;
    return app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };

  it('stores an uploaded image as the cover, refuses other content, and hides other institutions', async () => {
    const { institution, headers } = await adminOf();
    const training = await createTraining(db, await createPromotion(db, institution.id));
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#1F5F8B' },
    })
      .png()
      .toBuffer();

    const stored = await upload(`/api/trainings/${training.id}/cover`, headers, png, 'image/png');
    expect(stored.statusCode).toBe(200);
    expect(stored.json().cover_link).toMatch(/^\/api\/files\/\d+$/);
    const [row] = await db.select().from(trainings).where(eq(trainings.id, training.id));
    expect(row?.cover_link).toBe(stored.json().cover_link);

    const refused = await upload(
      `/api/trainings/${training.id}/cover`,
      headers,
      Buffer.from('<script>alert(1)</script>'),
      'image/png',
    );
    expect(refused.statusCode).toBe(415);

    const other = await createInstitution(db);
    const foreign = await createTraining(db, await createPromotion(db, other.id));
    const hidden = await upload(`/api/trainings/${foreign.id}/cover`, headers, png, 'image/png');
    expect(hidden.statusCode).toBe(404);
    const [untouched] = await db.select().from(trainings).where(eq(trainings.id, foreign.id));
    expect(untouched?.cover_link).toBeNull();
  });
});
