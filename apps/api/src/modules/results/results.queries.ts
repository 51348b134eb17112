import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
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
  questions,
  results,
  subjects,
  trainings,
  users,
} from '../../db/schema/index.ts';

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
      training_id: evaluations.training_id,
      institution_id: evaluations.institution_id,
      subject: { id: subjects.id, name: subjects.name },
      training: { id: trainings.id, title: trainings.title },
      promotion: { id: promotions.id, name: promotions.name },
      time_zone: institutions.timezone,
      institution_name: institutions.name,
      color_code: institutions.color_code,
      max_points:
        sql<number>`(select coalesce(sum(${questions.points}), 0) from ${questions} where ${questions.evaluation_id} = ${evaluations.id})`.mapWith(
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
