import { createHash } from 'node:crypto';
import type { AttendanceSessionList, AttendanceSheet, CheckInCode } from '@skolar/shared';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createEpisode,
  createEvaluation,
  createGroup,
  createInstitution,
  createPromotion,
  createSeminar,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import {
  attendanceMarks,
  attendanceSignatures,
  auditLog,
  events,
  promotionStudents,
} from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

// The clock starts on Sunday 22 November 2026 at 11:00 in Paris; the class is on Mondays.
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const otherSchool = await createInstitution(db, { timezone: 'Europe/Paris' });
const admin = await createUser(db, 'admin', school.id);
const teacher = await createUser(db, 'teacher', school.id);
const colleague = await createUser(db, 'teacher', school.id);
const student = await createUser(db, 'student', school.id, { last_name: 'Arnaud' });
const classmate = await createUser(db, 'student', school.id, { last_name: 'Bernard' });
const elsewhere = await createUser(db, 'student', school.id, { last_name: 'Colin' });
const outsider = await createUser(db, 'student', otherSchool.id);
const otherAdmin = await createUser(db, 'admin', otherSchool.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id, classmate.id],
  teachers: [teacher.id, colleague.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [elsewhere.id] });
const group = await createGroup(db, promotion, [student.id]);
await createPromotion(db, otherSchool.id, { students: [outsider.id] });
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id]);
const exam = await createEvaluation(db, training, subject.id, {
  title: 'Partiel de réseaux',
  date: '2026-11-23',
  start_time: '14:00',
  end_time: '16:00',
});
const seminar = await createSeminar(db, promotion, { title: 'Séminaire IA' });
const episode = await createEpisode(db, seminar.id, {
  title: 'Éthique',
  starts_at: new Date('2026-11-23T16:00:00Z'),
  ends_at: new Date('2026-11-23T17:00:00Z'),
});

const as = signedIn(app);
type Who = { id: number; email: string };

// A weekly class on Mondays, 08:30–12:30 in Paris (07:30–11:30 UTC), four times from the 23rd.
const [weekly] = await db
  .insert(events)
  .values({
    institution_id: school.id,
    owner_id: teacher.id,
    title: 'Algorithmique',
    starts_at: new Date('2026-11-23T07:30:00Z'),
    ends_at: new Date('2026-11-23T11:30:00Z'),
    audience: 'promotion',
    audience_id: promotion.id,
    recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
  })
  .returning();
const weeklyKey = `event:${weekly!.id}:2026-11-23T07:30:00.000Z`;
await db.insert(events).values([
  {
    institution_id: school.id,
    owner_id: teacher.id,
    title: 'Agenda perso',
    starts_at: new Date('2026-11-23T12:00:00Z'),
    ends_at: new Date('2026-11-23T13:00:00Z'),
  },
  {
    institution_id: otherSchool.id,
    owner_id: otherAdmin.id,
    title: 'Ailleurs',
    starts_at: new Date('2026-11-23T08:00:00Z'),
    ends_at: new Date('2026-11-23T09:00:00Z'),
    audience: 'institution',
    audience_id: otherSchool.id,
  },
]);

