import { and, eq } from 'drizzle-orm';
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
import { answers, attempts, questions } from '../../db/schema/index.ts';
import { closeDueAttempts } from '../../jobs/exam-closer.ts';

const { app, ctx, db, clock } = await createTestApp();
// The clock starts at 2026-11-22T10:00Z, 11:00 in Paris.
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const teacher = await createUser(db, 'teacher', school.id);
const student = await createUser(db, 'student', school.id);
const classmate = await createUser(db, 'student', school.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id, classmate.id],
  teachers: [teacher.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id]);

const SECRET = 'dichotomie-secrète';
const MINUTE = 60_000;

/** An online exam of today in Paris, 60 minutes long, with one question of each kind. */
async function quiz(window: { start: string; end: string }, extra: { shuffle?: boolean } = {}) {
  const exam = await createEvaluation(db, training, subject.id, {
    date: '2026-11-22',
    start_time: window.start,
    end_time: window.end,
    duration_minutes: 60,
    has_quiz: true,
    ...extra,
  });
  const rows = await db
    .insert(questions)
    .values([
      {
        evaluation_id: exam.id,
        kind: 'single',
        prompt: 'Q1',
        choices: ['a', 'b', 'c'],
        answer_key: { choices: [1] },
        points: 2,
        position: 1,
      },
      {
        evaluation_id: exam.id,
        kind: 'multiple',
        prompt: 'Q2',
        choices: ['a', 'b', 'c', 'd'],
        answer_key: { choices: [0, 2] },
        points: 3,
        position: 2,
      },
      {
        evaluation_id: exam.id,
        kind: 'short',
        prompt: 'Q3',
        choices: [],
        answer_key: { accepted: [SECRET] },
        points: 2,
        position: 3,
      },
      {
        evaluation_id: exam.id,
        kind: 'long',
        prompt: 'Q4',
        choices: [],
        answer_key: null,
        points: 5,
        position: 4,
      },
    ])
    .returning();
  return { exam, q: rows };
}
/** Open since 10:30 Paris, closes at 12:30 Paris (11:30Z). */
const openQuiz = () => quiz({ start: '10:30', end: '12:30' });

