import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createEvaluation,
  createGroup,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import {
  answers,
  attempts,
  gradeChanges,
  mailOutbox,
  questions,
  results,
} from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const teacher = await createUser(db, 'teacher', school.id, {
  first_name: 'Ada',
  last_name: 'Prof',
});
const colleague = await createUser(db, 'teacher', school.id, {
  first_name: 'Blaise',
  last_name: 'Collègue',
});
const student = await createUser(db, 'student', school.id, { last_name: 'Alpha', locale: 'de' });
const quiet = await createUser(db, 'student', school.id, {
  last_name: 'Beta',
  notify_email: false,
});
const third = await createUser(db, 'student', school.id, { last_name: 'Gamma' });
const promotion = await createPromotion(db, school.id, {
  students: [student.id, quiet.id, third.id],
  teachers: [teacher.id, colleague.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id, [teacher.id, colleague.id]);
const group = await createGroup(db, promotion, [quiet.id]);

const other = await createInstitution(db);
const outsider = await createUser(db, 'teacher', other.id);
const outsiderAdmin = await createUser(db, 'admin', other.id);

const as = signedIn(app);
const call = async (
  user: { id: number; email: string },
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: await as(user), ...(payload ? { payload } : {}) });

const exam = () => createEvaluation(db, training, subject.id, { scale: 20 });
const lines = (evaluationId: number) =>
  db.select().from(results).where(eq(results.evaluation_id, evaluationId));
const historyRows = async (resultId: number) =>
  db.select().from(gradeChanges).where(eq(gradeChanges.result_id, resultId));

describe('the grade grid', () => {
  it('lists the promotion by last name, or one group', async () => {
    const evaluation = await exam();
    const all = await call(teacher, 'GET', `/api/evaluations/${evaluation.id}/results`);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.rows.map((row: { student: { id: number } }) => row.student.id)).toEqual([
      student.id,
      quiet.id,
      third.id,
    ]);
    expect(body.rows[0].result).toBeNull();
    expect(body.groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
    const one = await call(
      teacher,
      'GET',
      `/api/evaluations/${evaluation.id}/results?group_id=${group.id}`,
    );
    expect(one.json().rows.map((row: { student: { id: number } }) => row.student.id)).toEqual([
      quiet.id,
    ]);
  });

  it("answers 404 to another institution's teacher and admin, 403 to a student", async () => {
    const evaluation = await exam();
    for (const user of [outsider, outsiderAdmin]) {
      expect(
        (await call(user, 'GET', `/api/evaluations/${evaluation.id}/results`)).statusCode,
      ).toBe(404);
      const put = await call(user, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
        results: [{ student_id: student.id, grade: 10, version: 0 }],
      });
      expect(put.statusCode).toBe(404);
      expect(
        (await call(user, 'POST', `/api/evaluations/${evaluation.id}/publish`, {})).statusCode,
      ).toBe(404);
    }
    expect(
      (await call(student, 'GET', `/api/evaluations/${evaluation.id}/results`)).statusCode,
    ).toBe(403);
    expect(await lines(evaluation.id)).toEqual([]);
  });
});

