import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  attendanceJustifications,
  attendanceMarks,
  attendanceSessions,
  files,
  institutions,
  users,
} from '../../db/schema/index.ts';

// Justifications of absences (decision 199).

/** The day a session starts on, in its institution's zone, as SQL. */
const sessionDay = sql`(${attendanceSessions.starts_at} at time zone ${institutions.timezone})::date`;

/** The learner's lines of the justification's days with that status, as a count. */
const linesOf = (status: 'absent' | 'excused') => sql<number>`(
  select count(*)::int from ${attendanceMarks}
  join ${attendanceSessions} on ${attendanceSessions.id} = ${attendanceMarks.session_id}
  join ${institutions} on ${institutions.id} = ${attendanceSessions.institution_id}
  where ${attendanceMarks.student_id} = ${attendanceJustifications.student_id}
    and ${attendanceSessions.institution_id} = ${attendanceJustifications.institution_id}
    and ${attendanceMarks.status} = ${status}
    and ${sessionDay} between ${attendanceJustifications.from_day}::date and ${attendanceJustifications.to_day}::date
)`;

const decider = alias(users, 'decider');

/** The justifications in `scope` (of one status when asked): pending first, then the latest. */
export function justificationsIn(
  db: DbOrTx,
  scope: SQL,
  filter: { status?: string; id?: number } = {},
) {
  return db
    .select({
      row: attendanceJustifications,
      student: { id: users.id, first_name: users.first_name, last_name: users.last_name },
      file_name: files.original_name,
      decider_first_name: decider.first_name,
      decider_last_name: decider.last_name,
      absences: linesOf('absent'),
    })
    .from(attendanceJustifications)
    .innerJoin(users, eq(users.id, attendanceJustifications.student_id))
    .innerJoin(files, eq(files.id, attendanceJustifications.file_id))
    .leftJoin(decider, eq(decider.id, attendanceJustifications.decided_by))
    .where(
      and(
        scope,
        filter.status === undefined
          ? undefined
          : eq(attendanceJustifications.status, filter.status as 'pending'),
        filter.id === undefined ? undefined : eq(attendanceJustifications.id, filter.id),
      ),
    )
    .orderBy(
      sql`${attendanceJustifications.status} = 'pending' desc`,
      desc(attendanceJustifications.created_at),
      desc(attendanceJustifications.id),
    )
    .limit(500);
}

export async function insertJustification(
  db: DbOrTx,
  row: typeof attendanceJustifications.$inferInsert,
) {
  const [inserted] = await db.insert(attendanceJustifications).values(row).returning();
  return inserted!;
}

/** One justification, locked for the rest of the transaction. */
export async function lockJustification(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(attendanceJustifications)
    .where(eq(attendanceJustifications.id, id))
    .for('update');
  return row;
}

export async function decideJustification(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof attendanceJustifications.$inferInsert>,
) {
  await tx.update(attendanceJustifications).set(values).where(eq(attendanceJustifications.id, id));
}

/**
 * The learner's absent lines of sessions of the institution on those days (in its zone) become
 * excused; answers the lines changed (as they were).
 */
export function excuseAbsences(
  tx: DbOrTx,
  input: {
    institutionId: number;
    studentId: number;
    from: string;
    to: string;
    by: number;
    at: Date;
  },
) {
  return tx
    .update(attendanceMarks)
    .set({ status: 'excused', late_minutes: null, recorded_by: input.by, updated_at: input.at })
    .where(
      and(
        eq(attendanceMarks.student_id, input.studentId),
        eq(attendanceMarks.status, 'absent'),
        sql`${attendanceMarks.session_id} in (
          select ${attendanceSessions.id} from ${attendanceSessions}
          join ${institutions} on ${institutions.id} = ${attendanceSessions.institution_id}
          where ${attendanceSessions.institution_id} = ${input.institutionId}
            and ${sessionDay} between ${input.from}::date and ${input.to}::date)`,
      ),
    )
    .returning({
      session_id: attendanceMarks.session_id,
      half_day: attendanceMarks.half_day,
    });
}
