import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { unzipSync, zipSync } from 'fflate';
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
import { auditLog, groupStudents, groups, mailOutbox, submissions } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

const HOUR = 3_600_000;
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const otherSchool = await createInstitution(db);
const teacher = await createUser(db, 'teacher', school.id);
// The receipt is mailed even to a student who turned e-mail notifications off.
const student = await createUser(db, 'student', school.id, {
  first_name: 'Léa',
  last_name: 'Dubois-Émery',
  locale: 'en',
  notify_email: false,
});
const classmate = await createUser(db, 'student', school.id, {
  first_name: 'Hugo',
  last_name: 'Martin',
});
const stranger = await createUser(db, 'student', otherSchool.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id, classmate.id],
  teachers: [teacher.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id]);
// The clock starts on 2026-11-22 at 11:00 in Paris: the project opens the next day at 09:00 (08:00Z).
const project = await createEvaluation(db, training, subject.id, {
  type: 'project',
  title: 'API REST typée',
  date: '2026-11-23',
  start_time: '09:00',
  deadline: new Date('2026-11-25T17:00:00Z'),
});
const emptyProject = await createEvaluation(db, training, subject.id, {
  type: 'project',
  date: '2026-11-20',
  deadline: new Date('2026-12-20T17:00:00Z'),
});
const exam = await createEvaluation(db, training, subject.id, { date: '2026-11-23' });
const otherPromotion = await createPromotion(db, otherSchool.id, { students: [stranger.id] });
const otherProject = await createEvaluation(
  db,
  await createTraining(db, otherPromotion),
  (await createSubject(db, otherSchool.id)).id,
  { type: 'project', date: '2026-11-20', deadline: new Date('2026-12-20T17:00:00Z') },
);

const as = signedIn(app);

/** Moves the clock; sessions are signed in again, as their tokens would have expired. */
function advance(ms: number) {
  clock.advance(ms);
  as.forget();
}

