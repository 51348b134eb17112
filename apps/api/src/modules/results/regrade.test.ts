import { and, eq, inArray, sql } from 'drizzle-orm';
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
  answers,
  attempts,
  auditLog,
  gradeChanges,
  questions,
  results,
} from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const teacher = await createUser(db, 'teacher', school.id, {
  first_name: 'Ada',
  last_name: 'Prof',
});
const alpha = await createUser(db, 'student', school.id, { first_name: 'Ana', last_name: 'Alpha' });
const beta = await createUser(db, 'student', school.id, { first_name: 'Ben', last_name: 'Beta' });
const gamma = await createUser(db, 'student', school.id, { first_name: 'Gus', last_name: 'Gamma' });
const delta = await createUser(db, 'student', school.id, { first_name: 'Dan', last_name: 'Delta' });
const promotion = await createPromotion(db, school.id, {
  students: [alpha.id, beta.id, gamma.id, delta.id],
  teachers: [teacher.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id]);

const other = await createInstitution(db);
const outsider = await createUser(db, 'teacher', other.id);
const outsiderAdmin = await createUser(db, 'admin', other.id);

const as = signedIn(app);
const call = async (
  user: { id: number; email: string },
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(user), ...(payload ? { payload } : {}) });

type Student = typeof alpha;
type Answer = { question: number; value: object; points: number | null };

/** A closed attempt (or an open one) with its answers, scored as they were at hand-in. */
async function attempt(
  examId: number,
  student: Student,
  score: number | null,
  given: Answer[],
  closed = true,
) {
  const now = clock.now();
  const [row] = await db
    .insert(attempts)
    .values({
      evaluation_id: examId,
      student_id: student.id,
      started_at: now,
      deadline_at: new Date(now.getTime() + 3_600_000),
      ...(closed ? { finished_at: now, finished_by: 'student' as const, score } : {}),
    })
    .returning();
  await db.insert(answers).values(
    given.map((answer) => ({
      attempt_id: row!.id,
      question_id: answer.question,
      value: answer.value,
      points_awarded: answer.points,
    })),
  );
  return row!;
}

/**
 * An exam on 20 whose first question's key is wrong (b where a is right), worth 8 points: a single
 * choice (2), a short answer (2) and a long one (4). Alpha chose a (0 then), wrote Paris and got 3
 * of 4 for the essay: 5 points, 12.5; Beta chose b (2 then), wrote Lyon, no mark yet: 2, 5;
 * Gamma chose a, wrote paris, got 4: 6, 15; Delta is still answering.
 */
async function wrongKey() {
  const exam = await createEvaluation(db, training, subject.id, { scale: 20, has_quiz: true });
  const [single, short, long] = await db
    .insert(questions)
    .values([
      {
        evaluation_id: exam.id,
        kind: 'single',
        prompt: 'Capital letter?',
        choices: ['a', 'b', 'c'],
        answer_key: { choices: [1] },
        points: 2,
        position: 1,
      },
      {
        evaluation_id: exam.id,
        kind: 'short',
        prompt: 'Capital of France?',
        answer_key: { accepted: ['Paris'] },
        points: 2,
        position: 2,
      },
      { evaluation_id: exam.id, kind: 'long', prompt: 'Explain', points: 4, position: 3 },
    ])
    .returning();
  const q = { single: single!.id, short: short!.id, long: long!.id };
  const runs = {
    alpha: await attempt(exam.id, alpha, 5, [
      { question: q.single, value: { choices: [0] }, points: 0 },
      { question: q.short, value: { text: 'Paris' }, points: 2 },
      { question: q.long, value: { text: 'Because.' }, points: 3 },
    ]),
    beta: await attempt(exam.id, beta, 2, [
      { question: q.single, value: { choices: [1] }, points: 2 },
      { question: q.short, value: { text: 'Lyon' }, points: 0 },
      { question: q.long, value: { text: 'Hm.' }, points: null },
    ]),
    gamma: await attempt(exam.id, gamma, 6, [
      { question: q.single, value: { choices: [0] }, points: 0 },
      { question: q.short, value: { text: ' paris ' }, points: 2 },
      { question: q.long, value: { text: 'Since.' }, points: 4 },
    ]),
    delta: await attempt(
      exam.id,
      delta,
      null,
      [{ question: q.single, value: { choices: [1] }, points: null }],
      false,
    ),
  };
  return { exam, q, runs };
}

