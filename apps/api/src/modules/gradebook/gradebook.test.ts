import { eq, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
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
import { gradeChanges, results } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const school = await createInstitution(db);
const otherSchool = await createInstitution(db);
const admin = await createUser(db, 'admin', school.id);
const teacher = await createUser(db, 'teacher', school.id);
const outsider = await createUser(db, 'teacher', school.id);
// Not assigned to the promotion, teaches the web subject only.
const webTeacher = await createUser(db, 'super-teacher', school.id);
const otherAdmin = await createUser(db, 'admin', otherSchool.id);
// A student whose name a spreadsheet would run as a formula, and one with a separator in it.
const alice = await createUser(db, 'student', school.id, {
  first_name: '=1+1',
  last_name: 'Dubois;=1+1',
  email: 'alice@gradebook.test',
});
const bruno = await createUser(db, 'student', school.id, { last_name: 'Bruno' });
const chloe = await createUser(db, 'student', school.id, { last_name: 'Chloé' });
const david = await createUser(db, 'student', school.id, { last_name: 'David' });
const elsewhere = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [alice.id, bruno.id, chloe.id, david.id],
  teachers: [teacher.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [elsewhere.id] });
const foreignPromotion = await createPromotion(db, otherSchool.id);
const training = await createTraining(db, promotion);
const otherTraining = await createTraining(db, otherPromotion);
const algo = await createSubject(db, school.id, [teacher.id], {
  name: 'Algorithmique',
  coefficient: 2,
});
const web = await createSubject(db, school.id, [webTeacher.id], { name: 'Web', coefficient: 1 });
const midterm = await createEvaluation(db, training, algo.id, {
  title: 'Partiel',
  percentage: 50,
  date: '2026-10-01',
});
const project = await createEvaluation(db, training, algo.id, {
  type: 'project',
  title: 'Projet',
  percentage: 50,
  scale: 40,
  date: '2026-10-10',
  deadline: new Date('2026-10-20T17:00:00Z'),
});
// Graded but not published yet.
const quiz = await createEvaluation(db, training, web.id, {
  title: 'Quiz',
  percentage: 100,
  date: '2026-10-15',
});
const otherEval = await createEvaluation(db, otherTraining, algo.id, { title: 'Ailleurs' });

const PUBLISHED = new Date('2026-10-25T10:00:00Z');
async function grade(
  evaluationId: number,
  studentId: number,
  value: number | null,
  published: boolean,
  absent = false,
) {
  await db.insert(results).values({
    evaluation_id: evaluationId,
    student_id: studentId,
    grade: value,
    absent,
    graded_by: admin.id,
    comment: studentId === alice.id ? 'Bon travail' : 'Secret comment',
    published_at: published ? PUBLISHED : null,
  });
}
// Partiel (/20), published: Alice 14, Bruno 8, Chloé absent, David 18.
await grade(midterm.id, alice.id, 14, true);
await grade(midterm.id, bruno.id, 8, true);
await grade(midterm.id, chloe.id, null, true, true);
await grade(midterm.id, david.id, 18, true);
// Projet (/40), published for Alice and Bruno only (too few for figures).
await grade(project.id, alice.id, 30, true);
await grade(project.id, bruno.id, 20, true);
await grade(project.id, chloe.id, 36, false);
// Quiz, graded, not published.
await grade(quiz.id, alice.id, 11, false);
await grade(otherEval.id, elsewhere.id, 19.5, true);

const as = signedIn(app);
const get = async (user: { id: number; email: string }, url: string, locale = 'fr') =>
  app.inject({ method: 'GET', url, headers: { ...(await as(user)), 'accept-language': locale } });
const post = async (
  user: { id: number; email: string },
  url: string,
  content: string,
  locale = 'fr',
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...(await as(user)), 'accept-language': locale },
    payload: { file_name: 'notes.csv', content },
  });