const as = signedIn(app);
async function start(examId: number, user = student) {
  return app.inject({
    method: 'POST',
    url: `/api/evaluations/${examId}/attempts`,
    headers: await as(user),
  });
}
async function save(
  attemptId: number,
  list: Array<{ question_id: number; value: object; typed_at?: string }>,
  user = student,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/attempts/${attemptId}/answers`,
    headers: await as(user),
    payload: { answers: list.map((a) => ({ typed_at: clock.now().toISOString(), ...a })) },
  });
}
const finishedBy = async (id: number) =>
  (await db.select().from(attempts).where(eq(attempts.id, id)))[0]!;

describe('starting an exam', () => {
  it('refuses a start, an answer and a hand-in once the exam is archived (review, issue 28)', async () => {
    const { exam, q } = await openQuiz();
    const { exam: other } = await openQuiz();
    const running = await start(other.id, classmate);
    expect(running.statusCode).toBe(201);
    const staff = await as(teacher);
    for (const id of [exam.id, other.id]) {
      const archived = await app.inject({
        method: 'POST',
        url: `/api/evaluations/${id}/archive`,
        headers: staff,
      });
      expect(archived.statusCode).toBe(200);
    }
    const refused = await start(exam.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).not.toHaveProperty('questions');
    expect(await db.select().from(attempts).where(eq(attempts.evaluation_id, exam.id))).toEqual([]);
    const attemptId = running.json().id;
    const saved = await save(
      attemptId,
      [{ question_id: q[0]!.id, value: { choices: [1] } }],
      classmate,
    );
    expect(saved.statusCode).toBe(404);
    const handedIn = await app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/finish`,
      headers: await as(classmate),
    });
    expect(handedIn.statusCode).toBe(404);
    expect((await finishedBy(attemptId)).finished_at).toBeNull();
  });

  it('answers 409 before the window saying when it opens, and after it has closed', async () => {
    const { exam: later } = await quiz({ start: '12:00', end: '13:00' });
    const early = await start(later.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('2026-11-22 12:00');
    const { exam: past } = await quiz({ start: '08:00', end: '09:00' });
    const late = await start(past.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('09:00');
    expect(await db.select().from(attempts).where(eq(attempts.evaluation_id, later.id))).toEqual(
      [],
    );
  });

  it('starts inside the window with a deadline bounded by the window end, and resumes with answers kept', async () => {
    const { exam, q } = await quiz({ start: '10:30', end: '11:30' });
    const first = await start(exam.id);
    expect(first.statusCode).toBe(201);
    const view = first.json();
    // 11:00 Paris + 60 min would be 12:00, but the window closes at 11:30 Paris (10:30Z).
    expect(view.deadline_at).toBe('2026-11-22T10:30:00.000Z');
    expect(view.remaining_seconds).toBe(30 * 60);
    expect(view.questions.map((x: { prompt: string }) => x.prompt)).toEqual([
      'Q1',
      'Q2',
      'Q3',
      'Q4',
    ]);
    expect(view.questions[0].choices).toEqual([
      { index: 0, label: 'a' },
      { index: 1, label: 'b' },
      { index: 2, label: 'c' },
    ]);
    expect(
      (await save(view.id, [{ question_id: q[0]!.id, value: { choices: [1] } }])).statusCode,
    ).toBe(200);

    clock.advance(5 * MINUTE);
    const again = await start(exam.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: view.id,
      deadline_at: view.deadline_at,
      remaining_seconds: 25 * 60,
      answers: [{ question_id: q[0]!.id, value: { choices: [1] } }],
    });
    const read = await app.inject({
      method: 'GET',
      url: `/api/attempts/${view.id}`,
      headers: await as(student),
    });
    expect(read.json().answers).toHaveLength(1);
    clock.advance(-5 * MINUTE);
  });

  it('gives two simultaneous starts one attempt', async () => {
    const { exam } = await openQuiz();
    const [a, b] = await Promise.all([start(exam.id, classmate), start(exam.id, classmate)]);
    expect(a.json().id).toBe(b.json().id);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(
      await db.select().from(attempts).where(eq(attempts.evaluation_id, exam.id)),
    ).toHaveLength(1);
  });

  it('orders questions and choices per attempt when the exam shuffles, the same at each read', async () => {
    const { exam } = await quiz({ start: '10:30', end: '12:30' }, { shuffle: true });
    const mine = (await start(exam.id)).json();
    const theirs = (await start(exam.id, classmate)).json();
    const reread = (
      await app.inject({
        method: 'GET',
        url: `/api/attempts/${mine.id}`,
        headers: await as(student),
      })
    ).json();
    expect(reread.questions).toEqual(mine.questions);
    const sorted = (view: { questions: { prompt: string }[] }) =>
      view.questions.map((x) => x.prompt).sort();
    expect(sorted(mine)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(sorted(theirs)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    for (const item of mine.questions) {
      expect(item.choices.map((c: { index: number }) => c.index).sort()).toEqual(
        item.choices.map((_: unknown, i: number) => i),
      );
    }
  });
});

describe('answering', () => {
  it('autosaves up to the deadline, then answers 409 and closes the attempt by timeout', async () => {
    const { exam, q } = await openQuiz();
    const view = (await start(exam.id)).json();
    clock.advance(59 * MINUTE);
    const inTime = await save(view.id, [{ question_id: q[2]!.id, value: { text: 'x' } }]);
    expect(inTime.statusCode).toBe(200);
    expect(inTime.json()).toMatchObject({ saved: 1, ignored: [], remaining_seconds: 60 });
    // Past the deadline and its minute of grace: refused, and the copy is closed at its deadline.
    clock.advance(2 * MINUTE);
    const late = await save(view.id, [
      { question_id: q[2]!.id, value: { text: 'y' }, typed_at: view.deadline_at },
    ]);
    expect(late.statusCode).toBe(409);
    const row = await finishedBy(view.id);
    expect(row.finished_by).toBe('timeout');
    expect(row.finished_at?.toISOString()).toBe(view.deadline_at);
    const [kept] = await db.select().from(answers).where(eq(answers.attempt_id, view.id));
    expect(kept!.value).toEqual({ text: 'x' });
    clock.advance(-61 * MINUTE);
  });

  it('takes, in the minute after the deadline, the answers queued offline before it, then closes', async () => {
    const { exam, q } = await openQuiz();
    const view = (await start(exam.id)).json();
    const deadline = Date.parse(view.deadline_at);
    // The connection comes back 40 s after the deadline with two queued answers.
    clock.advance(60 * MINUTE + 40_000);
    const reconnected = await save(view.id, [
      {
        question_id: q[2]!.id,
        value: { text: 'typed in time' },
        typed_at: new Date(deadline - 30_000).toISOString(),
      },
      { question_id: q[3]!.id, value: { text: 'typed too late' } },
    ]);
    expect(reconnected.statusCode).toBe(200);
    expect(reconnected.json()).toMatchObject({
      saved: 1,
      ignored: [q[3]!.id],
      remaining_seconds: 0,
    });
    const row = await finishedBy(view.id);
    expect(row).toMatchObject({ finished_by: 'timeout' });
    expect(row.finished_at?.toISOString()).toBe(view.deadline_at);
    const kept = await db.select().from(answers).where(eq(answers.attempt_id, view.id));
    expect(kept.map((answer) => answer.value)).toEqual([{ text: 'typed in time' }]);
    // The copy is closed: nothing more gets in.
    const after = await save(view.id, [
      {
        question_id: q[3]!.id,
        value: { text: 'again' },
        typed_at: new Date(deadline - 1000).toISOString(),
      },
    ]);
    expect(after.statusCode).toBe(409);
    clock.advance(-(60 * MINUTE + 40_000));
  });

  it('applies the typing-time rules: late or implausible ignored, an older write never replaces a newer one', async () => {
    const { exam, q } = await openQuiz();
    const view = (await start(exam.id)).json();
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    clock.advance(10 * MINUTE);
    const newer = await save(view.id, [
      { question_id: q[2]!.id, value: { text: 'newer' }, typed_at: at(-MINUTE) },
    ]);
    expect(newer.json().saved).toBe(1);
    // A queued write typed earlier arrives after it: the newer value stays.
    await save(view.id, [
      { question_id: q[2]!.id, value: { text: 'older' }, typed_at: at(-5 * MINUTE) },
    ]);
    const outcome = await save(view.id, [
      {
        question_id: q[3]!.id,
        value: { text: 'after the deadline' },
        typed_at: at(2 * 60 * MINUTE),
      },
      { question_id: q[1]!.id, value: { choices: [0] }, typed_at: at(-60 * MINUTE) },
      { question_id: q[0]!.id, value: { choices: [2] }, typed_at: at(10_000) },
    ]);
    expect(outcome.json().ignored.sort()).toEqual([q[1]!.id, q[3]!.id].sort());
    const saved = await db.select().from(answers).where(eq(answers.attempt_id, view.id));
    const byQuestion = new Map(saved.map((a) => [a.question_id, a]));
    expect(byQuestion.get(q[2]!.id)!.value).toEqual({ text: 'newer' });
    expect(byQuestion.has(q[3]!.id)).toBe(false);
    // A typing time slightly ahead of the server (skew) is brought back to the server's now.
    expect(byQuestion.get(q[0]!.id)!.typed_at!.getTime()).toBe(clock.now().getTime());
    clock.advance(-10 * MINUTE);
  });

  it('refuses with 422 a value that does not fit its question, and a question of another exam', async () => {
    const { exam, q } = await openQuiz();
    const { q: others } = await openQuiz();
    const view = (await start(exam.id)).json();
    for (const [question, value] of [
      [q[0]!, { choices: [0, 1] }],
      [q[0]!, { choices: [3] }],
      [q[1]!, { text: 'a' }],
      [q[2]!, { choices: [0] }],
      [others[0]!, { choices: [0] }],
    ] as const) {
      const response = await save(view.id, [{ question_id: question.id, value }]);
      expect(response.statusCode).toBe(422);
    }
    expect(await db.select().from(answers).where(eq(answers.attempt_id, view.id))).toEqual([]);
  });

  it("answers 404 for another student's attempt, to read, save or finish", async () => {
    const { exam, q } = await openQuiz();
    const view = (await start(exam.id)).json();
    const other = await as(classmate);
    expect(
      (await app.inject({ method: 'GET', url: `/api/attempts/${view.id}`, headers: other }))
        .statusCode,
    ).toBe(404);
    expect(
      (await save(view.id, [{ question_id: q[0]!.id, value: { choices: [0] } }], classmate))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/attempts/${view.id}/finish`, headers: other }))
        .statusCode,
    ).toBe(404);
  });

  it('scores at hand-in: exact choice sets, short answers trimmed and case-insensitive, long left to the teacher', async () => {
    const { exam, q } = await openQuiz();
    const view = (await start(exam.id)).json();
    await save(view.id, [
      { question_id: q[0]!.id, value: { choices: [1] } },
      { question_id: q[1]!.id, value: { choices: [0] } },
      { question_id: q[2]!.id, value: { text: `  ${SECRET.toUpperCase()} ` } },
      { question_id: q[3]!.id, value: { text: 'Because.' } },
    ]);
    const finished = await app.inject({
      method: 'POST',
      url: `/api/attempts/${view.id}/finish`,
      headers: await as(student),
    });
    expect(finished.json()).toMatchObject({ finished_by: 'student', remaining_seconds: 0 });
    expect((await finishedBy(view.id)).score).toBe(4);
    const points = await db.select().from(answers).where(eq(answers.attempt_id, view.id));
    expect(new Map(points.map((a) => [a.question_id, a.points_awarded]))).toEqual(
      new Map([
        [q[0]!.id, 2],
        [q[1]!.id, 0],
        [q[2]!.id, 2],
        [q[3]!.id, null],
      ]),
    );
    // Handing in again answers the same closed attempt; saving afterwards is 409.
    const twice = await app.inject({
      method: 'POST',
      url: `/api/attempts/${view.id}/finish`,
      headers: await as(student),
    });
    expect(twice.json()).toMatchObject({
      finished_by: 'student',
      finished_at: finished.json().finished_at,
    });
    expect(
      (await save(view.id, [{ question_id: q[0]!.id, value: { choices: [0] } }])).statusCode,
    ).toBe(409);
  });

  it('never sends the answer key to a student: start, read, save, finish', async () => {
    const { exam, q } = await openQuiz();
    const started = await start(exam.id);
    const id = started.json().id;
    const bodies = [
      started.body,
      (await app.inject({ method: 'GET', url: `/api/attempts/${id}`, headers: await as(student) }))
        .body,
      (await save(id, [{ question_id: q[2]!.id, value: { text: 'guess' } }])).body,
      (
        await app.inject({
          method: 'POST',
          url: `/api/attempts/${id}/finish`,
          headers: await as(student),
        })
      ).body,
      (await start(exam.id)).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('answer_key');
      expect(body).not.toContain('accepted');
      expect(body).not.toContain('weights');
    }
    const staffList = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${exam.id}/questions`,
      headers: await as(teacher),
    });
    expect(staffList.body).toContain(SECRET);
    const studentList = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${exam.id}/questions`,
      headers: await as(student),
    });
    expect(studentList.statusCode).toBe(403);
  });
});

describe('closing at the deadline', () => {
  it('closes due attempts with no client, and two runs at once never close one twice', async () => {
    const { exam } = await openQuiz();
    const mine = (await start(exam.id)).json();
    const theirs = (await start(exam.id, classmate)).json();
    expect(await closeDueAttempts(ctx)).not.toContain(mine.id);
    // Within the minute of grace after the deadline, a browser may still deliver queued answers.
    clock.advance(60 * MINUTE + 30_000);
    expect(await closeDueAttempts(ctx)).not.toContain(mine.id);
    clock.advance(30_000);
    const [one, two] = await Promise.all([closeDueAttempts(ctx), closeDueAttempts(ctx)]);
    const closed = [...one, ...two].filter((id) => id === mine.id || id === theirs.id);
    expect(closed.sort()).toEqual([mine.id, theirs.id].sort());
    for (const id of [mine.id, theirs.id]) {
      const row = await finishedBy(id);
      expect(row).toMatchObject({ finished_by: 'timeout', score: 0 });
    }
    expect(await closeDueAttempts(ctx)).toEqual([]);
    const read = await app.inject({
      method: 'GET',
      url: `/api/attempts/${mine.id}`,
      headers: await as(student),
    });
    expect(read.json()).toMatchObject({ finished_by: 'timeout', remaining_seconds: 0 });
    clock.advance(-61 * MINUTE);
  });
});

describe('extra time', () => {
  it('counts at the start when given before, and moves an open deadline (within the window) when given during', async () => {
    const { exam } = await openQuiz();
    const auth = await as(teacher);
    const grant = (who: { id: number }, minutes: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/evaluations/${exam.id}/accommodations/${who.id}`,
        headers: auth,
        payload: { extra_minutes: minutes },
      });
    expect((await grant(student, 20)).json()).toMatchObject({ extra_minutes: 20, attempt: null });
    const mine = (await start(exam.id)).json();
    expect(mine.remaining_seconds).toBe(80 * 60);

    const theirs = (await start(exam.id, classmate)).json();
    expect(theirs.remaining_seconds).toBe(60 * 60);
    const during = (await grant(classmate, 15)).json();
    expect(during.attempt.deadline_at).toBe(
      new Date(clock.now().getTime() + 75 * MINUTE).toISOString(),
    );
    // 500 minutes would go past the window's end (12:30 Paris, 11:30Z).
    expect((await grant(classmate, 500)).json().attempt.deadline_at).toBe(
      '2026-11-22T11:30:00.000Z',
    );
    expect((await grant(classmate, -1)).statusCode).toBe(422);

    const outsider = await createUser(db, 'student', school.id);
    expect((await grant(outsider, 10)).statusCode).toBe(404);
    const roster = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${exam.id}/attempts`,
      headers: auth,
    });
    expect(
      roster
        .json()
        .data.map((row: { student: { id: number } }) => row.student.id)
        .sort(),
    ).toEqual([student.id, classmate.id].sort());
  });
});

describe('questions', () => {
  it('validates choices and keys against the kind, keeps the order, and locks once a student has started', async () => {
    const exam = await createEvaluation(db, training, subject.id, {
      date: '2026-11-22',
      start_time: '10:30',
      end_time: '12:30',
    });
    const auth = await as(teacher);
    const add = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/evaluations/${exam.id}/questions`,
        headers: auth,
        payload,
      });
    const bad = [
      { kind: 'single', prompt: 'p', choices: ['a'], answer_key: { choices: [0] } },
      { kind: 'single', prompt: 'p', choices: ['a', 'b'], answer_key: { choices: [0, 1] } },
      { kind: 'multiple', prompt: 'p', choices: ['a', 'b'], answer_key: { choices: [] } },
      { kind: 'multiple', prompt: 'p', choices: ['a', 'b'], answer_key: { choices: [5] } },
      { kind: 'short', prompt: 'p', answer_key: null },
      { kind: 'long', prompt: 'p', choices: ['a', 'b'] },
    ];
    for (const payload of bad) expect((await add(payload)).statusCode).toBe(422);
    const first = await add({
      kind: 'single',
      prompt: 'One',
      choices: ['a', 'b'],
      answer_key: { choices: [1] },
      points: 2,
    });
    expect(first.statusCode).toBe(201);
    const second = await add({ kind: 'long', prompt: 'Two' });
    expect(second.json().position).toBe(first.json().position + 1);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/questions/${first.json().id}`,
      headers: auth,
      payload: { prompt: 'One, again' },
    });
    expect(patched.json()).toMatchObject({
      prompt: 'One, again',
      choices: ['a', 'b'],
      answer_key: { choices: [1] },
    });
    const wrongPatch = await app.inject({
      method: 'PATCH',
      url: `/api/questions/${first.json().id}`,
      headers: auth,
      payload: { kind: 'multiple', answer_key: { choices: [] } },
    });
    expect(wrongPatch.statusCode).toBe(422);

    const view = (await start(exam.id)).json();
    expect(view.questions.map((x: { prompt: string }) => x.prompt)).toEqual(['One, again', 'Two']);
    expect((await add({ kind: 'long', prompt: 'Three' })).statusCode).toBe(409);
    const locked = await app.inject({
      method: 'DELETE',
      url: `/api/questions/${first.json().id}`,
      headers: auth,
    });
    expect(locked.statusCode).toBe(409);
  });

  it('imports GIFT all or nothing unless the teacher skips the refused questions, never twice the same', async () => {
    const exam = await createEvaluation(db, training, subject.id, { date: '2026-12-01' });
    const auth = { ...(await as(teacher)), 'accept-language': 'en' };
    const importText = (text: string, extra: object = {}, path = 'import') =>
      app.inject({
        method: 'POST',
        url: `/api/evaluations/${exam.id}/questions/${path}`,
        headers: auth,
        payload: { text, ...extra },
      });
    const file = 'What is 2+2? {=4 ~3}\n\nBroken {=a ~b\n\nNone right {~a ~b}\n';
    const faulty = await importText(file);
    expect(faulty.statusCode).toBe(422);
    expect(faulty.json().errors).toEqual({
      text: ['Questions refused: 2. Fix them, or import the valid questions only.'],
      'line.3': [expect.stringContaining('GIFT')],
      'line.5': ['A multiple-choice question has at least one right answer.'],
    });
    // The preview says the same per question, and how the valid one will score.
    const preview = await importText(file, {}, 'import/preview');
    expect(preview.json().data).toEqual([
      {
        line: 1,
        category: null,
        question: {
          kind: 'single',
          prompt: 'What is 2+2?',
          format: 'plain',
          title: null,
          choices: ['4', '3'],
          options: [],
          answer_key: { choices: [0] },
          points: 1,
        },
        problems: [],
        duplicate: false,
      },
      { line: 3, category: null, question: null, problems: [expect.any(String)], duplicate: false },
      {
        line: 5,
        category: null,
        question: null,
        problems: ['A multiple-choice question has at least one right answer.'],
        duplicate: false,
      },
    ]);
    // In the teacher's language, never the parser's English.
    const inGerman = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/questions/import`,
      headers: { ...auth, 'accept-language': 'de' },
      payload: { text: 'Broken {=a ~b\n\nNone right {~a ~b}\n' },
    });
    expect(inGerman.json().errors).toMatchObject({
      'line.1': [expect.stringContaining('kein gültiges GIFT')],
      'line.3': ['Eine Mehrfachauswahlfrage hat mindestens eine richtige Antwort.'],
    });
    expect(await db.select().from(questions).where(eq(questions.evaluation_id, exam.id))).toEqual(
      [],
    );

    // Skipping the refused: the valid one comes in, and the refused are listed.
    const skipped = await importText(file, { skip_refused: true });
    expect(skipped.json()).toEqual({
      imported: 1,
      duplicates: 0,
      refused: [
        { line: 3, message: expect.any(String) },
        { line: 5, message: 'A multiple-choice question has at least one right answer.' },
      ],
    });
    const done = await importText(
      'What is 2+2? {=4 ~3}\n\nThe sun is a star. {T}\n\nExplain. {}\n\nExplain. {}\n',
    );
    // 2+2 is in the exam already, the second essay repeats the first: neither is added twice.
    expect(done.json()).toEqual({ imported: 2, duplicates: 2, refused: [] });
    expect((await importText('// nothing\n')).json().errors).toEqual({
      text: ['The text holds no question.'],
    });
    const rows = await db
      .select()
      .from(questions)
      .where(and(eq(questions.evaluation_id, exam.id)))
      .orderBy(questions.position);
    expect(rows.map((r) => [r.kind, r.choices])).toEqual([
      ['single', ['4', '3']],
      ['single', ['True', 'False']],
      ['long', []],
    ]);
  });
  it('imports partial credit from GIFT and scores every answer as Moodle does (issue 30)', async () => {
    const exam = await createEvaluation(db, training, subject.id, {
      date: '2026-11-22',
      start_time: '10:30',
      end_time: '12:30',
      duration_minutes: 60,
    });
    const imported = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/questions/import`,
      headers: await as(teacher),
      payload: {
        text: [
          'Half {=full credit ~%50%half credit ~wrong}',
          '',
          'Born in? {=Bethlehem =%25%Jerusalem}',
          '',
          'Primes {~%50%2 ~%50%3 ~%-100%4}',
          '',
          'Guess {=right ~%-50%penalised ~neutral}',
          '',
          'Gravity? {#9.81:0.005}',
        ].join('\r\n'),
      },
    });
    expect(imported.json()).toEqual({ imported: 5, duplicates: 0, refused: [] });
    const q = await db
      .select()
      .from(questions)
      .where(eq(questions.evaluation_id, exam.id))
      .orderBy(questions.position);
    expect(q.map((row) => row.kind)).toEqual([
      'single',
      'short',
      'multiple',
      'single',
      'numerical',
    ]);
    // Each question is worth 1 point; the answers below earn 1, 0.25, 0.5, -0.5 and 1.
    const view = (await start(exam.id)).json();
    await save(view.id, [
      { question_id: q[0]!.id, value: { choices: [0] } },
      { question_id: q[1]!.id, value: { text: 'jerusalem' } },
      { question_id: q[2]!.id, value: { choices: [0] } },
      { question_id: q[3]!.id, value: { choices: [1] } },
      { question_id: q[4]!.id, value: { text: '9,812' } },
    ]);
    await app.inject({
      method: 'POST',
      url: `/api/attempts/${view.id}/finish`,
      headers: await as(student),
    });
    const points = await db.select().from(answers).where(eq(answers.attempt_id, view.id));
    expect(new Map(points.map((a) => [a.question_id, a.points_awarded]))).toEqual(
      new Map([
        [q[0]!.id, 1],
        [q[1]!.id, 0.25],
        [q[2]!.id, 0.5],
        [q[3]!.id, -0.5],
        [q[4]!.id, 1],
      ]),
    );
    expect((await finishedBy(view.id)).score).toBe(2.25);
  });

  it('refuses weights that cannot give full marks, with a message on the key', async () => {
    const exam = await createEvaluation(db, training, subject.id, { date: '2026-12-01' });
    const auth = { ...(await as(teacher)), 'accept-language': 'en' };
    const add = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/evaluations/${exam.id}/questions`,
        headers: auth,
        payload: { prompt: 'p', ...payload },
      });
    const refused = [
      { kind: 'single', choices: ['a', 'b'], answer_key: { weights: [0.5, 0] } },
      { kind: 'single', choices: ['a', 'b'], answer_key: { weights: [1] } },
      { kind: 'multiple', choices: ['a', 'b'], answer_key: { weights: [0.5, 0.25] } },
      { kind: 'short', answer_key: { accepted: ['x'], weights: [0.5] } },
      { kind: 'single', choices: ['a', 'b'], answer_key: { weights: [1, -2] } },
      { kind: 'numerical', answer_key: { numbers: [] } },
      { kind: 'numerical', answer_key: { numbers: [{ value: 1, tolerance: -1 }] } },
      { kind: 'numerical', answer_key: { numbers: [{ value: 1, tolerance: 0 }], weights: [0.5] } },
    ];
    for (const payload of refused) {
      const answer = await add(payload);
      expect(answer.statusCode).toBe(422);
      expect(Object.keys(answer.json().errors)).toEqual([expect.stringMatching(/^answer_key/)]);
    }
    const kept = await add({
      kind: 'multiple',
      choices: ['a', 'b', 'c'],
      answer_key: { choices: [2], weights: [0.5, 0.5, -1] },
    });
    expect(kept.statusCode).toBe(201);
    // The right choices follow the weights, whatever the body said.
    expect(kept.json().answer_key).toEqual({ choices: [0, 1], weights: [0.5, 0.5, -1] });
  });

  it('imports every Moodle kind, scores matching per pair, and gives feedback only once answers are released', async () => {
    const exam = await createEvaluation(db, training, subject.id, {
      date: '2026-11-22',
      start_time: '10:30',
      end_time: '12:30',
      duration_minutes: 60,
    });
    const imported = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/questions/import`,
      headers: await as(teacher),
      payload: {
        text: [
          '::Intro::Read carefully.',
          '',
          '::Capitals::[html]<p>Match <b>each</b> city<script>x()</script></p> {',
          '  =Paris -> France',
          '  =Berlin -> Germany',
          '  =Rome -> Italy',
          '  = -> Spain',
          '  #### Capitals are seats of government.',
          '}',
          '',
          '::Blank::Moodle costs {~$1 #Too much =nothing #Right, it is free ~$10} to download.',
        ].join('\n'),
      },
    });
    expect(imported.json()).toEqual({ imported: 3, duplicates: 0, refused: [] });
    const q = await db
      .select()
      .from(questions)
      .where(eq(questions.evaluation_id, exam.id))
      .orderBy(questions.position);
    expect(q.map((row) => [row.kind, row.title, row.format, row.points])).toEqual([
      ['description', 'Intro', 'plain', 0],
      ['matching', 'Capitals', 'html', 1],
      ['single', 'Blank', 'plain', 1],
    ]);
    expect(q[1]!.prompt).toBe('<p>Match <b>each</b> city</p>');

    const view = (await start(exam.id)).json();
    const matching = view.questions.find((item: { id: number }) => item.id === q[1]!.id);
    // The student gets the items and the answers in an order of the attempt, never the pairs.
    expect(matching.choices.map((c: { label: string }) => c.label)).toEqual([
      'Paris',
      'Berlin',
      'Rome',
    ]);
    expect(matching.options.map((o: { label: string }) => o.label).sort()).toEqual([
      'France',
      'Germany',
      'Italy',
      'Spain',
    ]);
    for (const secret of ['pairs', 'seats of government', 'Too much', 'it is free']) {
      expect(JSON.stringify(view)).not.toContain(secret);
    }
    // A description takes no answer.
    const refused = await save(view.id, [{ question_id: q[0]!.id, value: { text: 'x' } }]);
    expect(refused.statusCode).toBe(422);
    // Paris → France and Rome → Italy right, Berlin → Spain wrong: 2 of 3 pairs.
    const saved = await save(view.id, [
      { question_id: q[1]!.id, value: { pairs: [0, 3, 2] } },
      { question_id: q[2]!.id, value: { choices: [1] } },
    ]);
    expect(saved.statusCode).toBe(200);
    const finished = await app.inject({
      method: 'POST',
      url: `/api/attempts/${view.id}/finish`,
      headers: await as(student),
    });
    expect(finished.json().review).toBeNull();
    expect(finished.body).not.toContain('it is free');
    expect((await finishedBy(view.id)).score).toBe(1.67);

    // Once the window has closed (12:30 Paris) and the minute of grace passed, the review comes.
    const readAt = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/attempts/${view.id}`,
          headers: await as(student),
        })
      ).json();
    const shift = Date.parse('2026-11-22T11:32:00Z') - clock.now().getTime();
    clock.advance(shift);
    try {
      const review = (await readAt()).review;
      expect(review).toEqual([
        {
          question_id: q[1]!.id,
          points_awarded: 0.67,
          feedback: [],
          general: 'Capitals are seats of government.',
        },
        {
          question_id: q[2]!.id,
          points_awarded: 1,
          feedback: ['Right, it is free'],
          general: null,
        },
      ]);
    } finally {
      clock.advance(-shift);
    }
  });

  it('checks matching, description and HTML questions written in the editor', async () => {
    const exam = await createEvaluation(db, training, subject.id, { date: '2026-12-01' });
    const auth = { ...(await as(teacher)), 'accept-language': 'en' };
    const add = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/evaluations/${exam.id}/questions`,
        headers: auth,
        payload: { prompt: 'p', ...payload },
      });
    const refused: Array<[object, string]> = [
      [
        { kind: 'matching', choices: ['a'], options: ['1', '2'], answer_key: { pairs: [0] } },
        'choices',
      ],
      [
        {
          kind: 'matching',
          choices: ['a', 'b'],
          options: ['1', '1'],
          answer_key: { pairs: [0, 1] },
        },
        'options',
      ],
      [
        {
          kind: 'matching',
          choices: ['a', 'b'],
          options: ['1', '2'],
          answer_key: { pairs: [0, 2] },
        },
        'answer_key',
      ],
      [
        { kind: 'single', choices: ['a', 'b'], options: ['x'], answer_key: { choices: [0] } },
        'options',
      ],
      [
        {
          kind: 'single',
          choices: ['a', 'b'],
          answer_key: { choices: [0], feedback: ['only one'] },
        },
        'answer_key',
      ],
      [{ kind: 'short', points: 0, answer_key: { accepted: ['x'] } }, 'points'],
      [{ kind: 'long', format: 'html', prompt: '<script>alert(1)</script>' }, 'prompt'],
    ];
    for (const [payload, field] of refused) {
      const answer = await add(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(answer.json().errors)).toContain(field);
    }
    const description = await add({ kind: 'description', points: 5, prompt: 'Part two' });
    expect(description.statusCode).toBe(201);
    expect(description.json()).toMatchObject({ points: 0, answer_key: null });
    const html = await add({
      kind: 'long',
      format: 'html',
      prompt: '<p onclick="x()">Explain <em>why</em></p><img src="https://evil.test/x.png">',
      answer_key: { general: 'Think of the stack.' },
    });
    expect(html.json()).toMatchObject({
      prompt: '<p>Explain <em>why</em></p>',
      answer_key: { general: 'Think of the stack.' },
    });
    // PATCH applies the fields it is given: the title alone.
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/questions/${html.json().id}`,
      headers: auth,
      payload: { title: 'Recursion' },
    });
    expect(renamed.json()).toMatchObject({ title: 'Recursion', format: 'html' });
  });

  it('exports the quiz as GIFT and Moodle XML that import into another exam as the same questions', async () => {
    const auth = await as(teacher);
    const source = await createEvaluation(db, training, subject.id, {
      date: '2026-12-02',
      title: 'Algo: partiel',
    });
    const imported = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${source.id}/questions/import`,
      headers: auth,
      payload: {
        text: [
          '::Intro::[html]<p>Bonne <b>chance</b></p>',
          '',
          '::Q1::Half {=full #Yes ~%50%half ~%-25%wrong ####Always.}',
          '',
          'Match {=a -> 1 =b -> 2 = -> 3}',
          '',
          'Two plus {=two =%50%2} equals four.',
          '',
          'Grant? {#=1822:0 =%50%1822:2}',
          '',
          'Explain {}',
        ].join('\n'),
      },
    });
    expect(imported.json().imported).toBe(6);
    const shape = (rows: Array<typeof questions.$inferSelect>) =>
      rows.map(({ kind, prompt, format, title, choices, options, answer_key, points }) => ({
        kind,
        prompt,
        format,
        title,
        choices,
        options,
        answer_key,
        points,
      }));
    const original = shape(
      await db
        .select()
        .from(questions)
        .where(eq(questions.evaluation_id, source.id))
        .orderBy(questions.position),
    );
    for (const format of ['gift', 'moodle_xml'] as const) {
      const exported = await app.inject({
        method: 'GET',
        url: `/api/evaluations/${source.id}/questions/export?format=${format}`,
        headers: auth,
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain(
        format === 'gift' ? 'filename="Algo partiel.gift.txt"' : 'filename="Algo partiel.xml"',
      );
      expect(exported.body).toContain(format === 'gift' ? '$CATEGORY: Algo: partiel' : '<quiz>');
      const target = await createEvaluation(db, training, subject.id, { date: '2026-12-03' });
      const again = await app.inject({
        method: 'POST',
        url: `/api/evaluations/${target.id}/questions/import`,
        headers: auth,
        payload: { text: exported.body, format },
      });
      expect(again.json()).toEqual({ imported: 6, duplicates: 0, refused: [] });
      const copy = shape(
        await db
          .select()
          .from(questions)
          .where(eq(questions.evaluation_id, target.id))
          .orderBy(questions.position),
      );
      expect(copy).toEqual(original);
    }
    // A student never downloads the key.
    const student404 = await app.inject({
      method: 'GET',
      url: `/api/evaluations/${source.id}/questions/export`,
      headers: await as(student),
    });
    expect(student404.statusCode).toBe(403);
  });

  it('lets those who mark the exam answer it as a student, scored as a hand-in, with nothing stored', async () => {
    const { exam, q } = await quiz({ start: '14:00', end: '16:00' });
    const auth = await as(teacher);
    const attemptsBefore = (await db.select().from(attempts)).length;
    const tried = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/questions/try`,
      headers: auth,
      payload: {
        answers: [
          { question_id: q[0]!.id, value: { choices: [1] } },
          { question_id: q[1]!.id, value: { choices: [0] } },
          { question_id: q[2]!.id, value: { text: ` ${SECRET.toUpperCase()} ` } },
          { question_id: q[3]!.id, value: { text: 'Because.' } },
        ],
      },
    });
    expect(tried.statusCode).toBe(200);
    expect(tried.json()).toEqual({
      score: 4,
      max_points: 12,
      review: [
        { question_id: q[0]!.id, points_awarded: 2, feedback: [], general: null },
        { question_id: q[1]!.id, points_awarded: 0, feedback: [], general: null },
        { question_id: q[2]!.id, points_awarded: 2, feedback: [], general: null },
        { question_id: q[3]!.id, points_awarded: null, feedback: [], general: null },
      ],
    });
    // Nothing was stored: no attempt, and the quiz can still change.
    expect((await db.select().from(attempts)).length).toBe(attemptsBefore);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/questions/${q[0]!.id}`,
      headers: auth,
      payload: { points: 3 },
    });
    expect(edited.statusCode).toBe(200);
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/questions/try`,
      headers: auth,
      payload: { answers: [{ question_id: q[0]!.id, value: { text: 'x' } }] },
    });
    expect(wrong.statusCode).toBe(422);
    const asStudent = await app.inject({
      method: 'POST',
      url: `/api/evaluations/${exam.id}/questions/try`,
      headers: await as(student),
      payload: { answers: [] },
    });
    expect(asStudent.statusCode).toBe(403);
  });

  it('gives those who mark the exam its statistics on the closed attempts, responses included', async () => {
    const { exam, q } = await quiz({ start: '10:30', end: '12:30' });
    const sit = async (user: typeof student, list: Array<[number, object]>) => {
      const view = (await start(exam.id, user)).json();
      await save(
        view.id,
        list.map(([index, value]) => ({ question_id: q[index]!.id, value })),
        user,
      );
      await app.inject({
        method: 'POST',
        url: `/api/attempts/${view.id}/finish`,
        headers: await as(user),
      });
    };
    // The student gets Q1 and Q3 right; the classmate only Q2's first choice.
    await sit(student, [
      [0, { choices: [1] }],
      [2, { text: SECRET }],
      [3, { text: 'An essay.' }],
    ]);
    await sit(classmate, [
      [0, { choices: [2] }],
      [1, { choices: [0] }],
      [2, { text: 'Dichotomie' }],
    ]);
    const read = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/evaluations/${exam.id}/statistics`,
          headers: await as(teacher),
        })
      ).json();
    const stats = await read();
    // Q4 (an essay) waits for its marks: out of the figures; totals 4 and 0 on 7 points.
    expect(stats).toMatchObject({ attempts: 2, max_points: 7, mean: 2, median: 2 });
    expect(stats.sd).toBeCloseTo(Math.SQRT2 * 2, 10);
    const [q1, q2, q3, q4] = stats.questions;
    expect(q1).toMatchObject({ facility: 0.5, discrimination: 1, flags: [] });
    expect(q1.responses).toEqual([
      { label: 'a', count: 0, credit: false },
      { label: 'b', count: 1, credit: true },
      { label: 'c', count: 1, credit: false },
    ]);
    // Q2 nobody got right (the exact set a and c): facility 0, flagged.
    expect(q2).toMatchObject({ facility: 0, flags: ['tooHard'] });
    expect(q3.responses).toEqual([
      { label: SECRET, count: 1, credit: true },
      { label: 'Dichotomie', count: 1, credit: false },
    ]);
    expect(q4).toMatchObject({ awaiting: 1, facility: null });

    // Another teacher of the school who does not mark it, and the student, see nothing.
    const outsider = await createUser(db, 'teacher', school.id);
    for (const user of [outsider, student]) {
      const denied = await app.inject({
        method: 'GET',
        url: `/api/evaluations/${exam.id}/statistics`,
        headers: await as(user),
      });
      expect([403, 404]).toContain(denied.statusCode);
    }
  });
});
