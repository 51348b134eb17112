import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor } from '../../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { attempts, mailOutbox, oneTimeTokens, users } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();
const superAdmin = await createUser(db, 'super-admin', null);
const auth = bearer((await signIn(app, superAdmin.email)).accessToken);
const institution = await createInstitution(db, { name: 'Lycée Nord', color_code: '#AA3300' });

const body = {
  first_name: 'Alice',
  last_name: 'Martin',
  email: 'Alice.Martin@Example.test',
  role: 'admin',
  institution_id: institution.id,
  gender: 'Mme',
  locale: 'en',
};

describe('users (super-admin)', () => {
  it('creates a user and queues the invitation in the same transaction', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      email: 'alice.martin@example.test',
      role: 'admin',
      institution: 'Lycée Nord',
      institution_color_code: '#AA3300',
      email_verified_at: null,
    });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, user.email));
    expect(mails.map((m) => m.template)).toEqual(['invitation']);
    const tokens = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.user_id, user.id));
    expect(tokens).toHaveLength(1);

    const again = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { ...body, email: 'ALICE.martin@example.test' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This e-mail address is already used.']);
  });

  it('stores the phone as the phone field writes it, and refuses another form (422)', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth,
      payload: { ...body, email: 'phone1@example.test', phone: 'it06 1234 5678' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().phone).toBe('it0612345678');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { ...body, email: 'phone2@example.test', phone: 'frabc123' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ phone: ['Enter a valid phone number.'] });
    const [row] = await db.select().from(users).where(eq(users.email, 'phone2@example.test'));
    expect(row).toBeUndefined();
  });

  it('requires an institution for every role but the super-admin, who has none (422)', async () => {
    const count = (await db.select().from(users)).length;
    const teacher = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { ...body, email: 'x1@example.test', role: 'teacher', institution_id: null },
    });
    expect(teacher.statusCode).toBe(422);
    expect(teacher.json().errors.institution_id).toEqual([
      'An admin, teacher or student must belong to an institution.',
    ]);
    const boss = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...auth, 'accept-language': 'en' },
      payload: { ...body, email: 'x2@example.test', role: 'super-admin' },
    });
    expect(boss.statusCode).toBe(422);
    expect(boss.json().errors.institution_id).toEqual([
      'The super-admin belongs to no institution.',
    ]);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth,
      payload: { ...body, email: 'x3@example.test', institution_id: 999999 },
    });
    expect(missing.statusCode).toBe(422);
    expect((await db.select().from(users)).length).toBe(count);
  });

  it('lists every role with the role flattened and the institution colour, filtered and searched', async () => {
    await createUser(db, 'student', institution.id, { last_name: 'Zorglub' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/users?q=zorglub&role=student',
      headers: auth,
    });
    const answer = response.json();
    expect(answer.meta.total).toBe(1);
    expect(answer.data[0]).toMatchObject({
      role: 'student',
      institution: 'Lycée Nord',
      institution_color_code: '#AA3300',
    });
    const self = await app.inject({
      method: 'GET',
      url: `/api/users/${superAdmin.id}`,
      headers: auth,
    });
    expect(self.json()).toMatchObject({
      institution: null,
      can: { update: true, delete: false, archive: false },
    });
  });

  it("answers a user's picture, or null without one (the page shows the default avatar)", async () => {
    const pictured = await createUser(db, 'teacher', institution.id, {
      picture_link: '/api/files/42',
    });
    const plain = await createUser(db, 'teacher', institution.id, { gender: 'Mr' });
    const read = (id: number) =>
      app.inject({ method: 'GET', url: `/api/users/${id}`, headers: auth });
    expect((await read(pictured.id)).json()).toMatchObject({ picture_link: '/api/files/42' });
    expect((await read(plain.id)).json()).toMatchObject({ picture_link: null, gender: 'Mr' });
  });

  it('edits a user only with a step-up token', async () => {
    const target = await createUser(db, 'teacher', institution.id);
    const payload = { ...body, email: target.email, role: 'teacher', first_name: 'Renamed' };
    const refused = await app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      headers: auth,
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}`,
      headers: { ...auth, ...(await stepUpFor(app, auth, `/api/users/${target.id}`)) },
      payload,
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    expect(row!.first_name).toBe('Renamed');
  });

  it('archiving ends the user’s sessions at once; unarchiving lets them sign in again', async () => {
    const target = await createUser(db, 'student', institution.id);
    const session = await signIn(app, target.email);
    const info = () =>
      app.inject({ method: 'GET', url: '/api/auth/info', headers: bearer(session.accessToken) });
    expect((await info()).statusCode).toBe(200);
    const archive = await app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/archive`,
      headers: auth,
    });
    expect(archive.statusCode).toBe(200);
    expect((await info()).statusCode).toBe(401);
    const own = await app.inject({
      method: 'POST',
      url: `/api/users/${superAdmin.id}/archive`,
      headers: auth,
    });
    expect(own.statusCode).toBe(409);
    const restore = await app.inject({
      method: 'POST',
      url: `/api/users/${target.id}/unarchive`,
      headers: auth,
    });
    expect(restore.json().archived_at).toBeNull();
    await expect(signIn(app, target.email)).resolves.toHaveProperty('accessToken');
  });

  it('deletes a user, never oneself', async () => {
    const target = await createUser(db, 'teacher', institution.id);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/users/${target.id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    const self = await app.inject({
      method: 'DELETE',
      url: `/api/users/${superAdmin.id}`,
      headers: auth,
    });
    expect(self.statusCode).toBe(409);
  });

  it('refuses with a 409, not a 500, to delete a student whose exam attempts are kept', async () => {
    const student = await createUser(db, 'student', institution.id);
    const promotion = await createPromotion(db, institution.id, { students: [student.id] });
    const training = await createTraining(db, promotion);
    const subject = await createSubject(db, institution.id);
    const exam = await createEvaluation(db, training, subject.id);
    await db.insert(attempts).values({
      evaluation_id: exam.id,
      student_id: student.id,
      started_at: new Date(0),
      deadline_at: new Date(0),
    });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/users/${student.id}`,
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(removed.statusCode).toBe(409);
    expect(await db.select().from(users).where(eq(users.id, student.id))).toHaveLength(1);
  });
});
