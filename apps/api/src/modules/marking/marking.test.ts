import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MarkingQueue } from '@skolar/shared';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
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
import {
  auditLog,
  evaluations,
  files,
  participantNumbers,
  results,
  submissions,
} from '../../db/schema/index.ts';
import { storageFor } from '../../files/storage.ts';

const { app, db, ctx } = await createTestApp();
const { config } = ctx;

const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const otherSchool = await createInstitution(db);
const teacher = await createUser(db, 'teacher', school.id);
const colleague = await createUser(db, 'teacher', school.id);
const stranger = await createUser(db, 'teacher', otherSchool.id);
const student = await createUser(db, 'student', school.id, { last_name: 'Arnaud' });
const classmate = await createUser(db, 'student', school.id, { last_name: 'Bernard' });
const outsider = await createUser(db, 'student', otherSchool.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id, classmate.id],
  teachers: [teacher.id, colleague.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id]);
// The clock starts on 2026-11-22 at 11:00 in Paris; the project is open from the day before.
const project = await createEvaluation(db, training, subject.id, {
  type: 'project',
  title: 'Rapport de stage',
  date: '2026-11-21',
  deadline: new Date('2026-11-25T17:00:00Z'),
  scale: 20,
});
await createPromotion(db, otherSchool.id, { students: [outsider.id] });

const as = signedIn(app);

const PDF = readFileSync(new URL('../../ops/seed/demo-syllabus.pdf', import.meta.url));
const BOUNDARY = '----skolar-marking';
async function handIn(user: { id: number; email: string }, name: string, bytes: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: `/api/evaluations/${project.id}/submissions`,
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: {
      ...(await as(user)),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  });
}

const RUBRIC = {
  kind: 'rubric',
  title: 'Grille du rapport',
  criteria: [
    {
      id: 'structure',
      title: 'Structure',
      levels: [
        { id: 's0', title: 'Absente', points: 0 },
        { id: 's1', title: 'Partielle', points: 2 },
        { id: 's2', title: 'Claire', points: 4 },
      ],
    },
    {
      id: 'analysis',
      title: 'Analyse',
      description: 'Le recul sur le stage',
      levels: [
        { id: 'a2', title: 'Solide', points: 6 },
        { id: 'a0', title: 'Superficielle', points: 1 },
      ],
    },
  ],
};

