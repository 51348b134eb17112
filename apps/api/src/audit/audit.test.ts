import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, mailedMfaCode, signedIn, signIn, stepUpFor } from '../../test/app.ts';
import {
  createEvaluation,
  createGroup,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../test/factories.ts';
import { currentTotp } from '../auth/mfa.ts';
import { auditLog, gradeChanges } from '../db/schema/index.ts';
import { purgeOldAuditRows } from '../jobs/audit-retention.ts';

const { app, ctx, db, clock } = await createTestApp();
const school = await createInstitution(db);
const admin = await createUser(db, 'admin', school.id, { first_name: 'Ada', last_name: 'Admin' });
const other = await createInstitution(db);
const otherAdmin = await createUser(db, 'admin', other.id);
const superAdmin = await createUser(db, 'super-admin', null);

type Who = { id: number; email: string };
const as = signedIn(app);
const call = async (
  user: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(user), ...(payload ? { payload } : {}) });

const rowsOf = (action: string, entityId?: number) =>
  db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        entityId === undefined ? undefined : eq(auditLog.entity_id, entityId),
      ),
    );

/** Polls until `check` holds (a refusal is recorded after its answer): no fixed sleep. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return read();
}

describe('the audit log records', () => {
  it('sign-ins and failed sign-ins, with the actor and never the password', async () => {
    const user = await createUser(db, 'teacher', school.id);
    await signIn(app, user.email);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(401);
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'not-the-password-1' },
    });

    const [login] = await rowsOf('auth.login', user.id);
    expect(login).toMatchObject({ actor_id: user.id, entity: 'user', institution_id: school.id });
    expect(login!.actor_label).toContain(user.email);
    const failures = await rowsOf('auth.login_failed');
    const mine = failures.find((row) => row.entity_id === user.id);
    expect(mine).toMatchObject({ actor_id: null, institution_id: school.id });
    expect(failures.some((row) => row.after?.email === 'nobody@example.test')).toBe(true);
    expect(JSON.stringify(failures)).not.toContain('not-the-password-1');
  });

  it('MFA enrolment and removal, without the secret or the codes', async () => {
    const user = await createUser(db, 'teacher', school.id);
    const setup = await call(user, 'POST', '/api/me/mfa/setup');
    const { secret } = setup.json();
    const code = currentTotp(secret, clock.now());
    const email_code = await mailedMfaCode(db, user.email);
    expect((await call(user, 'POST', '/api/me/mfa/enable', { code, email_code })).statusCode).toBe(
      200,
    );
    clock.advance(60_000);
    const next = currentTotp(secret, clock.now());
    expect((await call(user, 'POST', '/api/me/mfa/disable', { code: next })).statusCode).toBe(204);
    const enable = await rowsOf('mfa.enable', user.id);
    const disable = await rowsOf('mfa.disable', user.id);
    expect(enable).toHaveLength(1);
    expect(disable).toHaveLength(1);
    expect(enable[0]!.actor_id).toBe(user.id);
    expect(JSON.stringify([...enable, ...disable])).not.toContain(secret);
  });

  it("a role change, with the role before and after, in the edit's transaction", async () => {
    const target = await createUser(db, 'teacher', school.id);
    const auth = await as(superAdmin);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      headers: { ...auth, ...(await stepUpFor(app, auth, `/api/users/${target.id}`)) },
      payload: { role: 'super-teacher' },
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await rowsOf('role.change', target.id);
    expect(row).toMatchObject({
      actor_id: superAdmin.id,
      entity: 'user',
      institution_id: school.id,
      before: { role: 'teacher' },
      after: { role: 'super-teacher' },
    });
  });

  it('archives, deletions and their undoing, by whoever did them', async () => {
    const target = await createUser(db, 'student', school.id);
    await call(superAdmin, 'POST', `/api/users/${target.id}/archive`);
    await call(superAdmin, 'POST', `/api/users/${target.id}/unarchive`);
    expect((await rowsOf('archive', target.id))[0]).toMatchObject({
      actor_id: superAdmin.id,
      entity: 'user',
      institution_id: school.id,
    });
    expect(await rowsOf('unarchive', target.id)).toHaveLength(1);

    const promotion = await createPromotion(db, school.id);
    const group = await createGroup(db, promotion, []);
    expect((await call(admin, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(204);
    expect((await rowsOf('delete', group.id)).filter((r) => r.entity === 'group')).toEqual([
      expect.objectContaining({ actor_id: admin.id, institution_id: school.id }),
    ]);

    const gone = await createUser(db, 'teacher', school.id);
    expect((await call(superAdmin, 'DELETE', `/api/users/${gone.id}`)).statusCode).toBe(204);
    const [deleted] = await rowsOf('delete', gone.id);
    expect(deleted).toMatchObject({ entity: 'user', institution_id: school.id });
    expect(deleted!.before).toMatchObject({ email: gone.email, password_hash: '[redacted]' });
  });

  it('a refused deletion leaves no deletion row, only the refusal', async () => {
    const promotion = await createPromotion(db, school.id);
    const group = await createGroup(db, promotion, []);
    expect((await call(otherAdmin, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(404);
    expect(await rowsOf('delete', group.id)).toEqual([]);
    const refusals = await eventually(
      () => rowsOf('access.refused', group.id),
      (rows) => rows.length > 0,
    );
    expect(refusals[0]).toMatchObject({
      actor_id: otherAdmin.id,
      entity: 'group',
      institution_id: other.id,
      after: { status: 404, method: 'DELETE', route: '/api/groups/:id' },
    });
  });

  it("a role's 403 is recorded, a guest's 401 is not, and one actor's refusals are capped", async () => {
    const student = await createUser(db, 'student', school.id);
    for (let i = 0; i < 40; i += 1) {
      expect((await call(student, 'GET', '/api/users')).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const mine = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'access.refused'), eq(auditLog.actor_id, student.id)));
    const rows = await eventually(mine, (found) => found.length >= 30);
    expect(rows[0]).toMatchObject({ entity: 'user', after: { status: 403, route: '/api/users' } });
    expect(rows).toHaveLength(30);
  });

  it('a CSV import, once, with its counts', async () => {
    const promotion = await createPromotion(db, school.id);
    const content = [
      'Prénom;Nom;E-mail;Promotion',
      `Ada;Lovelace;ada.audit@example.test;${promotion.name}`,
    ].join('\n');
    const response = await call(admin, 'POST', '/api/imports', {
      kind: 'student',
      file_name: 'year.csv',
      content,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await rowsOf('import', response.json().id);
    expect(row).toMatchObject({
      actor_id: admin.id,
      entity: 'import',
      institution_id: school.id,
      after: expect.objectContaining({ kind: 'student', file_name: 'year.csv', created: 1 }),
    });
  });
});

describe('grades and deleted users', () => {
  it("records each grade save, and keeps who graded after the grader's account is deleted", async () => {
    const grader = await createUser(db, 'teacher', school.id, {
      first_name: 'Gus',
      last_name: 'Grader',
    });
    const student = await createUser(db, 'student', school.id);
    const promotion = await createPromotion(db, school.id, {
      students: [student.id],
      teachers: [grader.id],
    });
    const training = await createTraining(db, promotion);
    const subject = await createSubject(db, school.id, [grader.id]);
    const evaluation = await createEvaluation(db, training, subject.id, { scale: 20 });
    const saved = await call(grader, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [{ student_id: student.id, grade: 12, version: 0 }],
    });
    expect(saved.statusCode).toBe(200);
    const [save] = await rowsOf('grades.save', evaluation.id);
    expect(save).toMatchObject({
      actor_id: grader.id,
      entity: 'evaluation',
      after: { changed: 1, student_ids: [student.id] },
    });

    // The grader leaves: their results are re-assigned to nobody, their account deleted.
    await db.execute(sql`update results set graded_by = null where graded_by = ${grader.id}`);
    await db.execute(sql`delete from promotion_teachers where teacher_id = ${grader.id}`);
    await db.execute(sql`delete from teacher_subjects where teacher_id = ${grader.id}`);
    const deleted = await call(superAdmin, 'DELETE', `/api/users/${grader.id}`);
    expect(deleted.statusCode).toBe(204);

    const [change] = await db
      .select()
      .from(gradeChanges)
      .where(eq(gradeChanges.changed_by, grader.id));
    expect(change!.changed_by_label).toBe(`Gus Grader <${grader.email}>`);
    const [kept] = await rowsOf('grades.save', evaluation.id);
    expect(kept).toMatchObject({
      actor_id: grader.id,
      actor_label: `Gus Grader <${grader.email}>`,
    });
    const [login] = await rowsOf('auth.login', grader.id);
    expect(login!.actor_id).toBe(grader.id);

    const history = await call(admin, 'GET', `/api/results/${change!.result_id}/history`);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Gus Grader');
  });
});

describe('an audit row that cannot be written', () => {
  /** Makes the database refuse the audit rows of one entity, for the time of `run`. */
  async function refusingAuditOf(entity: string, run: () => Promise<void>) {
    await db.execute(
      sql.raw(`create function audit_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'audit insert refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger audit_test_refuse before insert on audit_log for each row
        when (new.entity = '${entity}' and new.action <> 'access.refused')
        execute function audit_test_refuse()`),
    );
    try {
      await run();
    } finally {
      await db.execute(sql.raw('drop trigger audit_test_refuse on audit_log'));
      await db.execute(sql.raw('drop function audit_test_refuse()'));
    }
  }

  it('rolls back the deletion or archive it records (same transaction, decision 132)', async () => {
    const promotion = await createPromotion(db, school.id);
    const group = await createGroup(db, promotion, []);
    await refusingAuditOf('group', async () => {
      expect((await call(admin, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(500);
      expect((await call(admin, 'POST', `/api/groups/${group.id}/archive`)).statusCode).toBe(500);
    });
    const [kept] = (
      (await db.execute(sql`select archived_at from groups where id = ${group.id}`)) as unknown as {
        rows: Array<{ archived_at: unknown }>;
      }
    ).rows;
    expect(kept).toEqual({ archived_at: null });
    // Once the audit row can be written again, the same deletion goes through with its row.
    expect((await call(admin, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(204);
    expect((await rowsOf('delete', group.id)).filter((r) => r.entity === 'group')).toHaveLength(1);
  });

  it('rolls back the MFA change it records: MFA stays on', async () => {
    const user = await createUser(db, 'teacher', school.id);
    const { secret } = (await call(user, 'POST', '/api/me/mfa/setup')).json();
    const email_code = await mailedMfaCode(db, user.email);
    const enabled = await call(user, 'POST', '/api/me/mfa/enable', {
      code: currentTotp(secret, clock.now()),
      email_code,
    });
    expect(enabled.statusCode).toBe(200);
    clock.advance(60_000);
    await refusingAuditOf('user', async () => {
      const refused = await call(user, 'POST', '/api/me/mfa/disable', {
        code: currentTotp(secret, clock.now()),
      });
      expect(refused.statusCode).toBe(500);
    });
    expect((await call(user, 'GET', '/api/me/settings')).json()).toMatchObject({
      mfa_enabled: true,
    });
    expect(await rowsOf('mfa.disable', user.id)).toEqual([]);
  });
});

describe('the audit table', () => {
  it('refuses updates and deletes outside the retention', async () => {
    const [row] = await db.select({ id: auditLog.id }).from(auditLog).limit(1);
    await expect(
      db.execute(sql`update audit_log set action = 'nothing' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${row!.id}`)).rejects.toThrow();
    expect(await db.select().from(auditLog).where(eq(auditLog.id, row!.id))).toHaveLength(1);
  });

  it('retention deletes only the rows older than AUDIT_RETENTION_DAYS', async () => {
    const recentBefore = await db.select({ id: auditLog.id }).from(auditLog);
    clock.advance(ctx.config.AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000 - 60_000);
    await signIn(app, admin.email); // a row 1 minute short of the limit, kept after the purge
    clock.advance(2 * 60_000);
    const purged = await purgeOldAuditRows(ctx);
    expect(purged).toBe(recentBefore.length);
    const left = await db.select().from(auditLog);
    expect(left.map((row) => row.action)).toEqual(['auth.login']);
    expect(await purgeOldAuditRows(ctx)).toBe(0);
  });
});
