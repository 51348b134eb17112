import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type AnswerValue,
  answers,
  attempts,
  evaluations,
  examAccommodations,
  institutions,
  promotionStudents,
  questionDraws,
  questions,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { evaluationWindow } from '../evaluations/window.ts';

export type Attempt = typeof attempts.$inferSelect;
export type Question = typeof questions.$inferSelect;

/** The exams (not the projects) among the evaluations in `scope` (a policy condition), or all. */
export const onlyExams = (scope?: SQL): SQL => and(scope, eq(evaluations.type, 'exam'))!;

/** An exam with its window as instants, if `scope` (a policy condition on evaluations) lets it through. */
export async function examIn(db: DbOrTx, scope: SQL, id: number) {
  const [row] = await db
    .select({
      id: evaluations.id,
      type: evaluations.type,
      title: evaluations.title,
      date: evaluations.date,
      start_time: evaluations.start_time,
      end_time: evaluations.end_time,
      deadline: evaluations.deadline,
      duration_minutes: evaluations.duration_minutes,
      has_quiz: evaluations.has_quiz,
      subject_id: evaluations.subject_id,
      shuffle: evaluations.shuffle,
      training_id: evaluations.training_id,
      timezone: institutions.timezone,
    })
    .from(evaluations)
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
    .where(and(eq(evaluations.id, id), scope));
  if (!row) return undefined;
  return { ...row, window: evaluationWindow(row, row.timezone) };
}
export type Exam = NonNullable<Awaited<ReturnType<typeof examIn>>>;

/** The evaluation as `examIn` reads it, whoever asks (the caller checked access). */
export async function examById(db: DbOrTx, id: number) {
  return (await examIn(db, sql`true`, id))!;
}

/** The questions of an evaluation in the teacher's order. */
export function questionsOf(db: DbOrTx, evaluationId: number) {
  return db
    .select()
    .from(questions)
    .where(eq(questions.evaluation_id, evaluationId))
    .orderBy(asc(questions.position), asc(questions.id));
}

export async function attemptById(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(attempts).where(eq(attempts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function attemptOf(db: DbOrTx, evaluationId: number, studentId: number) {
  const [row] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.evaluation_id, evaluationId), eq(attempts.student_id, studentId)));
  return row;
}

export function answersOf(db: DbOrTx, attemptId: number) {
  return db
    .select({
      question_id: answers.question_id,
      value: answers.value,
      typed_at: answers.typed_at,
      points_awarded: answers.points_awarded,
    })
    .from(answers)
    .where(eq(answers.attempt_id, attemptId))
    .orderBy(asc(answers.question_id));
}

/** True once a student has started the exam: its questions may no longer change. */
export async function hasAttempts(db: DbOrTx, evaluationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(eq(attempts.evaluation_id, evaluationId))
    .limit(1);
  return row !== undefined;
}

/**
 * The students of the promotion of the exam's training, each with their extra time and their
 * attempt (answered questions counted); `studentId` narrows it to one.
 */
