import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  annotations,
  evaluations,
  files,
  groupStudents,
  groups,
  markingProposals,
  markingSheets,
  participantNumbers,
  results,
  rubrics,
  type StoredCriterion,
  type StoredScore,
  subjects,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { submissionLateMinutes } from '../evaluations/evaluations.queries.ts';

const rubricColumns = {
  id: rubrics.id,
  kind: rubrics.kind,
  title: rubrics.title,
  criteria: rubrics.criteria,
  version: rubrics.version,
  updated_at: rubrics.updated_at,
};
export type RubricRow = {
  id: number;
  kind: string;
  title: string;
  criteria: StoredCriterion[];
  version: number;
  updated_at: Date;
};

/** An evaluation's own rubric or guide, if it has one. */
export async function rubricOf(db: DbOrTx, evaluationId: number): Promise<RubricRow | undefined> {
  const [row] = await db
    .select(rubricColumns)
    .from(rubrics)
    .where(eq(rubrics.evaluation_id, evaluationId));
  return row;
}

/** Writes an evaluation's rubric (a new one, or the next version of its own); answers it. */
export async function upsertEvaluationRubric(
  tx: DbOrTx,
  row: {
    institution_id: number;
    subject_id: number;
    evaluation_id: number;
    kind: string;
    title: string;
    criteria: StoredCriterion[];
    created_by: number;
  },
  now: Date,
): Promise<RubricRow> {
  const [existing] = await tx
    .select({ id: rubrics.id, version: rubrics.version })
    .from(rubrics)
    .where(eq(rubrics.evaluation_id, row.evaluation_id))
    .for('update');
  if (existing) {
    const [updated] = await tx
      .update(rubrics)
      .set({
        kind: row.kind,
        title: row.title,
        criteria: row.criteria,
        version: existing.version + 1,
        updated_at: now,
      })
      .where(eq(rubrics.id, existing.id))
      .returning(rubricColumns);
    return updated!;
  }
  const [inserted] = await tx
    .insert(rubrics)
    .values({ ...row, created_at: now, updated_at: now })
    .returning(rubricColumns);
  return inserted!;
}

/** Takes an evaluation's rubric away (the sheets keep the criteria they were filled against). */
export async function deleteEvaluationRubric(db: DbOrTx, evaluationId: number) {
  const removed = await db
    .delete(rubrics)
    .where(eq(rubrics.evaluation_id, evaluationId))
    .returning({ id: rubrics.id });
  return removed.length > 0;
}

/** A subject's library (not archived), within the policy's `where`, by title. */
export function libraryOf(db: DbOrTx, subjectId: number, where: SQL) {
  return db
    .select(rubricColumns)
    .from(rubrics)
    .where(
      and(
        eq(rubrics.subject_id, subjectId),
        isNull(rubrics.evaluation_id),
        isNull(rubrics.archived_at),
        where,
      ),
    )
    .orderBy(asc(rubrics.title), asc(rubrics.id));
}

/** Adds a rubric to a subject's library; answers it. */
export async function insertLibraryRubric(
  db: DbOrTx,
  row: {
    institution_id: number;
    subject_id: number;
    kind: string;
    title: string;
    criteria: StoredCriterion[];
    created_by: number;
  },
  now: Date,
): Promise<RubricRow> {
  const [inserted] = await db
    .insert(rubrics)
    .values({ ...row, created_at: now, updated_at: now })
    .returning(rubricColumns);
  return inserted!;
}

/** A library rubric within the policy's `where`, with what its audit row needs. */
export async function libraryRubric(db: DbOrTx, id: number, where: SQL) {
  const [row] = await db
    .select({
      id: rubrics.id,
      title: rubrics.title,
      institution_id: rubrics.institution_id,
      subject_id: rubrics.subject_id,
    })
    .from(rubrics)
    .where(
      and(eq(rubrics.id, id), isNull(rubrics.evaluation_id), isNull(rubrics.archived_at), where),
    );
  return row;
}

export async function archiveRubric(db: DbOrTx, id: number, now: Date) {
  await db.update(rubrics).set({ archived_at: now, updated_at: now }).where(eq(rubrics.id, id));
}