const PDF = readFileSync(new URL('../../ops/seed/demo-syllabus.pdf', import.meta.url));
const ZIP = Buffer.from(zipSync({ 'src/index.ts': new TextEncoder().encode('export {};\n') }));
const BOUNDARY = '----skolar-projects';
function upload(auth: Record<string, string>, name: string, bytes: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
async function handIn(
  user: { id: number; email: string },
  name: string,
  bytes: Buffer,
  id = project.id,
) {
  return app.inject({
    method: 'POST',
    url: `/api/evaluations/${id}/submissions`,
    ...upload(await as(user), name, bytes),
  });
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('project hand-ins', () => {
  it('refuses a hand-in before the project opens', async () => {
    const response = await handIn(student, 'report.pdf', PDF);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/not open yet|pas encore ouvert/);
    expect(await db.select().from(submissions)).toEqual([]);
  });

  it('takes a file once open and answers the receipt: the server’s time and the SHA-256', async () => {
    advance(22 * HOUR); // 2026-11-23T08:00Z, 09:00 in Paris: it opens now.
    const response = await handIn(student, 'report.pdf', PDF);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      version: 1,
      submitted_at: '2026-11-23T08:00:00.000Z',
      file_name: 'report.pdf',
      size: PDF.length,
      sha256: sha256(PDF),
    });
    const file = await app.inject({
      method: 'GET',
      url: response.json().file_link,
      headers: await as(student),
    });
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(PDF));
  });

  it('mails the receipt in the student’s language, with the time in the institution’s zone', async () => {
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, student.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'submission-receipt', locale: 'en' });
    expect(mails[0]!.payload).toMatchObject({
      evaluation_title: 'API REST typée',
      file_name: 'report.pdf',
      version: 1,
      sha256: sha256(PDF),
      submitted_at: '23 November 2026, 09:00:00 (Europe/Paris)',
    });
  });

  it('keeps every version: a second hand-in is version 2 and version 1 stays readable', async () => {
    advance(HOUR);
    const second = await handIn(student, 'api.zip', ZIP);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ version: 2, sha256: sha256(ZIP) });
    const versions = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions/${student.id}`,
      headers: await as(teacher),
    });
    expect(versions.statusCode).toBe(200);
    expect(
      versions.json().data.map((v: { version: number; sha256: string }) => [v.version, v.sha256]),
    ).toEqual([
      [2, sha256(ZIP)],
      [1, sha256(PDF)],
    ]);
    const own = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions/${student.id}`,
      headers: await as(student),
    });
    expect(own.json().data).toHaveLength(2);
  });

  it('numbers two uploads sent at once apart', async () => {
    const [a, b] = await Promise.all([
      handIn(classmate, 'one.pdf', PDF),
      handIn(classmate, 'two.zip', ZIP),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.json().version, b.json().version].sort()).toEqual([1, 2]);
  });

  it('refuses files that are not a hand-in’s kind (415) and takes UTF-8 Markdown', async () => {
    const html = await handIn(student, 'page.html', Buffer.from('<script>alert(1)</script>'));
    expect(html.statusCode).toBe(415);
    const binary = await handIn(student, 'notes.md', Buffer.from([0x4d, 0x5a, 0, 0, 1, 2]));
    expect(binary.statusCode).toBe(415);
    const markdown = await handIn(student, 'README.md', Buffer.from('# API\n\nÉtapes…\n'));
    expect(markdown.statusCode).toBe(201);
    expect(markdown.json().version).toBe(3);
  });

  it('never shows a hand-in to another student, nor to another institution', async () => {
    const [first] = await db
      .select({ file_id: submissions.file_id })
      .from(submissions)
      .where(eq(submissions.student_id, student.id))
      .limit(1);
    const link = `/api/files/${first!.file_id}`;
    for (const other of [classmate, stranger]) {
      const read = await app.inject({ method: 'GET', url: link, headers: await as(other) });
      expect(read.statusCode).toBe(404);
    }
    const byTeacher = await app.inject({ method: 'GET', url: link, headers: await as(teacher) });
    expect(byTeacher.statusCode).toBe(200);
    const someoneElses = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions/${student.id}`,
      headers: await as(classmate),
    });
    expect(someoneElses.statusCode).toBe(404);
    const strangerHandIn = await handIn(stranger, 'report.pdf', PDF);
    expect(strangerHandIn.statusCode).toBe(404);
    const intoOther = await handIn(student, 'report.pdf', PDF, otherProject.id);
    expect(intoOther.statusCode).toBe(404);
  });

  it('refuses a file for an exam', async () => {
    const response = await handIn(student, 'report.pdf', PDF, exam.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Only projects|Seuls les projets/);
  });

  it('shows the staff every student of the promotion with their latest version', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions`,
      headers: await as(teacher),
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as Array<{
      student: { id: number };
      latest: { version: number; file_name: string } | null;
      versions: number;
    }>;
    expect(rows.map((row) => [row.student.id, row.versions, row.latest?.version])).toEqual([
      [student.id, 3, 3],
      [classmate.id, 2, 2],
    ]);
    expect(rows[0]!.latest!.file_name).toBe('README.md');
    const empty = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${emptyProject.id}/submissions`,
      headers: await as(teacher),
    });
    expect(empty.json().data.map((row: { latest: unknown }) => row.latest)).toEqual([null, null]);
    const asStudent = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions`,
      headers: await as(student),
    });
    expect(asStudent.statusCode).toBe(403);
  });

  it('zips the latest version of each student, one named entry each', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions.zip`,
      headers: await as(teacher),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="API-REST-typee-${project.id}-submissions.zip"`,
    );
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const versions = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions/${classmate.id}`,
      headers: await as(teacher),
    });
    const classmateLatest = versions.json().data[0] as { file_name: string; sha256: string };
    const classmateExt = classmateLatest.file_name.endsWith('.zip') ? 'zip' : 'pdf';
    expect(Object.keys(entries).sort()).toEqual(
      [
        `Dubois-Emery_Lea_${student.id}_v3.md`,
        `Martin_Hugo_${classmate.id}_v2.${classmateExt}`,
      ].sort(),
    );
    expect(Buffer.from(entries[`Dubois-Emery_Lea_${student.id}_v3.md`]!).toString()).toBe(
      '# API\n\nÉtapes…\n',
    );
    expect(sha256(Buffer.from(entries[`Martin_Hugo_${classmate.id}_v2.${classmateExt}`]!))).toBe(
      classmateLatest.sha256,
    );

    const empty = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${emptyProject.id}/submissions.zip`,
      headers: await as(teacher),
    });
    expect(empty.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(empty.rawPayload)))).toEqual([]);
  });

  it('closes at the deadline itself and after it', async () => {
    advance(new Date('2026-11-25T17:00:00Z').getTime() - clock.now().getTime());
    const atDeadline = await handIn(student, 'late.pdf', PDF);
    expect(atDeadline.statusCode).toBe(409);
    expect(atDeadline.json().message).toMatch(/deadline of this project has passed|date limite/);
    advance(HOUR);
    expect((await handIn(student, 'late.pdf', PDF)).statusCode).toBe(409);
    const versions = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions/${student.id}`,
      headers: await as(teacher),
    });
    expect(versions.json().data).toHaveLength(3);
  });

  it('lets one student with an extension hand in after the common deadline, and nobody else', async () => {
    // 18:00Z, an hour after the project's deadline; Léa gets until the 27th at 18:00 in Paris.
    const url = `/api/evaluations/${project.id}/extensions/${student.id}`;
    const early = await app.inject({
      method: 'PUT',
      url,
      headers: await as(teacher),
      payload: { deadline: '2026-11-25T17:30', reason: 'Malade' },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.deadline).toHaveLength(1);
    const granted = await app.inject({
      method: 'PUT',
      url,
      headers: await as(teacher),
      payload: { deadline: '2026-11-27T18:00', reason: 'Certificat médical' },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().deadline).toBe('2026-11-27T17:00:00.000Z');
    // Nobody else grants it: the student, another institution's admin.
    expect(
      (
        await app.inject({
          method: 'PUT',
          url,
          headers: await as(student),
          payload: { deadline: '2026-11-28T18:00', reason: 'Moi' },
        })
      ).statusCode,
    ).toBe(403);

    expect((await handIn(student, 'late.pdf', PDF)).statusCode).toBe(201);
    expect((await handIn(classmate, 'late.pdf', PDF)).statusCode).toBe(409);

    const roster = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions`,
      headers: await as(teacher),
    });
    const lines = roster.json().data as Array<{
      student: { id: number };
      extension: { deadline: string; reason: string } | null;
    }>;
    expect(lines.find((line) => line.student.id === student.id)!.extension).toEqual({
      deadline: '2026-11-27T17:00:00.000Z',
      deadline_local: '2026-11-27T18:00',
      reason: 'Certificat médical',
    });
    expect(lines.find((line) => line.student.id === classmate.id)!.extension).toBeNull();

    // The student's own page counts from their deadline.
    const mine = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${project.id}`,
      headers: await as(student),
    });
    expect(mine.json().closes_at).toBe('2026-11-27T17:00:00.000Z');

    // Past it, the door closes for them too; taken back, it closes at once.
    advance(2 * 24 * HOUR);
    expect((await handIn(student, 'later.pdf', PDF)).statusCode).toBe(409);
    const removed = await app.inject({ method: 'DELETE', url, headers: await as(teacher) });
    expect(removed.statusCode).toBe(204);
  });

  it('gives a whole group its own deadline in one step, audited once: its students hand in, nobody else', async () => {
    // Two days past the project's deadline; the group holds Hugo only.
    const [group] = await db
      .insert(groups)
      .values({ institution_id: school.id, promotion_id: promotion.id, name: 'Groupe B' })
      .returning();
    await db.insert(groupStudents).values({ group_id: group!.id, student_id: classmate.id });
    const [empty] = await db
      .insert(groups)
      .values({ institution_id: school.id, promotion_id: promotion.id, name: 'Groupe vide' })
      .returning();
    const url = (id: number) => `/api/evaluations/${project.id}/group-extensions/${id}`;
    const payload = { deadline: '2026-11-30T18:00', reason: 'Sortie pédagogique du groupe' };
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: url(empty!.id),
          headers: await as(teacher),
          payload,
        })
      ).statusCode,
    ).toBe(422);
    const otherGroup = await db
      .insert(groups)
      .values({ institution_id: otherSchool.id, promotion_id: otherPromotion.id, name: 'Ailleurs' })
      .returning();
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: url(otherGroup[0]!.id),
          headers: await as(teacher),
          payload,
        })
      ).statusCode,
    ).toBe(404);
    const granted = await app.inject({
      method: 'PUT',
      url: url(group!.id),
      headers: await as(teacher),
      payload,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ students: 1, deadline_local: '2026-11-30T18:00' });
    expect((await handIn(classmate, 'groupe.pdf', PDF)).statusCode).toBe(201);
    expect((await handIn(student, 'groupe.pdf', PDF)).statusCode).toBe(409);
    const roster = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/submissions`,
      headers: await as(teacher),
    });
    expect(roster.json().groups).toContainEqual({
      id: group!.id,
      name: 'Groupe B',
      student_ids: [classmate.id],
    });
    const audit = await db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'extension.grant'));
    expect(audit.at(-1)!.after).toMatchObject({
      group_id: group!.id,
      student_ids: [classmate.id],
      reason: 'Sortie pédagogique du groupe',
    });
  });
});