async function queueOf(user: { id: number; email: string } = teacher) {
  return app.inject({
    method: 'GET',
    url: `/api/evaluations/${project.id}/marking`,
    headers: await as(user),
  });
}
async function mark(
  body: Record<string, unknown>,
  studentId = student.id,
  user: { id: number; email: string } = teacher,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/evaluations/${project.id}/marking/${studentId}`,
    headers: await as(user),
    payload: body,
  });
}
const entryOf = (answer: MarkingQueue, id: number) =>
  answer.students.find((row) => row.student.id === id)!;

describe('rubrics', () => {
  it('refuses a rubric criterion with fewer than two levels and a guide criterion without a maximum', async () => {
    const headers = await as(teacher);
    const rubric = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${project.id}/rubric`,
      headers,
      payload: {
        kind: 'rubric',
        title: 'G',
        criteria: [{ title: 'Seul', levels: [{ title: 'x', points: 1 }] }],
      },
    });
    expect(rubric.statusCode).toBe(422);
    expect(Object.keys(rubric.json().errors)).toContain('criteria.0.levels');
    const guide = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${project.id}/rubric`,
      headers,
      payload: { kind: 'guide', title: 'G', criteria: [{ title: 'Clarté' }] },
    });
    expect(guide.statusCode).toBe(422);
    expect(Object.keys(guide.json().errors)).toContain('criteria.0.max_points');
  });

  it('sets the rubric of the evaluation: levels by points, each criterion worth its best level', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${project.id}/rubric`,
      headers: await as(teacher),
      payload: RUBRIC,
    });
    expect(response.statusCode).toBe(200);
    const rubric = response.json();
    expect(rubric).toMatchObject({ kind: 'rubric', version: 1, max_points: 10 });
    expect(rubric.criteria[1].levels.map((level: { id: string }) => level.id)).toEqual([
      'a0',
      'a2',
    ]);
    expect(rubric.criteria[1].max_points).toBe(6);
  });

  it('keeps the rubric to those who mark: a colleague who only sees the project and another institution get 404', async () => {
    for (const user of [colleague, stranger]) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/evaluations/${project.id}/rubric`,
        headers: await as(user),
        payload: RUBRIC,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('the marking screen', () => {
  it('lists each student with their latest hand-in, its type and whether it came late', async () => {
    expect((await handIn(student, 'rapport.pdf', PDF)).statusCode).toBe(201);
    const response = await queueOf();
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.rubric.title).toBe('Grille du rapport');
    expect(answer.students.map((row: { student: { id: number } }) => row.student.id)).toEqual([
      student.id,
      classmate.id,
    ]);
    expect(entryOf(answer, student.id)).toMatchObject({
      latest: { file_name: 'rapport.pdf', mime: 'application/pdf', late_minutes: 0, version: 1 },
      versions: 1,
      state: 'not_marked',
      sheet: null,
    });
    expect(entryOf(answer, classmate.id)).toMatchObject({ latest: null, versions: 0 });
  });

  it('answers 404 to another institution and 403 to a student', async () => {
    expect((await queueOf(stranger)).statusCode).toBe(404);
    expect((await queueOf(colleague)).statusCode).toBe(404);
    expect((await queueOf(student)).statusCode).toBe(403);
    expect((await mark({ scores: [], version: 0 }, student.id, stranger)).statusCode).toBe(404);
    expect((await mark({ scores: [], version: 0 }, outsider.id)).statusCode).toBe(404);
  });

  it('keeps a partial sheet as a draft: no grade until every criterion is scored', async () => {
    const response = await mark({
      scores: [{ criterion_id: 'structure', level_id: 's1', comment: 'Plan peu lisible' }],
      version: 0,
    });
    expect(response.statusCode).toBe(200);
    const entry = entryOf(response.json(), student.id);
    expect(entry.state).toBe('in_marking');
    expect(entry.result).toBeNull();
    expect(entry.sheet).toMatchObject({
      points: 2,
      max_points: 10,
      computed: null,
      rubric_version: 1,
    });
    expect(entry.sheet?.scores[0]).toMatchObject({
      level_id: 's1',
      points: 2,
      comment: 'Plan peu lisible',
    });
  });

  it('refuses an unknown level or criterion, per score', async () => {
    const response = await mark({
      scores: [
        { criterion_id: 'structure', level_id: 'nope' },
        { criterion_id: 'missing', level_id: 's1' },
      ],
      version: 0,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'scores.0.level_id',
      'scores.1.criterion_id',
    ]);
  });

  it('writes the rubric’s grade through the grid’s path once complete, with its history', async () => {
    const response = await mark({
      scores: [
        { criterion_id: 'structure', level_id: 's2' },
        { criterion_id: 'analysis', level_id: 'a0' },
      ],
      comment: 'Bonne structure, analyse à approfondir.',
      version: 0,
    });
    expect(response.statusCode).toBe(200);
    const entry = entryOf(response.json(), student.id);
    // (4 + 1) / 10 × 20
    expect(entry.sheet).toMatchObject({ points: 5, computed: 10 });
    expect(entry.result).toMatchObject({
      grade: 10,
      comment: 'Bonne structure, analyse à approfondir.',
      version: 1,
    });
    expect(entry.state).toBe('marked');
    const history = await app.inject({
      method: 'GET',
      url: `/api/results/${entry.result?.id}/history`,
      headers: await as(teacher),
    });
    expect(history.json().data).toMatchObject([{ old_grade: null, new_grade: 10, reason: null }]);
  });

  it('takes a grade that differs from the rubric’s only with a reason, and keeps the reason in the history', async () => {
    const scores = [
      { criterion_id: 'structure', level_id: 's2' },
      { criterion_id: 'analysis', level_id: 'a0' },
    ];
    const bare = await mark({ scores, grade: 11.5, version: 1 });
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.json().errors)).toEqual(['reason']);
    const response = await mark({
      scores,
      grade: 11.5,
      reason: 'Soutenance orale excellente',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const entry = entryOf(response.json(), student.id);
    expect(entry.result).toMatchObject({ grade: 11.5, version: 2 });
    expect(entry.sheet?.computed).toBe(10);
    const history = await app.inject({
      method: 'GET',
      url: `/api/results/${entry.result?.id}/history`,
      headers: await as(teacher),
    });
    expect(history.json().data[0]).toMatchObject({
      old_grade: 10,
      new_grade: 11.5,
      reason: 'Soutenance orale excellente',
    });
  });

  it('answers 409 when the line moved since the screen loaded it, and writes nothing', async () => {
    const response = await mark({
      scores: [
        { criterion_id: 'structure', level_id: 's0' },
        { criterion_id: 'analysis', level_id: 'a0' },
      ],
      version: 1,
    });
    expect(response.statusCode).toBe(409);
    const [line] = await db
      .select({ grade: results.grade })
      .from(results)
      .where(and(eq(results.evaluation_id, project.id), eq(results.student_id, student.id)));
    expect(line?.grade).toBe(11.5);
    const entry = entryOf((await queueOf()).json(), student.id);
    expect(entry.sheet?.scores[0]?.level_id).toBe('s2');
  });

  it('keeps the criteria a sheet was filled against when the rubric changes', async () => {
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${project.id}/rubric`,
      headers: await as(teacher),
      payload: { ...RUBRIC, title: 'Grille v2' },
    });
    expect(changed.json().version).toBe(2);
    const entry = entryOf((await queueOf()).json(), student.id);
    expect(entry.sheet).toMatchObject({ title: 'Grille du rapport', rubric_version: 1 });
  });
});