describe('GET /api/me/results', () => {
  it("lists only the student's published results, with the class's figures (absence 0)", async () => {
    const response = await get(alice, '/api/me/results');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    // The quiz is graded but not published: not there.
    expect(data.map((row: { evaluation: { title: string } }) => row.evaluation.title)).toEqual([
      'Projet',
      'Partiel',
    ]);
    const [projet, partiel] = data;
    expect(partiel).toMatchObject({
      grade: 14,
      absent: false,
      normalised: 14,
      comment: 'Bon travail',
      evaluation: { id: midterm.id, scale: 20, percentage: 50, subject: { name: 'Algorithmique' } },
      // (14 + 8 + 0 + 18) / 4 = 10; the absence counts 0 and is the minimum.
      class: { average: 10, minimum: 0, maximum: 18, count: 4 },
    });
    expect(projet).toMatchObject({ grade: 30, normalised: 15, evaluation: { scale: 40 } });
    // Two published results: the figures would give Bruno's grade away.
    expect(projet.class).toEqual({ average: null, minimum: null, maximum: null, count: 2 });
    const text = response.body;
    expect(text).not.toContain('Secret comment');
    expect(text).not.toContain('"grade":8');
    expect(text).not.toContain('"student_id"');
  });

  it('shows an absence as 0/20 to the absent student', async () => {
    const { data } = (await get(chloe, '/api/me/results')).json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ grade: null, absent: true, normalised: 0 });
  });

  it('filters by training, 404 for a training of another promotion, 403 for staff', async () => {
    const mine = await get(alice, `/api/me/results?training_id=${training.id}`);
    expect(mine.json().data).toHaveLength(2);
    expect((await get(alice, `/api/me/results?training_id=${otherTraining.id}`)).statusCode).toBe(
      404,
    );
    expect((await get(teacher, '/api/me/results')).statusCode).toBe(403);
    expect((await get(admin, '/api/me/results')).statusCode).toBe(403);
  });
});

describe('GET /api/promotions/:id/gradebook', () => {
  it('answers students × evaluations with the averages over every entered grade', async () => {
    const response = await get(admin, `/api/promotions/${promotion.id}/gradebook`);
    expect(response.statusCode).toBe(200);
    const book = response.json();
    expect(book.basis).toBe('entered');
    expect(book.evaluations.map((e: { title: string }) => e.title)).toEqual([
      'Partiel',
      'Projet',
      'Quiz',
    ]);
    const row = (id: number) => book.students.find((s: { id: number }) => s.id === id);
    const a = row(alice.id);
    expect(a.cells.map((c: { status: string }) => c.status)).toEqual([
      'graded',
      'graded',
      'graded',
    ]);
    expect(a.cells[2]).toMatchObject({ grade: 11, published: false });
    // Algo: (14 × 50 + 15 × 50) / 100 = 14.5; Web 11 (unpublished counts here);
    // overall (14.5 × 2 + 11 × 1) / 3 = 13.333…
    expect(a.subjects).toEqual([
      { id: algo.id, average: 14.5 },
      { id: web.id, average: 11 },
    ]);
    expect(a.average).toBeCloseTo(40 / 3, 10);
    const c = row(chloe.id);
    expect(c.cells[0]).toMatchObject({ status: 'absent', absent: true });
    // Chloé: absent (0) and 36/40 = 18 → algo 9; quiz pending → web null; overall 9.
    expect(c.subjects).toEqual([
      { id: algo.id, average: 9 },
      { id: web.id, average: null },
    ]);
    expect(c.average).toBe(9);
    expect(row(david.id).cells[1].status).toBe('pending');
  });

  it('shows a teacher only the evaluations they may grade', async () => {
    const book = (await get(teacher, `/api/promotions/${promotion.id}/gradebook`)).json();
    // The teacher is assigned to the promotion but grades only the subject they teach (decision
    // 175): the algorithms midterm and project, not the web quiz.
    expect(book.evaluations.map((e: { id: number }) => e.id).sort()).toEqual(
      [midterm.id, project.id].sort(),
    );
    expect((await get(outsider, `/api/promotions/${promotion.id}/gradebook`)).statusCode).toBe(404);
    // A super-teacher reads the whole institution but grades only the evaluations of their subjects.
    const narrow = (await get(webTeacher, `/api/promotions/${promotion.id}/gradebook`)).json();
    expect(narrow.evaluations.map((e: { title: string }) => e.title)).toEqual(['Quiz']);
    expect(narrow.students.find((s: { id: number }) => s.id === alice.id).average).toBe(11);
    // …and cannot import into a column they do not grade.
    const csv = `E-mail;Partiel [#${midterm.id}] (/20)\n${alice.email};15`;
    const refused = (
      await post(webTeacher, `/api/promotions/${promotion.id}/gradebook/dry-run`, csv)
    ).json();
    expect(refused.counts.error).toBe(1);
  });

  it('answers 404 for another institution, 403 for a student', async () => {
    expect((await get(admin, `/api/promotions/${foreignPromotion.id}/gradebook`)).statusCode).toBe(
      404,
    );
    expect((await get(otherAdmin, `/api/promotions/${promotion.id}/gradebook`)).statusCode).toBe(
      404,
    );
    expect((await get(alice, `/api/promotions/${promotion.id}/gradebook`)).statusCode).toBe(403);
    expect(
      (await get(otherAdmin, `/api/promotions/${promotion.id}/gradebook.csv`)).statusCode,
    ).toBe(404);
  });
});

