import { readFileSync } from 'node:fs';
import type { Role } from '@skolar/shared';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createInstitution,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { can } from '../../auth/policy.ts';
import { auditLog, notifications, promotionStudents, subjects } from '../../db/schema/index.ts';
import { deleteOrphanImages } from '../../jobs/orphan-images.ts';
import { subjectReaders } from '../../notify/recipients.queries.ts';

// Discussions per subject (issue 33, decision 202): only the subject's readers see its threads
// and are told of them; mentions stay among readers; edits have a window; staff accept answers,
// remove with a trace and deal with learners' reports.

const { app, ctx, db, clock } = await createTestApp();
const school = await createInstitution(db, { name: 'Lycée Nord' });
const admin = await createUser(db, 'admin', school.id);
const teacher = await createUser(db, 'teacher', school.id, {
  first_name: 'Ada',
  last_name: 'Prof',
});
const colleague = await createUser(db, 'teacher', school.id);
const anna = await createUser(db, 'student', school.id, { first_name: 'Anna', last_name: 'A' });
const ben = await createUser(db, 'student', school.id, { first_name: 'Ben', last_name: 'B' });
const carl = await createUser(db, 'student', school.id);
const dora = await createUser(db, 'student', school.id);
const subject = await createSubject(db, school.id, [teacher.id], { name: 'Réseaux' });
const promotion = await createPromotion(db, school.id, { students: [anna.id, ben.id] });
await createModule(db, school.id, {
  trainingId: (await createTraining(db, promotion)).id,
  subjectIds: [subject.id],
});
// The same subject taught to a second promotion: Carl reads it, but is not Anna's classmate.
const otherPromotion = await createPromotion(db, school.id, { students: [carl.id] });
await createModule(db, school.id, {
  trainingId: (await createTraining(db, otherPromotion)).id,
  subjectIds: [subject.id],
});
// Dora's promotion does not study it.
await createPromotion(db, school.id, { students: [dora.id] });
const rival = await createInstitution(db);
const rivalAdmin = await createUser(db, 'admin', rival.id);
const rivalStudent = await createUser(db, 'student', rival.id);

const as = signedIn(app);
type Who = { id: number; email: string };
const call = async (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(who), ...(payload ? { payload } : {}) });

/** How many notifications of the type the person got leading into the thread. */
const told = async (who: Who, type: string, threadId: number) =>
  (
    await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, who.id),
          eq(notifications.type, type),
          like(notifications.link, `/discussions/${threadId}%`),
        ),
      )
  ).length;