export async function rosterOf(
  db: DbOrTx,
  exam: { id: number; training_id: number },
  studentId?: number,
) {
  const answered =
    sql<number>`(select count(*) from ${answers} where ${answers.attempt_id} = ${attempts.id})`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      student: {
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
      },
      extra_minutes: examAccommodations.extra_minutes,
      attempt_id: attempts.id,
      started_at: attempts.started_at,
      deadline_at: attempts.deadline_at,
      finished_at: attempts.finished_at,
      finished_by: attempts.finished_by,
      score: attempts.score,
      answered,
    })
    .from(promotionStudents)
    .innerJoin(trainings, eq(trainings.promotion_id, promotionStudents.promotion_id))
    .innerJoin(users, eq(users.id, promotionStudents.student_id))
    .leftJoin(
      examAccommodations,
      and(
        eq(examAccommodations.evaluation_id, exam.id),
        eq(examAccommodations.student_id, users.id),
      ),
    )
    .leftJoin(attempts, and(eq(attempts.evaluation_id, exam.id), eq(attempts.student_id, users.id)))
    .where(
      and(
        eq(trainings.id, exam.training_id),
        studentId === undefined ? undefined : eq(users.id, studentId),
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
  return rows.map((row) => ({
    student: row.student,
    extra_minutes: row.extra_minutes ?? 0,
    attempt:
      row.attempt_id === null
        ? null
        : {
            id: row.attempt_id,
            started_at: row.started_at!,
            deadline_at: row.deadline_at!,
            finished_at: row.finished_at,
            finished_by: row.finished_by,
            score: row.score,
            answered: row.answered,
          },
  }));
}

/**
 * Inserts the student's attempt; answers it, or undefined when one already exists (unique per
 * evaluation and student: a second start, or two at once, find the first).
 */
export async function insertAttempt(
  db: DbOrTx,
  values: { evaluation_id: number; student_id: number; started_at: Date; deadline_at: Date },
) {
  const [created] = await db
    .insert(attempts)
    .values(values)
    .onConflictDoNothing({ target: [attempts.evaluation_id, attempts.student_id] })
    .returning();
  return created;
}

/**
 * Saves one answer of an attempt; a saved answer typed later than this one stays (queued writes
 * may arrive out of order).
 */
export async function saveAnswer(
  tx: DbOrTx,
  answer: { attemptId: number; questionId: number; value: AnswerValue; typedAt: Date },
  now: Date,
) {
  await tx
    .insert(answers)
    .values({
      attempt_id: answer.attemptId,
      question_id: answer.questionId,
      value: answer.value,
      typed_at: answer.typedAt,
    })
    .onConflictDoUpdate({
      target: [answers.attempt_id, answers.question_id],
      set: { value: sql`excluded.value`, typed_at: sql`excluded.typed_at`, updated_at: now },
      setWhere: sql`${answers.typed_at} is null or ${answers.typed_at} <= excluded.typed_at`,
    });
}

/** Sets the student's extra time for the exam, granted by `grantedBy` (replacing any before). */
export async function setExtraMinutes(
  tx: DbOrTx,
  grant: { evaluationId: number; studentId: number; extraMinutes: number; grantedBy: number },
  now: Date,
) {
  await tx
    .insert(examAccommodations)
    .values({
      evaluation_id: grant.evaluationId,
      student_id: grant.studentId,
      extra_minutes: grant.extraMinutes,
      granted_by: grant.grantedBy,
    })
    .onConflictDoUpdate({
      target: [examAccommodations.evaluation_id, examAccommodations.student_id],
      set: { extra_minutes: grant.extraMinutes, granted_by: grant.grantedBy, updated_at: now },
    });
}

/** The student's open attempt at the exam, locked (in `tx`); undefined when there is none. */
export async function lockOpenAttempt(tx: DbOrTx, evaluationId: number, studentId: number) {
  const [open] = await tx
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.evaluation_id, evaluationId),
        eq(attempts.student_id, studentId),
        isNull(attempts.finished_at),
      ),
    )
    .for('update');
  return open;
}

/** Moves the attempt's deadline. */
export async function setAttemptDeadline(tx: DbOrTx, id: number, deadline: Date, now: Date) {
  await tx
    .update(attempts)
    .set({ deadline_at: deadline, updated_at: now })
    .where(eq(attempts.id, id));
}

/**
 * Marks the attempt finished at `at` by `by`, unless it already is; answers whether this call
 * closed it.
 */
export async function markAttemptFinished(
  tx: DbOrTx,
  id: number,
  close: { at: Date; by: 'student' | 'timeout'; now: Date },
): Promise<boolean> {
  const closed = await tx
    .update(attempts)
    .set({ finished_at: close.at, finished_by: close.by, updated_at: close.now })
    .where(and(eq(attempts.id, id), isNull(attempts.finished_at)))
    .returning({ id: attempts.id });
  return closed.length > 0;
}

/** The closed attempts of an exam (statistics.service.ts). */
export function closedAttemptsOf(db: DbOrTx, evaluationId: number) {
  return db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.evaluation_id, evaluationId), isNotNull(attempts.finished_at)))
    .orderBy(asc(attempts.id));
}

/** Every answer of the closed attempts of an exam, with its points (null: not graded yet). */
export function closedAnswersOf(db: DbOrTx, evaluationId: number) {
  return db
    .select({
      attempt_id: answers.attempt_id,
      question_id: answers.question_id,
      value: answers.value,
      points_awarded: answers.points_awarded,
    })
    .from(answers)
    .innerJoin(attempts, eq(attempts.id, answers.attempt_id))
    .where(and(eq(attempts.evaluation_id, evaluationId), isNotNull(attempts.finished_at)));
}

