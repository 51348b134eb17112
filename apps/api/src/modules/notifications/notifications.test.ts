import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createEvaluation,
  createGroup,
  createInstitution,
  createLesson,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { mailOutbox, notificationPreferences, notifications } from '../../db/schema/index.ts';
import { sendDueDigests } from '../../jobs/digest.ts';
import { processOutbox } from '../../jobs/outbox-worker.ts';
import { sendDueReminders } from '../../jobs/reminders.ts';
import type { MailTransport } from '../../mail/transport.ts';

// The notification centre (issue 33, decision 200): each type produced by its cause, once, and
// only to its audience; the person's own list, marks and preferences; the mails' unsubscribe
// links; the daily digest at the chosen hour; the live stream, from another node too.

const { app, ctx, db } = await createTestApp();
const school = await createInstitution(db, { timezone: 'Europe/Paris', name: 'Lycée Nord' });
const teacher = await createUser(db, 'teacher', school.id, {
  first_name: 'Ada',
  last_name: 'Prof',
});
const anna = await createUser(db, 'student', school.id, { first_name: 'Anna', locale: 'de' });
const ben = await createUser(db, 'student', school.id, { first_name: 'Ben' });
const quiet = await createUser(db, 'student', school.id, { notify_email: false });
const elsewhere = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [anna.id, ben.id, quiet.id],
  teachers: [teacher.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [elsewhere.id] });
const training = await createTraining(db, promotion);
const otherTraining = await createTraining(db, otherPromotion);
const subject = await createSubject(db, school.id, [teacher.id]);
await createModule(db, school.id, { trainingId: training.id, subjectIds: [subject.id] });
const group = await createGroup(db, promotion, [anna.id]);

const rival = await createInstitution(db);
const rivalStudent = await createUser(db, 'student', rival.id);

const as = signedIn(app);
type Who = { id: number; email: string };
const call = async (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(who), ...(payload ? { payload } : {}) });

const rowsOf = (userId: number, type?: string) =>
  db
    .select()
    .from(notifications)
    .where(
      type === undefined
        ? eq(notifications.user_id, userId)
        : and(eq(notifications.user_id, userId), eq(notifications.type, type)),
    );
const count = async (userId: number, type: string) => (await rowsOf(userId, type)).length;
const mailsTo = (address: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address));