async function exportCsv(locale = 'fr') {
  const response = await get(admin, `/api/promotions/${promotion.id}/gradebook.csv`, locale);
  expect(response.statusCode).toBe(200);
  return response;
}

describe('GET /api/promotions/:id/gradebook.csv', () => {
  it('is a formula-safe download, every cell quoted, in the reader’s language', async () => {
    const response = await exportCsv('fr');
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="carnet-de-notes-/,
    );
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`"'Dubois;=1+1";"'=1+1";"alice@gradebook.test"`);
    expect(text).not.toMatch(/(^|;)"=/m);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      `"Nom";"Prénom";"E-mail";"Partiel [#${midterm.id}] (/20)";"Projet [#${project.id}] (/40)";"Quiz [#${quiz.id}] (/20)";"Moyenne Algorithmique (/20)";"Moyenne Web (/20)";"Moyenne générale (/20)"`,
    );
    // Every cell is quoted.
    for (const line of lines) expect(line).toMatch(/^"(.*)"$/);
    const chloeLine = lines.find((line) => line.includes('Chloé'))!;
    expect(chloeLine).toContain('"abs";"36";"";"9";"";"9"');
    const aliceLine = lines.find((line) => line.includes('alice@'))!;
    expect(aliceLine).toContain('"14";"30";"11";"14,5";"11";"13,33"');
  });

  it('uses commas and decimal points in English', async () => {
    const response = await exportCsv('en');
    expect(response.headers['content-disposition']).toMatch(/filename="gradebook-/);
    const aliceLine = response.body.split('\r\n').find((line) => line.includes('alice@'))!;
    expect(aliceLine).toContain('"14","30","11","14.5","11","13.33"');
  });
});

