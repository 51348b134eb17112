import type { EvaluationType } from '@skolar/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  attempts,
  deadlineExtensions,
  evaluations,
  examAccommodations,
  files,
  institutions,
  moduleSubjects,
  participantNumbers,
  questions,
  results,
  subjects,
  submissions,
  trainingModules,
  trainings,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"evaluations"."id"');

const questionCount = sql<number>`(select count(*)::int from ${questions} where ${questions.evaluation_id} = ${outerId})`;
/** Attempts, hand-ins or grades: the evaluation has a history and cannot be deleted. */
const inUse = sql<boolean>`(exists (select 1 from ${attempts} where ${attempts.evaluation_id} = ${outerId})
  or exists (select 1 from ${submissions} where ${submissions.evaluation_id} = ${outerId})
  or exists (select 1 from ${results} where ${results.evaluation_id} = ${outerId}))`;

const evaluationColumns = {
  id: evaluations.id,
  institution_id: evaluations.institution_id,
  type: evaluations.type,
  title: evaluations.title,
  description: evaluations.description,
  date: evaluations.date,
  start_time: evaluations.start_time,
  end_time: evaluations.end_time,
  duration_minutes: evaluations.duration_minutes,
  deadline: evaluations.deadline,
  late_until: evaluations.late_until,
  late_penalty: evaluations.late_penalty,
  blind_marking: evaluations.blind_marking,
  identities_revealed_at: evaluations.identities_revealed_at,
  second_marking: evaluations.second_marking,
  location: evaluations.location,
  organizer: evaluations.organizer,
  domain: evaluations.domain,
  percentage: evaluations.percentage,
  scale: evaluations.scale,
  has_quiz: evaluations.has_quiz,
  shuffle: evaluations.shuffle,
  document_file_id: evaluations.document_file_id,
  correction_file_id: evaluations.correction_file_id,
  archived_at: evaluations.archived_at,
  subject: { id: subjects.id, name: subjects.name },
  training: { id: trainings.id, title: trainings.title },
  time_zone: institutions.timezone,
  question_count: questionCount,
  in_use: inUse,
};

function base(db: DbOrTx) {
  return db
    .select(evaluationColumns)
    .from(evaluations)
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id));
}

export type EvaluationRow = Awaited<ReturnType<ReturnType<typeof base>['where']>>[number];

export interface EvaluationFilters {
  subject_id?: number;
  training_id?: number;
  type?: EvaluationType;
  has_quiz?: boolean;
}