async function publishGrade(evaluationId: number, students: Who[]) {
  const put = await call(teacher, 'PUT', `/api/evaluations/${evaluationId}/results`, {
    results: students.map((s) => ({ student_id: s.id, grade: 12, version: 0 })),
  });
  expect(put.statusCode, put.body).toBe(200);
  const published = await call(teacher, 'POST', `/api/evaluations/${evaluationId}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return published.json() as { published: number; mailed: number };
}

describe('notifications produced by their causes', () => {
  it('tells each student whose grade is published, once, and mails those who chose it with an unsubscribe link', async () => {
    const evaluation = await createEvaluation(db, training, subject.id, { title: 'Partiel 1' });
    const before = (await mailsTo(anna.email)).length;
    const answer = await publishGrade(evaluation.id, [anna, quiet]);
    expect(answer).toEqual({ published: 2, mailed: 1 });
    const [row] = await rowsOf(anna.id, 'grade_published');
    expect(row).toMatchObject({
      params: { evaluation: 'Partiel 1', subject: subject.name },
      link: '/results',
      mail: 'queued',
      read_at: null,
    });
    expect(await count(quiet.id, 'grade_published')).toBe(1);
    expect((await rowsOf(quiet.id, 'grade_published'))[0]!.mail).toBe('none');
    // Ben has no grade: nothing; nor anyone of another promotion or institution.
    expect(await count(ben.id, 'grade_published')).toBe(0);
    expect(await count(elsewhere.id, 'grade_published')).toBe(0);
    expect(await count(rivalStudent.id, 'grade_published')).toBe(0);
    const mails = (await mailsTo(anna.email)).slice(before);
    expect(mails.map((m) => m.template)).toEqual(['results-published']);
    expect(String(mails[0]!.payload.unsubscribe_link)).toMatch(
      /^http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\/[\w-]+$/,
    );
    // Publishing again publishes nothing and notifies no one.
    const again = await call(teacher, 'POST', `/api/evaluations/${evaluation.id}/publish`, {});
    expect(again.json()).toEqual({ published: 0, mailed: 0 });
    expect(await count(anna.id, 'grade_published')).toBe(1);
  });

  it('renders the mail with List-Unsubscribe and one-click headers', async () => {
    const sent: Array<{ subject: string; headers?: Record<string, string>; text: string }> = [];
    const transport: MailTransport = {
      kind: 'dev',
      async send(mail) {
        sent.push(mail);
      },
      close() {},
    };
    await processOutbox(ctx, { transport, limit: 100 });
    const mail = sent.find((m) => m.subject.includes('Partiel 1') && m.headers);
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\/[\w-]+>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('tells the promotion of a new evaluation, and of a change of its date but not of its title', async () => {
    const created = await call(teacher, 'POST', '/api/evaluations', {
      subject_id: subject.id,
      training_id: training.id,
      type: 'exam',
      title: 'Oral',
      date: '2026-12-10',
      start_time: '09:00',
      end_time: '11:00',
      duration_minutes: 90,
      percentage: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    for (const student of [anna, ben, quiet])
      expect(await count(student.id, 'evaluation_added')).toBe(1);
    expect(await count(elsewhere.id, 'evaluation_added')).toBe(0);
    expect(await count(teacher.id, 'evaluation_added')).toBe(0);
    const [added] = await rowsOf(anna.id, 'evaluation_added');
    expect(added).toMatchObject({ link: `/evaluation-details/${id}`, mail: 'digest' });

    expect(
      (await call(teacher, 'PATCH', `/api/evaluations/${id}`, { title: 'Oral blanc' })).statusCode,
    ).toBe(200);
    expect(await count(anna.id, 'evaluation_moved')).toBe(0);
    expect(
      (await call(teacher, 'PATCH', `/api/evaluations/${id}`, { date: '2026-12-11' })).statusCode,
    ).toBe(200);
    expect(await count(anna.id, 'evaluation_moved')).toBe(1);
    expect(await count(elsewhere.id, 'evaluation_moved')).toBe(0);
  });

  it("tells a group's students that a class moved or was cancelled, not the teacher who did it", async () => {
    const created = await call(teacher, 'POST', '/api/events', {
      title: 'TD réseaux',
      starts_at: '2026-12-08T08:00:00.000Z',
      ends_at: '2026-12-08T09:00:00.000Z',
      audience: 'group',
      audience_id: group.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(await count(anna.id, 'event_moved')).toBe(0);
    const moved = await call(teacher, 'PATCH', `/api/events/${id}`, {
      starts_at: '2026-12-08T10:00:00.000Z',
      ends_at: '2026-12-08T11:00:00.000Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await count(anna.id, 'event_moved')).toBe(1);
    // Ben is in the promotion, not in the group.
    expect(await count(ben.id, 'event_moved')).toBe(0);
    expect(await count(teacher.id, 'event_moved')).toBe(0);
    expect((await call(teacher, 'DELETE', `/api/events/${id}`)).statusCode).toBe(204);
    expect(await count(anna.id, 'event_cancelled')).toBe(1);
    expect(await count(ben.id, 'event_cancelled')).toBe(0);
  });

  it('does not tell anyone of a change to a class already past', async () => {
    const created = await call(teacher, 'POST', '/api/events', {
      title: 'Passé',
      starts_at: '2026-11-02T08:00:00.000Z',
      ends_at: '2026-11-02T09:00:00.000Z',
      audience: 'promotion',
      audience_id: promotion.id,
    });
    const id = created.json().id as number;
    await call(teacher, 'PATCH', `/api/events/${id}`, {
      starts_at: '2026-11-03T08:00:00.000Z',
      ends_at: '2026-11-03T09:00:00.000Z',
    });
    const rows = await rowsOf(ben.id, 'event_moved');
    expect(rows.filter((r) => r.params.event === 'Passé')).toEqual([]);
  });

  it("tells the subject's students of a new chapter, not those of another training", async () => {
    const lesson = await createLesson(db, subject, { title: 'Routage' });
    const created = await call(teacher, 'POST', '/api/chapters', {
      lesson_id: lesson.id,
      title: 'OSPF',
      content: '<p>Texte</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await rowsOf(ben.id, 'chapter_published');
    expect(row).toMatchObject({
      params: { chapter: 'OSPF', lesson: 'Routage' },
      link: `/student/chapters/${created.json().id}`,
      mail: 'none',
    });
    expect(await count(elsewhere.id, 'chapter_published')).toBe(0);
    expect(await count(teacher.id, 'chapter_published')).toBe(0);
  });

  it('tells the students of an exam within 24 hours once, whatever the runs', async () => {
    const exam = await createEvaluation(db, otherTraining, subject.id, {
      title: 'Final',
      date: '2026-11-23',
      start_time: '09:00',
      end_time: '10:00',
    });
    await sendDueReminders(ctx);
    await sendDueReminders(ctx);
    const rows = (await rowsOf(elsewhere.id, 'exam_tomorrow')).filter(
      (r) => r.link === `/evaluation-details/${exam.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mail).toBe('queued');
    expect(await count(anna.id, 'exam_tomorrow')).toBe(0);
  });
});