/** The student's latest hand-in, as the marking screen shows it. */
async function latestOf(id: number) {
  const entry = entryOf((await queueOf()).json(), id);
  return entry.latest!;
}
const storedHash = async (submissionId: number) => {
  const [row] = await db
    .select({ key: files.storage_key, sha256: files.sha256 })
    .from(submissions)
    .innerJoin(files, eq(files.id, submissions.file_id))
    .where(eq(submissions.id, submissionId));
  const bytes = await storageFor(config).get(row!.key);
  return { recorded: row!.sha256, actual: createHash('sha256').update(bytes!).digest('hex') };
};

describe('annotations on a PDF hand-in', () => {
  it('keeps a highlight, a comment and a drawing apart from the file, whose bytes and SHA-256 never change', async () => {
    const latest = await latestOf(student.id);
    const before = await storedHash(latest.id);
    expect(before.actual).toBe(latest.sha256);
    const headers = await as(teacher);
    const bodies = [
      {
        kind: 'highlight',
        page: 1,
        geometry: { x: 0.1, y: 0.2, width: 0.5, height: 0.04 },
        text: 'Hypothèse non justifiée',
      },
      { kind: 'comment', page: 1, geometry: { x: 0.8, y: 0.3 }, text: 'Citez la source.' },
      {
        kind: 'drawing',
        page: 1,
        geometry: {
          points: [
            [0.1, 0.5],
            [0.3, 0.52],
            [0.5, 0.5],
          ],
        },
      },
    ];
    for (const payload of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/submissions/${latest.id}/annotations`,
        headers,
        payload,
      });
      expect(response.statusCode).toBe(201);
    }
    const listed = await app.inject({
      method: 'GET',
      url: `/api/submissions/${latest.id}/annotations`,
      headers,
    });
    expect(listed.json().data.map((row: { kind: string }) => row.kind)).toEqual([
      'highlight',
      'comment',
      'drawing',
    ]);
    expect(await storedHash(latest.id)).toEqual(before);
  });

  it('refuses a comment without text, and annotations on a file that is not a PDF', async () => {
    const headers = await as(teacher);
    const latest = await latestOf(student.id);
    const empty = await app.inject({
      method: 'POST',
      url: `/api/submissions/${latest.id}/annotations`,
      headers,
      payload: { kind: 'comment', page: 1, geometry: { x: 0.5, y: 0.5 }, text: ' ' },
    });
    expect(empty.statusCode).toBe(422);
    // A source file is handed in as text, and shown as such; it takes no annotation.
    expect((await handIn(classmate, 'main.py', Buffer.from('print("bonjour")\n'))).statusCode).toBe(
      201,
    );
    const code = await latestOf(classmate.id);
    expect(code).toMatchObject({ mime: 'text/plain', file_name: 'main.py' });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/submissions/${code.id}/annotations`,
      headers,
      payload: { kind: 'comment', page: 1, geometry: { x: 0.5, y: 0.5 }, text: 'Non' },
    });
    expect(refused.statusCode).toBe(422);
  });

  it('says so when a PDF cannot be read to make the annotated copy, instead of failing', async () => {
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x41)]);
    expect((await handIn(classmate, 'abime.pdf', damaged)).statusCode).toBe(201);
    const latest = await latestOf(classmate.id);
    const response = await app.inject({
      method: 'GET',
      url: `/api/submissions/${latest.id}/annotated.pdf`,
      headers: await as(teacher),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/illisible|cannot be read/);
  });

  it('keeps annotations from the student until their grade is published, and from anyone else', async () => {
    const latest = await latestOf(student.id);
    for (const user of [student, classmate, stranger, colleague]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/submissions/${latest.id}/annotations`,
        headers: await as(user),
      });
      expect(response.statusCode, user.email).toBe(404);
      const pdf = await app.inject({
        method: 'GET',
        url: `/api/submissions/${latest.id}/annotated.pdf`,
        headers: await as(user),
      });
      expect(pdf.statusCode, user.email).toBe(404);
    }
    const write = await app.inject({
      method: 'POST',
      url: `/api/submissions/${latest.id}/annotations`,
      headers: await as(colleague),
      payload: { kind: 'comment', page: 1, geometry: { x: 0.5, y: 0.5 }, text: 'Non' },
    });
    expect(write.statusCode).toBe(404);
  });
});

describe('what the student reads', () => {
  const feedbackOf = async (user: { id: number; email: string }) =>
    app.inject({
      method: 'GET',
      url: `/api/evaluations/${project.id}/feedback`,
      headers: await as(user),
    });

  it('shows nothing before the grade is published', async () => {
    expect((await feedbackOf(student)).statusCode).toBe(404);
  });

  it('shows the filled rubric and the comment once published, to that student only', async () => {
    const published = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${project.id}/publish`,
      headers: await as(teacher),
      payload: { student_ids: [student.id] },
    });
    expect(published.statusCode).toBe(200);
    const response = await feedbackOf(student);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      grade: 11.5,
      scale: 20,
      comment: 'Bonne structure, analyse à approfondir.',
      sheet: { title: 'Grille du rapport', points: 5, max_points: 10, computed: 10 },
    });
    expect(
      response.json().sheet.scores.map((score: { level_id: string }) => score.level_id),
    ).toEqual(['s2', 'a0']);
    expect((await feedbackOf(classmate)).statusCode).toBe(404);
    expect((await feedbackOf(outsider)).statusCode).toBe(404);
    expect((await feedbackOf(teacher)).statusCode).toBe(403);
    expect(entryOf((await queueOf()).json(), student.id).state).toBe('released');
  });

  it('shows the annotations once published, and the annotated copy: a new PDF with their texts, the file unchanged', async () => {
    const latest = await latestOf(student.id);
    const before = await storedHash(latest.id);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/submissions/${latest.id}/annotations`,
      headers: await as(student),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(3);
    const response = await app.inject({
      method: 'GET',
      url: `/api/submissions/${latest.id}/annotated.pdf`,
      headers: await as(student),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('rapport-annotations.pdf');
    const annotated = await PDFDocument.load(response.rawPayload);
    const original = await PDFDocument.load(PDF);
    // The comments' page follows the hand-in's own.
    expect(annotated.getPageCount()).toBe(original.getPageCount() + 1);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).not.toBe(latest.sha256);
    expect(await storedHash(latest.id)).toEqual(before);
    expect(before.actual).toBe(latest.sha256);
  });
});

describe('a subject’s library of rubrics', () => {
  it('keeps a guide for the subject’s markers, lists it, and archives it with an audit row', async () => {
    const headers = await as(teacher);
    const created = await app.inject({
      method: 'POST',
      url: `/api/subjects/${subject.id}/rubrics`,
      headers,
      payload: {
        kind: 'guide',
        title: 'Guide oral',
        criteria: [
          { title: 'Clarté', max_points: 5 },
          { title: 'Réponses', max_points: 5 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'guide', max_points: 10 });
    const listed = await app.inject({
      method: 'GET',
      url: `/api/subjects/${subject.id}/rubrics`,
      headers,
    });
    expect(listed.json().data.map((row: { title: string }) => row.title)).toEqual(['Guide oral']);
    // The evaluation's own rubric is not in the library.
    for (const user of [stranger, colleague]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/subjects/${subject.id}/rubrics`,
        headers: await as(user),
      });
      expect(response.statusCode).toBe(404);
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/rubrics/${created.json().id}/archive`,
          headers: await as(stranger),
        })
      ).statusCode,
    ).toBe(404);
    const archived = await app.inject({
      method: 'POST',
      url: `/api/rubrics/${created.json().id}/archive`,
      headers,
    });
    expect(archived.statusCode).toBe(204);
    const after = await app.inject({
      method: 'GET',
      url: `/api/subjects/${subject.id}/rubrics`,
      headers,
    });
    expect(after.json().data).toEqual([]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'archive'), eq(auditLog.entity, 'rubric')));
    expect(audit).toHaveLength(1);
  });

  it('grades a guide out of its maxima and refuses points beyond one', async () => {
    const headers = await as(teacher);
    await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${project.id}/rubric`,
      headers,
      payload: {
        kind: 'guide',
        title: 'Guide',
        criteria: [
          { id: 'clarity', title: 'Clarté', max_points: 8 },
          { id: 'depth', title: 'Fond', max_points: 12 },
        ],
      },
    });
    const over = await mark(
      { scores: [{ criterion_id: 'clarity', points: 9 }], version: 0 },
      classmate.id,
    );
    expect(over.statusCode).toBe(422);
    expect(Object.keys(over.json().errors)).toEqual(['scores.0.points']);
    const response = await mark(
      {
        scores: [
          { criterion_id: 'clarity', points: 6.5, comment: 'Lisible' },
          { criterion_id: 'depth', points: 9 },
        ],
        version: 0,
      },
      classmate.id,
    );
    expect(response.statusCode).toBe(200);
    // (6.5 + 9) / 20 × 20
    expect(entryOf(response.json(), classmate.id).result?.grade).toBe(15.5);
  });
});

