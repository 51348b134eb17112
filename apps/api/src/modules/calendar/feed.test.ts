import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { RateLimits } from '../../auth/rate-limit.ts';
import { hashToken } from '../../auth/tokens.ts';
import { calendarFeeds, eventExceptions, events, users } from '../../db/schema/index.ts';

const { app, db, ctx, clock } = await createTestApp();
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const teacher = await createUser(db, 'teacher', school.id);
const student = await createUser(db, 'student', school.id);
const classmate = await createUser(db, 'student', school.id);
const stranger = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id, classmate.id],
  teachers: [teacher.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [stranger.id] });
const subject = await createSubject(db, school.id, [teacher.id], { name: 'Algèbre' });
const exam = await createEvaluation(db, await createTraining(db, promotion), subject.id, {
  title: 'Partiel',
  date: '2026-12-01',
  start_time: '09:00',
  end_time: '11:00',
});
const strangersExam = await createEvaluation(
  db,
  await createTraining(db, otherPromotion),
  subject.id,
  { title: 'Autre partiel', date: '2026-12-01' },
);

const insertEvent = async (values: Partial<typeof events.$inferInsert>) => {
  const [row] = await db
    .insert(events)
    .values({
      institution_id: school.id,
      owner_id: teacher.id,
      title: 'Event',
      starts_at: new Date('2026-12-02T09:00:00Z'),
      ends_at: new Date('2026-12-02T10:00:00Z'),
      ...values,
    })
    .returning();
  return row!;
};

// A weekly class on Mondays at 09:00 Paris time, four times, across the end of summer time
// (25 October 2026): 07:00 UTC before, 08:00 UTC after. The third is cancelled, the fourth moved
// to the Tuesday at 14:00.
const weekly = await insertEvent({
  title: 'Cours de maths',
  audience: 'promotion',
  audience_id: promotion.id,
  starts_at: new Date('2026-10-19T07:00:00Z'),
  ends_at: new Date('2026-10-19T08:00:00Z'),
  recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
});
await db.insert(eventExceptions).values([
  { event_id: weekly.id, original_start: new Date('2026-11-02T08:00:00Z'), cancelled: true },
  {
    event_id: weekly.id,
    original_start: new Date('2026-11-09T08:00:00Z'),
    starts_at: new Date('2026-11-10T13:00:00Z'),
    ends_at: new Date('2026-11-10T14:00:00Z'),
  },
]);
// The student's own day off, all day on Saturday 5 December (Paris).
const dayOff = await insertEvent({
  owner_id: student.id,
  title: 'Journée libre',
  all_day: true,
  starts_at: new Date('2026-12-04T23:00:00Z'),
  ends_at: new Date('2026-12-05T23:00:00Z'),
});
const someoneElses = await insertEvent({ owner_id: classmate.id, title: 'Dentiste' });

const as = signedIn(app);
const call = async (
  user: { id: number; email: string },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
) => app.inject({ method, url, headers: await as(user) });

/** Fetches a feed as a calendar app does: no session, only the address. */
const fetchFeed = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
const uids = (calendar: ICAL.Component) =>
  calendar
    .getAllSubcomponents('vevent')
    .map((vevent) => vevent.getFirstPropertyValue('uid') as string)
    .sort();

