import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createGroup,
  createInstitution,
  createPromotion,
  createUser,
} from '../../../test/factories.ts';
import { mailOutbox, notifications } from '../../db/schema/index.ts';
import { publishDue } from './announcements.service.ts';

// Announcements (issue 33, decision 201): staff reach the audiences they may, learners read what
// is aimed at them once it is out, and are told once; withdrawn, it is gone with its notices.

const { app, ctx, db, clock } = await createTestApp();
const school = await createInstitution(db, { name: 'Lycée Sud' });
const admin = await createUser(db, 'admin', school.id);
const teacher = await createUser(db, 'teacher', school.id, {
  first_name: 'Ada',
  last_name: 'Prof',
});
const colleague = await createUser(db, 'teacher', school.id);
const anna = await createUser(db, 'student', school.id);
const ben = await createUser(db, 'student', school.id);
const carl = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [anna.id, ben.id],
  teachers: [teacher.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [carl.id] });
const group = await createGroup(db, promotion, [anna.id]);
const rival = await createInstitution(db);
const rivalAdmin = await createUser(db, 'admin', rival.id);
const rivalStudent = await createUser(db, 'student', rival.id);

const as = signedIn(app);
type Who = { id: number; email: string };
const call = async (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(who), ...(payload ? { payload } : {}) });
const titlesFor = async (who: Who) =>
  ((await call(who, 'GET', '/api/announcements')).json().data as Array<{ title: string }>).map(
    (a) => a.title,
  );
const told = async (who: Who, id: number) =>
  (
    await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.user_id, who.id), eq(notifications.dedupe_key, `announcement:${id}`)),
      )
  ).length;

async function post(who: Who, body: Record<string, unknown>) {
  const response = await call(who, 'POST', '/api/announcements', {
    title: 'Sortie',
    body: '<p>Rendez-vous à 8 h</p>',
    ...body,
  });
  return response;
}

describe('posting an announcement', () => {
  it('reaches a promotion in one post: each of its students told once, in the application and by mail', async () => {
    const response = await post(teacher, {
      title: 'Sortie au musée',
      body: '<p>Rendez-vous <strong>à 8 h</strong></p><script>alert(1)</script>',
      audience: 'promotion',
      audience_id: promotion.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      title: 'Sortie au musée',
      body: '<p>Rendez-vous <strong>à 8 h</strong></p>',
      audience: { kind: 'promotion', id: promotion.id, label: promotion.name },
      author: { id: teacher.id, name: 'Ada Prof' },
      pinned: false,
      can: { update: true, delete: true },
    });
    expect(await told(anna, created.id)).toBe(1);
    expect(await told(ben, created.id)).toBe(1);
    expect(await told(carl, created.id)).toBe(0);
    expect(await told(teacher, created.id)).toBe(0);
    expect(await told(rivalStudent, created.id)).toBe(0);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, anna.email));
    expect(mails.map((m) => m.template)).toContain('notification');
    expect(await titlesFor(anna)).toContain('Sortie au musée');
    expect(await titlesFor(carl)).not.toContain('Sortie au musée');
    expect(await titlesFor(rivalStudent)).toEqual([]);
    expect(await titlesFor(rivalAdmin)).toEqual([]);
  });

  it('refuses an audience out of reach: a teacher to the institution or to a promotion not theirs', async () => {
    const whole = await post(teacher, { audience: 'institution', audience_id: null });
    expect(whole.statusCode).toBe(422);
    expect(whole.json().errors.audience_id).toBeDefined();
    const notTheirs = await post(teacher, {
      audience: 'promotion',
      audience_id: otherPromotion.id,
    });
    expect(notTheirs.statusCode).toBe(422);
    const foreign = await post(rivalAdmin, { audience: 'promotion', audience_id: promotion.id });
    expect(foreign.statusCode).toBe(422);
    const missing = await post(admin, { audience: 'promotion', audience_id: null });
    expect(missing.statusCode).toBe(422);
    expect((await post(anna, { audience: 'group', audience_id: group.id })).statusCode).toBe(403);
    const audiences = (await call(teacher, 'GET', '/api/announcements/audiences')).json();
    expect(audiences.institution).toBe(false);
    expect(audiences.promotions.map((p: { id: number }) => p.id)).toEqual([promotion.id]);
    expect((await call(admin, 'GET', '/api/announcements/audiences')).json().institution).toBe(
      true,
    );
  });

  it('lets an admin reach the whole institution, and a group reach only its students', async () => {
    const all = (
      await post(admin, { title: 'Fermeture', audience: 'institution', audience_id: null })
    ).json();
    for (const student of [anna, ben, carl]) expect(await told(student, all.id)).toBe(1);
    expect(await told(rivalStudent, all.id)).toBe(0);
    const few = (
      await post(teacher, { title: 'TP', audience: 'group', audience_id: group.id })
    ).json();
    expect(await told(anna, few.id)).toBe(1);
    expect(await told(ben, few.id)).toBe(0);
  });
});

