import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createGroup,
  createInstitution,
  createPromotion,
  createUser,
} from '../../../test/factories.ts';
import { eventExceptions, events } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const otherSchool = await createInstitution(db, { timezone: 'Europe/Paris' });
const admin = await createUser(db, 'admin', school.id);
const teacher = await createUser(db, 'teacher', school.id);
const colleague = await createUser(db, 'teacher', school.id);
const student = await createUser(db, 'student', school.id);
const otherStudent = await createUser(db, 'student', school.id);
const otherAdmin = await createUser(db, 'admin', otherSchool.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id],
  teachers: [teacher.id, colleague.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [otherStudent.id] });
const group = await createGroup(db, promotion, [student.id]);
const foreignPromotion = await createPromotion(db, otherSchool.id);

const as = signedIn(app);

// Fixed weeks (recurrence maths does not depend on today): the week of Monday 7 December 2026.
const at = (day: string, time: string) => `${day}T${time}:00.000Z`;

async function post(user: { id: number; email: string }, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/events', headers: await as(user), payload });
}

async function created(user: { id: number; email: string }, payload: Record<string, unknown>) {
  const response = await post(user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; starts_at: string; ends_at: string; rrule: string };
}

interface Entry {
  key: string;
  event_id: number | null;
  title: string;
  starts_at: string;
  ends_at: string;
  occurrence_start: string | null;
  editable: boolean;
}