describe('the private calendar feed', () => {
  it('is created with an address whose token is stored only as its hash', async () => {
    expect((await call(student, 'GET', '/api/me/calendar-feed')).json()).toEqual({
      active: false,
      created_at: null,
      last_used_at: null,
    });
    const created = await call(student, 'POST', '/api/me/calendar-feed');
    expect(created.statusCode).toBe(201);
    const { url } = created.json();
    expect(url).toMatch(
      new RegExp(`^${ctx.config.PUBLIC_URL}/api/calendar-feeds/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const token = new URL(url).pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const [row] = await db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.user_id, student.id));
    expect(row!.token_hash).not.toContain(token);
    expect(row!.token_hash).toBe(hashToken(token));
    const status = (await call(student, 'GET', '/api/me/calendar-feed')).json();
    expect(status).toMatchObject({ active: true, last_used_at: null });
    expect(status.url).toBeUndefined();
  });

  it("serves the user's events and exams as iCalendar with stable UIDs, and nobody else's", async () => {
    const { url } = (await call(student, 'POST', '/api/me/calendar-feed')).json();
    const first = await fetchFeed(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = parse(first.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Skolar');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Paris');
    expect(uids(calendar)).toEqual(
      [
        `event-${weekly.id}@skolar`,
        `event-${weekly.id}@skolar`,
        `event-${dayOff.id}@skolar`,
        `exam-${exam.id}@skolar`,
      ].sort(),
    );
    expect(first.body).not.toContain('Dentiste');
    expect(first.body).not.toContain(`exam-${strangersExam.id}@`);
    expect(first.body).not.toContain(`event-${someoneElses.id}@`);

    const examEvent = calendar
      .getAllSubcomponents('vevent')
      .find((vevent) => vevent.getFirstPropertyValue('uid') === `exam-${exam.id}@skolar`)!;
    const details = new ICAL.Event(examEvent);
    expect(details.summary).toBe('Partiel · Algèbre');
    expect(details.startDate.toJSDate().toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(details.endDate.toJSDate().toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(examEvent.getFirstPropertyValue('url')).toBe(
      `${ctx.config.PUBLIC_URL}/evaluation-details/${exam.id}`,
    );

    const allDay = new ICAL.Event(
      calendar
        .getAllSubcomponents('vevent')
        .find((vevent) => vevent.getFirstPropertyValue('uid') === `event-${dayOff.id}@skolar`)!,
    );
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe('2026-12-05');
    expect(allDay.endDate.toString()).toBe('2026-12-06');

    clock.advance(60 * 60 * 1000);
    const second = await fetchFeed(url);
    expect(uids(parse(second.body))).toEqual(uids(calendar));
    const [row] = await db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.user_id, student.id));
    expect(row!.last_used_at).toEqual(clock.now());

    // The signed-in user's own download is the same calendar.
    const mine = await call(student, 'GET', '/api/me/calendar.ics');
    expect(mine.statusCode).toBe(200);
    expect(uids(parse(mine.body))).toEqual(uids(calendar));
  });

  it('repeats a weekly class at 09:00 Paris time, without its cancelled occurrence, with its moved one', async () => {
    const { url } = (await call(classmate, 'POST', '/api/me/calendar-feed')).json();
    const calendar = parse((await fetchFeed(url)).body);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(zone);
    }
    const parts = calendar
      .getAllSubcomponents('vevent')
      .filter((vevent) => vevent.getFirstPropertyValue('uid') === `event-${weekly.id}@skolar`);
    const master = parts.find((vevent) => !vevent.hasProperty('recurrence-id'))!;
    const start = master.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('Europe/Paris');
    expect(start.toICALString()).toBe('DTSTART;TZID=Europe/Paris:20261019T090000');
    expect(master.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=WEEKLY;COUNT=4;BYDAY=MO');

    const series = new ICAL.Event(master);
    for (const part of parts.filter((vevent) => vevent.hasProperty('recurrence-id'))) {
      series.relateException(new ICAL.Event(part));
    }
    const occurrences: string[] = [];
    const iterator = series.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const occurrence = series.getOccurrenceDetails(next);
      occurrences.push(
        `${occurrence.startDate.toJSDate().toISOString()}/${occurrence.endDate.toJSDate().toISOString()}`,
      );
    }
    expect(occurrences).toEqual([
      '2026-10-19T07:00:00.000Z/2026-10-19T08:00:00.000Z',
      // Still 09:00 in Paris after the change to winter time.
      '2026-10-26T08:00:00.000Z/2026-10-26T09:00:00.000Z',
      // 2 November cancelled; 9 November moved to Tuesday 10 at 14:00.
      '2026-11-10T13:00:00.000Z/2026-11-10T14:00:00.000Z',
    ]);
  });

  it('answers 404 at once once revoked or replaced, and for an unknown address', async () => {
    const first = (await call(student, 'POST', '/api/me/calendar-feed')).json().url;
    const second = (await call(student, 'POST', '/api/me/calendar-feed')).json().url;
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const revoked = await call(student, 'DELETE', '/api/me/calendar-feed');
    expect(revoked.statusCode).toBe(204);
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await call(student, 'GET', '/api/me/calendar-feed')).json().active).toBe(false);
    expect(
      await db.select().from(calendarFeeds).where(eq(calendarFeeds.user_id, student.id)),
    ).toEqual([]);
    const guess = await app.inject({
      method: 'GET',
      url: `/api/calendar-feeds/${'A'.repeat(43)}.ics`,
    });
    expect(guess.statusCode).toBe(404);
  });

  it("stops serving a disabled user's feed", async () => {
    const { url } = (await call(stranger, 'POST', '/api/me/calendar-feed')).json();
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, stranger.id));
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it('refuses an address that guesses tokens once it has guessed too often', async () => {
    const { url } = (await call(classmate, 'POST', '/api/me/calendar-feed')).json();
    ctx.limits = new RateLimits(undefined, { 'calendar-feed:ip': { points: 2, duration: 900 } });
    try {
      const guess = () =>
        app.inject({ method: 'GET', url: `/api/calendar-feeds/${'B'.repeat(43)}.ics` });
      expect((await guess()).statusCode).toBe(404);
      expect((await guess()).statusCode).toBe(404);
      expect((await guess()).statusCode).toBe(429);
      expect((await fetchFeed(url)).statusCode).toBe(429);
    } finally {
      ctx.limits = new RateLimits();
    }
  });
});