/** Everything a regrade may write, to compare before and after a dry run. */
async function written(examId: number) {
  const attemptRows = await db
    .select()
    .from(attempts)
    .where(eq(attempts.evaluation_id, examId))
    .orderBy(attempts.id);
  const ids = attemptRows.map((row) => row.id);
  const lines = await db
    .select()
    .from(results)
    .where(eq(results.evaluation_id, examId))
    .orderBy(results.id);
  return {
    attempts: attemptRows,
    answers: await db
      .select()
      .from(answers)
      .where(inArray(answers.attempt_id, ids))
      .orderBy(answers.id),
    results: lines,
    history:
      lines.length === 0
        ? []
        : await db
            .select()
            .from(gradeChanges)
            .where(
              inArray(
                gradeChanges.result_id,
                lines.map((line) => line.id),
              ),
            ),
    audit: await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog),
  };
}

const fixKey = (questionId: number, payload: object = { answer_key: { choices: [0] } }) =>
  call(teacher, 'PATCH', `/api/questions/${questionId}`, payload);
const regrade = (examId: number, dryRun?: boolean, user: Student = teacher) =>
  call(
    user,
    'POST',
    `/api/evaluations/${examId}/regrade`,
    dryRun === undefined ? {} : { dry_run: dryRun },
  );
const lineOf = async (examId: number, studentId: number) =>
  (
    await db
      .select()
      .from(results)
      .where(and(eq(results.evaluation_id, examId), eq(results.student_id, studentId)))
  )[0];