/** One page of the evaluations in `scope`, soonest first unless sorted otherwise. */
export async function listEvaluations(
  db: DbOrTx,
  scope: SQL,
  query: ListQuery,
  filters: EvaluationFilters,
) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(evaluations.archived_at) : isNull(evaluations.archived_at),
    filters.subject_id === undefined ? undefined : eq(evaluations.subject_id, filters.subject_id),
    filters.training_id === undefined
      ? undefined
      : eq(evaluations.training_id, filters.training_id),
    filters.type === undefined ? undefined : eq(evaluations.type, filters.type),
    filters.has_quiz === undefined ? undefined : eq(evaluations.has_quiz, filters.has_quiz),
    pattern
      ? or(
          ilike(evaluations.title, pattern),
          ilike(subjects.name, pattern),
          ilike(trainings.title, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            title: evaluations.title,
            type: evaluations.type,
            date: evaluations.date,
            percentage: evaluations.percentage,
            subject_name: subjects.name,
            training_title: trainings.title,
          },
          [asc(evaluations.date), asc(evaluations.start_time), asc(evaluations.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(evaluations)
      .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
      .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/**
 * When an evaluation is due, in SQL: an exam's start (its day and start time in its institution's
 * zone), a project's deadline. The instant `evaluationWindow` computes (`opens_at`, `closes_at`).
 */
export const evaluationDueAt = sql<Date>`(case ${evaluations.type}
  when 'exam' then (${evaluations.date} + ${evaluations.start_time}) at time zone ${institutions.timezone}
  else ${evaluations.deadline} end)`;

/**
 * One page of the non-archived evaluations in `scope`, soonest due first, and their total: the
 * student's list when it is not filtered by status (the status needs the clock and the student's
 * attempts, so only that filter needs every row).
 */
export async function evaluationsDuePage(
  db: DbOrTx,
  scope: SQL,
  filters: Pick<EvaluationFilters, 'type' | 'has_quiz'>,
  page: { page: number; per_page: number },
) {
  const where = and(
    scope,
    isNull(evaluations.archived_at),
    filters.type === undefined ? undefined : eq(evaluations.type, filters.type),
    filters.has_quiz === undefined ? undefined : eq(evaluations.has_quiz, filters.has_quiz),
  );
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(asc(evaluationDueAt), asc(evaluations.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db.select({ total: count() }).from(evaluations).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Every non-archived evaluation in `scope`, soonest first (the student's list: no paging). */
export function evaluationsIn(db: DbOrTx, scope: SQL, filters: EvaluationFilters = {}) {
  return base(db)
    .where(
      and(
        scope,
        isNull(evaluations.archived_at),
        filters.type === undefined ? undefined : eq(evaluations.type, filters.type),
        filters.has_quiz === undefined ? undefined : eq(evaluations.has_quiz, filters.has_quiz),
      ),
    )
    .orderBy(asc(evaluations.date), asc(evaluations.start_time), asc(evaluations.id))
    .limit(500);
}

export async function evaluationById(db: DbOrTx, id: number) {
  const [row] = await base(db).where(eq(evaluations.id, id));
  return row!;
}

/** The latest deadline of the attempts of each of the evaluations that have attempts. */
export async function latestAttemptDeadlines(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const among = (column: typeof attempts.evaluation_id | typeof deadlineExtensions.evaluation_id) =>
    sql`${column} = any(${sql.param([...ids])}::bigint[])`;
  // An exam's attempts and a project's extended deadlines (decision 192) both hold answers open.
  const [fromAttempts, fromExtensions] = await Promise.all([
    db
      .select({
        id: attempts.evaluation_id,
        latest: sql<Date>`max(${attempts.deadline_at})`.mapWith(attempts.deadline_at),
      })
      .from(attempts)
      .where(among(attempts.evaluation_id))
      .groupBy(attempts.evaluation_id),
    db
      .select({
        id: deadlineExtensions.evaluation_id,
        latest: sql<Date>`max(${deadlineExtensions.deadline})`.mapWith(deadlineExtensions.deadline),
      })
      .from(deadlineExtensions)
      .where(among(deadlineExtensions.evaluation_id))
      .groupBy(deadlineExtensions.evaluation_id),
  ]);
  const latest = new Map<number, Date>();
  for (const row of [...fromAttempts, ...fromExtensions]) {
    const known = latest.get(Number(row.id));
    if (!known || row.latest > known) latest.set(Number(row.id), row.latest);
  }
  return latest;
}

/**
 * The trainings that contain the subject (through their modules), in the subject's own
 * institution: a module of the catalogue may be shared, a training of another school is not.
 */
export function trainingsOfSubject(db: DbOrTx, subjectId: number, institutionId: number) {
  return db
    .selectDistinct({ id: trainings.id, title: trainings.title })
    .from(trainings)
    .innerJoin(trainingModules, eq(trainingModules.training_id, trainings.id))
    .innerJoin(moduleSubjects, eq(moduleSubjects.module_id, trainingModules.module_id))
    .where(
      and(eq(moduleSubjects.subject_id, subjectId), eq(trainings.institution_id, institutionId)),
    )
    .orderBy(asc(trainings.title), asc(trainings.id));
}

/**
 * The percentage the non-archived evaluations of the subject already use in each training,
 * leaving one evaluation out (the one being edited). In hundredths, to add without rounding.
 */
export async function usedHundredths(
  db: DbOrTx,
  subjectId: number,
  trainingIds: readonly number[],
  excludeId?: number,
) {
  if (trainingIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      training_id: evaluations.training_id,
      used: sql<string>`coalesce(sum(${evaluations.percentage} * 100), 0)::int`,
    })
    .from(evaluations)
    .where(
      and(
        eq(evaluations.subject_id, subjectId),
        inArray(evaluations.training_id, [...trainingIds]),
        isNull(evaluations.archived_at),
        excludeId === undefined ? undefined : ne(evaluations.id, excludeId),
      ),
    )
    .groupBy(evaluations.training_id);
  return new Map(rows.map((row) => [Number(row.training_id), Number(row.used)]));
}

/** Locks the subject's row until the transaction ends: writes of its percentages queue up. */
export async function lockSubject(db: DbOrTx, subjectId: number) {
  await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(eq(subjects.id, subjectId))
    .for('update');
}

/**
 * The student's result at the evaluation once published, as `/api/me/results` reads it: only a
 * row whose `published_at` is set, and that holds a grade or an absence (a line published before
 * it was graded is not a result yet). Undefined otherwise.
 */
export async function publishedResultOf(db: DbOrTx, evaluationId: number, studentId: number) {
  const [row] = await db
    .select({
      grade: results.grade,
      absent: results.absent,
      comment: results.comment,
      published_at: results.published_at,
      corrected_at: results.corrected_at,
    })
    .from(results)
    .where(
      and(
        eq(results.evaluation_id, evaluationId),
        eq(results.student_id, studentId),
        isNotNull(results.published_at),
        or(eq(results.absent, true), isNotNull(results.grade)),
      ),
    );
  return row ? { ...row, published_at: row.published_at! } : undefined;
}

export async function extraMinutesOf(db: DbOrTx, evaluationId: number, studentId: number) {
  const [row] = await db
    .select({ extra_minutes: examAccommodations.extra_minutes })
    .from(examAccommodations)
    .where(
      and(
        eq(examAccommodations.evaluation_id, evaluationId),
        eq(examAccommodations.student_id, studentId),
      ),
    );
  return row?.extra_minutes ?? 0;
}

/** The subject `subjectId` within `where` (a policy scope), with its institution; or undefined. */
export async function subjectInScope(db: DbOrTx, subjectId: number, where: SQL) {
  const [subject] = await db
    .select({ id: subjects.id, institution_id: subjects.institution_id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), where));
  return subject;
}

/** The time zone of an institution (it exists). */
export async function institutionZone(db: DbOrTx, institutionId: number) {
  const [row] = await db
    .select({ timezone: institutions.timezone })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row!.timezone;
}

/** Inserts an evaluation; answers its id. */
export async function insertEvaluation(db: DbOrTx, row: typeof evaluations.$inferInsert) {
  const [inserted] = await db.insert(evaluations).values(row).returning({ id: evaluations.id });
  return inserted!.id;
}

/** Changes the columns `set` of evaluation `id`. */
export async function updateEvaluation(
  db: DbOrTx,
  id: number,
  set: Partial<typeof evaluations.$inferInsert>,
) {
  await db.update(evaluations).set(set).where(eq(evaluations.id, id));
}

export async function deleteEvaluation(db: DbOrTx, id: number) {
  await db.delete(evaluations).where(eq(evaluations.id, id));
}

/**
 * How late a hand-in came, in whole minutes started (0 on time): after the student's own deadline
 * when they have one (decision 192), else the project's. A version is taken late only until the
 * project's cut-off (decision 195); every receipt says by how much.
 */
export const submissionLateMinutes =
  sql<number>`greatest(0, ceil(extract(epoch from (${submissions.submitted_at} - coalesce(
  (select ${deadlineExtensions.deadline} from ${deadlineExtensions} where ${deadlineExtensions.evaluation_id} = ${submissions.evaluation_id} and ${deadlineExtensions.student_id} = ${submissions.student_id}),
  (select ${evaluations.deadline} from ${evaluations} where ${evaluations.id} = ${submissions.evaluation_id}),
  ${submissions.submitted_at}))) / 60))::int`.mapWith(Number);

/** Every version a student handed in at an evaluation, with its file, oldest first. */
export function handInReceipts(db: DbOrTx, evaluationId: number, studentId: number) {
  return db
    .select({
      id: submissions.id,
      version: submissions.version,
      submitted_at: submissions.submitted_at,
      file_name: files.original_name,
      mime: files.mime,
      size: files.size,
      sha256: files.sha256,
      late_minutes: submissionLateMinutes,
      file_id: files.id,
    })
    .from(submissions)
    .innerJoin(files, eq(files.id, submissions.file_id))
    .where(and(eq(submissions.evaluation_id, evaluationId), eq(submissions.student_id, studentId)))
    .orderBy(asc(submissions.version));
}

/** A stored file's row, or undefined. */
export async function fileById(db: DbOrTx, id: number) {
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file;
}

/**
 * One student's rows of `table` at the evaluations `ids`. One array parameter, not one per
 * evaluation: a student's list has hundreds (issue 16: drizzle building three statements of 400
 * parameters was 13 % of the list's time).
 */
const studentRowsAt = (
  table: typeof attempts | typeof submissions | typeof results | typeof deadlineExtensions,
  studentId: number,
  ids: readonly number[],
) =>
  and(
    sql`${table.evaluation_id} = any(${sql.param(ids)}::bigint[])`,
    eq(table.student_id, studentId),
  );

/** The student's attempts at the evaluations `ids`. */
export function studentAttempts(db: DbOrTx, studentId: number, ids: readonly number[]) {
  return db
    .select({
      evaluation_id: attempts.evaluation_id,
      id: attempts.id,
      started_at: attempts.started_at,
      deadline_at: attempts.deadline_at,
      finished_at: attempts.finished_at,
    })
    .from(attempts)
    .where(studentRowsAt(attempts, studentId, ids));
}

/** The student's own deadlines (extensions) at the evaluations `ids` (decision 192). */
export function studentExtensions(db: DbOrTx, studentId: number, ids: readonly number[]) {
  return db
    .select({
      evaluation_id: deadlineExtensions.evaluation_id,
      deadline: deadlineExtensions.deadline,
    })
    .from(deadlineExtensions)
    .where(studentRowsAt(deadlineExtensions, studentId, ids));
}

/** The student's latest hand-in at each of the evaluations `ids`. */
export function latestHandIns(db: DbOrTx, studentId: number, ids: readonly number[]) {
  return db
    .selectDistinctOn([submissions.evaluation_id], {
      evaluation_id: submissions.evaluation_id,
      version: submissions.version,
      submitted_at: submissions.submitted_at,
    })
    .from(submissions)
    .where(studentRowsAt(submissions, studentId, ids))
    .orderBy(submissions.evaluation_id, desc(submissions.version));
}

/** The student's published result lines at the evaluations `ids`. */
export function publishedResultLines(db: DbOrTx, studentId: number, ids: readonly number[]) {
  return (
    db
      .select({
        evaluation_id: results.evaluation_id,
        grade: results.grade,
        absent: results.absent,
      })
      .from(results)
      // A grade or an absence says nothing to the student until it is published.
      .where(and(studentRowsAt(results, studentId, ids), isNotNull(results.published_at)))
  );
}

// Participant numbers of blind-marked projects (decision 196).

/** The evaluation does not hide its students (not marked blind, or its identities revealed). */
export const identitiesShown = sql`not (${evaluations.blind_marking} and ${evaluations.identities_revealed_at} is null)`;

/** The result line's evaluation does not hide its students: a blind line is never listed by name. */
export const resultIdentityShown = sql`not exists (select 1 from ${evaluations} where ${evaluations.id} = ${results.evaluation_id} and ${evaluations.blind_marking} and ${evaluations.identities_revealed_at} is null)`;

/** Every participant number given at the evaluation. */
export function participantNumbersOf(db: DbOrTx, evaluationId: number) {
  return db
    .select({ student_id: participantNumbers.student_id, number: participantNumbers.number })
    .from(participantNumbers)
    .where(eq(participantNumbers.evaluation_id, evaluationId));
}

/** Gives numbers; a student who has one, or a number already taken, is left out (drawn again). */
export async function insertParticipantNumbers(
  db: DbOrTx,
  rows: (typeof participantNumbers.$inferInsert)[],
) {
  await db.insert(participantNumbers).values(rows).onConflictDoNothing();
}

/** The student behind a participant number at the evaluation, or undefined. */
export async function studentOfParticipant(db: DbOrTx, evaluationId: number, number: number) {
  const [row] = await db
    .select({ student_id: participantNumbers.student_id })
    .from(participantNumbers)
    .where(
      and(
        eq(participantNumbers.evaluation_id, evaluationId),
        eq(participantNumbers.number, number),
      ),
    );
  return row?.student_id;
}

/** Reveals the students of a blind-marked project to its markers, once (decision 196). */
export async function revealIdentities(db: DbOrTx, evaluationId: number, now: Date) {
  const revealed = await db
    .update(evaluations)
    .set({ identities_revealed_at: now })
    .where(
      and(
        eq(evaluations.id, evaluationId),
        eq(evaluations.blind_marking, true),
        isNull(evaluations.identities_revealed_at),
      ),
    )
    .returning({ id: evaluations.id });
  return revealed.length > 0;
}

/** Whether a grade of the evaluation has been published. */
export async function hasPublishedResults(db: DbOrTx, evaluationId: number) {
  const [row] = await db
    .select({ id: results.id })
    .from(results)
    .where(and(eq(results.evaluation_id, evaluationId), isNotNull(results.published_at)))
    .limit(1);
  return row !== undefined;
}