async function call(user: Who, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: await as(user),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function list(user: Who, day = '2026-11-23') {
  const response = await call(user, 'GET', `/api/attendance/sessions?from=${day}&to=${day}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AttendanceSessionList;
}

async function open(user: Who, key: string) {
  const response = await call(user, 'POST', '/api/attendance/sessions/open', { key });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AttendanceSheet;
}

const at = (iso: string) => {
  clock.advance(new Date(iso).getTime() - clock.now().getTime());
  as.forget();
};

describe('attendance: the sessions', () => {
  it("lists the day's classes aimed at a promotion, the exams and the episodes, with their half-days in the zone", async () => {
    const answer = await list(teacher);
    expect(answer.time_zone).toBe('Europe/Paris');
    const byKey = new Map(answer.sessions.map((session) => [session.key, session]));
    expect([...byKey.keys()]).toEqual([weeklyKey, `exam:${exam.id}`, `episode:${episode.id}`]);
    const weeklyRow = byKey.get(weeklyKey)!;
    expect(weeklyRow).toMatchObject({
      id: null,
      kind: 'event',
      title: 'Algorithmique',
      half_days: ['am', 'pm'],
      expected: 2,
      trainer: { id: teacher.id },
      audience: { kind: 'promotion', id: promotion.id },
    });
    expect(weeklyRow.counts.unmarked).toBe(4);
    // The exam from 14:00 to 16:00 in Paris is one afternoon.
    expect(byKey.get(`exam:${exam.id}`)!.half_days).toEqual(['pm']);
    // A personal agenda entry and another institution's event are not sessions.
    expect(answer.sessions.map((session) => session.title)).not.toContain('Agenda perso');
    expect(answer.sessions.map((session) => session.title)).not.toContain('Ailleurs');
  });

  it("shows another institution's admin none of them, and refuses students the staff's list", async () => {
    expect((await list(otherAdmin)).sessions).toEqual([]);
    expect((await call(student, 'GET', '/api/attendance/sessions')).statusCode).toBe(403);
  });

  it('refuses a range that ends before it starts or runs past two months, field by field', async () => {
    const backwards = await call(
      teacher,
      'GET',
      '/api/attendance/sessions?from=2026-11-23&to=2026-11-20',
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toBeDefined();
    const impossible = await call(teacher, 'GET', '/api/attendance/sessions?from=2026-02-30');
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().errors.from).toBeDefined();
  });

  it('opens a session once: two opens give the same one, with the audience as learners', async () => {
    const first = await open(teacher, weeklyKey);
    const second = await open(admin, weeklyKey);
    expect(second.id).toBe(first.id);
    expect(first.learners.map((learner) => learner.last_name)).toEqual(['Arnaud', 'Bernard']);
    expect(first.half_days).toEqual(['am', 'pm']);
    expect(first.can.take).toBe(true);
    const listed = (await list(teacher)).sessions.find((session) => session.key === weeklyKey)!;
    expect(listed.id).toBe(first.id);
  });

  it("answers 404 to a key the actor does not see: another institution's, a personal event, an occurrence the rule does not make", async () => {
    const foreign = await call(otherAdmin, 'POST', '/api/attendance/sessions/open', {
      key: weeklyKey,
    });
    expect(foreign.statusCode).toBe(404);
    const shifted = await call(teacher, 'POST', '/api/attendance/sessions/open', {
      key: `event:${weekly!.id}:2026-11-24T07:30:00.000Z`,
    });
    expect(shifted.statusCode).toBe(404);
    const malformed = await call(teacher, 'POST', '/api/attendance/sessions/open', {
      key: 'promotion:1',
    });
    expect(malformed.statusCode).toBe(422);
  });

  it('opens an exam and an episode with the opener as trainer', async () => {
    const sheet = await open(colleague, `episode:${episode.id}`);
    expect(sheet.trainer?.id).toBe(colleague.id);
    expect(sheet.title).toBe('Séminaire IA · Éthique');
    const examSheet = await open(teacher, `exam:${exam.id}`);
    expect(examSheet.training?.id).toBe(training.id);
    expect(examSheet.half_days).toEqual(['pm']);
  });
});

describe('attendance: the roll call', () => {
  it('saves lines as they come and counts them per half-day', async () => {
    const sheet = await open(teacher, weeklyKey);
    const response = await call(teacher, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, {
      marks: [
        { student_id: student.id, half_day: 'am', status: 'present' },
        { student_id: classmate.id, half_day: 'am', status: 'late', late_minutes: 12 },
        { student_id: student.id, half_day: 'pm', status: 'absent', remark: 'Malade' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as AttendanceSheet;
    expect(saved.counts).toEqual({ present: 1, late: 1, absent: 1, excused: 0, unmarked: 1 });
    const arnaud = saved.learners.find((learner) => learner.id === student.id)!;
    expect(arnaud.marks.am?.status).toBe('present');
    expect(arnaud.marks.pm).toMatchObject({ status: 'absent', remark: 'Malade' });
    expect(
      saved.learners.find((learner) => learner.id === classmate.id)!.marks.am?.late_minutes,
    ).toBe(12);
    // A line sent again replaces the one it names.
    const again = await call(teacher, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, {
      marks: [{ student_id: student.id, half_day: 'pm', status: 'excused' }],
    });
    const replaced = (again.json() as AttendanceSheet).learners.find((l) => l.id === student.id)!;
    expect(replaced.marks.pm).toMatchObject({ status: 'excused', remark: null });
  });

  it('refuses, field by field, a late line without minutes, a stranger and a half-day the session lacks', async () => {
    const sheet = await open(teacher, `exam:${exam.id}`);
    const response = await call(teacher, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, {
      marks: [
        { student_id: student.id, half_day: 'pm', status: 'late' },
        { student_id: elsewhere.id, half_day: 'pm', status: 'present' },
        { student_id: classmate.id, half_day: 'am', status: 'present' },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['marks.0.late_minutes']);
    const strangers = await call(teacher, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, {
      marks: [
        { student_id: elsewhere.id, half_day: 'pm', status: 'present' },
        { student_id: classmate.id, half_day: 'am', status: 'present' },
      ],
    });
    expect(strangers.statusCode).toBe(422);
    expect(Object.keys(strangers.json().errors).sort()).toEqual([
      'marks.0.student_id',
      'marks.1.half_day',
    ]);
    expect(
      await db.select().from(attendanceMarks).where(eq(attendanceMarks.session_id, sheet.id)),
    ).toEqual([]);
  });

  it("lets only the trainer and the institution's admins take it: a colleague reads it, another institution gets 404", async () => {
    const sheet = await open(teacher, weeklyKey);
    const line = { marks: [{ student_id: classmate.id, half_day: 'pm', status: 'present' }] };
    const read = await call(colleague, 'GET', `/api/attendance/sessions/${sheet.id}`);
    expect(read.statusCode).toBe(200);
    expect((read.json() as AttendanceSheet).can.take).toBe(false);
    expect(
      (await call(colleague, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, line)).statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, line)).statusCode,
    ).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/attendance/sessions/${sheet.id}`],
      ['PUT', `/api/attendance/sessions/${sheet.id}/marks`],
      ['PATCH', `/api/attendance/sessions/${sheet.id}`],
      ['POST', `/api/attendance/sessions/${sheet.id}/codes`],
    ] as const) {
      const response = await call(
        otherAdmin,
        method,
        url,
        method === 'GET'
          ? undefined
          : method === 'PUT'
            ? line
            : method === 'PATCH'
              ? { closed: true }
              : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('keeps a correction of a closed session in the audit log', async () => {
    const sheet = await open(teacher, weeklyKey);
    const closed = await call(teacher, 'PATCH', `/api/attendance/sessions/${sheet.id}`, {
      closed: true,
    });
    expect((closed.json() as AttendanceSheet).closed).toBe(true);
    await call(teacher, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, {
      marks: [{ student_id: classmate.id, half_day: 'am', status: 'excused' }],
    });
    const rows = await db.select().from(auditLog).where(eq(auditLog.entity_id, sheet.id));
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['attendance.close', 'attendance.correct']),
    );
    await call(teacher, 'PATCH', `/api/attendance/sessions/${sheet.id}`, { closed: false });
  });
});

