import { readFileSync } from 'node:fs';
import type {
  AttendanceSheet,
  AttendanceSummary,
  DocumentVerification,
  Justification,
  MyAttendance,
  PromotionAttendance,
} from '@skolar/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createInstitution,
  createPromotion,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { attendanceDocuments, auditLog } from '../../db/schema/index.ts';

// Attendance documents (decision 199): the sheet of a session and of a learner over a period,
// the certificate of attendance, the rates, and their verification online.

const { app, db, clock } = await createTestApp();
const school = await createInstitution(db, { name: 'Institut Lumière', timezone: 'Europe/Paris' });
const otherSchool = await createInstitution(db, { timezone: 'Europe/Paris' });
const admin = await createUser(db, 'admin', school.id);
const teacher = await createUser(db, 'teacher', school.id, {
  first_name: 'Hélène',
  last_name: 'Garnier',
});
const stranger = await createUser(db, 'teacher', school.id);
const anna = await createUser(db, 'student', school.id, {
  first_name: 'Anna',
  last_name: 'Arnaud',
});
const bruno = await createUser(db, 'student', school.id, {
  first_name: 'Bruno',
  last_name: 'Bernard',
});
const otherAdmin = await createUser(db, 'admin', otherSchool.id);
const promotion = await createPromotion(db, school.id, {
  students: [anna.id, bruno.id],
  teachers: [teacher.id],
});
const training = await createTraining(db, promotion, { title: 'Développeur web' });

