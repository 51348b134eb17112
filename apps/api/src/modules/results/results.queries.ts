import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  answers,
  attempts,
  evaluations,
  gradeChanges,
  groupStudents,
  groups,
  institutions,
  promotionStudents,
  promotions,
  questionDraws,
  questions,
  results,
  subjects,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { resultIdentityShown } from '../evaluations/evaluations.queries.ts';

/** Who changed a result last, as a name. */
const changedByName = sql<
  string | null
>`(select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${users.id} = ${results.graded_by})`;

/**
 * An evaluation within `where` (the policy's scope), with what the grid shows of it: subject,
 * training, promotion, zone, the points of its quiz, the groups of its promotion (as JSON) and
 * the counts of its lines. One query.
 */
export async function gradedEvaluation(db: DbOrTx, id: number, where: SQL) {
  const [row] = await db
    .select({
      id: evaluations.id,
      title: evaluations.title,
      type: evaluations.type,
      scale: evaluations.scale,
      percentage: evaluations.percentage,
      has_quiz: evaluations.has_quiz,
      deadline: evaluations.deadline,
      late_until: evaluations.late_until,
      late_penalty: evaluations.late_penalty,
      blind_marking: evaluations.blind_marking,
      identities_revealed_at: evaluations.identities_revealed_at,
      second_marking: evaluations.second_marking,
      training_id: evaluations.training_id,
      institution_id: evaluations.institution_id,
      subject: { id: subjects.id, name: subjects.name },
      training: { id: trainings.id, title: trainings.title },
      promotion: { id: promotions.id, name: promotions.name },
      time_zone: institutions.timezone,
      institution_name: institutions.name,
      color_code: institutions.color_code,
      // The questions every attempt gets, and each random draw's count × points (decision 191).
      max_points:
        sql<number>`(select coalesce(sum(${questions.points}), 0) from ${questions} where ${questions.evaluation_id} = ${evaluations.id} and ${questions.draw_id} is null)
          + (select coalesce(sum(${questionDraws.count} * ${questionDraws.points}), 0) from ${questionDraws} where ${questionDraws.evaluation_id} = ${evaluations.id})`.mapWith(
          Number,
        ),
      groups: sql<
        Array<{ id: number; name: string }>
      >`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name, g.id) from ${groups} g where g.promotion_id = ${promotions.id} and g.archived_at is null), '[]'::json)`,
      graded:
        sql<number>`(select count(*) from ${results} where ${results.evaluation_id} = ${evaluations.id} and ${results.grade} is not null)`.mapWith(
          Number,
        ),
      absent:
        sql<number>`(select count(*) from ${results} where ${results.evaluation_id} = ${evaluations.id} and ${results.absent})`.mapWith(
          Number,
        ),
      published:
        sql<number>`(select count(*) from ${results} where ${results.evaluation_id} = ${evaluations.id} and ${results.published_at} is not null)`.mapWith(
          Number,
        ),
      students:
        sql<number>`(select count(*) from ${promotionStudents} where ${promotionStudents.promotion_id} = ${promotions.id})`.mapWith(
          Number,
        ),
    })
    .from(evaluations)
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .innerJoin(promotions, eq(promotions.id, trainings.promotion_id))
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
    .where(and(eq(evaluations.id, id), where));
  return row;
}
export type GradedEvaluationRow = NonNullable<Awaited<ReturnType<typeof gradedEvaluation>>>;

/**
 * The grid's lines in one query: each student of the promotion (or of one of its groups), by
 * last name, with their result and their attempt at the quiz, if any.
 */