/** A subject within the policy's `where`. */
export async function subjectIn(db: DbOrTx, id: number, where: SQL) {
  const [row] = await db
    .select({ id: subjects.id, institution_id: subjects.institution_id })
    .from(subjects)
    .where(and(eq(subjects.id, id), where));
  return row;
}

const sheetColumns = {
  student_id: markingSheets.student_id,
  round: markingSheets.round,
  kind: markingSheets.kind,
  title: markingSheets.title,
  criteria: markingSheets.criteria,
  scores: markingSheets.scores,
  points: markingSheets.points,
  max_points: markingSheets.max_points,
  computed: markingSheets.computed,
  late_days: markingSheets.late_days,
  penalty: markingSheets.penalty,
  rubric_version: markingSheets.rubric_version,
  updated_at: markingSheets.updated_at,
};
export type SheetRow = Awaited<ReturnType<typeof sheetsOf>>[number];

/** The sheets of an evaluation (of some students only, when given). */
export function sheetsOf(db: DbOrTx, evaluationId: number, studentIds?: readonly number[]) {
  return db
    .select(sheetColumns)
    .from(markingSheets)
    .where(
      and(
        eq(markingSheets.evaluation_id, evaluationId),
        studentIds ? inArray(markingSheets.student_id, [...studentIds]) : undefined,
      ),
    );
}

/** Writes one student's sheet (replacing the one before). */
export async function upsertSheet(
  tx: DbOrTx,
  row: {
    evaluation_id: number;
    student_id: number;
    round: number;
    kind: string;
    title: string;
    criteria: StoredCriterion[];
    scores: StoredScore[];
    rubric_version: number;
    points: number;
    max_points: number;
    computed: number | null;
    late_days: number;
    penalty: number;
    marked_by: number;
  },
  now: Date,
) {
  const { evaluation_id: _evaluation, student_id: _student, round: _round, ...changes } = row;
  await tx
    .insert(markingSheets)
    .values({ ...row, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: [markingSheets.evaluation_id, markingSheets.student_id, markingSheets.round],
      set: { ...changes, updated_at: now },
    });
}

/** The proposals of a project marked twice (decision 197), with their marker's name. */
export function proposalsOf(db: DbOrTx, evaluationId: number, studentIds?: readonly number[]) {
  return db
    .select({
      student_id: markingProposals.student_id,
      round: markingProposals.round,
      marker_id: markingProposals.marker_id,
      marker_name: sql<
        string | null
      >`(select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${users.id} = ${markingProposals.marker_id})`,
      grade: markingProposals.grade,
      comment: markingProposals.comment,
    })
    .from(markingProposals)
    .where(
      and(
        eq(markingProposals.evaluation_id, evaluationId),
        studentIds ? inArray(markingProposals.student_id, [...studentIds]) : undefined,
      ),
    )
    .orderBy(asc(markingProposals.round));
}

