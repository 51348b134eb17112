import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  answers,
  attempts,
  evaluations,
  examAccommodations,
  institutions,
  promotionStudents,
  questions,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { evaluationWindow } from '../evaluations/window.ts';

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