export function gridRows(
  db: DbOrTx,
  evaluationId: number,
  promotionId: number,
  groupId: number | null,
  studentIds?: readonly number[],
) {
  return db
    .select({
      student: {
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
      },
      result_id: results.id,
      grade: results.grade,
      absent: results.absent,
      comment: results.comment,
      version: results.version,
      published_at: results.published_at,
      updated_at: results.updated_at,
      changed_by_name: changedByName,
      attempt_id: attempts.id,
      finished_at: attempts.finished_at,
      score: attempts.score,
    })
    .from(promotionStudents)
    .innerJoin(users, eq(users.id, promotionStudents.student_id))
    .leftJoin(
      results,
      and(eq(results.evaluation_id, evaluationId), eq(results.student_id, users.id)),
    )
    .leftJoin(
      attempts,
      and(eq(attempts.evaluation_id, evaluationId), eq(attempts.student_id, users.id)),
    )
    .where(
      and(
        eq(promotionStudents.promotion_id, promotionId),
        groupId === null
          ? undefined
          : sql`${users.id} in (select ${groupStudents.student_id} from ${groupStudents} where ${groupStudents.group_id} = ${groupId})`,
        studentIds ? inArray(users.id, [...studentIds]) : undefined,
      ),
    )
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
}

/** The long answers of an evaluation's attempts (all students, or one attempt), in quiz order. */
export function longAnswers(db: DbOrTx, evaluationId: number, attemptId?: number) {
  return db
    .select({
      attempt_id: answers.attempt_id,
      question_id: questions.id,
      prompt: questions.prompt,
      text: sql<string>`coalesce(${answers.value}->>'text', '')`,
      max_points: questions.points,
      points: answers.points_awarded,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.question_id))
    .innerJoin(attempts, eq(attempts.id, answers.attempt_id))
    .where(
      and(
        eq(attempts.evaluation_id, evaluationId),
        eq(questions.kind, 'long'),
        attemptId === undefined ? undefined : eq(attempts.id, attemptId),
      ),
    )
    .orderBy(asc(questions.position), asc(questions.id));
}

/** The columns of one result as the API answers it (`result` of packages/shared). */
const resultColumns = {
  id: results.id,
  grade: results.grade,
  absent: results.absent,
  comment: results.comment,
  version: results.version,
  published_at: results.published_at,
  updated_at: results.updated_at,
  changed_by_name: changedByName,
  evaluation_id: results.evaluation_id,
  training_id: evaluations.training_id,
  student: {
    id: users.id,
    first_name: users.first_name,
    last_name: users.last_name,
    email: users.email,
  },
  evaluation: {
    id: evaluations.id,
    title: evaluations.title,
    type: evaluations.type,
    scale: evaluations.scale,
    subject_name: subjects.name,
    time_zone: institutions.timezone,
  },
};

function resultsWith(db: DbOrTx) {
  return db
    .select(resultColumns)
    .from(results)
    .innerJoin(users, eq(users.id, results.student_id))
    .innerJoin(evaluations, eq(evaluations.id, results.evaluation_id))
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id));
}
export type ResultRow = Awaited<ReturnType<typeof resultById>>;

/**
 * `where`, narrowed to the lines whose evaluation names its students: never a line of a
 * blind-marked project before its students are revealed (decision 196).
 */
export const namingStudents = (where: SQL) => and(where, resultIdentityShown)!;

export async function resultById(db: DbOrTx, id: number, where: SQL) {
  const [row] = await resultsWith(db).where(and(eq(results.id, id), where));
  return row;
}