describe('saving grades', () => {
  it('refuses a grade above the scale with a message on its line, writing nothing', async () => {
    const evaluation = await exam();
    const response = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [
        { student_id: student.id, grade: 12, version: 0 },
        { student_id: quiet.id, grade: 21, version: 0 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['results.1.grade'][0]).toContain('20');
    expect(response.json().errors['results.0.grade']).toBeUndefined();
    expect(await lines(evaluation.id)).toEqual([]);
  });

  it('writes each change with exactly one history row (before, after, who)', async () => {
    const evaluation = await exam();
    const first = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [
        { student_id: student.id, grade: 12.5, comment: 'Bien', version: 0 },
        { student_id: quiet.id, absent: true, version: 0 },
      ],
    });
    expect(first.statusCode).toBe(200);
    const row = first
      .json()
      .rows.find((r: { student: { id: number } }) => r.student.id === student.id);
    expect(row.result).toMatchObject({
      grade: 12.5,
      absent: false,
      version: 1,
      changed_by_name: 'Ada Prof',
    });
    clock.advance(60_000);
    const second = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [{ student_id: student.id, grade: 14, version: 1 }],
    });
    expect(second.statusCode).toBe(200);
    const history = await historyRows(row.result.id);
    expect(history).toHaveLength(2);
    const api = await call(teacher, 'GET', `/api/results/${row.result.id}/history`);
    expect(api.statusCode).toBe(200);
    expect(api.json().data[0]).toMatchObject({
      old_grade: 12.5,
      new_grade: 14,
      old_comment: 'Bien',
      new_comment: 'Bien',
      changed_by_name: 'Ada Prof',
    });
    expect(api.json().data[1]).toMatchObject({ old_grade: null, new_grade: 12.5 });
    expect((await call(student, 'GET', `/api/results/${row.result.id}/history`)).statusCode).toBe(
      403,
    );
  });

  it('keeps the history append-only: a raw update or delete fails', async () => {
    const evaluation = await exam();
    const saved = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [{ student_id: student.id, grade: 10, version: 0 }],
    });
    const resultId = saved.json().rows[0].result.id;
    await expect(
      db.execute(sql`update grade_changes set new_grade = 20 where result_id = ${resultId}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from grade_changes where result_id = ${resultId}`),
    ).rejects.toThrow();
    expect((await historyRows(resultId))[0]!.new_grade).toBe(10);
  });

  it('answers 409 with who changed the line when two teachers edit version N', async () => {
    const evaluation = await exam();
    const loaded = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [{ student_id: student.id, grade: 10, version: 0 }],
    });
    const version = loaded.json().rows[0].result.version;
    const mine = await call(colleague, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [{ student_id: student.id, grade: 11, version }],
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [
        { student_id: quiet.id, grade: 5, version: 0 },
        { student_id: student.id, grade: 9, version },
      ],
    });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().conflicts).toEqual([
      expect.objectContaining({
        student_id: student.id,
        grade: 11,
        changed_by_name: 'Blaise Collègue',
        version: version + 1,
      }),
    ]);
    expect(theirs.json().errors['results.1.version']).toBeDefined();
    const now = await lines(evaluation.id);
    expect(now).toHaveLength(1);
    expect(now[0]!.grade).toBe(11);
  });

  it('gives one write and one 409 for two simultaneous first saves of a line', async () => {
    const evaluation = await exam();
    const [a, b] = await Promise.all([
      call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
        results: [{ student_id: third.id, grade: 8, version: 0 }],
      }),
      call(colleague, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
        results: [{ student_id: third.id, grade: 9, version: 0 }],
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 409 ? 'Blaise Collègue' : 'Ada Prof';
    expect(refused.json().conflicts).toEqual([
      expect.objectContaining({ student_id: third.id, version: 1, changed_by_name: winner }),
    ]);
    const now = await lines(evaluation.id);
    expect(now).toHaveLength(1);
    expect(await historyRows(now[0]!.id)).toHaveLength(1);
  });
});

