import { eq } from 'drizzle-orm';
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
import { promotions, results, transcriptDocuments } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

const PUBLISHED = new Date('2026-11-20T10:00:00Z');
const school = await createInstitution(db, {
  name: 'Université Lumière',
  color_code: '#8A1538',
  logo_link: '/demo/logos/ulc.svg',
  timezone: 'Europe/Paris',
});
const otherSchool = await createInstitution(db);
const student = await createUser(db, 'student', school.id, {
  first_name: 'Léa',
  last_name: 'Dubois-Émery',
});
const classmate = await createUser(db, 'student', school.id);
const teacher = await createUser(db, 'teacher', school.id);
const outsiderTeacher = await createUser(db, 'teacher', school.id);
const admin = await createUser(db, 'admin', school.id);
const superTeacher = await createUser(db, 'super-teacher', school.id);
const otherAdmin = await createUser(db, 'admin', otherSchool.id);
const otherStudent = await createUser(db, 'student', otherSchool.id);

const promotion = await createPromotion(db, school.id, {
  students: [student.id, classmate.id],
  teachers: [teacher.id],
});
const olderPromotion = await createPromotion(db, school.id, { students: [student.id] });
await db
  .update(promotions)
  .set({ academic_year: '2025-2026' })
  .where(eq(promotions.id, olderPromotion.id));
const otherPromotion = await createPromotion(db, otherSchool.id, { students: [otherStudent.id] });

const training = await createTraining(db, promotion);
const algorithms = await createSubject(db, school.id, [], {
  name: 'Algorithmique',
  coefficient: 3,
});
const databases = await createSubject(db, school.id, [], {
  name: 'Bases de données',
  coefficient: 2,
});

const midterm = await createEvaluation(db, training, algorithms.id, {
  title: 'Partiel',
  percentage: 40,
  date: '2026-10-10',
});
const quiz = await createEvaluation(db, training, algorithms.id, {
  title: 'Quiz',
  percentage: 20,
  date: '2026-10-20',
});
const final = await createEvaluation(db, training, algorithms.id, {
  title: 'Examen final',
  percentage: 40,
  date: '2026-11-15',
});
const archived = await createEvaluation(db, training, algorithms.id, {
  title: 'Retiré',
  percentage: 10,
  archived_at: new Date('2026-11-01T00:00:00Z'),
});
const project = await createEvaluation(db, training, databases.id, {
  type: 'project',
  title: 'Projet SQL',
  percentage: 50,
  scale: 40,
  date: '2026-11-01',
  deadline: new Date('2026-11-08T17:00:00Z'),
});
const sqlExam = await createEvaluation(db, training, databases.id, {
  title: 'Examen SQL',
  percentage: 50,
  date: '2026-12-10',
});

await db.insert(results).values([
  { evaluation_id: midterm.id, student_id: student.id, grade: 14.5, published_at: PUBLISHED },
  { evaluation_id: quiz.id, student_id: student.id, absent: true, published_at: PUBLISHED },
  // Graded but not published: pending for everyone reading the transcript.
  { evaluation_id: final.id, student_id: student.id, grade: 18 },
  { evaluation_id: archived.id, student_id: student.id, grade: 2, published_at: PUBLISHED },
  { evaluation_id: project.id, student_id: student.id, grade: 31, published_at: PUBLISHED },
  { evaluation_id: midterm.id, student_id: classmate.id, grade: 20, published_at: PUBLISHED },
]);
void sqlExam;

const as = signedIn(app);
const get = async (user: { id: number; email: string } | null, url: string, language = 'fr') =>
  app.inject({
    method: 'GET',
    url,
    headers: { ...(user ? await as(user) : {}), 'accept-language': language },
  });

interface Body {
  average: number | null;
  levels: string[];
  promotion: { id: number };
  promotions: { id: number }[];
  subjects: {
    name: string;
    coefficient: number;
    average: number | null;
    evaluations: {
      evaluation_id: number;
      title: string;
      grade: number | null;
      absent: boolean;
      pending: boolean;
      normalised: number | null;
    }[];
  }[];
}