describe('a scheduled announcement', () => {
  it('stays hidden from learners and untold until its time, then comes out once', async () => {
    const at = new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const scheduled = (
      await post(teacher, {
        title: 'Plus tard',
        audience: 'promotion',
        audience_id: promotion.id,
        publish_at: at,
      })
    ).json();
    expect(scheduled.published_at).toBeNull();
    expect(await titlesFor(anna)).not.toContain('Plus tard');
    expect(await titlesFor(teacher)).toContain('Plus tard');
    expect(await told(anna, scheduled.id)).toBe(0);
    expect(await publishDue(ctx)).toBe(0);
    clock.advance(60 * 60 * 1000);
    as.forget();
    expect(await publishDue(ctx)).toBe(1);
    expect(await publishDue(ctx)).toBe(0);
    expect(await told(anna, scheduled.id)).toBe(1);
    expect(await titlesFor(anna)).toContain('Plus tard');
  });
});

describe('editing, pinning and withdrawing', () => {
  it('edits and pins the author’s own, not a colleague’s; an edit tells no one again', async () => {
    const own = (
      await post(teacher, { title: 'Avant', audience: 'promotion', audience_id: promotion.id })
    ).json();
    const edited = await call(teacher, 'PATCH', `/api/announcements/${own.id}`, {
      title: 'Après',
      pinned: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Après', pinned: true });
    expect(edited.json().edited_at).not.toBeNull();
    expect(await told(anna, own.id)).toBe(1);
    expect((await titlesFor(anna))[0]).toBe('Après');
    expect(
      (await call(colleague, 'PATCH', `/api/announcements/${own.id}`, { pinned: false }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'PATCH', `/api/announcements/${own.id}`, { pinned: false })).statusCode,
    ).toBe(200);
    expect(
      (await call(rivalAdmin, 'PATCH', `/api/announcements/${own.id}`, { pinned: false }))
        .statusCode,
    ).toBe(404);
  });

  it('withdraws: gone for its readers with its notifications, audited', async () => {
    const gone = (
      await post(teacher, { title: 'Erreur', audience: 'promotion', audience_id: promotion.id })
    ).json();
    expect(await told(anna, gone.id)).toBe(1);
    expect((await call(anna, 'DELETE', `/api/announcements/${gone.id}`)).statusCode).toBe(403);
    expect((await call(colleague, 'DELETE', `/api/announcements/${gone.id}`)).statusCode).toBe(404);
    expect((await call(teacher, 'DELETE', `/api/announcements/${gone.id}`)).statusCode).toBe(204);
    expect(await titlesFor(anna)).not.toContain('Erreur');
    expect(await told(anna, gone.id)).toBe(0);
    expect(
      (await call(teacher, 'PATCH', `/api/announcements/${gone.id}`, { title: 'x' })).statusCode,
    ).toBe(404);
  });
});