describe('fixing a question once students have started', () => {
  it('takes a new key, title and points, refuses any other change with 409, and checks the key', async () => {
    const { exam, q } = await wrongKey();
    for (const payload of [
      { prompt: 'Another question' },
      { kind: 'multiple' },
      { choices: ['a', 'b', 'c', 'd'] },
      { format: 'html' },
      { prompt: 'Capital letter?', answer_key: { choices: [0] }, choices: ['x', 'y', 'z'] },
    ]) {
      const refused = await fixKey(q.single, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
      expect(refused.json().message).toContain('seuls le corrigé');
    }
    expect((await fixKey(q.single, { answer_key: { choices: [7] } })).statusCode).toBe(422);
    expect((await fixKey(q.single, { points: 0 })).statusCode).toBe(422);
    // An editor sends the whole question back: what did not change is no change.
    const fixed = await fixKey(q.single, {
      kind: 'single',
      prompt: 'Capital letter?',
      format: 'plain',
      choices: ['a', 'b', 'c'],
      options: [],
      title: 'Letters',
      answer_key: { choices: [0] },
      points: 3,
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      prompt: 'Capital letter?',
      title: 'Letters',
      answer_key: { choices: [0] },
      points: 3,
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'question.fix'), eq(auditLog.entity_id, q.single)));
    expect(audit).toMatchObject({
      actor_id: teacher.id,
      institution_id: school.id,
      before: { answer_key: { choices: [1] }, points: 2, title: null },
      after: { answer_key: { choices: [0] }, points: 3, title: 'Letters' },
    });
    // Adding or removing a question stays refused once a student has started.
    const added = await call(teacher, 'POST', `/api/evaluations/${exam.id}/questions`, {
      kind: 'long',
      prompt: 'One more',
    });
    expect(added.statusCode).toBe(409);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/questions/${q.long}`,
      headers: await as(teacher),
    });
    expect(removed.statusCode).toBe(409);
  });
});

describe('regrading a quiz', () => {
  it('answers what a regrade would change in a dry run, and writes nothing', async () => {
    const { exam, q, runs } = await wrongKey();
    await call(teacher, 'PUT', `/api/evaluations/${exam.id}/results`, {
      results: [
        { student_id: alpha.id, grade: 12.5, version: 0 },
        { student_id: beta.id, grade: 9, version: 0 },
      ],
    });
    expect((await fixKey(q.single)).statusCode).toBe(200);
    const before = await written(exam.id);
    const dry = await regrade(exam.id, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      dry_run: true,
      max_points: 8,
      scale: 20,
      counts: { attempts: 3, rescored: 3, grades_changed: 1, to_review: 1, open: 1 },
    });
    expect(dry.json().attempts[0]).toMatchObject({
      attempt_id: runs.alpha.id,
      score_before: 5,
      score_after: 7,
      grade_before: 12.5,
      grade_after: 17.5,
      grade_changed: true,
    });
    expect(await written(exam.id)).toEqual(before);
    // The real run answers the same, and writes it.
    const real = await regrade(exam.id);
    expect(real.json()).toEqual({ ...dry.json(), dry_run: false });
    expect(await written(exam.id)).not.toEqual(before);
  });

  it('scores the closed attempts again, moves the grades that hold the old suggestion and lists the others', async () => {
    const { exam, q, runs } = await wrongKey();
    const saved = await call(teacher, 'PUT', `/api/evaluations/${exam.id}/results`, {
      results: [
        // Alpha's grade is the quiz's suggestion; Beta's is the teacher's own.
        { student_id: alpha.id, grade: 12.5, version: 0 },
        { student_id: beta.id, grade: 9, version: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    await call(teacher, 'POST', `/api/evaluations/${exam.id}/publish`, {});
    clock.advance(60_000);
    expect((await fixKey(q.single)).statusCode).toBe(200);

    const response = await regrade(exam.id, false);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual({
      attempts: 3,
      rescored: 3,
      grades_changed: 1,
      to_review: 1,
      open: 1,
    });
    // By last name; Delta's attempt is open: skipped, their hand-in scores it with the new key.
    expect(body.attempts).toEqual([
      {
        attempt_id: runs.alpha.id,
        student: { id: alpha.id, first_name: 'Ana', last_name: 'Alpha' },
        score_before: 5,
        score_after: 7,
        suggestion_before: 12.5,
        suggestion_after: 17.5,
        grade_before: 12.5,
        grade_after: 17.5,
        grade_changed: true,
        to_review: false,
      },
      {
        attempt_id: runs.beta.id,
        student: { id: beta.id, first_name: 'Ben', last_name: 'Beta' },
        score_before: 2,
        score_after: 0,
        suggestion_before: 5,
        suggestion_after: 0,
        grade_before: 9,
        grade_after: 9,
        grade_changed: false,
        to_review: true,
      },
      {
        attempt_id: runs.gamma.id,
        student: { id: gamma.id, first_name: 'Gus', last_name: 'Gamma' },
        score_before: 6,
        score_after: 8,
        suggestion_before: 15,
        suggestion_after: 20,
        grade_before: null,
        grade_after: null,
        grade_changed: false,
        to_review: false,
      },
    ]);

    const scores = await db
      .select({ id: attempts.id, score: attempts.score })
      .from(attempts)
      .where(eq(attempts.evaluation_id, exam.id));
    expect(Object.fromEntries(scores.map((row) => [row.id, row.score]))).toEqual({
      [runs.alpha.id]: 7,
      [runs.beta.id]: 0,
      [runs.gamma.id]: 8,
      [runs.delta.id]: null,
    });
    const choice = await db
      .select({ attempt: answers.attempt_id, points: answers.points_awarded })
      .from(answers)
      .where(eq(answers.question_id, q.single));
    expect(Object.fromEntries(choice.map((row) => [row.attempt, row.points]))).toEqual({
      [runs.alpha.id]: 2,
      [runs.beta.id]: 0,
      [runs.gamma.id]: 2,
      [runs.delta.id]: null,
    });

    // Alpha's published line moved through applyGrades: a history row and corrected_at.
    const moved = (await lineOf(exam.id, alpha.id))!;
    expect(moved).toMatchObject({ grade: 17.5, version: 2 });
    expect(moved.published_at).not.toBeNull();
    expect(moved.corrected_at).toEqual(clock.now());
    const history = await call(teacher, 'GET', `/api/results/${moved.id}/history`);
    expect(history.json().data[0]).toMatchObject({
      old_grade: 12.5,
      new_grade: 17.5,
      changed_by_name: 'Ada Prof',
    });
    // Beta's own grade is untouched; Gamma still has no line (the grid suggests 20).
    expect(await lineOf(exam.id, beta.id)).toMatchObject({
      grade: 9,
      version: 1,
      corrected_at: null,
    });
    expect(await lineOf(exam.id, gamma.id)).toBeUndefined();
    const grid = await call(teacher, 'GET', `/api/evaluations/${exam.id}/results`);
    const gammaRow = grid
      .json()
      .rows.find((row: { student: { id: number } }) => row.student.id === gamma.id);
    expect(gammaRow.quiz).toMatchObject({ score: 8, grade: 20 });

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'quiz.regrade'), eq(auditLog.entity_id, exam.id)));
    expect(audit).toMatchObject({ actor_id: teacher.id, institution_id: school.id });

    // A second regrade finds nothing to change.
    const again = (await regrade(exam.id)).json();
    expect(again.counts).toMatchObject({ rescored: 0, grades_changed: 0, to_review: 0 });
  });

  it("keeps the teacher's marks of long answers, lowered to the question's new points", async () => {
    const { exam, q, runs } = await wrongKey();
    expect((await fixKey(q.long, { points: 3.5 })).statusCode).toBe(200);
    const body = (await regrade(exam.id)).json();
    // 7.5 points now. Alpha's 3 stays, Gamma's 4 becomes 3.5, Beta's essay stays to mark.
    expect(body.max_points).toBe(7.5);
    const marks = await db
      .select({ attempt: answers.attempt_id, points: answers.points_awarded })
      .from(answers)
      .where(eq(answers.question_id, q.long));
    expect(Object.fromEntries(marks.map((row) => [row.attempt, row.points]))).toEqual({
      [runs.alpha.id]: 3,
      [runs.beta.id]: null,
      [runs.gamma.id]: 3.5,
    });
    expect(
      body.attempts.map((line: { score_before: number; score_after: number }) => [
        line.score_before,
        line.score_after,
      ]),
    ).toEqual([
      [5, 5],
      [2, 2],
      [6, 5.5],
    ]);
  });

  it('answers 404 to another institution, 403 to a student, and writes nothing', async () => {
    const { exam, q } = await wrongKey();
    await fixKey(q.single);
    const before = await written(exam.id);
    for (const user of [outsider, outsiderAdmin]) {
      expect((await regrade(exam.id, false, user)).statusCode).toBe(404);
      expect((await regrade(exam.id, true, user)).statusCode).toBe(404);
    }
    expect((await regrade(exam.id, false, alpha)).statusCode).toBe(403);
    expect((await regrade(999_999)).statusCode).toBe(404);
    expect(await written(exam.id)).toEqual({ ...before, audit: expect.anything() });
    expect((await written(exam.id)).attempts).toEqual(before.attempts);
  });

  it('refuses a project with 422', async () => {
    const project = await createEvaluation(db, training, subject.id, {
      type: 'project',
      deadline: new Date('2026-12-01T12:00:00Z'),
    });
    const response = await regrade(project.id);
    expect(response.statusCode).toBe(422);
  });
});
