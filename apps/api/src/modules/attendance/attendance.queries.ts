import { and, asc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  attendanceCodes,
  attendanceDocuments,
  attendanceMarks,
  attendanceSessions,
  attendanceSignatures,
  evaluations,
  groupStudents,
  groups,
  institutions,
  promotionStudents,
  promotions,
  trainings,
  users,
} from '../../db/schema/index.ts';
import type { InstantRange } from '../calendar/events.queries.ts';

export type SessionRow = typeof attendanceSessions.$inferSelect;
export type Audience = { kind: 'promotion' | 'group'; id: number };

/** The stored sessions in `scope` that start in the range, or have one of `keys`. */
export function storedSessions(
  db: DbOrTx,
  scope: SQL,
  range: InstantRange,
  keys: readonly string[],
) {
  const inRange = and(
    gte(attendanceSessions.starts_at, range.start),
    lt(attendanceSessions.starts_at, range.end),
  );
  return db
    .select()
    .from(attendanceSessions)
    .where(
      and(
        scope,
        keys.length > 0 ? or(inRange, inArray(attendanceSessions.source_key, [...keys])) : inRange,
      ),
    )
    .orderBy(asc(attendanceSessions.starts_at), asc(attendanceSessions.id));
}

/** One session in `scope`, or undefined. */
export async function sessionIn(db: DbOrTx, scope: SQL, id: number) {
  const [row] = await db
    .select()
    .from(attendanceSessions)
    .where(and(scope, eq(attendanceSessions.id, id)));
  return row;
}

/** One session, locked for the rest of the transaction. */
export async function lockSession(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(attendanceSessions)
    .where(eq(attendanceSessions.id, id))
    .for('update');
  return row;
}

/** The session of a calendar key in the institution, if someone opened it already. */
export async function sessionByKey(db: DbOrTx, institutionId: number, key: string) {
  const [row] = await db
    .select()
    .from(attendanceSessions)
    .where(
      and(
        eq(attendanceSessions.institution_id, institutionId),
        eq(attendanceSessions.source_key, key),
      ),
    );
  return row;
}

/** Creates a session; a concurrent open of the same key leaves one row (undefined: it lost). */
export async function insertSessionOnce(
  db: DbOrTx,
  values: typeof attendanceSessions.$inferInsert,
) {
  const [row] = await db
    .insert(attendanceSessions)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateSession(
  db: DbOrTx,
  id: number,
  values: Partial<typeof attendanceSessions.$inferInsert>,
) {
  const [row] = await db
    .update(attendanceSessions)
    .set(values)
    .where(eq(attendanceSessions.id, id))
    .returning();
  return row!;
}

export async function deleteSession(db: DbOrTx, id: number) {
  await db.delete(attendanceSessions).where(eq(attendanceSessions.id, id));
}

/** The names of promotions and groups, by `<kind>:<id>`. */
export async function audienceLabels(db: DbOrTx, audiences: readonly Audience[]) {
  const ids = (kind: Audience['kind']) => [
    ...new Set(audiences.filter((a) => a.kind === kind).map((a) => a.id)),
  ];
  const [promotionRows, groupRows] = await Promise.all([
    ids('promotion').length === 0
      ? []
      : db
          .select({ id: promotions.id, name: promotions.name })
          .from(promotions)
          .where(inArray(promotions.id, ids('promotion'))),
    ids('group').length === 0
      ? []
      : db
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(inArray(groups.id, ids('group'))),
  ]);
  return new Map<string, string>([
    ...promotionRows.map((row) => [`promotion:${row.id}`, row.name] as const),
    ...groupRows.map((row) => [`group:${row.id}`, row.name] as const),
  ]);
}

/** The active students of each audience, by `<kind>:<id>`. */
export async function audienceLearners(db: DbOrTx, audiences: readonly Audience[]) {
  const ids = (kind: Audience['kind']) => [
    ...new Set(audiences.filter((a) => a.kind === kind).map((a) => a.id)),
  ];
  const columns = { id: users.id, first_name: users.first_name, last_name: users.last_name };
  const [promotionRows, groupRows] = await Promise.all([
    ids('promotion').length === 0
      ? []
      : db
          .select({ audience: promotionStudents.promotion_id, ...columns })
          .from(promotionStudents)
          .innerJoin(users, eq(users.id, promotionStudents.student_id))
          .where(
            and(
              inArray(promotionStudents.promotion_id, ids('promotion')),
              isNull(users.archived_at),
            ),
          ),
    ids('group').length === 0
      ? []
      : db
          .select({ audience: groupStudents.group_id, ...columns })
          .from(groupStudents)
          .innerJoin(users, eq(users.id, groupStudents.student_id))
          .where(and(inArray(groupStudents.group_id, ids('group')), isNull(users.archived_at))),
  ]);
  const learners = new Map<string, { id: number; first_name: string; last_name: string }[]>();
  const add = (key: string, row: { id: number; first_name: string; last_name: string }) =>
    learners.set(key, [
      ...(learners.get(key) ?? []),
      { id: row.id, first_name: row.first_name, last_name: row.last_name },
    ]);
  for (const row of promotionRows) add(`promotion:${row.audience}`, row);
  for (const row of groupRows) add(`group:${row.audience}`, row);
  return learners;
}

/** People by id: their first and last names. */
export function namesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** The title of a training of the institution, when it is one. */
export async function trainingOf(db: DbOrTx, institutionId: number, id: number) {
  const [row] = await db
    .select({ id: trainings.id, title: trainings.title, promotion_id: trainings.promotion_id })
    .from(trainings)
    .where(and(eq(trainings.id, id), eq(trainings.institution_id, institutionId)));
  return row;
}

/** Whether an audience (a promotion or a group) is one the actor may read, and its institution. */
export async function readableAudience(db: DbOrTx, actor: Actor, audience: Audience) {
  if (audience.kind === 'promotion') {
    const scope = can(actor, 'read', 'promotion');
    const [row] = await db
      .select({ institution_id: promotions.institution_id })
      .from(promotions)
      .where(and(scope.where, eq(promotions.id, audience.id)));
    return row?.institution_id;
  }
  const scope = can(actor, 'read', 'group');
  const [row] = await db
    .select({ institution_id: groups.institution_id })
    .from(groups)
    .where(and(scope.where, eq(groups.id, audience.id)));
  return row?.institution_id;
}

/** Every mark of the sessions. */
export function marksOf(db: DbOrTx, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attendanceMarks)
    .where(inArray(attendanceMarks.session_id, [...sessionIds]));
}