/** Algorithmique: (14.5 × 40 + 0 × 20) / 60 = 9.666…; Bases de données: 31/40 → 15.5; overall (29 + 31) / 5 = 12. */
function expectHandComputed(body: Body) {
  expect(body.subjects.map((s) => s.name)).toEqual(['Algorithmique', 'Bases de données']);
  const [algo, db] = body.subjects;
  expect(algo!.average).toBeCloseTo(580 / 60, 10);
  expect(db!.average).toBe(15.5);
  expect(body.average).toBeCloseTo(12, 10);
  expect(algo!.evaluations.map((e) => e.title)).toEqual(['Partiel', 'Quiz', 'Examen final']);
  expect(algo!.evaluations[1]).toMatchObject({
    absent: true,
    grade: null,
    normalised: 0,
    pending: false,
  });
  // The unpublished 18 is never shown, and left out of the average.
  expect(algo!.evaluations[2]).toMatchObject({ grade: null, pending: true, normalised: null });
  expect(db!.evaluations.map((e) => [e.title, e.grade, e.normalised, e.pending])).toEqual([
    ['Projet SQL', 31, 15.5, false],
    ['Examen SQL', null, null, true],
  ]);
}

describe('GET /api/me/transcript', () => {
  it('answers hand-computed averages: an absence at 0/20, pending and unpublished rows left out', async () => {
    const response = await get(student, '/api/me/transcript');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Body;
    expectHandComputed(body);
    expect(body.levels).toEqual(['L1', 'L2']);
    // The latest academic year by default; the older promotion can be asked for.
    expect(body.promotion.id).toBe(promotion.id);
    expect(body.promotions.map((p) => p.id)).toEqual([promotion.id, olderPromotion.id]);
    expect(JSON.stringify(body)).not.toContain('Retiré');
  });

  it('opens another of the student’s promotions, and no one else’s', async () => {
    const older = await get(student, `/api/me/transcript?promotion_id=${olderPromotion.id}`);
    expect(older.statusCode).toBe(200);
    expect((older.json() as Body).subjects).toEqual([]);
    expect((older.json() as Body).average).toBeNull();
    const foreign = await get(student, `/api/me/transcript?promotion_id=${otherPromotion.id}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('never shows a student another student’s transcript', async () => {
    expect((await get(student, `/api/students/${classmate.id}/transcript`)).statusCode).toBe(403);
    expect((await get(student, `/api/students/${classmate.id}/transcript.pdf`)).statusCode).toBe(
      403,
    );
    const own = (await get(classmate, '/api/me/transcript')).json() as Body;
    expect(own.subjects[0]!.evaluations[0]!.grade).toBe(20);
    expect(own.subjects[0]!.evaluations[1]!.pending).toBe(true);
  });

  it('asks a signed-in user', async () => {
    expect((await get(null, '/api/me/transcript')).statusCode).toBe(401);
  });
});

describe('GET /api/students/:id/transcript', () => {
  it('shows staff of the student’s scope the transcript the student sees (published only)', async () => {
    for (const reader of [teacher, admin, superTeacher]) {
      const response = await get(reader, `/api/students/${student.id}/transcript`);
      expect(response.statusCode).toBe(200);
      expectHandComputed(response.json() as Body);
    }
  });

  it('answers 404 outside the reader’s scope', async () => {
    expect((await get(outsiderTeacher, `/api/students/${student.id}/transcript`)).statusCode).toBe(
      404,
    );
    expect((await get(otherAdmin, `/api/students/${student.id}/transcript`)).statusCode).toBe(404);
    expect((await get(admin, `/api/students/${otherStudent.id}/transcript`)).statusCode).toBe(404);
    // A staff id is not a student's.
    expect((await get(admin, `/api/students/${teacher.id}/transcript`)).statusCode).toBe(404);
  });
});

describe('transcript PDF and verification', () => {
  it('issues a PDF with a verification code that checks out, and a forged code does not', async () => {
    const response = await get(student, '/api/me/transcript.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="releve-de-notes-dubois-emery-lea-2026-2027.pdf"`,
    );
    const code = String(response.headers['x-verification-code']);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);

    const [document] = await db
      .select()
      .from(transcriptDocuments)
      .where(eq(transcriptDocuments.student_id, student.id));
    expect(document).toMatchObject({
      institution_id: school.id,
      issued_by: student.id,
      locale: 'fr',
    });
    // Only the hash is stored, never the code.
    expect(document!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(document)).not.toContain(code);

    const verified = await get(null, `/api/verify/${code}`);
    expect(verified.statusCode).toBe(200);
    const body = verified.json() as {
      genuine: boolean;
      average: number;
      student: { last_name: string };
      institution: { name: string };
      content: Body;
    };
    expect(body).toMatchObject({
      genuine: true,
      student: { last_name: 'Dubois-Émery' },
      institution: { name: 'Université Lumière' },
    });
    expect(body.average).toBeCloseTo(12, 10);
    expectHandComputed(body.content);
    // What the paper shows and nothing more (review, issue 28): no internal id, and not the
    // student's other promotions (this student has two).
    const text = verified.body;
    for (const key of ['"id"', 'subject_id', 'evaluation_id', '"promotions"'])
      expect(text, key).not.toContain(key);
    expect(text).not.toContain('2025-2026');
    expect(body.content).toMatchObject({
      student: { first_name: 'Léa', last_name: 'Dubois-Émery' },
      promotion: { academic_year: '2026-2027' },
    });
    // Typed by hand: lower case, spaces instead of dashes.
    const typed = code.toLowerCase().replaceAll('-', ' ');
    expect((await get(null, `/api/verify/${encodeURIComponent(typed)}`)).statusCode).toBe(200);

    const forged = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect((await get(null, `/api/verify/${forged}`)).statusCode).toBe(404);
    expect((await get(null, '/api/verify/not-a-code')).statusCode).toBe(404);
  });

  it('reuses the document of an unchanged transcript: ten downloads leave one row and print one code, which verifies', async () => {
    const documents = () =>
      db
        .select({ issued_at: transcriptDocuments.issued_at })
        .from(transcriptDocuments)
        .where(eq(transcriptDocuments.student_id, classmate.id));
    const first = await get(classmate, '/api/me/transcript.pdf');
    expect(first.statusCode).toBe(200);
    const code = String(first.headers['x-verification-code']);
    const issuedAt = clock.now().toISOString();
    for (let download = 2; download <= 10; download += 1) {
      clock.advance(10 * 60_000);
      const again = await get(classmate, '/api/me/transcript.pdf');
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-verification-code'], `download ${download}`).toBe(code);
    }
    expect(await documents()).toHaveLength(1);
    const verified = await get(null, `/api/verify/${code}`);
    expect(verified.json()).toMatchObject({ genuine: true, issued_at: issuedAt, average: 20 });

    // A newly published grade makes a new document; the first code still says what it said.
    await db.insert(results).values({
      evaluation_id: quiz.id,
      student_id: classmate.id,
      grade: 8,
      published_at: clock.now(),
    });
    const changed = await Promise.all(
      Array.from({ length: 10 }, () => get(classmate, '/api/me/transcript.pdf')),
    );
    const codes = new Set(changed.map((answer) => String(answer.headers['x-verification-code'])));
    expect(codes.size).toBe(1);
    expect(codes.has(code)).toBe(false);
    expect(await documents()).toHaveLength(2);
    expect((await get(null, `/api/verify/${[...codes][0]}`)).json().average).toBeCloseTo(16, 10);
    expect((await get(null, `/api/verify/${code}`)).json().average).toBe(20);
    // In another language, it is another paper.
    const english = await get(classmate, '/api/me/transcript.pdf', 'en');
    expect(english.headers['x-verification-code']).not.toBe([...codes][0]);
    expect(await documents()).toHaveLength(3);
  });

  it('prints staff PDFs in the reader’s language, and never fails on an unreadable logo', async () => {
    const german = await get(teacher, `/api/students/${student.id}/transcript.pdf`, 'de');
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-disposition']).toContain('notenspiegel-dubois-emery-lea');
    expect((await get(otherAdmin, `/api/students/${student.id}/transcript.pdf`)).statusCode).toBe(
      404,
    );

    const lost = await createInstitution(db, { logo_link: '/api/files/999999' });
    const pupil = await createUser(db, 'student', lost.id);
    await createPromotion(db, lost.id, { students: [pupil.id] });
    const response = await get(pupil, '/api/me/transcript.pdf', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers['content-disposition']).toContain('filename="transcript-');
  });

  it('answers one address 30 verifications per 15 minutes, then 429 with Retry-After, even for a genuine code', async () => {
    const code = String(
      (await get(student, '/api/me/transcript.pdf')).headers['x-verification-code'],
    );
    const verify = (typed: string, remoteAddress: string) =>
      app.inject({ method: 'GET', url: `/api/verify/${typed}`, remoteAddress });
    // A guesser's 29 forged codes and one real one, from one address.
    for (let guess = 0; guess < 29; guess += 1) {
      const forged = `${String(guess).padStart(4, '0')}-0000-0000-0000-0000`;
      expect((await verify(forged, '198.51.100.23')).statusCode, forged).toBe(404);
    }
    expect((await verify(code, '198.51.100.23')).statusCode).toBe(200);
    const refused = await verify(code, '198.51.100.23');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.json()).not.toHaveProperty('content');
    // Another address still checks the paper.
    expect((await verify(code, '198.51.100.24')).json()).toMatchObject({ genuine: true });
  });
});