describe("a person's notification centre", () => {
  it('lists their own, the latest first, by pages, with the unread count', async () => {
    const all = await call(anna, 'GET', '/api/notifications?limit=2');
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as { data: Array<{ id: number }>; unread: number; has_more: boolean };
    const mine = await rowsOf(anna.id);
    expect(body.unread).toBe(mine.length);
    expect(body.has_more).toBe(mine.length > 2);
    expect(body.data.map((n) => n.id)).toEqual(
      mine
        .map((n) => n.id)
        .sort((a, b) => b - a)
        .slice(0, 2),
    );
    const next = await call(anna, 'GET', `/api/notifications?limit=2&before=${body.data[1]!.id}`);
    expect(next.json().data.every((n: { id: number }) => n.id < body.data[1]!.id)).toBe(true);
  });

  it('marks one read, then all, and never one of somebody else (404)', async () => {
    const [first] = await rowsOf(anna.id);
    const other = (await rowsOf(ben.id))[0]!;
    const one = await call(anna, 'POST', `/api/notifications/${first!.id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json().unread).toBe((await rowsOf(anna.id)).length - 1);
    expect((await call(anna, 'POST', `/api/notifications/${other.id}/read`)).statusCode).toBe(404);
    expect((await rowsOf(ben.id)).find((r) => r.id === other.id)!.read_at).toBeNull();
    expect(
      (await call(rivalStudent, 'POST', `/api/notifications/${other.id}/read`)).statusCode,
    ).toBe(404);
    const all = await call(anna, 'POST', '/api/notifications/read-all');
    expect(all.json()).toEqual({ unread: 0 });
    expect((await call(anna, 'GET', '/api/notifications?unread=true')).json().data).toEqual([]);
    expect((await call(ben, 'GET', '/api/notifications')).json().unread).toBeGreaterThan(0);
  });

  it('answers a guest 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('notification preferences', () => {
  it("lists the types of the person's role with their defaults", async () => {
    const student = (await call(ben, 'GET', '/api/me/notification-preferences')).json();
    expect(student.types.map((t: { type: string }) => t.type)).toContain('grade_published');
    expect(student.types.map((t: { type: string }) => t.type)).not.toContain('submission_received');
    expect(student).toMatchObject({
      digest_hour: 7,
      time_zone: 'Europe/Paris',
      email_enabled: true,
    });
    const staff = (await call(teacher, 'GET', '/api/me/notification-preferences')).json();
    expect(staff.types.map((t: { type: string }) => t.type)).toEqual([
      'submission_received',
      'discussion_thread',
      'discussion_reply',
      'mention',
      'answer_accepted',
      'post_reported',
      'message',
    ]);
  });

  it('changes only what is given; refuses, field by field, a bad hour, zone, delivery or a type of another role', async () => {
    const changed = await call(ben, 'PATCH', '/api/me/notification-preferences', {
      types: [{ type: 'chapter_published', delivery: 'off' }],
      digest_hour: 18,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const body = changed.json();
    expect(body.digest_hour).toBe(18);
    expect(body.time_zone).toBe('Europe/Paris');
    expect(body.types.find((t: { type: string }) => t.type === 'chapter_published').delivery).toBe(
      'off',
    );
    expect(body.types.find((t: { type: string }) => t.type === 'grade_published').delivery).toBe(
      'instant',
    );
    const bad = await call(ben, 'PATCH', '/api/me/notification-preferences', {
      digest_hour: 24,
      time_zone: 'Mars/Olympus',
      types: [{ type: 'grade_published', delivery: 'sometimes' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'digest_hour',
      'time_zone',
      'types.0.delivery',
    ]);
    const notMine = await call(ben, 'PATCH', '/api/me/notification-preferences', {
      types: [{ type: 'submission_received', delivery: 'off' }],
    });
    expect(notMine.statusCode).toBe(422);
    expect((await call(ben, 'GET', '/api/me/notification-preferences')).json().digest_hour).toBe(
      18,
    );
  });

  it('follows the preference: off makes no row, app no mail', async () => {
    const lesson = await createLesson(db, subject, { title: 'Silence' });
    await call(teacher, 'POST', '/api/chapters', { lesson_id: lesson.id, title: 'Muet' });
    expect(
      (await rowsOf(ben.id, 'chapter_published')).filter((r) => r.params.lesson === 'Silence'),
    ).toEqual([]);
    expect(
      (await rowsOf(anna.id, 'chapter_published')).filter((r) => r.params.lesson === 'Silence'),
    ).toHaveLength(1);
  });
});

describe('unsubscribe links', () => {
  const tokenOf = (link: unknown) => String(link).split('/').pop()!;

  it('refuse a forged link (404) and send a browser to the confirmation page', async () => {
    const forged = await app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe/forged-token',
    });
    expect(forged.statusCode).toBe(404);
    const [mail] = (await mailsTo(anna.email)).filter((m) => m.template === 'results-published');
    const token = tokenOf(mail!.payload.unsubscribe_link);
    const page = await app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe/${token}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/unsubscribe/${token}`);
  });

  it('stops mailing that type only, without signing in (one-click), once', async () => {
    const [mail] = (await mailsTo(anna.email)).filter((m) => m.template === 'results-published');
    const token = tokenOf(mail!.payload.unsubscribe_link);
    const info = await app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe/${token}`,
    });
    expect(info.json()).toEqual({
      type: 'grade_published',
      institution_name: 'Lycée Nord',
      used: false,
    });
    const done = await app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    const prefs = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.user_id, anna.id));
    expect(prefs).toEqual([{ user_id: anna.id, type: 'grade_published', delivery: 'app' }]);
    const reused = await app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe/${token}`,
    });
    expect(reused.statusCode).toBe(410);
    // The next grade is in the application, not in a mail.
    const evaluation = await createEvaluation(db, training, subject.id, { title: 'Partiel 2' });
    expect(await publishGrade(evaluation.id, [anna])).toEqual({ published: 1, mailed: 0 });
    expect((await rowsOf(anna.id, 'grade_published')).length).toBe(2);
  });
});