/** Writes roll-call lines: a line already there takes the trainer's status, remark and name. */
export async function upsertMarks(db: DbOrTx, rows: (typeof attendanceMarks.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db
    .insert(attendanceMarks)
    .values(rows)
    .onConflictDoUpdate({
      target: [attendanceMarks.session_id, attendanceMarks.student_id, attendanceMarks.half_day],
      set: {
        status: sql`excluded.status`,
        late_minutes: sql`excluded.late_minutes`,
        remark: sql`excluded.remark`,
        source: sql`excluded.source`,
        recorded_by: sql`excluded.recorded_by`,
        updated_at: sql`excluded.updated_at`,
      },
    });
}

/**
 * A learner's own check-in for one half-day: written unless a line is there already, except a
 * roll call's "absent" (they arrived after it). Answers the line written, or undefined.
 */
export async function insertCheckIn(db: DbOrTx, row: typeof attendanceMarks.$inferInsert) {
  const [written] = await db
    .insert(attendanceMarks)
    .values(row)
    .onConflictDoUpdate({
      target: [attendanceMarks.session_id, attendanceMarks.student_id, attendanceMarks.half_day],
      set: {
        status: sql`excluded.status`,
        late_minutes: sql`excluded.late_minutes`,
        source: sql`excluded.source`,
        checked_in_at: sql`excluded.checked_in_at`,
        recorded_by: sql`excluded.recorded_by`,
        updated_at: sql`excluded.updated_at`,
      },
      setWhere: sql`${attendanceMarks.status} = 'absent' and ${attendanceMarks.source} = 'roll_call'`,
    })
    .returning();
  return written;
}

export async function markOf(db: DbOrTx, sessionId: number, studentId: number, halfDay: string) {
  const [row] = await db
    .select()
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.session_id, sessionId),
        eq(attendanceMarks.student_id, studentId),
        eq(attendanceMarks.half_day, halfDay as 'am' | 'pm'),
      ),
    );
  return row;
}

/** The signatures of the sessions that no later row corrects. */
export function currentSignatures(db: DbOrTx, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: attendanceSignatures.id,
      session_id: attendanceSignatures.session_id,
      signer_id: attendanceSignatures.signer_id,
      role: attendanceSignatures.role,
      half_day: attendanceSignatures.half_day,
      device: attendanceSignatures.device,
      signed_at: attendanceSignatures.signed_at,
      replaces_id: attendanceSignatures.replaces_id,
      statement_sha256: attendanceSignatures.statement_sha256,
    })
    .from(attendanceSignatures)
    .where(
      and(
        inArray(attendanceSignatures.session_id, [...sessionIds]),
        sql`not exists (select 1 from ${attendanceSignatures} as later where later.replaces_id = ${attendanceSignatures.id})`,
      ),
    );
}

export async function insertCode(db: DbOrTx, values: typeof attendanceCodes.$inferInsert) {
  const [row] = await db.insert(attendanceCodes).values(values).onConflictDoNothing().returning();
  return row;
}