/** The saved answers of an attempt with their question's kind, points and answer key. */
export function answersToScore(tx: DbOrTx, attemptId: number) {
  return tx
    .select({
      id: answers.id,
      value: answers.value,
      kind: questions.kind,
      points: questions.points,
      answer_key: questions.answer_key,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.question_id))
    .where(eq(answers.attempt_id, attemptId));
}

/** The points an answer earned (null: a teacher grades it). */
export async function setAnswerPoints(tx: DbOrTx, answerId: number, points: number | null) {
  await tx.update(answers).set({ points_awarded: points }).where(eq(answers.id, answerId));
}

export async function setAttemptScore(tx: DbOrTx, attemptId: number, score: number) {
  await tx.update(attempts).set({ score }).where(eq(attempts.id, attemptId));
}

// The quiz (questions.service.ts).

export async function questionById(tx: DbOrTx, id: number) {
  const [current] = await tx.select().from(questions).where(eq(questions.id, id));
  return current;
}

/** Inserts questions; answers their rows. */
export function insertQuestions(tx: DbOrTx, values: (typeof questions.$inferInsert)[]) {
  return tx.insert(questions).values(values).returning();
}

/** Marks the evaluation as carrying a quiz. */
export async function markHasQuiz(tx: DbOrTx, evaluationId: number) {
  await tx.update(evaluations).set({ has_quiz: true }).where(eq(evaluations.id, evaluationId));
}

/** Saves the given fields of a question; answers its row. */
export async function updateQuestion(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof questions.$inferInsert>,
) {
  const [row] = await tx.update(questions).set(set).where(eq(questions.id, id)).returning();
  return row!;
}

export async function deleteQuestion(tx: DbOrTx, id: number) {
  await tx.delete(questions).where(and(eq(questions.id, id)));
}

// Random draws (decision 191).

/** The exam's random draws in order, each with the size of its pool. */
export function drawsOf(db: DbOrTx, evaluationId: number) {
  return db
    .select({
      id: questionDraws.id,
      category: questionDraws.category,
      count: questionDraws.count,
      points: questionDraws.points,
      position: questionDraws.position,
      pool: count(questions.id),
    })
    .from(questionDraws)
    .leftJoin(questions, eq(questions.draw_id, questionDraws.id))
    .where(eq(questionDraws.evaluation_id, evaluationId))
    .groupBy(questionDraws.id)
    .orderBy(asc(questionDraws.position), asc(questionDraws.id));
}

export async function drawById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(questionDraws).where(eq(questionDraws.id, id));
  return row;
}

export async function insertDraw(db: DbOrTx, values: typeof questionDraws.$inferInsert) {
  const [row] = await db.insert(questionDraws).values(values).returning();
  return row!;
}

/** Removes a draw and its pool (the pool's questions cascade). */
export async function deleteDraw(db: DbOrTx, id: number) {
  await db.delete(questionDraws).where(eq(questionDraws.id, id));
}

/** The highest position among the exam's questions and draws (0 when it has none). */
export async function lastItemPosition(db: DbOrTx, evaluationId: number): Promise<number> {
  const [{ last }] = (await db
    .select({
      last: sql<number>`greatest(
        coalesce((select max(${questions.position}) from ${questions} where ${questions.evaluation_id} = ${evaluationId}), 0),
        coalesce((select max(${questionDraws.position}) from ${questionDraws} where ${questionDraws.evaluation_id} = ${evaluationId}), 0))`.mapWith(
        Number,
      ),
    })
    .from(sql`(select 1) as one`)) as [{ last: number }];
  return last;
}

/** Moves questions (and, for a draw, its pool with it) to new positions. */
export async function setItemPositions(
  tx: DbOrTx,
  evaluationId: number,
  moves: ReadonlyArray<{ type: 'question' | 'draw'; id: number; position: number }>,
) {
  for (const move of moves) {
    if (move.type === 'question') {
      await tx
        .update(questions)
        .set({ position: move.position })
        .where(and(eq(questions.id, move.id), eq(questions.evaluation_id, evaluationId)));
    } else {
      await tx
        .update(questionDraws)
        .set({ position: move.position })
        .where(and(eq(questionDraws.id, move.id), eq(questionDraws.evaluation_id, evaluationId)));
      await tx
        .update(questions)
        .set({ position: move.position })
        .where(eq(questions.draw_id, move.id));
    }
  }
}