describe('the daily digest', () => {
  // On a database of its own (its clock goes back to October): opening it takes a while.
  it('goes out at the chosen hour in the person’s zone, across a change of daylight saving time', async () => {
    const { ctx: c, db: d, clock: k } = await createTestApp();
    const place = await createInstitution(d, { timezone: 'Europe/Paris' });
    const learner = await createUser(d, 'student', place.id);
    const cohort = await createPromotion(d, place.id, { students: [learner.id] });
    const course = await createTraining(d, cohort);
    const { notify } = await import('../../notify/notify.ts');
    const tell = (title: string) =>
      d.transaction((tx) =>
        notify(c, tx, [learner.id], {
          type: 'evaluation_added',
          params: { evaluation: title, subject: 'B' },
          link: `/evaluation-details/${course.id}`,
        }),
      );
    const at = (instant: string) => k.advance(new Date(instant).getTime() - k.now().getTime());
    // Friday 23 October 2026, 12:00 in Paris (summer time, UTC+2).
    at('2026-10-23T10:00:00Z');
    await tell('A');
    // 07:00 in Paris on Saturday 24 is 05:00 UTC.
    at('2026-10-24T04:59:00Z');
    expect(await sendDueDigests(c)).toBe(0);
    at('2026-10-24T05:00:00Z');
    expect(await sendDueDigests(c)).toBe(1);
    // Saturday 12:00, then the clocks go back on Sunday at 03:00 (winter time, UTC+1).
    at('2026-10-24T10:00:00Z');
    await tell('B');
    // 06:59 Paris on Sunday 25 (winter time since 03:00, UTC+1): not yet.
    k.advance(new Date('2026-10-25T05:59:00Z').getTime() - k.now().getTime());
    expect(await sendDueDigests(c)).toBe(0);
    // 07:00 Paris = 06:00 UTC that day.
    k.advance(60_000);
    expect(await sendDueDigests(c)).toBe(1);
    expect(await sendDueDigests(c)).toBe(0);
    const digests = await d
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'notification-digest'))
      .orderBy(mailOutbox.id);
    expect(digests.map((m) => m.payload.items)).toEqual([
      [
        {
          text: 'Nouvelle évaluation : A (B)',
          link: expect.stringContaining('/evaluation-details/'),
        },
      ],
      [
        {
          text: 'Nouvelle évaluation : B (B)',
          link: expect.stringContaining('/evaluation-details/'),
        },
      ],
    ]);
    expect(String(digests[0]!.payload.unsubscribe_link)).toContain(
      '/api/notifications/unsubscribe/',
    );
  }, 120_000);
});

