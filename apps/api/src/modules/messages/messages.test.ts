import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createGroup,
  createInstitution,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { notifications } from '../../db/schema/index.ts';

// Messages (issue 33, decision 203): people who share a promotion, a group or a subject write to
// each other, and no one else; members only read a conversation; read receipts move as one
// reads; a block stops a one-to-one conversation and silences the blocked person.

const { app, db } = await createTestApp();
const school = await createInstitution(db, { name: 'Collège Est' });
const admin = await createUser(db, 'admin', school.id, { first_name: 'Alex', last_name: 'Admin' });
const teacher = await createUser(db, 'teacher', school.id, {
  first_name: 'Tess',
  last_name: 'Prof',
});
const stranger = await createUser(db, 'teacher', school.id);
const anna = await createUser(db, 'student', school.id, { first_name: 'Anna', last_name: 'A' });
const ben = await createUser(db, 'student', school.id, { first_name: 'Ben', last_name: 'B' });
const cleo = await createUser(db, 'student', school.id, { first_name: 'Cléo', last_name: 'C' });
const dan = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, { students: [anna.id, ben.id, cleo.id] });
// Anna's subject is taught by Tess; Dan is in another promotion, without a shared subject.
const subject = await createSubject(db, school.id, [teacher.id]);
await createModule(db, school.id, {
  trainingId: (await createTraining(db, promotion)).id,
  subjectIds: [subject.id],
});
await createPromotion(db, school.id, { students: [dan.id] });
// Ben and Dan share a group of Dan's promotion? No: a group of Anna's promotion with Ben.
await createGroup(db, promotion, [anna.id, ben.id]);
const rival = await createInstitution(db);
const rivalStudent = await createUser(db, 'student', rival.id);

const as = signedIn(app);
type Who = { id: number; email: string };
const call = async (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(who), ...(payload ? { payload } : {}) });

async function start(who: Who, members: Who[], body = 'Bonjour', title?: string) {
  return call(who, 'POST', '/api/conversations', {
    member_ids: members.map((member) => member.id),
    body,
    ...(title ? { title } : {}),
  });
}

const toldOf = async (who: Who, conversationId: number) =>
  db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.user_id, who.id),
        eq(notifications.type, 'message'),
        eq(notifications.link, `/messages/${conversationId}`),
      ),
    );

describe('whom one may write to', () => {
  it('gives a learner their classmates, their teachers and the admins, not the rest of the school', async () => {
    const names = async (who: Who, q = '') =>
      (
        (await call(who, 'GET', `/api/conversations/contacts?q=${encodeURIComponent(q)}`)).json()
          .data as Array<{ id: number }>
      ).map((person) => person.id);
    const forAnna = await names(anna);
    expect(forAnna).toEqual(expect.arrayContaining([ben.id, cleo.id, teacher.id, admin.id]));
    for (const outsider of [dan.id, stranger.id, rivalStudent.id, anna.id]) {
      expect(forAnna).not.toContain(outsider);
    }
    expect(await names(anna, 'ben')).toEqual([ben.id]);
    expect(await names(teacher)).toEqual(expect.arrayContaining([anna.id, ben.id, cleo.id]));
    expect(await names(teacher)).not.toContain(dan.id);
    expect(await names(admin)).toEqual(expect.arrayContaining([dan.id, stranger.id, anna.id]));
    expect(await names(admin)).not.toContain(rivalStudent.id);
  });

  it('refuses anyone else, 422 on member_ids, and writes nothing', async () => {
    for (const outsider of [dan, stranger, rivalStudent]) {
      const refused = await start(anna, [outsider]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.member_ids).toBeDefined();
    }
    expect((await start(anna, [ben, dan])).statusCode).toBe(422);
    expect((await call(dan, 'GET', '/api/conversations')).json().data).toEqual([]);
    expect((await start(rivalStudent, [anna])).statusCode).toBe(422);
  });
});

