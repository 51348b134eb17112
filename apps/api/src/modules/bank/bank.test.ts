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
import { attempts, bankQuestions, questions } from '../../db/schema/index.ts';
import { questionsForAttempt } from '../exams/draws.ts';
import { bankCategoryOf } from './bank.service.ts';

const { app, db } = await createTestApp();
// The clock starts at 2026-11-22T10:00Z, 11:00 in Paris.
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const other = await createInstitution(db, { timezone: 'Europe/Paris' });
const teacher = await createUser(db, 'teacher', school.id);
const colleague = await createUser(db, 'teacher', school.id);
const admin = await createUser(db, 'admin', school.id);
const otherAdmin = await createUser(db, 'admin', other.id);
const students = await Promise.all(
  Array.from({ length: 6 }, () => createUser(db, 'student', school.id)),
);
const promotion = await createPromotion(db, school.id, {
  students: students.map((s) => s.id),
  teachers: [teacher.id, colleague.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id]);
const otherSubject = await createSubject(db, school.id, [colleague.id]);

const as = signedIn(app);
const call = async (
  user: Parameters<typeof as>[0],
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(user), ...(payload ? { payload } : {}) });

/** A GIFT export with categories, one broken question, and every scored kind. */
const GIFT = `$CATEGORY: $course$/top/Géométrie/Triangles

::Somme::La somme des angles d'un triangle vaut {#180}

::Rectangle::Un triangle rectangle a un angle droit. {T}

::Isocèle::Un triangle isocèle a {=deux ~trois ~aucun} côtés égaux.

::Équilatéral::Chaque angle d'un triangle équilatéral vaut {#60:0.5}

$CATEGORY: $course$/top/Géométrie/Cercles

::Pesanteur::Donnez g en m/s² à 0,01 près {#9.81:0.01}

::Rayon::Le diamètre vaut deux fois le {=rayon =%50%demi-diamètre}

::Cassée::Cette question n'a pas de fin {=oui
`;

async function importBank(skip = false) {
  return call(teacher, 'POST', `/api/subjects/${subject.id}/bank-questions/import`, {
    text: GIFT,
    format: 'gift',
    skip_refused: skip,
  });
}

describe('a subject’s question bank', () => {
  it('previews a file with its categories and refuses the broken question with its line', async () => {
    const preview = await call(
      teacher,
      'POST',
      `/api/subjects/${subject.id}/bank-questions/import/preview`,
      { text: GIFT, format: 'gift' },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const items = preview.json().data as Array<{
      line: number;
      category: string;
      problems: string[];
    }>;
    expect(items.map((item) => item.category)).toEqual([
      ...Array(4).fill('Géométrie/Triangles'),
      ...Array(3).fill('Géométrie/Cercles'),
    ]);
    const broken = items.filter((item) => item.problems.length > 0);
    expect(broken.map((item) => item.line)).toEqual([17]);
  });

  it('answers 422 on a refused question unless the teacher keeps the valid ones', async () => {
    const refused = await importBank();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['line.17']).toHaveLength(1);
    expect(await db.select().from(bankQuestions)).toHaveLength(0);

    const kept = await importBank(true);
    expect(kept.json()).toMatchObject({ imported: 6, duplicates: 0 });
    // The same file again adds nothing.
    expect((await importBank(true)).json()).toMatchObject({ imported: 0, duplicates: 6 });
  });

  it('lists by category (and the categories under it), tag and words, with the categories', async () => {
    const all = await call(teacher, 'GET', `/api/subjects/${subject.id}/bank-questions`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta.total).toBe(6);
    expect(all.json().categories).toEqual([
      { name: 'Géométrie/Cercles', count: 2 },
      { name: 'Géométrie/Triangles', count: 4 },
    ]);
    const circles = await call(
      teacher,
      'GET',
      `/api/subjects/${subject.id}/bank-questions?category=${encodeURIComponent('Géométrie/Cercles')}`,
    );
    expect(
      circles
        .json()
        .data.map((q: { title: string }) => q.title)
        .sort(),
    ).toEqual(['Pesanteur', 'Rayon']);
    const geometry = await call(
      teacher,
      'GET',
      `/api/subjects/${subject.id}/bank-questions?category=${encodeURIComponent('Géométrie')}`,
    );
    expect(geometry.json().meta.total).toBe(6);
    const words = await call(
      teacher,
      'GET',
      `/api/subjects/${subject.id}/bank-questions?q=diamètre`,
    );
    expect(words.json().data.map((q: { title: string }) => q.title)).toEqual(['Rayon']);

    const gravity = circles.json().data.find((q: { title: string }) => q.title === 'Pesanteur');
    const tagged = await call(teacher, 'PATCH', `/api/bank-questions/${gravity.id}`, {
      tags: ['Calcul', 'calcul', 'cercle'],
    });
    expect(tagged.json().tags).toEqual(['calcul', 'cercle']);
    const byTag = await call(
      teacher,
      'GET',
      `/api/subjects/${subject.id}/bank-questions?tag=calcul`,
    );
    expect(byTag.json().data.map((q: { id: number }) => q.id)).toEqual([gravity.id]);
    expect(byTag.json().tags).toEqual(['calcul', 'cercle']);
  });

  it('keeps the bank with those who set the subject’s exams, and 404 for anyone else', async () => {
    const url = `/api/subjects/${subject.id}/bank-questions`;
    expect((await call(admin, 'GET', url)).json().meta.total).toBe(6);
    expect((await call(colleague, 'GET', url)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await call(students[0]!, 'GET', url)).statusCode).toBe(403);
    const [row] = await db.select().from(bankQuestions).limit(1);
    const patch = await call(otherAdmin, 'PATCH', `/api/bank-questions/${row!.id}`, { points: 9 });
    expect(patch.statusCode).toBe(404);
    const created = await call(colleague, 'POST', `/api/subjects/${subject.id}/bank-questions`, {
      kind: 'short',
      prompt: 'x',
      answer_key: { accepted: ['x'] },
    });
    expect(created.statusCode).toBe(404);
  });
});