describe('attendance: the CSV export', () => {
  it('gives one formula-safe row per session, half-day and learner of the days asked, in the language asked', async () => {
    const sheet = await open(teacher, weeklyKey);
    await call(teacher, 'PUT', `/api/attendance/sessions/${sheet.id}/marks`, {
      marks: [
        {
          student_id: student.id,
          half_day: 'am',
          status: 'late',
          late_minutes: 7,
          remark: '=CMD()',
        },
      ],
    });
    const response = await call(
      admin,
      'GET',
      '/api/attendance/export.csv?from=2026-11-23&to=2026-11-23&locale=en',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(
      'attendance-2026-11-23-2026-11-23.csv',
    );
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), {
      delimiter: ',',
    }).data;
    expect(rows[0]).toEqual([
      'Day',
      'Start',
      'End',
      'Session',
      'Promotion or group',
      'Trainer',
      'Last name',
      'First name',
      'Half-day',
      'Attendance',
      'Minutes late',
      'Remark',
      'Checked in with the code',
      'Signed',
    ]);
    const arnaud = rows.filter((row) => row[3] === 'Algorithmique' && row[6] === 'Arnaud');
    expect(arnaud.map((row) => [row[1], row[8], row[9], row[10], row[11]])).toEqual([
      ['08:30', 'morning', 'late', '7', "'=CMD()"],
      ['08:30', 'afternoon', expect.any(String), '', expect.any(String)],
    ]);
    // A range that ends before it starts is refused on its field, not a server error.
    const backwards = await call(
      admin,
      'GET',
      '/api/attendance/export.csv?from=2026-11-23&to=2026-11-01',
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toBeDefined();
    // Another institution's admin gets the header only.
    const foreign = await call(otherAdmin, 'GET', '/api/attendance/export.csv?from=2026-11-23');
    expect(foreign.body.trim().split('\r\n')).toHaveLength(1);
  });
});