/** Drops the session's codes that ran out before `before` (they can no longer be used). */
export async function pruneCodes(db: DbOrTx, sessionId: number, before: Date) {
  await db
    .delete(attendanceCodes)
    .where(and(eq(attendanceCodes.session_id, sessionId), lt(attendanceCodes.expires_at, before)));
}

/** A code by id, locked for the check-in's transaction. */
export async function lockCode(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(attendanceCodes)
    .where(eq(attendanceCodes.id, id))
    .for('update');
  return row;
}

/** The code typed, among the sessions of `scope` (the learner's), that has not run out. */
export async function typedCode(db: DbOrTx, scope: SQL, code: string, now: Date) {
  const [row] = await db
    .select({ id: attendanceCodes.id })
    .from(attendanceCodes)
    .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceCodes.session_id))
    .where(and(scope, eq(attendanceCodes.code, code), gt(attendanceCodes.expires_at, now)))
    .orderBy(asc(attendanceCodes.expires_at))
    .limit(1);
  return row;
}

export async function useCode(db: DbOrTx, id: number, studentId: number, at: Date) {
  await db
    .update(attendanceCodes)
    .set({ used_by: studentId, used_at: at })
    .where(eq(attendanceCodes.id, id));
}

/**
 * The exams in `scope` (the actor's evaluations) whose window overlaps the range, with the
 * promotion of their training and their window as instants in their institution's zone (one
 * exam: `id`).
 */
export function examsOverlapping(db: DbOrTx, scope: SQL, range: InstantRange | null, id?: number) {
  const at = (time: typeof evaluations.start_time | typeof evaluations.end_time) =>
    sql<Date>`((${evaluations.date} + ${time}) at time zone ${institutions.timezone})`;
  return db
    .select({
      id: evaluations.id,
      title: evaluations.title,
      institution_id: evaluations.institution_id,
      training_id: evaluations.training_id,
      promotion_id: trainings.promotion_id,
      starts_at: at(evaluations.start_time).mapWith((value) => new Date(value)),
      ends_at: at(evaluations.end_time).mapWith((value) => new Date(value)),
    })
    .from(evaluations)
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
    .where(
      and(
        scope,
        eq(evaluations.type, 'exam'),
        isNull(evaluations.archived_at),
        range
          ? and(
              sql`${at(evaluations.start_time)} < ${range.end.toISOString()}::timestamptz`,
              sql`${at(evaluations.end_time)} > ${range.start.toISOString()}::timestamptz`,
            )
          : undefined,
        id === undefined ? undefined : eq(evaluations.id, id),
      ),
    )
    .orderBy(asc(evaluations.date), asc(evaluations.start_time), asc(evaluations.id));
}

export async function insertSignature(
  db: DbOrTx,
  values: typeof attendanceSignatures.$inferInsert,
) {
  const [row] = await db.insert(attendanceSignatures).values(values).returning({
    id: attendanceSignatures.id,
    signer_id: attendanceSignatures.signer_id,
    half_day: attendanceSignatures.half_day,
    signed_at: attendanceSignatures.signed_at,
    statement_sha256: attendanceSignatures.statement_sha256,
  });
  return row!;
}

/** A signature of a session, with what the correction of it needs to know. */
export async function signatureOfSession(db: DbOrTx, sessionId: number, id: number) {
  const [row] = await db
    .select({
      id: attendanceSignatures.id,
      signer_id: attendanceSignatures.signer_id,
      half_day: attendanceSignatures.half_day,
      role: attendanceSignatures.role,
    })
    .from(attendanceSignatures)
    .where(and(eq(attendanceSignatures.session_id, sessionId), eq(attendanceSignatures.id, id)));
  return row;
}

/** The image of a signature of a session in `scope`. */
export async function signatureImageIn(db: DbOrTx, scope: SQL, id: number) {
  const [row] = await db
    .select({ image: attendanceSignatures.image })
    .from(attendanceSignatures)
    .innerJoin(attendanceSessions, eq(attendanceSessions.id, attendanceSignatures.session_id))
    .where(and(scope, eq(attendanceSignatures.id, id)));
  return row?.image;
}

/** The institution's name, for what a signature says. */
export async function institutionName(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ name: institutions.name })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row?.name ?? '';
}

// Attendance documents (decision 199).

/**
 * A student the actor sees, with their institution: in `students` (the people they may read), or
 * a learner of a promotion in `promotionScope` (a teacher sees the learners of their promotions).
 */