describe('gradebook import', () => {
  const url = `/api/promotions/${promotion.id}/gradebook`;
  const historyCount = async () =>
    (
      await db
        .select({ id: gradeChanges.id })
        .from(gradeChanges)
        .innerJoin(results, eq(results.id, gradeChanges.result_id))
        .where(inArray(results.evaluation_id, [midterm.id, project.id, quiz.id]))
    ).length;

  it('round-trips: the exported file changes nothing', async () => {
    for (const locale of ['fr', 'en']) {
      const csv = (await exportCsv(locale)).body;
      const response = await post(admin, `${url}/dry-run`, csv, locale);
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.counts).toEqual({ update: 0, unchanged: 4, error: 0 });
      expect(report.changes).toBe(0);
      expect(report.columns.map((c: { evaluation_id: number }) => c.evaluation_id)).toEqual([
        midterm.id,
        project.id,
        quiz.id,
      ]);
    }
  });

  it('imports an edited cell with its history row; the dry run wrote nothing', async () => {
    const rows = Papa.parse<string[]>((await exportCsv('fr')).body.slice(1), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    const davidRow = rows.findIndex((row) => row.includes(david.email));
    rows[davidRow]![4] = '33,5'; // Projet, pending until now
    rows[davidRow]![3] = 'abs'; // Partiel 18 → absent
    const edited = Papa.unparse(rows, { delimiter: ';' });
    const before = await historyCount();
    const dry = (await post(admin, `${url}/dry-run`, edited)).json();
    expect(dry.counts).toEqual({ update: 1, unchanged: 3, error: 0 });
    expect(dry.changes).toBe(2);
    expect(await historyCount()).toBe(before);

    const response = await post(admin, url, edited);
    expect(response.statusCode).toBe(200);
    expect(await historyCount()).toBe(before + 2);
    const book = (await get(admin, url)).json();
    const cells = book.students.find((s: { id: number }) => s.id === david.id).cells;
    expect(cells[0]).toMatchObject({ status: 'absent', version: 2 });
    expect(cells[1]).toMatchObject({ status: 'graded', grade: 33.5, version: 1 });
    // Importing the same file again changes nothing.
    expect((await post(admin, `${url}/dry-run`, edited)).json().changes).toBe(0);
  });

  it('gives per-line errors and writes nothing for bad lines', async () => {
    const header = `Nom;Prénom;E-mail;Partiel [#${midterm.id}] (/20);Inconnue [#999999] (/20);Ailleurs [#${otherEval.id}] (/20)`;
    const csv = [
      header,
      `Bruno;Test;${bruno.email};25;;`, // above the scale
      `X;Y;nobody@example.test;12;;`, // unknown student
      `Chloé;Test;${chloe.email};12;15;`, // unknown column
      `Élise;Test;${elsewhere.email};;;12`, // another promotion: neither the student nor the column
      `David;Test;${david.email};dix;;`, // unreadable
      `Alice;Test;${alice.email};15;;`, // fine
    ].join('\n');
    const before = await historyCount();
    const dry = (await post(admin, `${url}/dry-run`, csv)).json();
    expect(dry.counts).toEqual({ update: 1, unchanged: 0, error: 5 });
    const line = (n: number) => dry.lines.find((l: { line: number }) => l.line === n);
    expect(line(2).errors[`Partiel [#${midterm.id}] (/20)`]).toEqual([
      'La note doit être comprise entre 0 et 20.',
    ]);
    expect(line(3).errors['E-mail'][0]).toMatch(/Aucun étudiant/);
    expect(line(4).errors['Inconnue [#999999] (/20)'][0]).toMatch(/aucune évaluation/);
    expect(line(5).errors['E-mail']).toBeDefined();
    expect(line(5).errors[`Ailleurs [#${otherEval.id}] (/20)`]).toBeDefined();
    expect(line(6).errors[`Partiel [#${midterm.id}] (/20)`][0]).toMatch(/abs/);
    expect(line(7).action).toBe('update');

    const response = await post(admin, url, csv);
    expect(response.statusCode).toBe(422);
    expect(response.json().report.counts.error).toBe(5);
    expect(await historyCount()).toBe(before);
    const book = (await get(admin, url)).json();
    expect(book.students.find((s: { id: number }) => s.id === alice.id).cells[0].grade).toBe(14);
  });

  it('refuses students, and answers 404 for another institution', async () => {
    const csv = (await exportCsv('fr')).body;
    expect((await post(alice, `${url}/dry-run`, csv)).statusCode).toBe(403);
    expect((await post(otherAdmin, url, csv)).statusCode).toBe(404);
    expect(
      (await post(admin, `/api/promotions/${foreignPromotion.id}/gradebook/dry-run`, csv))
        .statusCode,
    ).toBe(404);
  });
});