const as = signedIn(app);
type Who = { id: number; email: string };
const at = (iso: string) => {
  clock.advance(new Date(iso).getTime() - clock.now().getTime());
  as.forget();
};
async function call(user: Who, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: await as(user),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const png = async (colour: string) =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 300, height: 100, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

async function session(title: string, start: string, end: string) {
  const response = await call(teacher, 'POST', '/api/attendance/sessions', {
    title,
    audience: 'promotion',
    audience_id: promotion.id,
    training_id: training.id,
    day: '2026-11-23',
    start_time: start,
    end_time: end,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as AttendanceSheet).id;
}

// Monday 23 November 2026 in Paris: a morning (08:30–12:00) with Anna present, Bruno 30 min late;
// an afternoon (14:00–17:00) with Anna absent and Bruno present.
at('2026-11-23T07:00:00Z');
const morning = await session('Atelier HTML', '08:30', '12:00');
const afternoon = await session('Atelier CSS', '14:00', '17:00');
await call(teacher, 'PUT', `/api/attendance/sessions/${morning}/marks`, {
  marks: [
    { student_id: anna.id, half_day: 'am', status: 'present' },
    { student_id: bruno.id, half_day: 'am', status: 'late', late_minutes: 30 },
  ],
});
await call(teacher, 'PUT', `/api/attendance/sessions/${afternoon}/marks`, {
  marks: [
    { student_id: anna.id, half_day: 'pm', status: 'absent' },
    { student_id: bruno.id, half_day: 'pm', status: 'present' },
  ],
});
at('2026-11-23T08:00:00Z');
const annaSigned = await call(anna, 'POST', `/api/attendance/sessions/${morning}/my-signature`, {
  half_day: 'am',
  image: await png('#123456'),
});
expect(annaSigned.statusCode, annaSigned.body).toBe(201);
const trainerSigned = await call(
  teacher,
  'POST',
  `/api/attendance/sessions/${morning}/signatures`,
  {
    signer_id: teacher.id,
    half_day: null,
    image: await png('#224466'),
  },
);
expect(trainerSigned.statusCode, trainerSigned.body).toBe(200);
at('2026-11-23T12:00:00Z');
await call(teacher, 'PATCH', `/api/attendance/sessions/${morning}`, { closed: true });

async function verify(code: string) {
  const response = await app.inject({ method: 'GET', url: `/api/verify/${code}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DocumentVerification;
}

describe('attendance documents: the sheet of a session', () => {
  it("prints every learner's status per half-day, the signatures' instants and fingerprints, and a code that verifies", async () => {
    const response = await call(teacher, 'GET', `/api/attendance/sessions/${morning}/sheet.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('feuille-emargement-atelier-html');
    const code = String(response.headers['x-verification-code']);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Institut Lumière');
    expect(text).toContain("Feuille d'émargement");
    expect(text).toContain('Atelier HTML');
    expect(text).toContain('Développeur web');
    expect(text).toContain('Hélène Garnier');
    expect(text).toContain('08:30 - 12:00');
    expect(text).toMatch(/ARNAUD Anna[\s\S]*Matin[\s\S]*Présent·e/);
    expect(text).toMatch(/BERNARD Bruno[\s\S]*Matin[\s\S]*En retard \(30 min\)/);
    // Anna signed on her phone, Bruno did not; the trainer signed and closed the session.
    const receipt = annaSigned.json() as { statement_sha256: string };
    expect(text.replace(/\s/g, '')).toContain(receipt.statement_sha256);
    expect(text).toContain('Non signé');
    expect(text).toContain('Séance close le');
    expect(text).toContain(code);

    const verified = await verify(code);
    expect(verified.kind).toBe('attendance_sheet');
    if (verified.kind !== 'attendance_sheet') return;
    expect(verified.content.institution.name).toBe('Institut Lumière');
    const [printed] = verified.content.sessions;
    expect(printed!.lines.map((line) => [line.last_name, line.status, line.late_minutes])).toEqual([
      ['Arnaud', 'present', null],
      ['Bernard', 'late', 30],
    ]);
    expect(printed!.lines[0]!.signature?.statement_sha256).toBe(receipt.statement_sha256);
    expect(printed!.lines[1]!.signature).toBeNull();
    expect(printed!.trainer_signature).not.toBeNull();
    // What the paper prints and nothing else: no ids, no images.
    const body = JSON.stringify(verified);
    for (const hidden of ['student_id', '"id"', 'image', 'planned', 'attended'])
      expect(body).not.toContain(hidden);
  });

  it('reprints the same code while nothing changes, another after a correction; both keep verifying', async () => {
    const first = await call(teacher, 'GET', `/api/attendance/sessions/${morning}/sheet.pdf`);
    const again = await call(admin, 'GET', `/api/attendance/sessions/${morning}/sheet.pdf`);
    expect(again.headers['x-verification-code']).toBe(first.headers['x-verification-code']);
    await call(teacher, 'PUT', `/api/attendance/sessions/${morning}/marks`, {
      marks: [{ student_id: bruno.id, half_day: 'am', status: 'excused' }],
    });
    const corrected = await call(teacher, 'GET', `/api/attendance/sessions/${morning}/sheet.pdf`);
    const code = String(corrected.headers['x-verification-code']);
    expect(code).not.toBe(first.headers['x-verification-code']);
    expect(await pdfText(corrected.rawPayload)).toMatch(/BERNARD Bruno[\s\S]*Excusé·e/);
    const old = await verify(String(first.headers['x-verification-code']));
    const now = await verify(code);
    if (old.kind !== 'attendance_sheet' || now.kind !== 'attendance_sheet') throw new Error();
    expect(old.content.sessions[0]!.lines[1]!.status).toBe('late');
    expect(now.content.sessions[0]!.lines[1]!.status).toBe('excused');
    // Put back as it was for the next tests.
    await call(teacher, 'PUT', `/api/attendance/sessions/${morning}/marks`, {
      marks: [{ student_id: bruno.id, half_day: 'am', status: 'late', late_minutes: 30 }],
    });
  });

  it('is in the language asked, refused to a student, and 404 to another institution', async () => {
    const english = await call(
      teacher,
      'GET',
      `/api/attendance/sessions/${morning}/sheet.pdf?locale=en`,
    );
    expect(english.headers['content-disposition']).toContain('attendance-sheet-');
    expect(await pdfText(english.rawPayload)).toContain('Late (30 min)');
    const german = await call(
      teacher,
      'GET',
      `/api/attendance/sessions/${morning}/sheet.pdf?locale=de`,
    );
    expect(await pdfText(german.rawPayload)).toContain('Anwesenheitsliste');
    expect(
      (await call(anna, 'GET', `/api/attendance/sessions/${morning}/sheet.pdf`)).statusCode,
    ).toBe(403);
    expect(
      (await call(otherAdmin, 'GET', `/api/attendance/sessions/${morning}/sheet.pdf`)).statusCode,
    ).toBe(404);
    const bogus = await app.inject({ method: 'GET', url: '/api/verify/ABCD-EFGH-JKMN-PQRS-TVWX' });
    expect(bogus.statusCode).toBe(404);
  });
});

describe('attendance documents: a learner over a period', () => {
  it('counts hours attended of hours planned per training: present in full, late less the minutes late, absent none', async () => {
    const summaryOf = async (who: Who) => {
      const response = await call(
        admin,
        'GET',
        `/api/attendance/learners/${who.id}/summary?from=2026-11-01&to=2026-11-30`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AttendanceSummary;
    };
    const annas = await summaryOf(anna);
    expect(annas.trainings).toHaveLength(1);
    expect(annas.trainings[0]).toMatchObject({
      training: { id: training.id, title: 'Développeur web' },
      sessions: 2,
      half_days: 2,
      planned_minutes: 390,
      attended_minutes: 210,
      rate: 0.538,
      counts: { present: 1, absent: 1, late: 0, excused: 0, unmarked: 0 },
    });
    const brunos = await summaryOf(bruno);
    expect(brunos.total).toMatchObject({
      planned_minutes: 390,
      attended_minutes: 360,
      rate: 0.923,
    });
  });

  it("prints the learner's sheet of the month with only their lines, and their totals", async () => {
    const response = await call(
      admin,
      'GET',
      `/api/attendance/learners/${anna.id}/sheet.pdf?from=2026-11-01&to=2026-11-30`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'feuille-emargement-arnaud-anna-2026-11-01-2026-11-30',
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Atelier HTML');
    expect(text).toContain('Atelier CSS');
    expect(text).toMatch(/ARNAUD Anna[\s\S]*Absent·e/);
    expect(text).not.toContain('BERNARD');
    expect(text).toContain('3,5 h / 6,5 h');
    const verified = await verify(String(response.headers['x-verification-code']));
    if (verified.kind !== 'attendance_sheet') throw new Error(verified.kind);
    expect(verified.content).toMatchObject({
      scope: 'learner',
      learner: { first_name: 'Anna', last_name: 'Arnaud' },
      from: '2026-11-01',
      to: '2026-11-30',
      totals: { planned_minutes: 390, attended_minutes: 210 },
    });
  });

  it('issues a certificate of attendance for a training that an auditor verifies online', async () => {
    const response = await call(
      admin,
      'GET',
      `/api/attendance/learners/${bruno.id}/certificate.pdf?from=2026-11-01&to=2026-11-30&training_id=${training.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("Attestation d'assiduité");
    expect(text).toContain('Bruno Bernard');
    expect(text).toContain('6 h');
    expect(text).toContain('6,5 h');
    expect(text).toMatch(/92,3\s%/);
    const verified = await verify(String(response.headers['x-verification-code']));
    expect(verified).toMatchObject({
      kind: 'attendance_certificate',
      content: {
        learner: { first_name: 'Bruno', last_name: 'Bernard' },
        training: 'Développeur web',
        totals: { planned_minutes: 390, attended_minutes: 360, rate: 0.923 },
      },
    });
    const rows = await db.select().from(attendanceDocuments);
    expect(rows.every((row) => row.institution_id === school.id)).toBe(true);
  });

  it('refuses a range ending before it starts or longer than a year, and hides learners out of scope', async () => {
    const backwards = await call(
      admin,
      'GET',
      `/api/attendance/learners/${anna.id}/summary?from=2026-11-30&to=2026-11-01`,
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toBeDefined();
    const long = await call(
      admin,
      'GET',
      `/api/attendance/learners/${anna.id}/certificate.pdf?from=2025-01-01&to=2026-11-30`,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.to).toBeDefined();
    const range = 'from=2026-11-01&to=2026-11-30';
    // The trainer of the learner's promotion reads it; another institution's admin: 404; a
    // teacher who follows neither the learner nor the sessions: 404; a student: 403.
    expect(
      (await call(teacher, 'GET', `/api/attendance/learners/${anna.id}/summary?${range}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(otherAdmin, 'GET', `/api/attendance/learners/${anna.id}/summary?${range}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'GET', `/api/attendance/learners/${anna.id}/summary?${range}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(anna, 'GET', `/api/attendance/learners/${anna.id}/summary?${range}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'GET', `/api/attendance/learners/${teacher.id}/summary?${range}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('attendance: rates and thresholds', () => {
  it("flags the learners under their training's threshold to the admins, the trainer and themselves", async () => {
    const patched = await call(admin, 'PATCH', `/api/trainings/${training.id}`, {
      attendance_threshold: 80,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().attendance_threshold).toBe(80);
    const range = 'from=2026-11-01&to=2026-11-30';
    const alerts = await call(admin, 'GET', `/api/attendance/alerts?${range}`);
    expect(alerts.statusCode, alerts.body).toBe(200);
    expect(alerts.json().alerts).toEqual([
      {
        student: { id: anna.id, first_name: 'Anna', last_name: 'Arnaud' },
        training: { id: training.id, title: 'Développeur web' },
        threshold: 80,
        rate: 0.538,
        attended_minutes: 210,
        planned_minutes: 390,
      },
    ]);
    expect(
      (await call(teacher, 'GET', `/api/attendance/alerts?${range}`)).json().alerts,
    ).toHaveLength(1);
    expect(
      (await call(otherAdmin, 'GET', `/api/attendance/alerts?${range}`)).json().alerts,
    ).toEqual([]);
    const promotionRates = await call(
      teacher,
      'GET',
      `/api/attendance/promotions/${promotion.id}/summary?${range}`,
    );
    expect(promotionRates.statusCode, promotionRates.body).toBe(200);
    expect(
      (promotionRates.json() as PromotionAttendance).learners.map((row) => [
        row.student.last_name,
        row.trainings[0]?.rate,
        row.trainings[0]?.below,
      ]),
    ).toEqual([
      ['Arnaud', 0.538, true],
      ['Bernard', 0.923, false],
    ]);
    expect(
      (await call(otherAdmin, 'GET', `/api/attendance/promotions/${promotion.id}/summary?${range}`))
        .statusCode,
    ).toBe(404);
    const mine = await call(anna, 'GET', `/api/attendance/me/summary?${range}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as MyAttendance).trainings[0]).toMatchObject({
      training: { threshold: 80 },
      rate: 0.538,
      below: true,
    });
    expect((await call(admin, 'GET', '/api/attendance/me/summary')).statusCode).toBe(403);
    // Without days: the academic year so far.
    const year = (await call(anna, 'GET', '/api/attendance/me/summary')).json() as MyAttendance;
    expect(year.from).toBe('2026-09-01');
    expect(year.total.sessions).toBe(2);
    const refused = await call(admin, 'PATCH', `/api/trainings/${training.id}`, {
      attendance_threshold: 120,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.attendance_threshold).toBeDefined();
  });
});

const BOUNDARY = '----skolar-justification';
const PDF = readFileSync(new URL('../../ops/seed/demo-syllabus.pdf', import.meta.url));
/** A multipart body: the fields, then the file (a PDF unless told). */
function multipart(
  fields: Record<string, string>,
  file = { name: 'note.pdf', type: 'application/pdf', bytes: PDF },
) {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      file.bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
async function submit(
  who: Who,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/attendance/justifications',
    payload: body.payload,
    headers: { ...(await as(who)), ...body.headers },
  });
}

describe('attendance: justifications of absences', () => {
  let id = 0;
  let fileId = 0;

  it("takes a learner's reason and document for some days, pending, counting their absences then", async () => {
    const response = await submit(anna, {
      from: '2026-11-23',
      to: '2026-11-24',
      reason: 'Rendez-vous médical',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json() as Justification;
    expect(sent).toMatchObject({
      student: { id: anna.id },
      from: '2026-11-23',
      to: '2026-11-24',
      reason: 'Rendez-vous médical',
      status: 'pending',
      absences: 1,
      excused: 0,
      file: { name: 'note.pdf' },
      can: { decide: false },
    });
    id = sent.id;
    fileId = sent.file.id;
  });

  it('refuses, field by field, days backwards or over a month, no reason, no document, and what is not a document', async () => {
    const backwards = await submit(anna, { from: '2026-11-24', to: '2026-11-23', reason: 'x' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toBeDefined();
    const long = await submit(anna, { from: '2026-09-01', to: '2026-11-23', reason: 'x' });
    expect(long.json().errors.to).toBeDefined();
    const noReason = await submit(anna, { from: '2026-11-23', to: '2026-11-23', reason: ' ' });
    expect(noReason.json().errors.reason).toBeDefined();
    const noFile = await app.inject({
      method: 'POST',
      url: '/api/attendance/justifications',
      payload: Buffer.from(`--${BOUNDARY}--\r\n`),
      headers: { ...(await as(anna)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(noFile.statusCode).toBe(422);
    const script = await submit(
      anna,
      { from: '2026-11-23', to: '2026-11-23', reason: 'x' },
      {
        name: 'note.exe',
        type: 'application/octet-stream',
        bytes: Buffer.from('MZ\x90\x00binary'),
      },
    );
    expect(script.statusCode).toBe(415);
  });

  it('shows it to the learner and to the admins only: not to a classmate, a teacher or another institution', async () => {
    const listOf = async (who: Who) =>
      call(who, 'GET', '/api/attendance/justifications').then((r) => ({
        status: r.statusCode,
        ids:
          r.statusCode === 200 ? (r.json() as { data: Justification[] }).data.map((j) => j.id) : [],
      }));
    expect(await listOf(anna)).toEqual({ status: 200, ids: [id] });
    expect(await listOf(admin)).toEqual({ status: 200, ids: [id] });
    expect(await listOf(bruno)).toEqual({ status: 200, ids: [] });
    expect(await listOf(otherAdmin)).toEqual({ status: 200, ids: [] });
    expect((await listOf(teacher)).status).toBe(403);
    // The document follows the justification.
    expect((await call(admin, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await call(anna, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
    for (const who of [bruno, teacher, otherAdmin])
      expect((await call(who, 'GET', `/api/files/${fileId}`)).statusCode).toBe(404);
    expect(
      (
        await call(otherAdmin, 'POST', `/api/attendance/justifications/${id}/decision`, {
          status: 'accepted',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(anna, 'POST', `/api/attendance/justifications/${id}/decision`, {
          status: 'accepted',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('accepted by an admin, makes the absences of those days excused, once, in the audit log', async () => {
    const decided = await call(admin, 'POST', `/api/attendance/justifications/${id}/decision`, {
      status: 'accepted',
      note: 'Certificat reçu',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      status: 'accepted',
      note: 'Certificat reçu',
      excused: 1,
      absences: 0,
      decided_by: { id: admin.id },
    });
    const summary = await call(
      admin,
      'GET',
      `/api/attendance/learners/${anna.id}/summary?from=2026-11-01&to=2026-11-30`,
    );
    expect((summary.json() as AttendanceSummary).total.counts).toMatchObject({
      absent: 0,
      excused: 1,
    });
    const again = await call(admin, 'POST', `/api/attendance/justifications/${id}/decision`, {
      status: 'refused',
    });
    expect(again.statusCode).toBe(409);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'justification'));
    expect(
      audit
        .filter((row) => row.action.startsWith('attendance.'))
        .map((row) => [row.action, row.entity_id]),
    ).toEqual([['attendance.justification.accept', id]]);
  });

  it('refused, changes no line and says why', async () => {
    await call(teacher, 'PUT', `/api/attendance/sessions/${afternoon}/marks`, {
      marks: [{ student_id: bruno.id, half_day: 'pm', status: 'absent' }],
    });
    const sent = (
      await submit(bruno, { from: '2026-11-23', to: '2026-11-23', reason: 'Panne' })
    ).json() as Justification;
    const refused = await call(
      admin,
      'POST',
      `/api/attendance/justifications/${sent.id}/decision`,
      {
        status: 'refused',
        note: 'Pas de justificatif de transport',
      },
    );
    expect(refused.json()).toMatchObject({ status: 'refused', excused: 0, absences: 1 });
    const pending = await call(admin, 'GET', '/api/attendance/justifications?status=pending');
    expect((pending.json() as { data: unknown[] }).data).toEqual([]);
  });
});