export async function learnerIn(
  db: DbOrTx,
  scopes: { students: SQL; promotions: SQL },
  id: number,
) {
  const [row] = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      institution_id: users.institution_id,
    })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.role, 'student'),
        or(
          scopes.students,
          sql`${users.id} in (select ${promotionStudents.student_id} from ${promotionStudents} where ${promotionStudents.promotion_id} in (select ${promotions.id} from ${promotions} where ${scopes.promotions}))`,
        ),
      ),
    );
  return row;
}

/**
 * The stored sessions in `scope` starting in the range that a learner was expected at (the
 * sessions of their promotions and groups) or has a line at, of one training when asked.
 */
export function learnerSessions(
  db: DbOrTx,
  scope: SQL,
  studentId: number,
  range: InstantRange,
  trainingId?: number,
) {
  const expected = or(
    and(
      eq(attendanceSessions.audience, 'promotion'),
      sql`${attendanceSessions.audience_id} in (select ${promotionStudents.promotion_id} from ${promotionStudents} where ${promotionStudents.student_id} = ${studentId})`,
    ),
    and(
      eq(attendanceSessions.audience, 'group'),
      sql`${attendanceSessions.audience_id} in (select ${groupStudents.group_id} from ${groupStudents} where ${groupStudents.student_id} = ${studentId})`,
    ),
    sql`exists (select 1 from ${attendanceMarks} where ${attendanceMarks.session_id} = ${attendanceSessions.id} and ${attendanceMarks.student_id} = ${studentId})`,
  );
  return db
    .select()
    .from(attendanceSessions)
    .where(
      and(
        scope,
        expected,
        gte(attendanceSessions.starts_at, range.start),
        lt(attendanceSessions.starts_at, range.end),
        trainingId === undefined ? undefined : eq(attendanceSessions.training_id, trainingId),
      ),
    )
    .orderBy(asc(attendanceSessions.starts_at), asc(attendanceSessions.id));
}

/** The titles and attendance thresholds of trainings by id. */
export async function trainingsOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { title: string; threshold: number | null }>();
  const rows = await db
    .select({ id: trainings.id, title: trainings.title, threshold: trainings.attendance_threshold })
    .from(trainings)
    .where(inArray(trainings.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { title: row.title, threshold: row.threshold }]));
}

/** A promotion in `scope`: its id and name. */
export async function promotionIn(db: DbOrTx, scope: SQL, id: number) {
  const [row] = await db
    .select({ id: promotions.id, name: promotions.name })
    .from(promotions)
    .where(and(scope, eq(promotions.id, id)));
  return row;
}

/** The stored sessions in `scope` starting in the range aimed at a promotion or its groups. */
export function promotionSessions(
  db: DbOrTx,
  scope: SQL,
  promotionId: number,
  range: InstantRange,
) {
  return db
    .select()
    .from(attendanceSessions)
    .where(
      and(
        scope,
        or(
          and(
            eq(attendanceSessions.audience, 'promotion'),
            eq(attendanceSessions.audience_id, promotionId),
          ),
          and(
            eq(attendanceSessions.audience, 'group'),
            sql`${attendanceSessions.audience_id} in (select ${groups.id} from ${groups} where ${groups.promotion_id} = ${promotionId})`,
          ),
        ),
        gte(attendanceSessions.starts_at, range.start),
        lt(attendanceSessions.starts_at, range.end),
      ),
    )
    .orderBy(asc(attendanceSessions.starts_at), asc(attendanceSessions.id));
}

/** The statements' SHA-256 and the images of signatures by id. */
export function signatureDetails(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: attendanceSignatures.id,
      statement_sha256: attendanceSignatures.statement_sha256,
      image: attendanceSignatures.image,
    })
    .from(attendanceSignatures)
    .where(inArray(attendanceSignatures.id, [...new Set(ids)]));
}

/** What an attendance document prints of its institution. */
export async function institutionOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: institutions.id,
      name: institutions.name,
      time_zone: institutions.timezone,
      color_code: institutions.color_code,
      logo_link: institutions.logo_link,
    })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row;
}

const documentColumns = {
  kind: attendanceDocuments.kind,
  issued_at: attendanceDocuments.issued_at,
  locale: attendanceDocuments.locale,
  content: attendanceDocuments.content,
};

/** The attendance document whose code has this SHA-256, if any. */
export async function attendanceDocumentByHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select(documentColumns)
    .from(attendanceDocuments)
    .where(eq(attendanceDocuments.code_hash, sql`${hash}`));
  return row;
}

/** Records a document unless one with the same code exists; answers it as first recorded. */
export async function recordAttendanceDocument(
  db: DbOrTx,
  row: typeof attendanceDocuments.$inferInsert,
) {
  const [inserted] = await db
    .insert(attendanceDocuments)
    .values(row)
    .onConflictDoNothing({ target: attendanceDocuments.code_hash })
    .returning(documentColumns);
  return inserted ?? (await attendanceDocumentByHash(db, row.code_hash));
}