async function open(who: Who, body: Record<string, unknown> = {}) {
  const response = await call(who, 'POST', '/api/discussions', {
    subject_id: subject.id,
    title: 'Masque de sous-réseau',
    body: '<p>Pourquoi /24 ?</p>',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; posts: Array<{ id: number }> };
}

async function replyTo(who: Who, threadId: number, body: Record<string, unknown> = {}) {
  const response = await call(who, 'POST', `/api/discussions/${threadId}/posts`, {
    body: '<p>Parce que 255.255.255.0</p>',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

const titlesFor = async (who: Who) => {
  const response = await call(who, 'GET', '/api/discussions');
  return response.statusCode === 200
    ? (response.json().data as Array<{ title: string }>).map((thread) => thread.title)
    : response.statusCode;
};

describe('opening a thread', () => {
  it('lets a learner ask in a subject they read: its teachers are told, its readers see it, nobody else', async () => {
    const response = await call(anna, 'POST', '/api/discussions', {
      subject_id: subject.id,
      title: 'Routage statique',
      body: '<p>Une <strong>route</strong> par défaut ?</p><script>alert(1)</script>',
      is_question: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const thread = response.json();
    expect(thread).toMatchObject({
      title: 'Routage statique',
      subject: { id: subject.id, name: 'Réseaux' },
      author: { id: anna.id, name: 'Anna A', staff: false },
      is_question: true,
      answered: false,
      replies: 0,
      subscribed: true,
      can: { reply: true, moderate: false, delete: false },
    });
    expect(thread.posts[0].body).toBe('<p>Une <strong>route</strong> par défaut ?</p>');
    expect(await told(teacher, 'discussion_thread', thread.id)).toBe(1);
    expect(await told(colleague, 'discussion_thread', thread.id)).toBe(0);
    expect(await told(anna, 'discussion_thread', thread.id)).toBe(0);
    expect(await titlesFor(carl)).toContain('Routage statique');
    expect(await titlesFor(dora)).not.toContain('Routage statique');
    expect(await titlesFor(rivalStudent)).toEqual([]);
    expect(await titlesFor(rivalAdmin)).toEqual([]);
    expect(await titlesFor(colleague)).toEqual([]);
    for (const outsider of [dora, colleague, rivalStudent, rivalAdmin]) {
      expect((await call(outsider, 'GET', `/api/discussions/${thread.id}`)).statusCode).toBe(404);
    }
    const subjectsOfDora = (await call(dora, 'GET', '/api/discussions/subjects')).json().data;
    expect(subjectsOfDora).toEqual([]);
    const subjectsOfAnna = (await call(anna, 'GET', '/api/discussions/subjects')).json().data;
    expect(subjectsOfAnna).toEqual([
      { id: subject.id, name: 'Réseaux', threads: expect.any(Number) },
    ]);
  });

  it('refuses a subject the person does not read', async () => {
    const response = await call(dora, 'POST', '/api/discussions', {
      subject_id: subject.id,
      title: 'Intrus',
      body: '<p>?</p>',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.subject_id).toBeDefined();
    expect(
      (
        await call(rivalStudent, 'POST', '/api/discussions', {
          subject_id: subject.id,
          title: 'Intrus',
          body: '<p>?</p>',
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('mentions', () => {
  it('offer a learner their classmates and the staff, not the learners of another promotion', async () => {
    const ids = async (who: Who) =>
      (
        (await call(who, 'GET', `/api/discussions/people?subject_id=${subject.id}`)).json()
          .data as Array<{ id: number }>
      ).map((person) => person.id);
    const forAnna = await ids(anna);
    expect(forAnna).toEqual(expect.arrayContaining([ben.id, teacher.id, admin.id]));
    expect(forAnna).not.toContain(carl.id);
    expect(forAnna).not.toContain(dora.id);
    expect(forAnna).not.toContain(anna.id);
    expect(await ids(teacher)).toEqual(expect.arrayContaining([anna.id, ben.id, carl.id]));
    expect(await ids(teacher)).not.toContain(dora.id);
    expect(
      (await call(dora, 'GET', `/api/discussions/people?subject_id=${subject.id}`)).statusCode,
    ).toBe(404);
  });

  it('tell each person mentioned once, instead of as a follower, and refuse anyone who may not read it', async () => {
    const thread = await open(anna, { title: 'Mentions', mentions: [ben.id] });
    expect(await told(ben, 'mention', thread.id)).toBe(1);
    for (const outsider of [carl, dora, rivalStudent]) {
      const response = await call(anna, 'POST', `/api/discussions/${thread.id}/posts`, {
        body: '<p>@quelqu’un</p>',
        mentions: [outsider.id],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.mentions).toBeDefined();
    }
    await replyTo(teacher, thread.id, { mentions: [carl.id, anna.id] });
    expect(await told(carl, 'mention', thread.id)).toBe(1);
    expect(await told(anna, 'mention', thread.id)).toBe(1);
    // Anna follows her thread, but the mention told her already: not a second notification.
    expect(await told(anna, 'discussion_reply', thread.id)).toBe(0);
  });
});

describe('replies and followers', () => {
  it('tell the followers once each, never their author; a replier follows; who stops following is not told again', async () => {
    const thread = await open(anna, { title: 'Suivi' });
    const first = await replyTo(ben, thread.id);
    expect(await told(anna, 'discussion_reply', thread.id)).toBe(1);
    expect(await told(ben, 'discussion_reply', thread.id)).toBe(0);
    await replyTo(teacher, thread.id);
    expect(await told(ben, 'discussion_reply', thread.id)).toBe(1);
    expect(await told(anna, 'discussion_reply', thread.id)).toBe(2);
    const stop = await call(anna, 'PUT', `/api/discussions/${thread.id}/subscription`, {
      subscribed: false,
    });
    expect(stop.json()).toEqual({ subscribed: false });
    // Her own reply does not make her follow again.
    await replyTo(anna, thread.id);
    await replyTo(ben, thread.id);
    expect(await told(anna, 'discussion_reply', thread.id)).toBe(2);
    const read = (await call(anna, 'GET', `/api/discussions/${thread.id}`)).json();
    expect(read.subscribed).toBe(false);
    expect(read.replies).toBe(4);
    expect(read.posts.map((post: { id: number }) => post.id)).toContain(first.id);
    const followed = (await call(anna, 'GET', '/api/discussions?filter=subscribed')).json().data;
    expect(followed.map((t: { id: number }) => t.id)).not.toContain(thread.id);
  });

  it('no longer tells a follower who has left the promotion that reads the subject', async () => {
    const leaver = await createUser(db, 'student', school.id);
    await db
      .insert(promotionStudents)
      .values({ promotion_id: promotion.id, student_id: leaver.id });
    const thread = await open(anna, { title: 'Départ' });
    await replyTo(leaver, thread.id);
    await db
      .delete(promotionStudents)
      .where(
        and(
          eq(promotionStudents.promotion_id, promotion.id),
          eq(promotionStudents.student_id, leaver.id),
        ),
      );
    await replyTo(teacher, thread.id);
    expect(await told(leaver, 'discussion_reply', thread.id)).toBe(0);
    expect((await call(leaver, 'GET', `/api/discussions/${thread.id}`)).statusCode).toBe(404);
  });
});

describe('editing and removing one’s own post', () => {
  it('is open to the author for 30 minutes, then closed; never to someone else', async () => {
    const thread = await open(anna, { title: 'Brouillon' });
    const post = thread.posts[0]!.id;
    const edited = await call(anna, 'PATCH', `/api/discussion-posts/${post}`, {
      body: '<p>Corrigé</p>',
      title: 'Brouillon corrigé',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().body).toBe('<p>Corrigé</p>');
    expect(edited.json().edited_at).not.toBeNull();
    expect((await call(anna, 'GET', `/api/discussions/${thread.id}`)).json().title).toBe(
      'Brouillon corrigé',
    );
    expect(
      (await call(ben, 'PATCH', `/api/discussion-posts/${post}`, { body: '<p>Pirate</p>' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(teacher, 'PATCH', `/api/discussion-posts/${post}`, { body: '<p>x</p>' }))
        .statusCode,
    ).toBe(404);
    const reply = await replyTo(anna, thread.id);
    expect(
      (await call(anna, 'PATCH', `/api/discussion-posts/${reply.id}`, { title: 'Non' })).statusCode,
    ).toBe(422);
    clock.advance(31 * 60 * 1000);
    as.forget();
    const late = await call(anna, 'PATCH', `/api/discussion-posts/${post}`, {
      body: '<p>Trop tard</p>',
    });
    expect(late.statusCode).toBe(409);
    expect((await call(anna, 'DELETE', `/api/discussion-posts/${reply.id}`)).statusCode).toBe(409);
    const seen = (await call(anna, 'GET', `/api/discussions/${thread.id}`)).json();
    expect(seen.posts[0].can).toMatchObject({ update: false, delete: false });
    expect(seen.posts[0].editable_until).toBeNull();
  });

  it('lets the author remove their post within the window, leaving a trace of it', async () => {
    const thread = await open(anna, { title: 'Oups' });
    const reply = await replyTo(ben, thread.id);
    expect((await call(anna, 'DELETE', `/api/discussion-posts/${reply.id}`)).statusCode).toBe(404);
    expect((await call(ben, 'DELETE', `/api/discussion-posts/${reply.id}`)).statusCode).toBe(204);
    const seen = (await call(anna, 'GET', `/api/discussions/${thread.id}`)).json();
    const trace = seen.posts.find((post: { id: number }) => post.id === reply.id);
    expect(trace).toMatchObject({ body: null, removed: { by_staff: false } });
    expect(await told(anna, 'discussion_reply', thread.id)).toBe(0);
  });
});

describe('moderation by staff', () => {
  it('accepts an answer: the thread is answered, the answer’s author and the asker told once; learners may not', async () => {
    const thread = await open(anna, { title: 'Question DNS', is_question: true });
    const answer = await replyTo(ben, thread.id, { body: '<p>Port 53</p>' });
    const other = await open(anna, { title: 'Autre' });
    const elsewhere = await replyTo(ben, other.id);
    const path = `/api/discussions/${thread.id}`;
    expect((await call(anna, 'PATCH', path, { accepted_post_id: answer.id })).statusCode).toBe(403);
    expect((await call(colleague, 'PATCH', path, { accepted_post_id: answer.id })).statusCode).toBe(
      404,
    );
    for (const wrong of [thread.posts[0]!.id, elsewhere.id]) {
      const refused = await call(teacher, 'PATCH', path, { accepted_post_id: wrong });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.accepted_post_id).toBeDefined();
    }
    const accepted = await call(teacher, 'PATCH', path, { accepted_post_id: answer.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().answered).toBe(true);
    expect(
      accepted.json().posts.find((post: { id: number }) => post.id === answer.id).accepted,
    ).toBe(true);
    await call(teacher, 'PATCH', path, { accepted_post_id: null });
    await call(teacher, 'PATCH', path, { accepted_post_id: answer.id });
    expect(await told(ben, 'answer_accepted', thread.id)).toBe(1);
    expect(await told(anna, 'answer_accepted', thread.id)).toBe(1);
    const unanswered = (await call(anna, 'GET', '/api/discussions?filter=unanswered')).json().data;
    expect(unanswered.map((t: { id: number }) => t.id)).not.toContain(thread.id);
  });

  it('removes a learner’s post with a trace: its notifications go, the audit log keeps it', async () => {
    const thread = await open(anna, { title: 'Hors sujet' });
    const rude = await replyTo(ben, thread.id, { body: '<p>Insulte</p>', mentions: [anna.id] });
    expect(await told(anna, 'mention', thread.id)).toBe(1);
    expect((await call(carl, 'DELETE', `/api/discussion-posts/${rude.id}`)).statusCode).toBe(404);
    expect((await call(teacher, 'DELETE', `/api/discussion-posts/${rude.id}`)).statusCode).toBe(
      204,
    );
    expect(await told(anna, 'mention', thread.id)).toBe(0);
    const seen = (await call(anna, 'GET', `/api/discussions/${thread.id}`)).json();
    const trace = seen.posts.find((post: { id: number }) => post.id === rude.id);
    expect(trace).toMatchObject({ body: null, removed: { by_staff: true } });
    expect(JSON.stringify(seen)).not.toContain('Insulte');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discussion_post'), eq(auditLog.entity_id, rude.id)));
    expect(audit).toBeDefined();
  });

  it('removes a whole thread: gone from lists, its notifications with it', async () => {
    const thread = await open(anna, { title: 'À retirer', mentions: [ben.id] });
    expect(await told(teacher, 'discussion_thread', thread.id)).toBe(1);
    expect((await call(anna, 'DELETE', `/api/discussions/${thread.id}`)).statusCode).toBe(403);
    expect((await call(rivalAdmin, 'DELETE', `/api/discussions/${thread.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(admin, 'DELETE', `/api/discussions/${thread.id}`)).statusCode).toBe(204);
    expect(await titlesFor(ben)).not.toContain('À retirer');
    expect((await call(teacher, 'GET', `/api/discussions/${thread.id}`)).statusCode).toBe(404);
    expect(await told(teacher, 'discussion_thread', thread.id)).toBe(0);
    expect(await told(ben, 'mention', thread.id)).toBe(0);
  });
});

describe('reports', () => {
  it('tell the teachers at the first report; staff read and dismiss them; learners see none', async () => {
    const thread = await open(anna, { title: 'Signalement' });
    const post = thread.posts[0]!.id;
    const url = `/api/discussion-posts/${post}/report`;
    expect((await call(anna, 'POST', url, { reason: 'Moi' })).statusCode).toBe(409);
    expect((await call(ben, 'POST', url, { reason: '' })).statusCode).toBe(422);
    expect((await call(ben, 'POST', url, { reason: 'Spam' })).statusCode).toBe(204);
    expect((await call(ben, 'POST', url, { reason: 'Spam encore' })).statusCode).toBe(204);
    expect((await call(carl, 'POST', url, { reason: 'Déplacé' })).statusCode).toBe(204);
    expect((await call(dora, 'POST', url, { reason: 'x' })).statusCode).toBe(404);
    expect((await call(teacher, 'POST', url, { reason: 'x' })).statusCode).toBe(403);
    expect(await told(teacher, 'post_reported', thread.id)).toBe(1);
    expect(await told(colleague, 'post_reported', thread.id)).toBe(0);
    const staffView = (await call(teacher, 'GET', `/api/discussions/${thread.id}`)).json();
    expect(staffView.open_reports).toBe(2);
    expect(staffView.posts[0].reports.map((r: { reason: string }) => r.reason)).toEqual([
      'Spam',
      'Déplacé',
    ]);
    const learnerView = (await call(ben, 'GET', `/api/discussions/${thread.id}`)).json();
    expect(learnerView.open_reports).toBe(0);
    expect(learnerView.posts[0].reports).toEqual([]);
    expect(learnerView.posts[0].can.report).toBe(true);
    expect((await call(ben, 'DELETE', `/api/discussion-posts/${post}/reports`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(colleague, 'DELETE', `/api/discussion-posts/${post}/reports`)).statusCode,
    ).toBe(404);
    expect(
      (await call(teacher, 'DELETE', `/api/discussion-posts/${post}/reports`)).statusCode,
    ).toBe(204);
    const after = (await call(teacher, 'GET', `/api/discussions/${thread.id}`)).json();
    expect(after.open_reports).toBe(0);
    expect(after.posts[0].reports).toEqual([]);
  });
});

const PDF = readFileSync(new URL('../../ops/seed/demo-syllabus.pdf', import.meta.url));
const BOUNDARY = '----skolar-discussions';
async function attach(who: Who, name: string, bytes: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: '/api/discussions/attachments',
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { ...(await as(who)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

describe('attachments', () => {
  it('reach the post’s readers once it carries them, never before, and go with a removed post', async () => {
    const uploaded = await attach(anna, 'énoncé.pdf', PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json();
    expect(file).toMatchObject({ name: 'énoncé.pdf', mime: 'application/pdf' });
    expect((await attach(anna, 'page.html', Buffer.from('<script>1</script>'))).statusCode).toBe(
      415,
    );
    const fileOf = async (who: Who) => (await call(who, 'GET', `/api/files/${file.id}`)).statusCode;
    expect(await fileOf(anna)).toBe(200);
    expect(await fileOf(ben)).toBe(404);
    const thread = await open(anna, { title: 'Pièce jointe' });
    // Someone else's upload, or an id that is no upload of the author's, is refused.
    for (const [who, ids] of [
      [ben, [file.id]],
      [anna, [file.id + 10_000]],
    ] as const) {
      const refused = await call(who, 'POST', `/api/discussions/${thread.id}/posts`, {
        body: '<p>Voir le fichier</p>',
        attachment_ids: ids,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.attachment_ids).toBeDefined();
    }
    const post = await replyTo(anna, thread.id, { attachment_ids: [file.id] });
    const seen = (await call(ben, 'GET', `/api/discussions/${thread.id}`)).json();
    expect(seen.posts.find((p: { id: number }) => p.id === post.id).attachments).toEqual([
      { id: file.id, name: 'énoncé.pdf', mime: 'application/pdf', size: PDF.length },
    ]);
    expect(await fileOf(ben)).toBe(200);
    expect(await fileOf(carl)).toBe(200);
    expect(await fileOf(dora)).toBe(404);
    expect(await fileOf(rivalStudent)).toBe(404);
    // Carried once: the same upload cannot go on a second post.
    const again = await call(anna, 'POST', `/api/discussions/${thread.id}/posts`, {
      body: '<p>Encore</p>',
      attachment_ids: [file.id],
    });
    expect(again.statusCode).toBe(422);
    expect((await call(teacher, 'DELETE', `/api/discussion-posts/${post.id}`)).statusCode).toBe(
      204,
    );
    expect(await fileOf(ben)).toBe(404);
    const trace = (await call(ben, 'GET', `/api/discussions/${thread.id}`)).json();
    expect(trace.posts.find((p: { id: number }) => p.id === post.id).attachments).toEqual([]);
  });

  it('are deleted when no post carries them two days after their upload', async () => {
    const kept = (await attach(ben, 'gardé.pdf', PDF)).json();
    const forgotten = (await attach(ben, 'oublié.pdf', PDF)).json();
    const thread = await open(anna, { title: 'Ménage' });
    await replyTo(ben, thread.id, { attachment_ids: [kept.id] });
    clock.advance(49 * 60 * 60 * 1000);
    as.forget();
    const deleted = await deleteOrphanImages(ctx);
    expect(deleted).toContain(forgotten.id);
    expect(deleted).not.toContain(kept.id);
    expect((await call(ben, 'GET', `/api/files/${kept.id}`)).statusCode).toBe(200);
    expect((await call(ben, 'GET', `/api/files/${forgotten.id}`)).statusCode).toBe(404);
  });
});

describe('the readers the notifications reach', () => {
  it('are exactly the people the policy lets read the subject', async () => {
    const everyone = [admin, teacher, colleague, anna, ben, carl, dora];
    const roles: Record<number, Role> = {
      [admin.id]: 'admin',
      [teacher.id]: 'teacher',
      [colleague.id]: 'teacher',
    };
    const readers = new Set((await subjectReaders(db, subject.id)).map((row) => row.id));
    for (const person of everyone) {
      const actor = {
        userId: person.id,
        role: roles[person.id] ?? ('student' as Role),
        institutionId: school.id,
        sessionId: 0,
        locale: 'fr' as const,
        timeZone: 'Europe/Paris',
      };
      const visible = await db
        .select({ id: subjects.id })
        .from(subjects)
        .where(and(eq(subjects.id, subject.id), can(actor, 'read', 'subject').where));
      expect(readers.has(person.id), `user ${person.id}`).toBe(visible.length === 1);
    }
  });
});
