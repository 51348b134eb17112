import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  attempts,
  auditLog,
  evaluationReminders,
  evaluations,
  institutions,
  mailOutbox,
  promotionStudents,
  subjects,
  trainings,
  users,
} from '../db/schema/index.ts';
import { evaluationDueAt as dueAt } from '../modules/evaluations/evaluations.queries.ts';

// The statements of the background jobs; each job keeps its transaction and its decisions.

// The audit retention (audit-retention.ts).

/**
 * Lets this transaction alone delete audit rows: the table's trigger refuses any other removal
 * (`skolar.audit_retention`, local to the transaction).
 */
export async function allowAuditRetention(tx: DbOrTx) {
  await tx.execute(sql`select set_config('skolar.audit_retention', 'on', true)`);
}

/** Deletes the audit rows older than `cutoff`; answers how many went. */
export async function deleteAuditRowsBefore(tx: DbOrTx, cutoff: Date): Promise<number> {
  const gone = await tx
    .delete(auditLog)
    .where(lt(auditLog.at, cutoff))
    .returning({ id: auditLog.id });
  return gone.length;
}

// The exam closer (exam-closer.ts).

/**
 * Up to `limit` open attempts whose deadline is at or before `deadlineBefore`, oldest first,
 * locked `FOR UPDATE SKIP LOCKED` (another API node, or a student's write holding the row, is
 * skipped, never waited for).
 */
export function lockDueAttempts(tx: DbOrTx, deadlineBefore: Date, limit: number) {
  return tx
    .select({ id: attempts.id, deadline_at: attempts.deadline_at })
    .from(attempts)
    .where(and(isNull(attempts.finished_at), lte(attempts.deadline_at, deadlineBefore)))
    .orderBy(asc(attempts.deadline_at), asc(attempts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

// The mail outbox (outbox-worker.ts).

/**
 * Up to `limit` mails due by `now` (pending, or sending with a lease run out), locked
 * `FOR UPDATE SKIP LOCKED` (another node skips them).
 */
export function lockDueMail(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.next_attempt_at, now)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.next_attempt_at, now)),
      ),
    )
    .orderBy(mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Marks the mails `sending` until `leaseUntil`; answers their rows. */
export function claimMail(tx: DbOrTx, ids: number[], lease: { now: Date; leaseUntil: Date }) {
  return tx
    .update(mailOutbox)
    .set({ status: 'sending', next_attempt_at: lease.leaseUntil, updated_at: lease.now })
    .where(inArray(mailOutbox.id, ids))
    .returning();
}

/** Records the outcome of a send (sent, or to retry, or failed). */
export async function updateMail(
  db: DbOrTx,
  id: number,
  set: Partial<typeof mailOutbox.$inferInsert>,
) {
  await db.update(mailOutbox).set(set).where(eq(mailOutbox.id, id));
}

// The evaluation reminders (reminders.ts).

/** The non-archived evaluations due in `(from, to]`, with what the reminder mail says. */
export function dueEvaluations(db: DbOrTx, range: { from: Date; to: Date }) {
  const start = sql`${range.from.toISOString()}::timestamptz`;
  const end = sql`${range.to.toISOString()}::timestamptz`;
  return db
    .select({
      id: evaluations.id,
      type: evaluations.type,
      title: evaluations.title,
      // Milliseconds: the same number on both drivers, and the exact instant back into the key.
      due_ms: sql<number>`(extract(epoch from ${dueAt}) * 1000)::bigint`.mapWith(Number),
      subject_name: subjects.name,
      promotion_id: trainings.promotion_id,
      time_zone: institutions.timezone,
      institution_name: institutions.name,
      color_code: institutions.color_code,
    })
    .from(evaluations)
    .innerJoin(subjects, eq(subjects.id, evaluations.subject_id))
    .innerJoin(trainings, eq(trainings.id, evaluations.training_id))
    .innerJoin(institutions, eq(institutions.id, evaluations.institution_id))
    .where(
      and(
        isNull(evaluations.archived_at),
        isNull(institutions.archived_at),
        sql`${dueAt} > ${start}`,
        sql`${dueAt} <= ${end}`,
      ),
    );
}

export type DueEvaluation = Awaited<ReturnType<typeof dueEvaluations>>[number];

/**
 * Inserts the reminder row of an evaluation's due instant (`on conflict do nothing`); answers
 * whether this call inserted it (another API node may have, or be waiting on it).
 */
export async function claimReminder(
  tx: DbOrTx,
  reminder: { evaluationId: number; dueAt: Date; sentAt: Date },
): Promise<boolean> {
  const claimed = await tx
    .insert(evaluationReminders)
    .values({
      evaluation_id: reminder.evaluationId,
      due_at: reminder.dueAt,
      sent_at: reminder.sentAt,
    })
    .onConflictDoNothing()
    .returning({ evaluation_id: evaluationReminders.evaluation_id });
  return claimed.length > 0;
}

/** The active students of the promotion (each notified as their preferences say). */
export function studentsToRemind(tx: DbOrTx, promotionId: number) {
  return tx
    .select({ id: users.id })
    .from(promotionStudents)
    .innerJoin(users, eq(users.id, promotionStudents.student_id))
    .where(
      and(
        eq(promotionStudents.promotion_id, promotionId),
        eq(users.role, 'student'),
        isNull(users.disabled_at),
        isNull(users.archived_at),
      ),
    );
}

/** How many mails the reminder queued. */
export async function setReminderRecipients(
  tx: DbOrTx,
  reminder: { evaluationId: number; dueAt: Date },
  recipients: number,
) {
  await tx
    .update(evaluationReminders)
    .set({ recipients })
    .where(
      and(
        eq(evaluationReminders.evaluation_id, reminder.evaluationId),
        eq(evaluationReminders.due_at, reminder.dueAt),
      ),
    );
}