export async function listResults(
  db: DbOrTx,
  where: SQL,
  filters: { evaluation_id?: number; student_id?: number },
  page: { page: number; per_page: number },
) {
  const condition = and(
    where,
    filters.evaluation_id === undefined
      ? undefined
      : eq(results.evaluation_id, filters.evaluation_id),
    filters.student_id === undefined ? undefined : eq(results.student_id, filters.student_id),
  );
  const [rows, [total]] = await Promise.all([
    resultsWith(db)
      .where(condition)
      .orderBy(desc(evaluations.date), asc(users.last_name), asc(users.first_name), asc(results.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db.select({ total: count() }).from(results).where(condition),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** A result's history, newest first, with who made each change. */
export function historyOf(db: DbOrTx, resultId: number, where: SQL) {
  return db
    .select({
      id: gradeChanges.id,
      at: gradeChanges.at,
      // The user's name now, or who they were when they made the change (a deleted user).
      changed_by_name: sql<
        string | null
      >`coalesce((select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${users.id} = ${gradeChanges.changed_by}), ${gradeChanges.changed_by_label})`,
      old_grade: gradeChanges.old_grade,
      new_grade: gradeChanges.new_grade,
      old_absent: gradeChanges.old_absent,
      new_absent: gradeChanges.new_absent,
      old_comment: gradeChanges.old_comment,
      new_comment: gradeChanges.new_comment,
      reason: gradeChanges.reason,
    })
    .from(gradeChanges)
    .where(and(eq(gradeChanges.result_id, resultId), where))
    .orderBy(desc(gradeChanges.at), desc(gradeChanges.id));
}

/**
 * Publishes, at `now`, the lines of the evaluation that have a grade or an absence and are not
 * published yet (of the given students only, when given); answers the students newly published.
 */
export function publishLines(
  db: DbOrTx,
  evaluationId: number,
  now: Date,
  studentIds?: readonly number[],
) {
  return db
    .update(results)
    .set({ published_at: now })
    .where(
      and(
        eq(results.evaluation_id, evaluationId),
        isNull(results.published_at),
        sql`(${results.grade} is not null or ${results.absent})`,
        studentIds ? inArray(results.student_id, [...studentIds]) : undefined,
      ),
    )
    .returning({ student_id: results.student_id });
}

/** The attempt `attemptId` within `where` (the policy's scope of attempts), or undefined. */
export async function attemptInScope(db: DbOrTx, attemptId: number, where: SQL) {
  const [attempt] = await db
    .select({
      id: attempts.id,
      evaluation_id: attempts.evaluation_id,
      student_id: attempts.student_id,
      finished_at: attempts.finished_at,
    })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), where));
  return attempt;
}

/** Sets the points awarded to one answer of an attempt. */
export async function setAnswerPoints(
  db: DbOrTx,
  attemptId: number,
  questionId: number,
  points: number,
  now: Date,
) {
  await db
    .update(answers)
    .set({ points_awarded: points, updated_at: now })
    .where(and(eq(answers.attempt_id, attemptId), eq(answers.question_id, questionId)));
}

/** Recomputes an attempt's score as the sum of the points awarded to its answers, 0 at least. */
export async function rescoreAttempt(db: DbOrTx, attemptId: number, now: Date) {
  await db
    .update(attempts)
    .set({
      // Never below zero, as the hand-in scores it (scoring.ts examScore, decision 184).
      score: sql`greatest((select coalesce(sum(${answers.points_awarded}), 0) from ${answers} where ${answers.attempt_id} = ${attemptId}), 0)`,
      updated_at: now,
    })
    .where(eq(attempts.id, attemptId));
}

/** The id of evaluation `id` when it lies within `where` (a policy scope), or undefined. */
export async function evaluationIdInScope(db: DbOrTx, id: number, where: SQL) {
  const [row] = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.id, id), where));
  return row;
}

/** The ids among `ids` of the evaluations within `where` (a policy scope). */
export function evaluationIdsInScope(db: DbOrTx, ids: number[], where: SQL) {
  return db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(inArray(evaluations.id, ids), where));
}

/** Of `studentIds`, those enrolled in the promotion of training `trainingId`. */
export function enrolledInTraining(db: DbOrTx, trainingId: number, studentIds: number[]) {
  return db
    .select({ id: promotionStudents.student_id })
    .from(promotionStudents)
    .innerJoin(trainings, eq(trainings.promotion_id, promotionStudents.promotion_id))
    .where(and(eq(trainings.id, trainingId), inArray(promotionStudents.student_id, studentIds)));
}

