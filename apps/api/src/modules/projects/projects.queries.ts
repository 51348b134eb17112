import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  deadlineExtensions,
  evaluations,
  files,
  groupStudents,
  groups,
  institutions,
  promotionStudents,
  submissions,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { submissionLateMinutes } from '../evaluations/evaluations.queries.ts';

/** The columns of the shared `submissionReceipt`: a version, when the server took it, its file. */
const receiptColumns = {
  id: submissions.id,
  version: submissions.version,
  submitted_at: submissions.submitted_at,
  file_name: files.original_name,
  mime: files.mime,
  size: files.size,
  sha256: files.sha256,
  file_link: sql<string>`'/api/files/' || ${files.id}`,
  late_minutes: submissionLateMinutes,
};

/**
 * An evaluation the actor may see (`where` from the policy), with what a hand-in needs of its
 * institution: the zone of its window and the name and colour of the receipt mail.
 */
export async function evaluationInScope(db: DbOrTx, id: number, where: SQL) {
  const [row] = await db
    .select({
      id: evaluations.id,
      type: evaluations.type,
      title: evaluations.title,
      date: evaluations.date,
      start_time: evaluations.start_time,
      end_time: evaluations.end_time,
      deadline: evaluations.deadline,
      late_until: evaluations.late_until,
      blind_marking: evaluations.blind_marking,
      identities_revealed_at: evaluations.identities_revealed_at,
      institution_id: evaluations.institution_id,
      subject_id: evaluations.subject_id,
      promotion_id: trainings.promotion_id,
      timezone: institutions.timezone,
      institution_name: institutions.name,
      color_code: institutions.color_code,
    })
    .from(evaluations)
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .where(and(eq(evaluations.id, id), where));
  return row;
}

/**
 * The next version number of a student's hand-in. The caller holds the pair's lock
 * (`lockHandIns`), so two uploads at once cannot both read the same maximum.
 */
export async function nextVersion(tx: DbOrTx, evaluationId: number, studentId: number) {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${submissions.version}), 0)` })
    .from(submissions)
    .where(and(eq(submissions.evaluation_id, evaluationId), eq(submissions.student_id, studentId)));
  return Number(row?.last ?? 0) + 1;
}

/**
 * What a student has handed in to an evaluation: how many versions and their bytes in all (the
 * unique key on evaluation, student and version serves it). Read under `lockHandIns` to check the
 * quota, so two uploads at once cannot both pass it.
 */
export async function handInUsage(tx: DbOrTx, evaluationId: number, studentId: number) {
  const [row] = await tx
    .select({
      versions: sql<number>`count(*)`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number),
    })
    .from(submissions)
    .innerJoin(files, eq(files.id, submissions.file_id))
    .where(and(eq(submissions.evaluation_id, evaluationId), eq(submissions.student_id, studentId)));
  return { versions: row?.versions ?? 0, bytes: row?.bytes ?? 0 };
}

/**
 * Serialises the hand-ins of one student to one evaluation until the transaction ends (a
 * transaction-level advisory lock on the pair): versions never collide on the unique key.
 */
export async function lockHandIns(tx: DbOrTx, evaluationId: number, studentId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${evaluationId}::int, ${studentId}::int)`);
}

/** One student's versions of an evaluation, the latest first, within the policy's `where`. */
export function versionsOf(db: DbOrTx, evaluationId: number, studentId: number, where: SQL) {
  return db
    .select(receiptColumns)
    .from(submissions)
    .innerJoin(files, eq(files.id, submissions.file_id))
    .where(
      and(
        eq(submissions.evaluation_id, evaluationId),
        eq(submissions.student_id, studentId),
        where,
      ),
    )
    .orderBy(desc(submissions.version));
}

/**
 * The people of an evaluation's roster: the students of its training's promotion, and anyone
 * who handed in and has left it since (their work does not vanish from the teacher's view).
 */
function rosterStudents(evaluationId: number, promotionId: number) {
  return sql`(${users.id} in (select ${promotionStudents.student_id} from ${promotionStudents} where ${promotionStudents.promotion_id} = ${promotionId}) or ${users.id} in (select ${submissions.student_id} from ${submissions} where ${submissions.evaluation_id} = ${evaluationId}))`;
}