/** Serializes the proposals of one student at a project marked twice (a transaction's lock). */
export async function lockProposals(tx: DbOrTx, evaluationId: number, studentId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${evaluationId}::int, ${-studentId}::int)`);
}

/** Writes one marker's proposal (replacing their earlier one). */
export async function upsertProposal(
  tx: DbOrTx,
  row: {
    evaluation_id: number;
    student_id: number;
    round: number;
    marker_id: number;
    grade: number | null;
    comment: string | null;
  },
  now: Date,
) {
  await tx
    .insert(markingProposals)
    .values({ ...row, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: [markingProposals.evaluation_id, markingProposals.student_id, markingProposals.round],
      set: { grade: row.grade, comment: row.comment, marker_id: row.marker_id, updated_at: now },
    });
}

/** How late the student's latest hand-in at the evaluation came, in minutes (0: on time or none). */
export async function latestLateMinutes(db: DbOrTx, evaluationId: number, studentId: number) {
  const [row] = await db
    .select({ late_minutes: submissionLateMinutes })
    .from(submissions)
    .where(and(eq(submissions.evaluation_id, evaluationId), eq(submissions.student_id, studentId)))
    .orderBy(desc(submissions.version))
    .limit(1);
  return row?.late_minutes ?? 0;
}

/** The groups of the promotion each student belongs to (not archived). */
export function groupMemberships(db: DbOrTx, promotionId: number) {
  return db
    .select({ student_id: groupStudents.student_id, group_id: groupStudents.group_id })
    .from(groupStudents)
    .innerJoin(groups, eq(groups.id, groupStudents.group_id))
    .where(and(eq(groups.promotion_id, promotionId), isNull(groups.archived_at)));
}

/** A student's own result at an evaluation, within the policy's `where` (published, for them). */
export async function ownResult(db: DbOrTx, evaluationId: number, studentId: number, where: SQL) {
  const [row] = await db
    .select({
      grade: results.grade,
      absent: results.absent,
      comment: results.comment,
      published_at: results.published_at,
      scale: evaluations.scale,
    })
    .from(results)
    .innerJoin(evaluations, eq(evaluations.id, results.evaluation_id))
    .where(and(eq(results.evaluation_id, evaluationId), eq(results.student_id, studentId), where));
  return row;
}

/**
 * A hand-in version with what its annotations need: its evaluation (within `evaluationWhere`, the
 * policy's), its student, its file, and whether the student's grade is published.
 */
export async function submissionFor(db: DbOrTx, id: number, where: SQL) {
  const [row] = await db
    .select({
      id: submissions.id,
      evaluation_id: submissions.evaluation_id,
      student_id: submissions.student_id,
      version: submissions.version,
      file_name: files.original_name,
      mime: files.mime,
      storage_key: files.storage_key,
      /** The participant number while its project is marked blind (decision 196), else null. */
      blind_label: sql<
        string | null
      >`(select coalesce((select ${participantNumbers.number}::text from ${participantNumbers} where ${participantNumbers.evaluation_id} = ${submissions.evaluation_id} and ${participantNumbers.student_id} = ${submissions.student_id}), 'x') from ${evaluations} where ${evaluations.id} = ${submissions.evaluation_id} and ${evaluations.blind_marking} and ${evaluations.identities_revealed_at} is null)`,
      published:
        sql<boolean>`exists (select 1 from ${results} where ${results.evaluation_id} = ${submissions.evaluation_id} and ${results.student_id} = ${submissions.student_id} and ${results.published_at} is not null)`.mapWith(
          Boolean,
        ),
    })
    .from(submissions)
    .innerJoin(files, eq(files.id, submissions.file_id))
    .where(and(eq(submissions.id, id), where));
  return row;
}

const annotationColumns = {
  id: annotations.id,
  submission_id: annotations.submission_id,
  page: annotations.page,
  kind: annotations.kind,
  geometry: annotations.geometry,
  text: annotations.text,
  color: annotations.color,
  author_name: sql<
    string | null
  >`(select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${users.id} = ${annotations.author_id})`,
  created_at: annotations.created_at,
};

/** The annotations of a hand-in version, by page then as they were made. */
export function annotationsOf(db: DbOrTx, submissionId: number) {
  return db
    .select(annotationColumns)
    .from(annotations)
    .where(eq(annotations.submission_id, submissionId))
    .orderBy(asc(annotations.page), asc(annotations.id));
}

export async function insertAnnotation(db: DbOrTx, row: typeof annotations.$inferInsert) {
  const [inserted] = await db.insert(annotations).values(row).returning(annotationColumns);
  return inserted!;
}

/** An annotation with its hand-in's evaluation, for the policy's check. */
export async function annotationById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: annotations.id,
      submission_id: annotations.submission_id,
      kind: annotations.kind,
    })
    .from(annotations)
    .where(eq(annotations.id, id));
  return row;
}

export async function updateAnnotationText(db: DbOrTx, id: number, text: string | null, now: Date) {
  const [row] = await db
    .update(annotations)
    .set({ text, updated_at: now })
    .where(eq(annotations.id, id))
    .returning(annotationColumns);
  return row!;
}

export async function deleteAnnotation(db: DbOrTx, id: number) {
  await db.delete(annotations).where(eq(annotations.id, id));
}

/** Whether the evaluation is within the policy's `where` (those who mark it, for annotations). */
export async function evaluationWithin(db: DbOrTx, id: number, where: SQL) {
  const [row] = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.id, id), where));
  return row !== undefined;
}