describe('the late penalty (decision 195)', () => {
  it('takes the rule’s points off the rubric’s grade for each day late, shows them, and weighs an override against the penalized grade', async () => {
    const now = ctx.clock.now();
    // Handed in 25 hours after the deadline: two days started, 10 % of 20 each.
    const late = await createEvaluation(db, training, subject.id, {
      type: 'project',
      date: '2026-11-20',
      deadline: new Date(now.getTime() - 25 * 3_600_000),
      late_until: new Date(now.getTime() + 3_600_000),
      late_penalty: 10,
      scale: 20,
    });
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="retard.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const handedIn = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${late.id}/submissions`,
      payload: Buffer.concat([Buffer.from(head), PDF, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: {
        ...(await as(student)),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
    });
    expect(handedIn.json().late_minutes).toBe(25 * 60);
    const headers = await as(teacher);
    await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${late.id}/rubric`,
      headers,
      payload: RUBRIC,
    });
    const scores = [
      { criterion_id: 'structure', level_id: 's2' },
      { criterion_id: 'analysis', level_id: 'a2' },
    ];
    const url = `/api/evaluations/${late.id}/marking/${student.id}`;
    const marked = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { scores, version: 0 },
    });
    expect(marked.statusCode).toBe(200);
    const entry = entryOf(marked.json(), student.id);
    expect(marked.json().evaluation).toMatchObject({ late_penalty: 10 });
    expect(entry.latest).toMatchObject({ late_minutes: 25 * 60 });
    // (4 + 6) / 10 × 20 = 20, minus 2 days × 2 points.
    expect(entry.sheet).toMatchObject({ computed: 20, late_days: 2, penalty: 4 });
    expect(entry.result?.grade).toBe(16);
    // The penalized grade typed again is no override; forgiving the delay is one, with its reason.
    const typed = (grade: number) =>
      app.inject({ method: 'PUT', url, headers, payload: { scores, grade, version: 1 } });
    expect((await typed(16)).statusCode).toBe(200);
    const forgiven = await typed(20);
    expect(forgiven.statusCode).toBe(422);
    expect(forgiven.json().errors.reason).toHaveLength(1);
    // The student reads the penalty beside the rubric once the grade is published.
    await app.inject({
      method: 'POST',
      url: `/api/evaluations/${late.id}/publish`,
      headers,
      payload: { student_ids: [student.id] },
    });
    const feedback = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${late.id}/feedback`,
      headers: await as(student),
    });
    expect(feedback.json()).toMatchObject({ grade: 16, sheet: { late_days: 2, penalty: 4 } });
  });
});