describe('late hand-ins (decision 195)', () => {
  it('takes a version after the deadline until the cut-off, marked late by its delay, then refuses', async () => {
    const now = clock.now();
    const lateProject = await createEvaluation(db, training, subject.id, {
      type: 'project',
      date: '2026-11-20',
      deadline: new Date(now.getTime() - 2 * HOUR),
      late_until: new Date(now.getTime() + 24 * HOUR),
      late_penalty: 10,
    });
    const late = await handIn(student, 'retard.pdf', PDF, lateProject.id);
    expect(late.statusCode).toBe(201);
    expect(late.json().late_minutes).toBe(120);
    // The teacher's roster and the student's own page both say how late it came.
    const roster = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${lateProject.id}/submissions`,
      headers: await as(teacher),
    });
    const line = (roster.json().data as Array<{ student: { id: number }; latest: unknown }>).find(
      (row) => row.student.id === student.id,
    );
    expect(line!.latest).toMatchObject({ file_name: 'retard.pdf', late_minutes: 120 });
    const mine = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${lateProject.id}`,
      headers: await as(student),
    });
    expect(mine.json()).toMatchObject({
      is_open: true,
      late_until: lateProject.late_until!.toISOString(),
      late_penalty: 10,
      submissions: [{ late_minutes: 120 }],
    });

    // At the cut-off the window closes for everyone without an own deadline past it.
    advance(24 * HOUR);
    expect((await handIn(classmate, 'trop-tard.pdf', PDF, lateProject.id)).statusCode).toBe(409);
    expect((await handIn(student, 'v2.pdf', PDF, lateProject.id)).statusCode).toBe(409);
  });
});