/** The existing result lines of these students for the evaluation, locked for update, by id. */
export function lockResultLines(db: DbOrTx, evaluationId: number, studentIds: number[]) {
  return db
    .select({
      id: results.id,
      student_id: results.student_id,
      grade: results.grade,
      absent: results.absent,
      comment: results.comment,
      version: results.version,
      published_at: results.published_at,
      updated_at: results.updated_at,
      changed_by_name: changedByName,
    })
    .from(results)
    .where(and(eq(results.evaluation_id, evaluationId), inArray(results.student_id, studentIds)))
    .orderBy(results.id)
    .for('update', { of: results });
}

/** Changes one result line. */
export async function updateResult(
  db: DbOrTx,
  id: number,
  set: Partial<typeof results.$inferInsert>,
) {
  await db.update(results).set(set).where(eq(results.id, id));
}

/**
 * Inserts a result line unless the (evaluation, student) line already exists; answers its id, or
 * undefined when another save took the line first.
 */
export async function insertResultUnlessTaken(db: DbOrTx, row: typeof results.$inferInsert) {
  const [inserted] = await db
    .insert(results)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: results.id });
  return inserted;
}

/** A student's result line of an evaluation as a conflict reports it, or undefined. */
export async function resultLineOf(db: DbOrTx, evaluationId: number, studentId: number) {
  const [line] = await db
    .select({
      version: results.version,
      grade: results.grade,
      absent: results.absent,
      comment: results.comment,
      updated_at: results.updated_at,
      changed_by_name: changedByName,
    })
    .from(results)
    .where(and(eq(results.evaluation_id, evaluationId), eq(results.student_id, studentId)));
  return line;
}

/** Records one change of a result in its history. */
export async function insertGradeChange(db: DbOrTx, row: PgInsertValue<typeof gradeChanges>) {
  await db.insert(gradeChanges).values(row);
}

// The regrade of a quiz (regrade.service.ts, decision 190).

/** The questions of an evaluation's quiz as scoring reads them. */
export function quizKeys(db: DbOrTx, evaluationId: number) {
  return db
    .select({
      id: questions.id,
      kind: questions.kind,
      points: questions.points,
      answer_key: questions.answer_key,
    })
    .from(questions)
    .where(eq(questions.evaluation_id, evaluationId));
}

/**
 * The closed attempts of an evaluation with their students, by last name, locked for update (a
 * teacher's marks wait for the regrade, the regrade for the marks).
 */
export function lockClosedAttempts(db: DbOrTx, evaluationId: number) {
  return db
    .select({
      id: attempts.id,
      score: attempts.score,
      student: { id: users.id, first_name: users.first_name, last_name: users.last_name },
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.student_id))
    .where(and(eq(attempts.evaluation_id, evaluationId), isNotNull(attempts.finished_at)))
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id))
    .for('update', { of: attempts });
}

/** How many attempts of an evaluation are still open. */
export async function openAttemptCount(db: DbOrTx, evaluationId: number): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(attempts)
    .where(and(eq(attempts.evaluation_id, evaluationId), isNull(attempts.finished_at)));
  return Number(row?.open ?? 0);
}

/** The saved answers of an evaluation's closed attempts, with the points they hold. */
export function answersOfClosedAttempts(db: DbOrTx, evaluationId: number) {
  return db
    .select({
      id: answers.id,
      attempt_id: answers.attempt_id,
      question_id: answers.question_id,
      value: answers.value,
      points_awarded: answers.points_awarded,
    })
    .from(answers)
    .innerJoin(attempts, eq(attempts.id, answers.attempt_id))
    .where(and(eq(attempts.evaluation_id, evaluationId), isNotNull(attempts.finished_at)));
}

/** Sets the points of one answer (by its id). */
export async function setAnswerPointsById(
  db: DbOrTx,
  answerId: number,
  points: number | null,
  now: Date,
) {
  await db
    .update(answers)
    .set({ points_awarded: points, updated_at: now })
    .where(eq(answers.id, answerId));
}

/** Sets an attempt's score. */
export async function setAttemptScoreTo(db: DbOrTx, attemptId: number, score: number, now: Date) {
  await db.update(attempts).set({ score, updated_at: now }).where(eq(attempts.id, attemptId));
}