describe('blind marking (decision 196)', async () => {
  const zelie = await createUser(db, 'student', school.id, {
    first_name: 'Zélie',
    last_name: 'Quennec',
    email: 'zelie.quennec@example.test',
  });
  const ulysse = await createUser(db, 'student', school.id, {
    first_name: 'Ulysse',
    last_name: 'Vasseur',
    email: 'ulysse.vasseur@example.test',
  });
  const cohort = await createPromotion(db, school.id, {
    students: [zelie.id, ulysse.id],
    teachers: [teacher.id],
  });
  const blindTraining = await createTraining(db, cohort);
  const blind = await createEvaluation(db, blindTraining, subject.id, {
    type: 'project',
    title: 'Mémoire anonyme',
    date: '2026-11-20',
    deadline: new Date('2026-12-20T17:00:00Z'),
    blind_marking: true,
  });
  const names = ['Zélie', 'Quennec', 'zelie.quennec', 'Ulysse', 'Vasseur', 'ulysse.vasseur'];
  const NUMBER = /^participant-\d{6}-v1\.pdf$/;
  const leaks = (text: string) => names.filter((name) => text.includes(name));
  const get = async (url: string) => app.inject({ method: 'GET', url, headers: await as(teacher) });

  const BLIND_BOUNDARY = '----skolar-blind';
  async function handInAs(user: { id: number; email: string }, name: string) {
    const head = `--${BLIND_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    return app.inject({
      method: 'POST',
      url: `/api/evaluations/${blind.id}/submissions`,
      payload: Buffer.concat([
        Buffer.from(head),
        PDF,
        Buffer.from(`\r\n--${BLIND_BOUNDARY}--\r\n`),
      ]),
      headers: {
        ...(await as(user)),
        'content-type': `multipart/form-data; boundary=${BLIND_BOUNDARY}`,
      },
    });
  }

  it('refuses blind marking for an exam', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${blind.id}`,
      headers: await as(teacher),
      payload: {
        type: 'exam',
        start_time: '09:00',
        end_time: '10:00',
        duration_minutes: 60,
        deadline: null,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.blind_marking).toHaveLength(1);
  });

  it('names no student, in no answer, file name, zip entry or export, before the release', async () => {
    expect((await handInAs(zelie, 'Quennec_Zelie_memoire.pdf')).statusCode).toBe(201);
    expect((await handInAs(ulysse, 'memoire-ulysse-vasseur.pdf')).statusCode).toBe(201);
    // The student still sees their own file under its own name.
    const own = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${blind.id}`,
      headers: await as(zelie),
    });
    expect(own.json().submissions[0].file_name).toBe('Quennec_Zelie_memoire.pdf');

    const queue = await get(`/api/evaluations/${blind.id}/marking`);
    expect(queue.statusCode).toBe(200);
    expect(leaks(queue.body)).toEqual([]);
    const answer = queue.json() as MarkingQueue;
    expect(answer.blind).toBe(true);
    const numbers = answer.students.map((entry) => entry.student.id);
    expect(numbers.every((number) => number >= 100_000 && number <= 999_999)).toBe(true);
    expect(new Set(numbers).size).toBe(2);
    // By number, not by name: an alphabetical order would tell who is who.
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(answer.students.map((entry) => entry.latest?.file_name)).toEqual([
      expect.stringMatching(NUMBER),
      expect.stringMatching(NUMBER),
    ]);
    // The numbers stay the same from one answer to the next.
    const again = (await get(`/api/evaluations/${blind.id}/marking`)).json() as MarkingQueue;
    expect(again.students.map((entry) => entry.student.id)).toEqual(numbers);

    const number = answer.students[0]!.student.id;
    const grid = await get(`/api/evaluations/${blind.id}/results`);
    expect(leaks(grid.body)).toEqual([]);
    expect(grid.json()).toMatchObject({ blind: true, groups: [] });
    const roster = await get(`/api/evaluations/${blind.id}/submissions`);
    expect(leaks(roster.body)).toEqual([]);
    const versions = await get(`/api/evaluations/${blind.id}/submissions/${number}`);
    expect(versions.statusCode).toBe(200);
    expect(leaks(versions.body)).toEqual([]);
    // A real id does not name a student while the project is blind.
    expect((await get(`/api/evaluations/${blind.id}/submissions/${zelie.id}`)).statusCode).toBe(
      404,
    );

    const file = await get(answer.students[0]!.latest!.file_link);
    expect(file.statusCode).toBe(200);
    expect(leaks(file.headers['content-disposition'] as string)).toEqual([]);
    expect(file.headers['content-disposition']).toContain(`participant-${number}-v1.pdf`);
    const annotated = await get(`/api/submissions/${answer.students[0]!.latest!.id}/annotated.pdf`);
    expect(leaks(annotated.headers['content-disposition'] as string)).toEqual([]);

    const zip = await get(`/api/evaluations/${blind.id}/submissions.zip`);
    const entries = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => NUMBER.test(entry))).toBe(true);

    // Marked by number; the grade is out of the gradebook, its CSV and the results list.
    const marked = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${blind.id}/marking/${number}`,
      headers: await as(teacher),
      payload: { grade: 14, comment: 'Solide', version: 0 },
    });
    expect(marked.statusCode).toBe(200);
    expect(leaks(marked.body)).toEqual([]);
    const realId = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${blind.id}/marking/${zelie.id}`,
      headers: await as(teacher),
      payload: { grade: 14, version: 0 },
    });
    expect(realId.statusCode).toBe(404);
    const book = await get(`/api/promotions/${cohort.id}/gradebook`);
    expect(book.statusCode).toBe(200);
    expect(book.json().evaluations.map((column: { id: number }) => column.id)).not.toContain(
      blind.id,
    );
    const csv = await get(`/api/promotions/${cohort.id}/gradebook.csv`);
    expect(csv.body).not.toContain('Mémoire anonyme');
    const results = await get(`/api/results?evaluation_id=${blind.id}`);
    expect(results.json().data).toEqual([]);
    const line = (marked.json() as MarkingQueue).students.find(
      (entry) => entry.student.id === number,
    )!;
    expect((await get(`/api/results/${line.result!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/results/${line.result!.id}/history`)).statusCode).toBe(200);
  });

  it('reveals the students when a grade is published, audited, and never turns blind again', async () => {
    const queue = (await get(`/api/evaluations/${blind.id}/marking`)).json() as MarkingQueue;
    const marked = queue.students.find((entry) => entry.result?.grade === 14)!;
    const published = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${blind.id}/publish`,
      headers: await as(teacher),
      payload: { student_ids: [marked.student.id] },
    });
    expect(published.json()).toMatchObject({ published: 1 });
    const shown = (await get(`/api/evaluations/${blind.id}/marking`)).json() as MarkingQueue;
    expect(shown.blind).toBe(false);
    // The student behind the participant number marked is named again.
    const [behind] = await db
      .select({ student_id: participantNumbers.student_id })
      .from(participantNumbers)
      .where(
        and(
          eq(participantNumbers.evaluation_id, blind.id),
          eq(participantNumbers.number, marked.student.id),
        ),
      );
    const named = shown.students.find((entry) => entry.result?.grade === 14)!.student;
    expect(named.id).toBe(behind!.student_id);
    expect(named.last_name).toBe(behind!.student_id === zelie.id ? 'Quennec' : 'Vasseur');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'evaluation.reveal'), eq(auditLog.entity_id, blind.id)));
    expect(audit).toBeDefined();
    const book = await get(`/api/promotions/${cohort.id}/gradebook`);
    expect(book.json().evaluations.map((column: { id: number }) => column.id)).toContain(blind.id);
    // Once a grade is out, marking that was made open again cannot turn blind.
    await db.update(evaluations).set({ blind_marking: false }).where(eq(evaluations.id, blind.id));
    const blindAgain = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${blind.id}`,
      headers: await as(teacher),
      payload: { blind_marking: true },
    });
    expect(blindAgain.statusCode).toBe(422);
    expect(blindAgain.json().errors.blind_marking).toHaveLength(1);
  });
});

describe('second marking (decision 197)', async () => {
  const second = await createUser(db, 'teacher', school.id, {
    first_name: 'Inès',
    last_name: 'Roux',
  });
  const third = await createUser(db, 'teacher', school.id);
  const pupil = await createUser(db, 'student', school.id);
  const cohort = await createPromotion(db, school.id, {
    students: [pupil.id],
    teachers: [teacher.id, second.id, third.id],
  });
  const cohortTraining = await createTraining(db, cohort);
  const shared = await createSubject(db, school.id, [teacher.id, second.id, third.id]);
  const twice = await createEvaluation(db, cohortTraining, shared.id, {
    type: 'project',
    title: 'Mémoire corrigé deux fois',
    date: '2026-11-20',
    deadline: new Date('2026-12-20T17:00:00Z'),
    second_marking: true,
  });
  const propose = async (user: { id: number; email: string }, grade: number) =>
    app.inject({
      method: 'PUT',
      url: `/api/evaluations/${twice.id}/marking/${pupil.id}`,
      headers: await as(user),
      payload: { grade, comment: `Proposé ${grade}`, version: 0 },
    });
  const entryFor = async (user: { id: number; email: string }) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${twice.id}/marking`,
      headers: await as(user),
    });
    return entryOf(response.json(), pupil.id);
  };
  const agree = async (user: { id: number; email: string }, grade: number) =>
    app.inject({
      method: 'PUT',
      url: `/api/evaluations/${twice.id}/marking/${pupil.id}/agreement`,
      headers: await as(user),
      payload: { grade, comment: 'Note convenue', version: 0 },
    });

  it('keeps each proposal apart, hides the other until both are in, then a marker writes the agreed grade', async () => {
    const first = await propose(teacher, 14);
    expect(first.statusCode).toBe(200);
    expect(entryOf(first.json(), pupil.id)).toMatchObject({
      state: 'in_marking',
      result: null,
      proposals: [{ round: 1, mine: true, hidden: false, grade: 14 }],
    });
    // The second marker does not see the first's grade while theirs is not in.
    expect(await entryFor(second)).toMatchObject({
      proposals: [{ round: 1, mine: false, hidden: true, grade: null, comment: null }],
    });
    expect((await agree(teacher, 15)).statusCode).toBe(409);

    expect((await propose(second, 16)).statusCode).toBe(200);
    const ready = await entryFor(teacher);
    expect(ready.state).toBe('ready_for_agreement');
    expect(ready.proposals).toMatchObject([
      { round: 1, mine: true, grade: 14 },
      {
        round: 2,
        mine: false,
        hidden: false,
        grade: 16,
        comment: 'Proposé 16',
        marker_name: 'Inès Roux',
      },
    ]);
    // A third marker does not propose: the grade remains to be agreed.
    expect((await propose(third, 10)).statusCode).toBe(409);

    const agreed = await agree(third, 15);
    expect(agreed.statusCode).toBe(200);
    const entry = entryOf(agreed.json(), pupil.id);
    expect(entry).toMatchObject({
      state: 'marked',
      result: { grade: 15, comment: 'Note convenue' },
    });
    const history = await app.inject({
      method: 'GET',
      url: `/api/results/${entry.result!.id}/history`,
      headers: await as(teacher),
    });
    expect(history.json().data[0].reason).toMatch(/14.*16/);
    // Once agreed, proposals are closed.
    expect((await propose(teacher, 18)).statusCode).toBe(409);
  });

  it('is for projects only', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/evaluations/${twice.id}`,
      headers: await as(teacher),
      payload: { type: 'exam', start_time: '09:00', end_time: '10:00', duration_minutes: 60 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.second_marking).toHaveLength(1);
  });

  it('refuses an agreement at a project marked once', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/evaluations/${project.id}/marking/${student.id}/agreement`,
      headers: await as(teacher),
      payload: { grade: 12, version: 0 },
    });
    expect(response.statusCode).toBe(404);
  });
});