describe('an exam built from the bank', () => {
  const exam = async (start = '10:30', end = '12:30') =>
    createEvaluation(db, training, subject.id, {
      date: '2026-11-22',
      start_time: start,
      end_time: end,
      duration_minutes: 60,
    });

  it('copies chosen questions, and a random draw gives each attempt its own reproducible questions', async () => {
    const quiz = await exam();
    const bank = (await call(teacher, 'GET', `/api/subjects/${subject.id}/bank-questions`)).json()
      .data as Array<{ id: number; title: string; category: string }>;
    const gravity = bank.find((q) => q.title === 'Pesanteur')!;
    const chosen = await call(teacher, 'POST', `/api/evaluations/${quiz.id}/questions/from-bank`, {
      bank_question_ids: [gravity.id],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject([
      { title: 'Pesanteur', bank_question_id: gravity.id, draw_id: null },
    ]);

    const tooMany = await call(teacher, 'POST', `/api/evaluations/${quiz.id}/draws`, {
      category: 'Géométrie/Triangles',
      count: 5,
      points: 2,
    });
    expect(tooMany.statusCode).toBe(422);
    const draw = await call(teacher, 'POST', `/api/evaluations/${quiz.id}/draws`, {
      category: 'Géométrie/Triangles',
      count: 2,
      points: 2,
    });
    expect(draw.statusCode).toBe(200);
    expect(draw.json().draws).toMatchObject([{ count: 2, points: 2, pool: 4 }]);

    // The grid's most points: Pi's and the draw's 2 × 2.
    const grid = await call(teacher, 'GET', `/api/evaluations/${quiz.id}/results`);
    expect(grid.json().rows[0].quiz).toBeNull();

    const views = [];
    for (const student of students) {
      const started = await call(student, 'POST', `/api/evaluations/${quiz.id}/attempts`);
      expect(started.statusCode).toBe(201);
      views.push(started.json());
    }
    for (const view of views) {
      expect(view.questions).toHaveLength(3);
      const again = await call(students[views.indexOf(view)]!, 'GET', `/api/attempts/${view.id}`);
      expect(again.json().questions.map((q: { id: number }) => q.id)).toEqual(
        view.questions.map((q: { id: number }) => q.id),
      );
    }
    const sets = new Set(
      views.map((view) =>
        view.questions
          .map((q: { id: number }) => q.id)
          .sort()
          .join(','),
      ),
    );
    expect(sets.size).toBeGreaterThan(1);

    // An answer to a question the attempt did not draw is refused.
    const rows = await db.select().from(questions).where(eq(questions.evaluation_id, quiz.id));
    const first = views[0]!;
    const notDrawn = rows.find(
      (row) =>
        row.draw_id !== null && !first.questions.some((q: { id: number }) => q.id === row.id),
    )!;
    const save = await call(students[0]!, 'PUT', `/api/attempts/${first.id}/answers`, {
      answers: [
        { question_id: notDrawn.id, value: { text: '1' }, typed_at: new Date().toISOString() },
      ],
    });
    expect(save.statusCode).toBe(422);

    // The draw is reproducible from the attempt alone.
    const draws = [{ id: draw.json().draws[0].id, count: 2 }];
    expect(
      questionsForAttempt(rows, draws, first.id)
        .map((row) => row.id)
        .sort(),
    ).toEqual(first.questions.map((q: { id: number }) => q.id).sort());

    // Once started, the draw and the order hold.
    expect((await call(teacher, 'DELETE', `/api/question-draws/${draws[0]!.id}`)).statusCode).toBe(
      409,
    );
    const finished = await call(students[0]!, 'POST', `/api/attempts/${first.id}/finish`);
    expect(finished.statusCode).toBe(200);
    const results = await call(teacher, 'GET', `/api/evaluations/${quiz.id}/results`);
    const line = results
      .json()
      .rows.find(
        (row: { quiz: { attempt_id: number } | null }) => row.quiz?.attempt_id === first.id,
      );
    expect(line.quiz.max_points).toBe(rows.find((row) => row.title === 'Pesanteur')!.points + 4);
  });

  it('reorders questions and draws, a draw with its pool; 422 when the list misses one', async () => {
    const quiz = await exam('13:00', '14:00');
    const bank = (await call(teacher, 'GET', `/api/subjects/${subject.id}/bank-questions`)).json()
      .data as Array<{ id: number; title: string }>;
    const ids = bank.filter((q) => ['Pesanteur', 'Rayon'].includes(q.title)).map((q) => q.id);
    await call(teacher, 'POST', `/api/evaluations/${quiz.id}/questions/from-bank`, {
      bank_question_ids: ids,
    });
    const built = (
      await call(teacher, 'POST', `/api/evaluations/${quiz.id}/draws`, {
        category: 'Géométrie/Triangles',
        count: 1,
        points: 1,
      })
    ).json();
    const [a, b] = built.data.filter((q: { draw_id: number | null }) => q.draw_id === null);
    const drawId = built.draws[0].id;
    const missing = await call(teacher, 'PUT', `/api/evaluations/${quiz.id}/questions/order`, {
      items: [{ type: 'question', id: a.id }],
    });
    expect(missing.statusCode).toBe(422);
    const moved = await call(teacher, 'PUT', `/api/evaluations/${quiz.id}/questions/order`, {
      items: [
        { type: 'draw', id: drawId },
        { type: 'question', id: b.id },
        { type: 'question', id: a.id },
      ],
    });
    expect(moved.statusCode).toBe(200);
    const order = moved
      .json()
      .data.map((q: { id: number; draw_id: number | null }) =>
        q.draw_id === null ? q.id : 'draw',
      );
    expect(order).toEqual(['draw', 'draw', 'draw', 'draw', b.id, a.id]);
    // Another institution's admin cannot reorder it.
    const foreign = await call(otherAdmin, 'PUT', `/api/evaluations/${quiz.id}/questions/order`, {
      items: [{ type: 'question', id: a.id }],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a question of another subject’s bank', async () => {
    const quiz = await exam('15:00', '16:00');
    const [foreign] = await db
      .insert(bankQuestions)
      .values({
        institution_id: school.id,
        subject_id: otherSubject.id,
        kind: 'short',
        prompt: 'Ailleurs',
        answer_key: { accepted: ['x'] },
      })
      .returning();
    const added = await call(admin, 'POST', `/api/evaluations/${quiz.id}/questions/from-bank`, {
      bank_question_ids: [foreign!.id],
    });
    expect(added.statusCode).toBe(422);
  });

  it('makes a new version when a question a student met changes; the exam keeps its copy', async () => {
    const [used] = await db
      .select()
      .from(questions)
      .innerJoin(attempts, eq(attempts.evaluation_id, questions.evaluation_id))
      .where(eq(questions.title, 'Pesanteur'))
      .limit(1);
    const bankId = used!.questions.bank_question_id!;
    const edited = await call(teacher, 'PATCH', `/api/bank-questions/${bankId}`, {
      answer_key: { numbers: [{ value: 9.80665, tolerance: 0.001 }] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, family_id: bankId, taken: false });
    expect(edited.json().id).not.toBe(bankId);
    const versions = await call(teacher, 'GET', `/api/bank-questions/${bankId}/versions`);
    expect(versions.json().data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // The old version is read-only; the exam's copy still has the old key.
    expect(
      (await call(teacher, 'PATCH', `/api/bank-questions/${bankId}`, { points: 3 })).statusCode,
    ).toBe(422);
    const [copy] = await db.select().from(questions).where(eq(questions.id, used!.questions.id));
    expect(copy!.answer_key).toEqual({ numbers: [{ value: 9.81, tolerance: 0.01 }] });
    // A version nobody met changes in place.
    const again = await call(teacher, 'PATCH', `/api/bank-questions/${edited.json().id}`, {
      points: 3,
    });
    expect(again.json()).toMatchObject({ id: edited.json().id, version: 2, points: 3 });
    // Archived, it leaves the bank's list.
    await call(teacher, 'POST', `/api/bank-questions/${edited.json().id}/archive`);
    const list = await call(
      teacher,
      'GET',
      `/api/subjects/${subject.id}/bank-questions?q=pesanteur`,
    );
    expect(list.json().data.map((q: { title: string }) => q.title)).not.toContain('Pesanteur');
  });
});

describe('a file’s categories in the bank', () => {
  it('drops Moodle’s context and top level, keeps the path, and falls back for none', () => {
    expect(bankCategoryOf('$course$/top/Géométrie/Triangles', '')).toBe('Géométrie/Triangles');
    expect(bankCategoryOf('$system$/top', 'Divers')).toBe('Divers');
    expect(bankCategoryOf('top/ Algèbre / Équations ', '')).toBe('Algèbre/Équations');
    expect(bankCategoryOf('Chapitre 1', '')).toBe('Chapitre 1');
    expect(bankCategoryOf(null, 'Importées')).toBe('Importées');
  });
});

describe('a bank’s file, both ways', () => {
  it('exports each question under its category, and another subject’s bank imports the same', async () => {
    const copy = await createSubject(db, school.id, [teacher.id]);
    for (const format of ['gift', 'moodle_xml'] as const) {
      const exported = await call(
        teacher,
        'GET',
        `/api/subjects/${subject.id}/bank-questions/export?format=${format}&category=${encodeURIComponent('Géométrie')}`,
      );
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(/^attachment;/);
      expect(exported.headers['cache-control']).toBe('private, no-store');
      const preview = await call(
        teacher,
        'POST',
        `/api/subjects/${copy.id}/bank-questions/import/preview`,
        { text: exported.body, format },
      );
      const items = preview.json().data as Array<{
        category: string;
        problems: string[];
        question: { title: string; answer_key: unknown; points: number } | null;
      }>;
      expect(items.every((item) => item.problems.length === 0)).toBe(true);
      const source = (
        await call(
          teacher,
          'GET',
          `/api/subjects/${subject.id}/bank-questions?category=${encodeURIComponent('Géométrie')}&per_page=100`,
        )
      ).json().data as Array<{
        category: string;
        title: string;
        answer_key: unknown;
        points: number;
      }>;
      const shape = (rows: Array<{ category: string; title: string; answer_key: unknown }>) =>
        rows.map((row) => JSON.stringify([row.category, row.title, row.answer_key])).sort();
      expect(shape(items.map((item) => ({ category: item.category, ...item.question! })))).toEqual(
        shape(source),
      );
    }
    // Nobody outside the subject's bank gets its file.
    const foreign = await call(
      otherAdmin,
      'GET',
      `/api/subjects/${subject.id}/bank-questions/export`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