describe('a conversation', () => {
  it('reaches its members only, tells them, and keeps one conversation per pair', async () => {
    const started = await start(anna, [ben], 'Tu as le cours de mardi ?');
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json();
    expect(conversation.members.map((m: { id: number }) => m.id)).toEqual([ben.id]);
    expect(conversation.messages.map((m: { body: string }) => m.body)).toEqual([
      'Tu as le cours de mardi ?',
    ]);
    expect(await toldOf(ben, conversation.id)).toHaveLength(1);
    expect(await toldOf(anna, conversation.id)).toHaveLength(0);
    for (const outsider of [cleo, teacher, admin, rivalStudent]) {
      expect(
        (await call(outsider, 'GET', `/api/conversations/${conversation.id}`)).statusCode,
      ).toBe(404);
      const sent = await call(outsider, 'POST', `/api/conversations/${conversation.id}/messages`, {
        body: 'Intrus',
      });
      expect(sent.statusCode).toBe(404);
    }
    const again = (await start(anna, [ben], 'Et le TP ?')).json();
    expect(again.id).toBe(conversation.id);
    expect(again.messages).toHaveLength(2);
    const benList = (await call(ben, 'GET', '/api/conversations')).json().data;
    expect(benList[0]).toMatchObject({ id: conversation.id, unread: 2 });
    expect(benList[0].last_message.body).toBe('Et le TP ?');
  });

  it('moves read receipts as members read, and clears their notifications', async () => {
    const group = (await start(teacher, [anna, ben], 'Projet : groupes', 'Projet réseau')).json();
    expect(group.title).toBe('Projet réseau');
    const reply = await call(anna, 'POST', `/api/conversations/${group.id}/messages`, {
      body: 'Je prends la partie routage.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ body: 'Je prends la partie routage.', mine: true });
    expect(await toldOf(teacher, group.id)).toHaveLength(1);
    let seen = (await call(teacher, 'GET', `/api/conversations/${group.id}`)).json();
    const benBefore = seen.members.find((m: { id: number }) => m.id === ben.id);
    expect(benBefore.last_read_message_id).toBeNull();
    expect((await call(ben, 'POST', `/api/conversations/${group.id}/read`)).statusCode).toBe(204);
    seen = (await call(teacher, 'GET', `/api/conversations/${group.id}`)).json();
    expect(seen.members.find((m: { id: number }) => m.id === ben.id).last_read_message_id).toBe(
      reply.json().id,
    );
    const benNotices = await toldOf(ben, group.id);
    expect(benNotices.length).toBeGreaterThan(0);
    expect(benNotices.every((notice) => notice.read_at !== null)).toBe(true);
    const benList = (await call(ben, 'GET', '/api/conversations')).json().data;
    expect(benList.find((c: { id: number }) => c.id === group.id).unread).toBe(0);
  });
});

describe('blocking', () => {
  it('stops a one-to-one conversation both ways and new ones, and silences the blocked person in groups', async () => {
    const pair = (await start(cleo, [anna], 'Salut')).json();
    const group = (await start(teacher, [anna, cleo], 'Groupe')).json();
    expect((await call(anna, 'PUT', `/api/me/blocks/${cleo.id}`)).statusCode).toBe(204);
    const blocked = await call(cleo, 'POST', `/api/conversations/${pair.id}/messages`, {
      body: 'Pourquoi ?',
    });
    expect(blocked.statusCode).toBe(409);
    expect(
      (await call(anna, 'POST', `/api/conversations/${pair.id}/messages`, { body: 'x' }))
        .statusCode,
    ).toBe(409);
    expect((await start(cleo, [anna, ben])).statusCode).toBe(422);
    const contacts = (await call(cleo, 'GET', '/api/conversations/contacts')).json().data;
    expect(contacts.map((c: { id: number }) => c.id)).not.toContain(anna.id);
    const before = (await toldOf(anna, group.id)).length;
    const inGroup = await call(cleo, 'POST', `/api/conversations/${group.id}/messages`, {
      body: 'Message de Cléo',
    });
    expect(inGroup.statusCode).toBe(201);
    expect(await toldOf(anna, group.id)).toHaveLength(before);
    const annaView = (await call(anna, 'GET', `/api/conversations/${group.id}`)).json();
    expect(annaView.messages.map((m: { body: string }) => m.body)).not.toContain('Message de Cléo');
    const teacherView = (await call(teacher, 'GET', `/api/conversations/${group.id}`)).json();
    expect(teacherView.messages.map((m: { body: string }) => m.body)).toContain('Message de Cléo');
    expect(
      (await call(anna, 'GET', '/api/conversations'))
        .json()
        .data.find((c: { id: number }) => c.id === pair.id).blocked,
    ).toBe(true);
    expect((await call(anna, 'GET', '/api/me/blocks')).json().data).toEqual([
      { id: cleo.id, name: 'Cléo C', blocked_at: expect.any(String) },
    ]);
    expect((await call(anna, 'DELETE', `/api/me/blocks/${cleo.id}`)).statusCode).toBe(204);
    expect((await call(anna, 'DELETE', `/api/me/blocks/${cleo.id}`)).statusCode).toBe(404);
    expect(
      (await call(cleo, 'POST', `/api/conversations/${pair.id}/messages`, { body: 'Merci' }))
        .statusCode,
    ).toBe(201);
  });

  it('lets a learner block only learners they know of', async () => {
    const staff = await call(anna, 'PUT', `/api/me/blocks/${teacher.id}`);
    expect(staff.statusCode).toBe(422);
    expect((await call(anna, 'PUT', `/api/me/blocks/${dan.id}`)).statusCode).toBe(404);
    expect((await call(anna, 'PUT', `/api/me/blocks/${rivalStudent.id}`)).statusCode).toBe(404);
    expect((await call(teacher, 'PUT', `/api/me/blocks/${ben.id}`)).statusCode).toBe(204);
  });
});