async function list(
  user: { id: number; email: string },
  start: string,
  end: string,
  url = '/api/events',
) {
  const response = await app.inject({
    method: 'GET',
    url: `${url}?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
    headers: await as(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { time_zone: string; entries: Entry[] };
}

const titles = (answer: { entries: Entry[] }) => answer.entries.map((entry) => entry.title);

describe('events: who sees them', () => {
  it("shows a student their promotion's and group's events, not another promotion's nor another institution's", async () => {
    const day = { starts_at: at('2026-12-08', '08:00'), ends_at: at('2026-12-08', '09:00') };
    await created(teacher, {
      ...day,
      title: 'Promo class',
      audience: 'promotion',
      audience_id: promotion.id,
    });
    await created(admin, {
      ...day,
      title: 'Other promo',
      audience: 'promotion',
      audience_id: otherPromotion.id,
    });
    await created(teacher, {
      ...day,
      title: 'Group session',
      audience: 'group',
      audience_id: group.id,
    });
    await created(admin, {
      ...day,
      title: 'Open day',
      audience: 'institution',
      audience_id: school.id,
    });
    await created(teacher, { ...day, title: 'Teacher own' });
    const foreign = await created(otherAdmin, {
      ...day,
      title: 'Foreign promo',
      audience: 'promotion',
      audience_id: foreignPromotion.id,
    });

    const range = [at('2026-12-07', '00:00'), at('2026-12-14', '00:00')] as const;
    const seen = await list(student, ...range);
    expect(seen.time_zone).toBe('Europe/Paris');
    expect(titles(seen).sort()).toEqual(['Group session', 'Open day', 'Promo class']);
    expect(seen.entries.every((entry) => !entry.editable)).toBe(true);
    expect(titles(await list(otherStudent, ...range)).sort()).toEqual(['Open day', 'Other promo']);
    // The planning answers the same entries.
    expect(await list(student, ...range, '/api/me/planning')).toEqual(seen);
    expect(titles(await list(admin, ...range))).not.toContain('Foreign promo');
    expect(titles(await list(admin, ...range))).not.toContain('Teacher own');

    const mine = await list(teacher, ...range);
    expect(titles(mine).sort()).toEqual([
      'Group session',
      'Open day',
      'Promo class',
      'Teacher own',
    ]);
    expect(mine.entries.find((entry) => entry.title === 'Promo class')?.editable).toBe(true);
    expect(mine.entries.find((entry) => entry.title === 'Open day')?.editable).toBe(false);

    for (const user of [student, teacher, admin]) {
      const read = await app.inject({
        method: 'GET',
        url: `/api/events/${foreign.id}`,
        headers: await as(user),
      });
      expect(read.statusCode).toBe(404);
    }
  });

  it('answers only the occurrences inside [start, end)', async () => {
    await created(teacher, {
      title: 'Before',
      starts_at: at('2027-01-04', '08:00'),
      ends_at: at('2027-01-04', '09:00'),
    });
    await created(teacher, {
      title: 'Inside',
      starts_at: at('2027-01-05', '08:00'),
      ends_at: at('2027-01-05', '09:00'),
    });
    await created(teacher, {
      title: 'At the end',
      starts_at: at('2027-01-06', '08:00'),
      ends_at: at('2027-01-06', '09:00'),
    });
    await created(teacher, {
      title: 'Daily-ish',
      starts_at: at('2027-01-04', '12:00'),
      ends_at: at('2027-01-04', '13:00'),
      repeat: { weekdays: ['MO', 'TU', 'WE'], count: 6 },
    });
    const answer = await list(teacher, at('2027-01-04', '09:00'), at('2027-01-06', '08:00'));
    expect(answer.entries.map((entry) => [entry.title, entry.starts_at])).toEqual(
      [
        ['Inside', at('2027-01-05', '08:00')],
        ['Daily-ish', at('2027-01-04', '12:00')],
        ['Daily-ish', at('2027-01-05', '12:00')],
      ].sort((a, b) => a[1]!.localeCompare(b[1]!)),
    );
  });
});

describe('events: who changes them', () => {
  it("refuses a teacher a colleague's event (404, unchanged); lets the admin change the institution's", async () => {
    const event = await created(colleague, {
      title: 'Colleague class',
      starts_at: at('2026-12-09', '08:00'),
      ends_at: at('2026-12-09', '09:00'),
      audience: 'promotion',
      audience_id: promotion.id,
    });
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: await as(teacher),
      payload: { title: 'Taken over' },
    });
    expect(patch.statusCode).toBe(404);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: await as(teacher),
    });
    expect(remove.statusCode).toBe(404);
    const [row] = await db.select().from(events).where(eq(events.id, event.id));
    expect(row?.title).toBe('Colleague class');

    const byAdmin = await app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: await as(admin),
      payload: { title: 'Moved by the office' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      title: 'Moved by the office',
      owner_id: colleague.id,
      starts_at: at('2026-12-09', '08:00'),
      can: { update: true, delete: true },
    });
    const otherAdminTry = await app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: await as(otherAdmin),
    });
    expect(otherAdminTry.statusCode).toBe(404);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: await as(admin),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await db.select().from(events).where(eq(events.id, event.id))).toEqual([]);
  });

  it('keeps a personal event from the admin', async () => {
    const own = await created(teacher, {
      title: 'Dentist',
      starts_at: at('2026-12-10', '08:00'),
      ends_at: at('2026-12-10', '09:00'),
    });
    const read = await app.inject({
      method: 'GET',
      url: `/api/events/${own.id}`,
      headers: await as(admin),
    });
    expect(read.statusCode).toBe(404);
  });

  it('refuses a reversed event with 422 on ends_at, on creation and on change', async () => {
    const reversed = await post(teacher, {
      title: 'Backwards',
      starts_at: at('2026-12-10', '10:00'),
      ends_at: at('2026-12-10', '09:00'),
    });
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json().errors)).toEqual(['ends_at']);
    const event = await created(teacher, {
      title: 'Forwards',
      starts_at: at('2026-12-10', '10:00'),
      ends_at: at('2026-12-10', '11:00'),
    });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: await as(teacher),
      payload: { ends_at: at('2026-12-10', '09:30') },
    });
    expect(patched.statusCode).toBe(422);
    expect(Object.keys(patched.json().errors)).toEqual(['ends_at']);
    const [row] = await db.select().from(events).where(eq(events.id, event.id));
    expect(row?.ends_at.toISOString()).toBe(at('2026-12-10', '11:00'));
  });

  it('refuses an audience the user may not publish to, with 422 on the field at fault', async () => {
    const day = {
      title: 'X',
      starts_at: at('2026-12-11', '08:00'),
      ends_at: at('2026-12-11', '09:00'),
    };
    const cases: Array<[typeof admin, Record<string, unknown>, string]> = [
      [student, { audience: 'promotion', audience_id: promotion.id }, 'audience'],
      [teacher, { audience: 'promotion', audience_id: otherPromotion.id }, 'audience_id'],
      [teacher, { audience: 'promotion', audience_id: foreignPromotion.id }, 'audience_id'],
      [teacher, { audience: 'institution', audience_id: school.id }, 'audience'],
      [admin, { audience: 'institution', audience_id: otherSchool.id }, 'audience_id'],
      [admin, { audience: 'group', audience_id: null }, 'audience_id'],
    ];
    const before = await db.select().from(events);
    for (const [user, audience, field] of cases) {
      const response = await post(user, { ...day, ...audience });
      expect(response.statusCode, JSON.stringify(audience)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect(await db.select().from(events)).toHaveLength(before.length);
  });
});

describe('events: weekly series', () => {
  it('moves one occurrence and cancels another without touching the others', async () => {
    const series = await created(teacher, {
      title: 'Algo',
      starts_at: at('2027-02-01', '08:00'),
      ends_at: at('2027-02-01', '09:30'),
      audience: 'promotion',
      audience_id: promotion.id,
      repeat: { weekdays: ['MO'], count: 4 },
    });
    expect(series.rrule).toBe('FREQ=WEEKLY;BYDAY=MO;COUNT=4');
    const second = at('2027-02-08', '08:00');
    const third = at('2027-02-15', '08:00');
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/events/${series.id}/occurrences/${second}`,
      headers: await as(teacher),
      payload: { starts_at: at('2027-02-10', '13:00'), ends_at: at('2027-02-10', '14:30') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The series counts as changed, so the feed's LAST-MODIFIED tells calendar applications.
    const [afterMove] = await db
      .select({ updated_at: events.updated_at })
      .from(events)
      .where(eq(events.id, series.id));
    expect(afterMove!.updated_at).toEqual(clock.now());
    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/events/${series.id}/occurrences/${third}`,
      headers: await as(teacher),
    });
    expect(cancelled.statusCode).toBe(204);
    const nowhere = await app.inject({
      method: 'DELETE',
      url: `/api/events/${series.id}/occurrences/${at('2027-02-16', '08:00')}`,
      headers: await as(teacher),
    });
    expect(nowhere.statusCode).toBe(404);
    const byStudent = await app.inject({
      method: 'DELETE',
      url: `/api/events/${series.id}/occurrences/${at('2027-02-22', '08:00')}`,
      headers: await as(student),
    });
    expect(byStudent.statusCode).toBe(404);

    const answer = await list(student, at('2027-01-25', '00:00'), at('2027-03-01', '00:00'));
    expect(
      answer.entries
        .filter((entry) => entry.event_id === series.id)
        .map((entry) => [entry.starts_at, entry.ends_at, entry.occurrence_start]),
    ).toEqual([
      [at('2027-02-01', '08:00'), at('2027-02-01', '09:30'), at('2027-02-01', '08:00')],
      [at('2027-02-10', '13:00'), at('2027-02-10', '14:30'), second],
      [at('2027-02-22', '08:00'), at('2027-02-22', '09:30'), at('2027-02-22', '08:00')],
    ]);
    // The moved occurrence shows in a range that holds its new time only.
    const wednesday = await list(student, at('2027-02-10', '00:00'), at('2027-02-11', '00:00'));
    expect(wednesday.entries.map((entry) => entry.key)).toEqual([`event:${series.id}:${second}`]);
    // … and not where it was.
    const monday = await list(student, at('2027-02-08', '00:00'), at('2027-02-09', '00:00'));
    expect(monday.entries.filter((entry) => entry.event_id === series.id)).toEqual([]);

    // A new start for the series drops its exceptions: they named starts the rule no longer has.
    const restarted = await app.inject({
      method: 'PATCH',
      url: `/api/events/${series.id}`,
      headers: await as(teacher),
      payload: { starts_at: at('2027-02-01', '09:00'), ends_at: at('2027-02-01', '10:30') },
    });
    expect(restarted.statusCode).toBe(200);
    expect(
      await db.select().from(eventExceptions).where(eq(eventExceptions.event_id, series.id)),
    ).toEqual([]);
  });

  it('keeps a 09:00 Paris class at 09:00 across the October change', async () => {
    // Last Sunday of October 2026: the 25th. 09:00 CEST is 07:00Z, 09:00 CET is 08:00Z.
    const series = await created(teacher, {
      title: 'DST',
      starts_at: '2026-10-19T09:00:00+02:00',
      ends_at: '2026-10-19T10:30:00+02:00',
      repeat: { weekdays: ['MO'], until: '2026-11-02' },
    });
    expect(series.rrule).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261102T225959Z');
    const answer = await list(teacher, at('2026-10-18', '00:00'), at('2026-11-10', '00:00'));
    expect(
      answer.entries
        .filter((entry) => entry.event_id === series.id)
        .map((entry) => [entry.starts_at, entry.ends_at]),
    ).toEqual([
      [at('2026-10-19', '07:00'), at('2026-10-19', '08:30')],
      [at('2026-10-26', '08:00'), at('2026-10-26', '09:30')],
      [at('2026-11-02', '08:00'), at('2026-11-02', '09:30')],
    ]);
    const read = await app.inject({
      method: 'GET',
      url: `/api/events/${series.id}`,
      headers: await as(teacher),
    });
    expect(read.json().repeat).toEqual({ weekdays: ['MO'], until: '2026-11-02', count: null });
  });

  it('starts a series on the first day its rule names, and stops repeating on request', async () => {
    // A Tuesday start for a Monday and Thursday class: the first class is on the Thursday.
    const series = await created(teacher, {
      title: 'Shifted',
      starts_at: at('2027-03-02', '08:00'),
      ends_at: at('2027-03-02', '09:00'),
      repeat: { weekdays: ['TH', 'MO'], count: 3 },
    });
    expect(series).toMatchObject({
      starts_at: at('2027-03-04', '08:00'),
      ends_at: at('2027-03-04', '09:00'),
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=3',
    });
    const tooMany = await post(teacher, {
      title: 'Forever',
      starts_at: at('2027-03-02', '08:00'),
      ends_at: at('2027-03-02', '09:00'),
      repeat: { weekdays: ['MO', 'TU', 'WE', 'TH', 'FR'], until: '2029-12-31' },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['repeat.until']);
    const stopped = await app.inject({
      method: 'PATCH',
      url: `/api/events/${series.id}`,
      headers: await as(teacher),
      payload: { repeat: null },
    });
    expect(stopped.json()).toMatchObject({ repeat: null, rrule: null, title: 'Shifted' });
  });
});
