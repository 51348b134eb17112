import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  evaluations,
  promotionStudents,
  promotions,
  results,
  subjects,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { identitiesShown } from '../evaluations/evaluations.queries.ts';

/** A promotion's id and name, or undefined. */
export async function promotionNameOf(db: DbOrTx, promotionId: number) {
  const [promotion] = await db
    .select({ id: promotions.id, name: promotions.name })
    .from(promotions)
    .where(eq(promotions.id, promotionId));
  return promotion;
}

/**
 * The gradebook's columns: the non-archived evaluations of the promotion's trainings within
 * `scope` (the policy's evaluations the actor grades), with subject and training, by subject then
 * date.
 */
export function gradebookColumns(db: DbOrTx, promotionId: number, scope: SQL) {
  return db
    .select({
      id: evaluations.id,
      title: evaluations.title,
      type: evaluations.type,
      date: evaluations.date,
      percentage: evaluations.percentage,
      scale: evaluations.scale,
      subject_id: subjects.id,
      subject_name: subjects.name,
      coefficient: subjects.coefficient,
      training_id: trainings.id,
      training_title: trainings.title,
    })
    .from(evaluations)
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .where(
      and(
        eq(trainings.promotion_id, promotionId),
        isNull(evaluations.archived_at),
        // A blind-marked project joins the gradebook once its students are revealed (decision 196).
        identitiesShown,
        scope,
      ),
    )
    .orderBy(asc(subjects.name), asc(evaluations.date), asc(evaluations.id));
}

/** The promotion's students, by name. */
export function studentsOfPromotion(db: DbOrTx, promotionId: number) {
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
    })
    .from(promotionStudents)
    .innerJoin(users, eq(users.id, promotionStudents.student_id))
    .where(eq(promotionStudents.promotion_id, promotionId))
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
}

/** The result lines of these evaluations within `scope` (the policy's readable results). */
export function resultCells(db: DbOrTx, evaluationIds: number[], scope: SQL) {
  return db
    .select({
      evaluation_id: results.evaluation_id,
      student_id: results.student_id,
      grade: results.grade,
      absent: results.absent,
      published_at: results.published_at,
      version: results.version,
    })
    .from(results)
    .where(and(inArray(results.evaluation_id, evaluationIds), scope));
}

/** A result out of 20 in SQL: an absence counts 0, a line not graded yet is null. */
const normalised = sql<
  number | null
>`case when ${results.absent} then 0 else ${results.grade} / ${evaluations.scale} * 20 end`;

/**
 * A student's published results within `scope` (the policy's: a student's own published rows),
 * of evaluations not archived (of one training, when given), newest first, with their evaluation.
 */
export function publishedResultsOf(
  db: DbOrTx,
  studentId: number,
  scope: SQL,
  trainingId: number | undefined,
) {
  return db
    .select({
      id: results.id,
      grade: results.grade,
      absent: results.absent,
      comment: results.comment,
      published_at: results.published_at,
      corrected_at: results.corrected_at,
      normalised,
      evaluation_id: evaluations.id,
      title: evaluations.title,
      type: evaluations.type,
      date: evaluations.date,
      percentage: evaluations.percentage,
      scale: evaluations.scale,
      subject_id: subjects.id,
      subject_name: subjects.name,
      training_id: trainings.id,
      training_title: trainings.title,
    })
    .from(results)
    .innerJoin(evaluations, eq(evaluations.id, results.evaluation_id))
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .where(
      and(
        scope,
        eq(results.student_id, studentId),
        isNotNull(results.published_at),
        // A line published before it was graded is not a result yet.
        or(eq(results.absent, true), isNotNull(results.grade)),
        isNull(evaluations.archived_at),
        trainingId === undefined ? undefined : eq(evaluations.training_id, trainingId),
      ),
    )
    .orderBy(sql`${evaluations.date} desc`, asc(evaluations.id));
}

/**
 * Per evaluation, the average, minimum and maximum out of 20 of its published results (absences
 * count 0; lines not graded are left out) and how many they are, grouped in SQL.
 */
export function publishedFigures(db: DbOrTx, ids: number[]) {
  return db
    .select({
      evaluation_id: results.evaluation_id,
      average: sql<string | null>`avg(${normalised})`,
      minimum: sql<string | null>`min(${normalised})`,
      maximum: sql<string | null>`max(${normalised})`,
      count: sql<number>`count(*)::int`,
    })
    .from(results)
    .innerJoin(evaluations, eq(evaluations.id, results.evaluation_id))
    .where(
      and(
        inArray(results.evaluation_id, ids),
        // Said of both tables, so the planner reads these evaluations by key instead of hashing
        // the whole table (issue 16: 40,000 rows read for 20 results at bench size M).
        inArray(evaluations.id, ids),
        isNotNull(results.published_at),
        or(eq(results.absent, true), isNotNull(results.grade)),
      ),
    )
    .groupBy(results.evaluation_id);
}
