import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { auditLog, sessions, users } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const signedIn = async (email: string) => bearer((await signIn(app, email)).accessToken);
const status = async (headers: Record<string, string>) =>
  (await app.inject({ url: '/api/auth/info', headers })).statusCode;
const openSessions = async (userId: number) =>
  (
    await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
  ).length;
const endSessions = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers });

describe("ending a person's sessions (ASVS 7.4.5)", () => {
  it('lets an admin end every session of a student after a step-up, without archiving them, and logs it', async () => {
    const institution = await createInstitution(db);
    const admin = await signedIn((await createUser(db, 'admin', institution.id)).email);
    const student = await createUser(db, 'student', institution.id);
    const laptop = await signedIn(student.email);
    const phone = await signedIn(student.email);
    const url = `/api/students/${student.id}/sessions/revoke`;

    // Without a step-up, or with one asked for another row: 403, and the sessions stay open.
    const other = await createUser(db, 'student', institution.id);
    for (const confirm of [{}, await stepUpFor(app, admin, `/api/students/${other.id}`)] as Array<
      Record<string, string>
    >) {
      expect((await endSessions(url, { ...admin, ...confirm })).statusCode).toBe(403);
    }
    expect(await openSessions(student.id)).toBe(2);

    const ended = await endSessions(url, { ...admin, ...(await stepUpFor(app, admin, url)) });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ revoked: 2 });
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    expect(await openSessions(student.id)).toBe(0);

    // Not archived: the student signs in again at once.
    const [row] = await db.select().from(users).where(eq(users.id, student.id));
    expect(row?.archived_at).toBeNull();
    expect(await status(await signedIn(student.email))).toBe(200);

    const [logged] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sessions.revoke'), eq(auditLog.entity_id, student.id)));
    expect(logged).toMatchObject({
      entity: 'user',
      institution_id: institution.id,
      after: { revoked: 2 },
    });
  });

  it("lets an admin end a teacher's sessions, and the super-admin anyone's but their own", async () => {
    const institution = await createInstitution(db);
    const admin = await createUser(db, 'admin', institution.id);
    const adminHeaders = await signedIn(admin.email);
    const teacher = await createUser(db, 'teacher', institution.id);
    const teacherHeaders = await signedIn(teacher.email);
    const teacherUrl = `/api/teachers/${teacher.id}/sessions/revoke`;
    const byAdmin = await endSessions(teacherUrl, {
      ...adminHeaders,
      ...(await stepUpFor(app, adminHeaders, teacherUrl)),
    });
    expect(byAdmin.json()).toEqual({ revoked: 1 });
    expect(await status(teacherHeaders)).toBe(401);

    const root = await createUser(db, 'super-admin', null);
    const rootHeaders = await signedIn(root.email);
    const adminUrl = `/api/users/${admin.id}/sessions/revoke`;
    const byRoot = await endSessions(adminUrl, {
      ...rootHeaders,
      ...(await stepUpFor(app, rootHeaders, adminUrl)),
    });
    expect(byRoot.json()).toEqual({ revoked: 1 });
    expect(await status(adminHeaders)).toBe(401);
    const [logged] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sessions.revoke'), eq(auditLog.entity_id, admin.id)));
    expect(logged).toMatchObject({ actor_id: root.id, institution_id: institution.id });

    // Their own sessions: signing out is for that.
    const ownUrl = `/api/users/${root.id}/sessions/revoke`;
    const own = await endSessions(ownUrl, {
      ...rootHeaders,
      ...(await stepUpFor(app, rootHeaders, ownUrl)),
    });
    expect(own.statusCode).toBe(409);
    expect(await status(rootHeaders)).toBe(200);
  });

  it("answers 404 for another institution's person and 403 to a teacher or a student, ending nothing", async () => {
    const institution = await createInstitution(db);
    const student = await createUser(db, 'student', institution.id);
    const studentHeaders = await signedIn(student.email);
    const url = `/api/students/${student.id}/sessions/revoke`;

    const elsewhere = await createInstitution(db);
    const stranger = await signedIn((await createUser(db, 'admin', elsewhere.id)).email);
    const refused = await endSessions(url, stranger);
    expect(refused.statusCode).toBe(404);
    // Even with a step-up asked for that row, the row stays out of reach.
    const withToken = await endSessions(url, {
      ...stranger,
      ...(await stepUpFor(app, stranger, url)),
    });
    expect(withToken.statusCode).toBe(404);

    const teacher = await signedIn((await createUser(db, 'teacher', institution.id)).email);
    expect((await endSessions(url, teacher)).statusCode).toBe(403);
    expect((await endSessions(url, studentHeaders)).statusCode).toBe(403);
    const superTeacher = await signedIn(
      (await createUser(db, 'super-teacher', institution.id)).email,
    );
    expect((await endSessions(url, superTeacher)).statusCode).toBe(403);
    expect(
      (await endSessions(`/api/users/${student.id}/sessions/revoke`, studentHeaders)).statusCode,
    ).toBe(403);

    expect(await openSessions(student.id)).toBe(1);
    expect(await status(studentHeaders)).toBe(200);
  });
});