describe('one result', () => {
  it('edits a line from its version, clears it back to pending and keeps the history', async () => {
    const evaluation = await exam();
    const saved = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [{ student_id: student.id, grade: 10, version: 0 }],
    });
    const id = saved.json().rows[0].result.id;
    const patched = await call(teacher, 'PATCH', `/api/results/${id}`, { grade: 25, version: 1 });
    expect(patched.statusCode).toBe(422);
    expect(patched.json().errors.grade).toBeDefined();
    const ok = await call(teacher, 'PATCH', `/api/results/${id}`, { grade: 15, version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ grade: 15, version: 2, permissions: { update: true } });
    const stale = await call(colleague, 'PATCH', `/api/results/${id}`, { grade: 3, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().conflicts[0].changed_by_name).toBe('Ada Prof');
    expect((await call(teacher, 'DELETE', `/api/results/${id}`)).statusCode).toBe(204);
    const read = await call(teacher, 'GET', `/api/results/${id}`);
    expect(read.json()).toMatchObject({ grade: null, absent: false, version: 3 });
    expect(await historyRows(id)).toHaveLength(3);
    expect((await call(outsider, 'GET', `/api/results/${id}`)).statusCode).toBe(404);
    expect(
      (await call(outsiderAdmin, 'PATCH', `/api/results/${id}`, { grade: 1, version: 3 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('publishing', () => {
  it('hides unpublished grades from students, and never shows another student theirs', async () => {
    const evaluation = await exam();
    const saved = await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [
        { student_id: student.id, grade: 10, version: 0 },
        { student_id: quiet.id, grade: 12, version: 0 },
      ],
    });
    const [mine, theirs] = saved
      .json()
      .rows.filter((r: { result: unknown }) => r.result)
      .map((r: { result: { id: number } }) => r.result.id);
    expect((await call(student, 'GET', `/api/results/${mine}`)).statusCode).toBe(404);
    const before = await call(student, 'GET', '/api/me/results');
    expect(before.json().data).toEqual([]);
    await call(teacher, 'POST', `/api/evaluations/${evaluation.id}/publish`, {});
    expect((await call(student, 'GET', `/api/results/${mine}`)).json().grade).toBe(10);
    expect((await call(student, 'GET', `/api/results/${theirs}`)).statusCode).toBe(404);
    const after = await call(student, 'GET', '/api/me/results');
    expect(after.json().data.map((r: { id: number }) => r.id)).toEqual([mine]);
    // The class's list of results is the staff's: a student reads their own record only.
    const classList = await call(student, 'GET', `/api/results?evaluation_id=${evaluation.id}`);
    expect(classList.statusCode).toBe(403);
  });

  it('publishes graded and absent lines, mails only those who want it, once', async () => {
    const evaluation = await exam();
    await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [
        { student_id: student.id, grade: 10, version: 0 },
        { student_id: quiet.id, absent: true, version: 0 },
      ],
    });
    const mails = async () =>
      (await db.select().from(mailOutbox)).filter(
        (mail) =>
          mail.template === 'results-published' &&
          (mail.payload as { evaluation_title: string }).evaluation_title === evaluation.title,
      );
    const first = await call(teacher, 'POST', `/api/evaluations/${evaluation.id}/publish`, {});
    expect(first.json()).toEqual({ published: 2, mailed: 1 });
    const rows = await lines(evaluation.id);
    expect(rows.every((row) => row.published_at?.getTime() === clock.now().getTime())).toBe(true);
    const sent = await mails();
    expect(sent.map((mail) => [mail.to_address, mail.locale])).toEqual([[student.email, 'de']]);
    const again = await call(teacher, 'POST', `/api/evaluations/${evaluation.id}/publish`, {});
    expect(again.json()).toEqual({ published: 0, mailed: 0 });
    expect(await mails()).toHaveLength(1);
  });

  it('publishes only the students given', async () => {
    const evaluation = await exam();
    await call(teacher, 'PUT', `/api/evaluations/${evaluation.id}/results`, {
      results: [
        { student_id: student.id, grade: 10, version: 0 },
        { student_id: third.id, grade: 11, version: 0 },
      ],
    });
    const response = await call(teacher, 'POST', `/api/evaluations/${evaluation.id}/publish`, {
      student_ids: [third.id],
    });
    expect(response.json().published).toBe(1);
    const rows = await lines(evaluation.id);
    expect(rows.find((r) => r.student_id === third.id)!.published_at).not.toBeNull();
    expect(rows.find((r) => r.student_id === student.id)!.published_at).toBeNull();
  });
});

describe('the quiz', () => {
  it('suggests the converted score in the grid and follows the marks of written answers', async () => {
    const evaluation = await createEvaluation(db, training, subject.id, {
      scale: 10,
      has_quiz: true,
    });
    const [q1, q2] = await db
      .insert(questions)
      .values([
        {
          evaluation_id: evaluation.id,
          kind: 'single',
          prompt: 'Q1',
          choices: ['a', 'b'],
          answer_key: { choices: [0] },
          points: 3,
          position: 1,
        },
        { evaluation_id: evaluation.id, kind: 'long', prompt: 'Explain', points: 5, position: 2 },
      ])
      .returning();
    const now = clock.now();
    const [attempt] = await db
      .insert(attempts)
      .values({
        evaluation_id: evaluation.id,
        student_id: student.id,
        started_at: now,
        deadline_at: now,
        finished_at: now,
        finished_by: 'student',
        score: 3,
      })
      .returning();
    await db.insert(answers).values([
      { attempt_id: attempt!.id, question_id: q1!.id, value: { choices: [0] }, points_awarded: 3 },
      {
        attempt_id: attempt!.id,
        question_id: q2!.id,
        value: { text: 'Because.' },
        points_awarded: null,
      },
    ]);
    const grid = await call(teacher, 'GET', `/api/evaluations/${evaluation.id}/results`);
    const row = grid
      .json()
      .rows.find((r: { student: { id: number } }) => r.student.id === student.id);
    expect(row.quiz).toMatchObject({ score: 3, max_points: 8, grade: 3.75, to_mark: 1 });
    expect(row.quiz.open_answers[0]).toMatchObject({
      prompt: 'Explain',
      text: 'Because.',
      points: null,
    });
    expect(row.result).toBeNull();

    const tooMany = await call(teacher, 'PUT', `/api/attempts/${attempt!.id}/marks`, {
      marks: [{ question_id: q2!.id, points: 6 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors['marks.0.points']).toBeDefined();
    const marked = await call(teacher, 'PUT', `/api/attempts/${attempt!.id}/marks`, {
      marks: [{ question_id: q2!.id, points: 5 }],
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ score: 8, grade: 10, to_mark: 0 });
    expect(
      (
        await call(student, 'PUT', `/api/attempts/${attempt!.id}/marks`, {
          marks: [{ question_id: q2!.id, points: 5 }],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(outsider, 'PUT', `/api/attempts/${attempt!.id}/marks`, {
          marks: [{ question_id: q2!.id, points: 5 }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps a marked attempt at 0 or above when a negative choice outweighs the marks (issue 30)', async () => {
    const evaluation = await createEvaluation(db, training, subject.id, {
      scale: 20,
      has_quiz: true,
    });
    const [q1, q2] = await db
      .insert(questions)
      .values([
        {
          evaluation_id: evaluation.id,
          kind: 'single',
          prompt: 'Guess',
          choices: ['right', 'penalised'],
          answer_key: { choices: [0], weights: [1, -1] },
          points: 4,
          position: 1,
        },
        { evaluation_id: evaluation.id, kind: 'long', prompt: 'Explain', points: 5, position: 2 },
      ])
      .returning();
    const now = clock.now();
    const [attempt] = await db
      .insert(attempts)
      .values({
        evaluation_id: evaluation.id,
        student_id: student.id,
        started_at: now,
        deadline_at: now,
        finished_at: now,
        finished_by: 'student',
        score: 0,
      })
      .returning();
    await db.insert(answers).values([
      { attempt_id: attempt!.id, question_id: q1!.id, value: { choices: [1] }, points_awarded: -4 },
      {
        attempt_id: attempt!.id,
        question_id: q2!.id,
        value: { text: 'Hm.' },
        points_awarded: null,
      },
    ]);
    // -4 + 1 is -3: the exam never goes below zero, as at hand-in (decision 184).
    const marked = await call(teacher, 'PUT', `/api/attempts/${attempt!.id}/marks`, {
      marks: [{ question_id: q2!.id, points: 1 }],
    });
    expect(marked.json()).toMatchObject({ score: 0, grade: 0, to_mark: 0 });
  });
});