describe('the live stream', () => {
  const listening: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of listening.reverse()) await stop();
  });

  /** Opens the stream over HTTP and answers the events as they come. */
  async function open(base: string, who: Who, lastEventId?: number) {
    const headers: Record<string, string> = { ...(await as(who)), accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/notifications/stream`, {
      headers,
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const events: Array<{ event: string; id?: string; data: unknown }> = [];
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const done = (async () => {
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) return;
          buffer += decoder.decode(value, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((line) => !line.startsWith(':') && line.includes(': '))
                .map((line) => [
                  line.slice(0, line.indexOf(': ')),
                  line.slice(line.indexOf(': ') + 2),
                ]),
            );
            if (fields.event)
              events.push({
                event: fields.event,
                id: fields.id,
                data: JSON.parse(fields.data ?? 'null'),
              });
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
    listening.push(async () => {
      controller.abort();
      await done;
    });
    return events;
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(check()).toBe(true);
  };

  it('sends the count, then each new notification as it commits, from another node too', async () => {
    // A second node on the same database, as behind a load balancer.
    const second = await buildApp(ctx, { webRoot: null });
    await second.listen({ port: 0, host: '127.0.0.1' });
    listening.push(() => second.close());
    const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const events = await open(base, ben);
    await until(() => events.some((e) => e.event === 'unread'));
    const before = (events.find((e) => e.event === 'unread')!.data as { unread: number }).unread;
    // The first node publishes a grade.
    const evaluation = await createEvaluation(db, training, subject.id, { title: 'En direct' });
    await publishGrade(evaluation.id, [ben]);
    await until(() => events.some((e) => e.event === 'notification'));
    const live = events.find((e) => e.event === 'notification')!;
    expect(live.data).toMatchObject({
      type: 'grade_published',
      params: { evaluation: 'En direct' },
    });
    await until(() => events.filter((e) => e.event === 'unread').length >= 2);
    expect(events.filter((e) => e.event === 'unread').at(-1)!.data).toEqual({ unread: before + 1 });
    // Nothing of anyone else's reached Ben's stream.
    expect(events.filter((e) => e.event === 'notification')).toHaveLength(1);
  });

  it('replays what a reconnecting client missed since its Last-Event-ID', async () => {
    const second = await buildApp(ctx, { webRoot: null });
    await second.listen({ port: 0, host: '127.0.0.1' });
    listening.push(() => second.close());
    const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const mine = (await rowsOf(ben.id)).map((r) => r.id).sort((a, b) => a - b);
    const events = await open(base, ben, mine.at(-3)!);
    await until(() => events.filter((e) => e.event === 'notification').length === 2);
    expect(events.filter((e) => e.event === 'notification').map((e) => Number(e.id))).toEqual(
      mine.slice(-2),
    );
  });
});