describe('attendance: a session created by hand', () => {
  it('is created for a group the trainer follows, on a day in the zone, and deleted with an audit row', async () => {
    const response = await call(teacher, 'POST', '/api/attendance/sessions', {
      title: 'Rattrapage',
      audience: 'group',
      audience_id: group.id,
      training_id: training.id,
      day: '2026-11-24',
      start_time: '13:30',
      end_time: '15:00',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sheet = response.json() as AttendanceSheet;
    expect(sheet.starts_at).toBe('2026-11-24T12:30:00.000Z');
    expect(sheet.half_days).toEqual(['pm']);
    expect(sheet.learners.map((learner) => learner.id)).toEqual([student.id]);
    expect((await list(teacher, '2026-11-24')).sessions.map((s) => s.id)).toContain(sheet.id);
    const removed = await call(teacher, 'DELETE', `/api/attendance/sessions/${sheet.id}`);
    expect(removed.statusCode).toBe(204);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity_id, sheet.id));
    expect(audit.map((row) => row.action)).toContain('delete');
  });

  it("refuses another institution's promotion, a promotion the teacher does not follow, and an end before the start", async () => {
    const response = await call(teacher, 'POST', '/api/attendance/sessions', {
      title: 'Hors périmètre',
      audience: 'promotion',
      audience_id: otherPromotion.id,
      day: '2026-11-24',
      start_time: '15:00',
      end_time: '13:00',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['end_time']);
    const outside = await call(teacher, 'POST', '/api/attendance/sessions', {
      title: 'Hors périmètre',
      audience: 'promotion',
      audience_id: otherPromotion.id,
      day: '2026-11-24',
      start_time: '13:00',
      end_time: '15:00',
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.audience_id).toBeDefined();
  });

  it('refuses to delete a session of the calendar', async () => {
    const sheet = await open(teacher, weeklyKey);
    expect((await call(teacher, 'DELETE', `/api/attendance/sessions/${sheet.id}`)).statusCode).toBe(
      409,
    );
  });
});

describe('attendance: self check-in', () => {
  const sessionKey = `event:${weekly!.id}:2026-11-30T07:30:00.000Z`;
  let sessionId = 0;
  async function code(): Promise<CheckInCode> {
    const response = await call(teacher, 'POST', `/api/attendance/sessions/${sessionId}/codes`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CheckInCode;
  }
  const tokenOf = (answer: CheckInCode) => new URL(answer.url).searchParams.get('t')!;
  const checkIn = (user: Who, payload: object) =>
    call(user, 'POST', '/api/attendance/check-in', payload);

  it('takes a scanned token once: the student is present, a second student with the same code is refused', async () => {
    at('2026-11-30T07:25:00Z');
    sessionId = (await open(teacher, sessionKey)).id;
    const first = await code();
    expect(first.code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    const response = await checkIn(student, { token: tokenOf(first) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ half_day: 'am', status: 'present', already: false });
    const replayed = await checkIn(classmate, { token: tokenOf(first) });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors.token).toEqual([expect.stringMatching(/servir|used/)]);
    // The same student scanning it again changes nothing.
    const again = await checkIn(student, { token: tokenOf(first) });
    expect(again.json()).toMatchObject({ already: true, status: 'present' });
  });

  it('takes the typed code, and marks late after the grace', async () => {
    at('2026-11-30T07:50:00Z');
    const typed = await code();
    const response = await checkIn(classmate, { code: typed.code.toLowerCase() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'late', late_minutes: 20 });
  });

  it('refuses a code that ran out, one from two minutes ago, and a forged token', async () => {
    at('2026-11-30T08:00:00Z');
    const old = await code();
    clock.advance(21_000);
    const late = await checkIn(elsewhere, { token: tokenOf(old) });
    expect(late.statusCode).toBe(422);
    // `elsewhere` is not expected: the code is unknown to them whatever its age.
    const expired = await checkIn(student, { code: old.code });
    expect(expired.statusCode).toBe(422);
    clock.advance(100_000);
    const stale = await checkIn(student, { token: tokenOf(old) });
    expect(stale.json().errors.token).toEqual([expect.stringMatching(/expiré|expired/)]);
    const fresh = await code();
    const [sessionText, codeText, mac] = tokenOf(fresh).split('.');
    const forged = `${sessionText}.${codeText}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await checkIn(student, { token: forged })).json().errors.token).toBeDefined();
  });

  it("refuses a code of another session, and another institution's student", async () => {
    at('2026-11-30T08:10:00Z');
    const other = await open(colleague, `episode:${episode.id}`);
    const otherCode = await call(colleague, 'POST', `/api/attendance/sessions/${other.id}/codes`);
    expect(otherCode.statusCode).toBe(200);
    const token = tokenOf(otherCode.json() as CheckInCode);
    // Outside its window (the episode is on the 23rd), and a token bound to its own session.
    const [, codeText, mac] = token.split('.');
    const moved = await checkIn(student, { token: `${sessionId}.${codeText}.${mac}` });
    expect(moved.statusCode).toBe(422);
    const fresh = await code();
    const foreign = await checkIn(outsider, { token: tokenOf(fresh) });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.token).toEqual([expect.stringMatching(/inconnu|Unknown/)]);
  });

  it('refuses check-in outside the window and at a closed session', async () => {
    at('2026-11-30T11:50:00Z');
    const lastMinutes = await code();
    // 11:30 UTC end + 15 minutes of margin: 11:50 is past it.
    const outside = await checkIn(elsewhere, { code: lastMinutes.code });
    expect(outside.statusCode).toBe(422);
    const closedOut = await checkIn(classmate, { token: tokenOf(lastMinutes) });
    expect(closedOut.json().errors.token).toEqual([expect.stringMatching(/ouvert|open/)]);
  });

  it('gives one line when two devices check the same student in at once', async () => {
    at('2026-12-07T07:20:00Z');
    sessionId = (await open(teacher, `event:${weekly!.id}:2026-12-07T07:30:00.000Z`)).id;
    const [one, two] = [await code(), await code()];
    const answers = await Promise.all([
      checkIn(student, { token: tokenOf(one) }),
      checkIn(student, { code: two.code }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await db
      .select()
      .from(attendanceMarks)
      .where(eq(attendanceMarks.session_id, sessionId));
    expect(rows).toHaveLength(1);
    expect(answers.map((answer) => answer.json().already).sort()).toEqual([false, true]);
  });

  it('does not issue codes for a closed session', async () => {
    await call(teacher, 'PATCH', `/api/attendance/sessions/${sessionId}`, { closed: true });
    expect(
      (await call(teacher, 'POST', `/api/attendance/sessions/${sessionId}/codes`)).statusCode,
    ).toBe(409);
  });
});

describe('attendance: signatures', () => {
  const key = `event:${weekly!.id}:2026-12-14T07:30:00.000Z`;
  const png = async (colour: string) =>
    `data:image/png;base64,${(
      await sharp({ create: { width: 300, height: 100, channels: 3, background: colour } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
  let id = 0;

  it('lets a learner sign, on their phone, a half-day they were there for, once, with the SHA-256 of what they signed', async () => {
    at('2026-12-14T07:40:00Z');
    id = (await open(teacher, key)).id;
    await call(teacher, 'PUT', `/api/attendance/sessions/${id}/marks`, {
      marks: [
        { student_id: student.id, half_day: 'am', status: 'late', late_minutes: 10 },
        { student_id: classmate.id, half_day: 'am', status: 'absent' },
      ],
    });
    const signed = await call(student, 'POST', `/api/attendance/sessions/${id}/my-signature`, {
      half_day: 'am',
      image: await png('#123456'),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const receipt = signed.json() as { id: number; statement_sha256: string };
    const [row] = await db
      .select()
      .from(attendanceSignatures)
      .where(eq(attendanceSignatures.id, receipt.id));
    expect(createHash('sha256').update(row!.statement).digest('hex')).toBe(
      receipt.statement_sha256,
    );
    expect(JSON.parse(row!.statement)).toMatchObject({
      session: { id, title: 'Algorithmique', day: '2026-12-14', from: '08:30', to: '12:30' },
      half_day: 'am',
      signer: { id: student.id, name: `${student.first_name} ${student.last_name}` },
      role: 'learner',
      status: 'late',
      late_minutes: 10,
      device: 'own',
    });
    const again = await call(student, 'POST', `/api/attendance/sessions/${id}/my-signature`, {
      half_day: 'am',
      image: await png('#654321'),
    });
    expect(again.statusCode).toBe(409);
    const absent = await call(classmate, 'POST', `/api/attendance/sessions/${id}/my-signature`, {
      half_day: 'am',
      image: await png('#654321'),
    });
    expect(absent.statusCode).toBe(422);
    expect(absent.json().errors.half_day).toBeDefined();
    const stranger = await call(elsewhere, 'POST', `/api/attendance/sessions/${id}/my-signature`, {
      half_day: 'am',
      image: await png('#654321'),
    });
    expect(stranger.statusCode).toBe(404);
    const notAnImage = await call(student, 'POST', `/api/attendance/sessions/${id}/my-signature`, {
      half_day: 'pm',
      image: `data:image/png;base64,${Buffer.from('not a picture').toString('base64')}`,
    });
    expect(notAnImage.statusCode).toBe(422);
  });

  it("takes a learner's signature on the trainer's device and the trainer's own, and answers their images to staff only", async () => {
    await call(teacher, 'PUT', `/api/attendance/sessions/${id}/marks`, {
      marks: [{ student_id: classmate.id, half_day: 'pm', status: 'present' }],
    });
    const learner = await call(teacher, 'POST', `/api/attendance/sessions/${id}/signatures`, {
      signer_id: classmate.id,
      half_day: 'pm',
      image: await png('#0000ff'),
    });
    expect(learner.statusCode, learner.body).toBe(200);
    const sheet = learner.json() as AttendanceSheet;
    const line = sheet.learners.find((l) => l.id === classmate.id)!;
    expect(line.signatures.pm).toMatchObject({ device: 'trainer', corrected: false });
    const forSomeoneElse = await call(
      teacher,
      'POST',
      `/api/attendance/sessions/${id}/signatures`,
      {
        signer_id: admin.id,
        half_day: null,
        image: await png('#00ff00'),
      },
    );
    expect(forSomeoneElse.statusCode).toBe(422);
    const own = await call(teacher, 'POST', `/api/attendance/sessions/${id}/signatures`, {
      signer_id: teacher.id,
      half_day: null,
      image: await png('#00ff00'),
    });
    expect((own.json() as AttendanceSheet).trainer_signature).toMatchObject({ device: 'own' });
    expect(
      (
        await call(colleague, 'POST', `/api/attendance/sessions/${id}/signatures`, {
          signer_id: colleague.id,
          half_day: null,
          image: await png('#00ff00'),
        })
      ).statusCode,
    ).toBe(404);
    const image = await call(
      colleague,
      'GET',
      `/api/attendance/signatures/${line.signatures.pm!.id}/image`,
    );
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(300);
    expect(
      (await call(otherAdmin, 'GET', `/api/attendance/signatures/${line.signatures.pm!.id}/image`))
        .statusCode,
    ).toBe(404);
  });

  it('corrects a signature with a new row and its reason, in the audit log; the first stays', async () => {
    const before = await call(teacher, 'GET', `/api/attendance/sessions/${id}`);
    const first = (before.json() as AttendanceSheet).learners.find((l) => l.id === classmate.id)!
      .signatures.pm!;
    const withoutReason = await call(teacher, 'POST', `/api/attendance/sessions/${id}/signatures`, {
      signer_id: classmate.id,
      half_day: 'pm',
      image: await png('#ff0000'),
      replaces_id: first.id,
    });
    expect(withoutReason.statusCode).toBe(422);
    expect(withoutReason.json().errors.reason).toBeDefined();
    const corrected = await call(teacher, 'POST', `/api/attendance/sessions/${id}/signatures`, {
      signer_id: classmate.id,
      half_day: 'pm',
      image: await png('#ff0000'),
      replaces_id: first.id,
      reason: 'Signature illisible',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const now = (corrected.json() as AttendanceSheet).learners.find((l) => l.id === classmate.id)!
      .signatures.pm!;
    expect(now.id).not.toBe(first.id);
    expect(now.corrected).toBe(true);
    const rows = await db
      .select()
      .from(attendanceSignatures)
      .where(eq(attendanceSignatures.signer_id, classmate.id));
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([first.id, now.id]));
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity_id, id));
    expect(audit.map((row) => row.action)).toContain('attendance.signature.correct');
    // The replaced one cannot be corrected again: only the current signature.
    const stale = await call(teacher, 'POST', `/api/attendance/sessions/${id}/signatures`, {
      signer_id: classmate.id,
      half_day: 'pm',
      image: await png('#ff0000'),
      replaces_id: first.id,
      reason: 'Encore',
    });
    expect(stale.statusCode).toBe(422);
  });

  it('are never changed nor removed in the database', async () => {
    const sheet = await open(teacher, weeklyKey);
    const [row] = await db
      .insert(attendanceSignatures)
      .values({
        session_id: sheet.id,
        signer_id: student.id,
        role: 'learner',
        half_day: 'am',
        image: 'data:image/png;base64,AAAA',
        statement: '{}',
        statement_sha256: 'x'.repeat(64),
        device: 'own',
        recorded_by: student.id,
        signed_at: clock.now(),
      })
      .returning();
    await expect(
      db
        .update(attendanceSignatures)
        .set({ image: 'forged' })
        .where(eq(attendanceSignatures.id, row!.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(attendanceSignatures).where(eq(attendanceSignatures.id, row!.id)),
    ).rejects.toThrow();
  });

  it("takes the signature, on the trainer's device, of a learner marked there who has since left the promotion", async () => {
    const created = await call(teacher, 'POST', '/api/attendance/sessions', {
      title: 'Soutenance',
      audience: 'promotion',
      audience_id: promotion.id,
      day: '2026-12-14',
      start_time: '14:00',
      end_time: '15:00',
    });
    const sessionId = (created.json() as AttendanceSheet).id;
    await call(teacher, 'PUT', `/api/attendance/sessions/${sessionId}/marks`, {
      marks: [{ student_id: classmate.id, half_day: 'pm', status: 'present' }],
    });
    await db.delete(promotionStudents).where(eq(promotionStudents.student_id, classmate.id));
    try {
      const signed = await call(
        teacher,
        'POST',
        `/api/attendance/sessions/${sessionId}/signatures`,
        {
          signer_id: classmate.id,
          half_day: 'pm',
          image: await png('#334455'),
        },
      );
      expect(signed.statusCode, signed.body).toBe(200);
      const line = (signed.json() as AttendanceSheet).learners.find((l) => l.id === classmate.id);
      expect(line?.signatures.pm).toMatchObject({ device: 'trainer' });
    } finally {
      await db
        .insert(promotionStudents)
        .values({ promotion_id: promotion.id, student_id: classmate.id });
    }
  });
});
