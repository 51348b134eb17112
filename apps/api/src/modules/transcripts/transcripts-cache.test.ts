import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn, signIn } from '../../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';

// A student's transcript is served from the node's cache until a write changes what it shows
// (decision 168): each test reads it, writes through the API (or, for what the API never
// writes on the request path, straight to the database), and reads it again with its ETag.
const { app, db } = await createTestApp();

const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const student = await createUser(db, 'student', school.id, { last_name: 'Martin' });
const classmate = await createUser(db, 'student', school.id, { last_name: 'Petit' });
const teacher = await createUser(db, 'teacher', school.id);
const admin = await createUser(db, 'admin', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id, classmate.id],
  teachers: [teacher.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id], {
  name: 'Réseaux',
  coefficient: 2,
});
const exam = await createEvaluation(db, training, subject.id, { title: 'Partiel', scale: 20 });

const other = await createInstitution(db);
const otherStudent = await createUser(db, 'student', other.id);
const otherTeacher = await createUser(db, 'teacher', other.id);
const otherPromotion = await createPromotion(db, other.id, {
  students: [otherStudent.id],
  teachers: [otherTeacher.id],
});
const otherSubject = await createSubject(db, other.id, [otherTeacher.id]);
const otherExam = await createEvaluation(
  db,
  await createTraining(db, otherPromotion),
  otherSubject.id,
);

const as = signedIn(app);
const call = async (
  user: { id: number; email: string },
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(user), ...(payload ? { payload } : {}) });

/** The student's transcript as a browser asks for it: compressed, revalidating its copy. */
async function transcriptOf(user: { id: number; email: string }, etag?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/me/transcript',
    headers: {
      ...(await as(user)),
      'accept-encoding': 'gzip, deflate, br',
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  });
}
function decoded(response: Awaited<ReturnType<typeof transcriptOf>>) {
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  const text =
    encoding === 'br'
      ? brotliDecompressSync(raw).toString()
      : encoding === 'gzip'
        ? gunzipSync(raw).toString()
        : raw.toString();
  return JSON.parse(text) as {
    student: { last_name: string };
    average: number | null;
    subjects: { coefficient: number; evaluations: { title: string; grade: number | null }[] }[];
    generated_at: string;
  };
}

/** Grades the student (a draft) and answers the grid's answer. */
async function grade(value: number) {
  const grid = (await call(teacher, 'GET', `/api/evaluations/${exam.id}/results`)).json() as {
    rows: { student: { id: number }; result: { version: number } | null }[];
  };
  const row = grid.rows.find((line) => line.student.id === student.id)!;
  const saved = await call(teacher, 'PUT', `/api/evaluations/${exam.id}/results`, {
    results: [{ student_id: student.id, grade: value, version: row.result?.version ?? 0 }],
  });
  expect(saved.statusCode).toBe(200);
}

describe('the cached transcript', () => {
  it('is the transcript staff read, compressed, private, and 304 while nothing changed', async () => {
    const first = await transcriptOf(student);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.vary).toBe('accept-encoding');
    const body = decoded(first);
    const staff = await call(teacher, 'GET', `/api/students/${student.id}/transcript`);
    const { generated_at: _, ...same } = staff.json();
    expect(body).toMatchObject(same);
    expect(body.subjects[0]!.evaluations[0]).toMatchObject({ title: 'Partiel', grade: null });

    const again = await transcriptOf(student, String(first.headers.etag));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another student never gets this one's answer, nor a 304 with its ETag.
    const classmates = await transcriptOf(classmate, String(first.headers.etag));
    expect(classmates.statusCode).toBe(200);
    expect(decoded(classmates).student.last_name).toBe('Petit');
  });

  it('stays as it is while a grade is a draft, and shows it once published', async () => {
    const before = await transcriptOf(student);
    const etag = String(before.headers.etag);
    await grade(15);
    expect((await transcriptOf(student, etag)).statusCode).toBe(304);

    const published = await call(teacher, 'POST', `/api/evaluations/${exam.id}/publish`, {});
    expect(published.statusCode).toBe(200);
    const after = await transcriptOf(student, etag);
    expect(after.statusCode).toBe(200);
    expect(decoded(after).subjects[0]!.evaluations[0]!.grade).toBe(15);
    expect(decoded(after).average).toBe(15);

    // A published grade corrected: shown at once.
    await grade(12);
    const corrected = await transcriptOf(student, String(after.headers.etag));
    expect(corrected.statusCode).toBe(200);
    expect(decoded(corrected).subjects[0]!.evaluations[0]!.grade).toBe(12);
  });

  it('follows a coefficient, a new evaluation and the student’s name', async () => {
    let current = await transcriptOf(student);
    const changed = async () => {
      const next = await transcriptOf(student, String(current.headers.etag));
      expect(next.statusCode).toBe(200);
      current = next;
      return decoded(next);
    };

    const patched = await call(admin, 'PATCH', `/api/subjects/${subject.id}`, { coefficient: 4 });
    expect(patched.statusCode).toBe(200);
    expect((await changed()).subjects[0]!.coefficient).toBe(4);

    await createEvaluation(db, training, subject.id, { title: 'Projet final' });
    expect((await changed()).subjects[0]!.evaluations.map((row) => row.title)).toContain(
      'Projet final',
    );

    await db.update(users).set({ last_name: 'Martin-Roux' }).where(eq(users.id, student.id));
    expect((await changed()).student.last_name).toBe('Martin-Roux');
  });

  it('is not made stale by another institution’s grades, nor by a sign-in', async () => {
    const before = await transcriptOf(student);
    const etag = String(before.headers.etag);
    const saved = await call(otherTeacher, 'PUT', `/api/evaluations/${otherExam.id}/results`, {
      results: [{ student_id: otherStudent.id, grade: 11, version: 0 }],
    });
    expect(saved.statusCode).toBe(200);
    const published = await call(
      otherTeacher,
      'POST',
      `/api/evaluations/${otherExam.id}/publish`,
      {},
    );
    expect(published.statusCode).toBe(200);
    await signIn(app, classmate.email);
    expect((await transcriptOf(student, etag)).statusCode).toBe(304);
  });
});
