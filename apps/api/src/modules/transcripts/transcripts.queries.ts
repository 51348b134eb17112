import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  evaluations,
  institutions,
  programs,
  promotionStudents,
  promotions,
  results,
  subjects,
  trainings,
  transcriptDocuments,
  users,
} from '../../db/schema/index.ts';

/**
 * The student's promotions within `scope` (the policy's promotion scope: a student's own, a
 * teacher's assigned ones, an admin's institution, every one for the super-admin), latest
 * academic year first, with what the transcript's header needs.
 */
export function studentPromotions(db: DbOrTx, studentId: number, scope: SQL) {
  return db
    .select({
      id: promotions.id,
      name: promotions.name,
      academic_year: promotions.academic_year,
      level: promotions.level,
      program_id: programs.id,
      program_name: programs.name,
      levels: programs.levels,
      institution: {
        id: institutions.id,
        name: institutions.name,
        color_code: institutions.color_code,
        logo_link: institutions.logo_link,
        time_zone: institutions.timezone,
      },
      student: { id: users.id, first_name: users.first_name, last_name: users.last_name },
    })
    .from(promotionStudents)
    .innerJoin(promotions, eq(promotions.id, promotionStudents.promotion_id))
    .innerJoin(programs, eq(programs.id, promotions.program_id))
    .innerJoin(institutions, eq(institutions.id, promotions.institution_id))
    .innerJoin(users, eq(users.id, promotionStudents.student_id))
    .where(and(eq(promotionStudents.student_id, studentId), eq(users.role, 'student'), scope))
    .orderBy(desc(promotions.academic_year), desc(promotions.id));
}

/**
 * Every evaluation (not archived) of the promotion's trainings within `evaluationScope`, by
 * subject then date, with the student's PUBLISHED result within `resultScope`, or none.
 */
export function transcriptLines(
  db: DbOrTx,
  studentId: number,
  promotionId: number,
  scopes: { result: SQL; evaluation: SQL },
) {
  return db
    .select({
      subject_id: subjects.id,
      subject_name: subjects.name,
      coefficient: subjects.coefficient,
      evaluation_id: evaluations.id,
      title: evaluations.title,
      type: evaluations.type,
      date: evaluations.date,
      percentage: evaluations.percentage,
      scale: evaluations.scale,
      grade: results.grade,
      absent: results.absent,
    })
    .from(evaluations)
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .leftJoin(
      results,
      and(
        eq(results.evaluation_id, evaluations.id),
        eq(results.student_id, studentId),
        // What the student is told: published results only, whoever reads.
        isNotNull(results.published_at),
        scopes.result,
      ),
    )
    .where(
      and(
        eq(trainings.promotion_id, promotionId),
        isNull(evaluations.archived_at),
        scopes.evaluation,
      ),
    )
    .orderBy(asc(subjects.name), asc(subjects.id), asc(evaluations.date), asc(evaluations.id));
}

/** The id of user `id` when it lies within `scope` (a policy scope), or undefined. */
export async function userInScope(db: DbOrTx, id: number, scope: SQL) {
  const [seen] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), scope));
  return seen;
}

const documentColumns = {
  issued_at: transcriptDocuments.issued_at,
  locale: transcriptDocuments.locale,
  content: transcriptDocuments.content,
};

/** The issued document whose code has this SHA-256, if any (one indexed equality). */
export async function documentByHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select(documentColumns)
    .from(transcriptDocuments)
    .where(eq(transcriptDocuments.code_hash, sql`${hash}`));
  return row;
}

/**
 * Records an issued document unless one with the same code exists already (the code is derived
 * from what the document says: the same transcript gives the same code); answers the document as
 * first recorded. Two downloads at once still leave one row (the unique key on the hash).
 */
export async function recordDocumentOnce(db: DbOrTx, row: typeof transcriptDocuments.$inferInsert) {
  const [inserted] = await db
    .insert(transcriptDocuments)
    .values(row)
    .onConflictDoNothing({ target: transcriptDocuments.code_hash })
    .returning(documentColumns);
  return inserted ?? (await documentByHash(db, row.code_hash));
}