/** The roster's people, by name. */
export function rosterPeople(db: DbOrTx, evaluationId: number, promotionId: number) {
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
    })
    .from(users)
    .where(rosterStudents(evaluationId, promotionId))
    .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
}

/**
 * Each student's latest version of an evaluation with how many they handed in, in one query
 * (`distinct on` keeps the highest version; the window counts all of them), within `where`.
 */
export function latestSubmissions(db: DbOrTx, evaluationId: number, where: SQL) {
  return db
    .selectDistinctOn([submissions.student_id], {
      student_id: submissions.student_id,
      versions: sql<number>`count(*) over (partition by ${submissions.student_id})`.mapWith(Number),
      storage_key: files.storage_key,
      ...receiptColumns,
    })
    .from(submissions)
    .innerJoin(files, eq(files.id, submissions.file_id))
    .where(and(eq(submissions.evaluation_id, evaluationId), where))
    .orderBy(asc(submissions.student_id), desc(submissions.version));
}

/** Stores one hand-in version; answers its id. */
export async function insertSubmission(db: DbOrTx, row: typeof submissions.$inferInsert) {
  const [inserted] = await db.insert(submissions).values(row).returning({ id: submissions.id });
  return inserted!.id;
}

/** What a mail to the user needs: their address, first name and language; or undefined. */
export async function mailRecipient(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

// A student's own deadline (decision 192).

/** The student's own deadline at the project, if they have one. */
export async function extensionOf(db: DbOrTx, evaluationId: number, studentId: number) {
  const [row] = await db
    .select({ deadline: deadlineExtensions.deadline, reason: deadlineExtensions.reason })
    .from(deadlineExtensions)
    .where(
      and(
        eq(deadlineExtensions.evaluation_id, evaluationId),
        eq(deadlineExtensions.student_id, studentId),
      ),
    );
  return row;
}

/** Every student's own deadline at the project, with its reason. */
export function extensionsOf(db: DbOrTx, evaluationId: number) {
  return db
    .select({
      student_id: deadlineExtensions.student_id,
      deadline: deadlineExtensions.deadline,
      reason: deadlineExtensions.reason,
    })
    .from(deadlineExtensions)
    .where(eq(deadlineExtensions.evaluation_id, evaluationId));
}

/** Sets the student's own deadline (replacing one given before); answers the one replaced. */
export async function setExtension(
  tx: DbOrTx,
  grant: { evaluationId: number; studentId: number; deadline: Date; reason: string; by: number },
  now: Date,
) {
  const before = await extensionOf(tx, grant.evaluationId, grant.studentId);
  await tx
    .insert(deadlineExtensions)
    .values({
      evaluation_id: grant.evaluationId,
      student_id: grant.studentId,
      deadline: grant.deadline,
      reason: grant.reason,
      granted_by: grant.by,
    })
    .onConflictDoUpdate({
      target: [deadlineExtensions.evaluation_id, deadlineExtensions.student_id],
      set: {
        deadline: grant.deadline,
        reason: grant.reason,
        granted_by: grant.by,
        updated_at: now,
      },
    });
  return before;
}

/** Removes the student's own deadline; answers the one removed, if any. */
export async function deleteExtension(tx: DbOrTx, evaluationId: number, studentId: number) {
  const [removed] = await tx
    .delete(deadlineExtensions)
    .where(
      and(
        eq(deadlineExtensions.evaluation_id, evaluationId),
        eq(deadlineExtensions.student_id, studentId),
      ),
    )
    .returning({ deadline: deadlineExtensions.deadline, reason: deadlineExtensions.reason });
  return removed;
}

/** The groups of a promotion (not archived), by name, with their students. */
export function promotionGroups(db: DbOrTx, promotionId: number) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      student_ids: sql<
        number[]
      >`coalesce((select json_agg(${groupStudents.student_id} order by ${groupStudents.student_id}) from ${groupStudents} where ${groupStudents.group_id} = ${groups.id}), '[]'::json)`,
    })
    .from(groups)
    .where(and(eq(groups.promotion_id, promotionId), isNull(groups.archived_at)))
    .orderBy(asc(groups.name), asc(groups.id));
}
