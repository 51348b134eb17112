import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  evaluationReminders,
  evaluations,
  institutions,
  promotionStudents,
  subjects,
  trainings,
  users,
} from '../db/schema/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { evaluationDueAt as dueAt } from '../modules/evaluations/evaluations.queries.ts';
import { zonedTimestamp } from '../time.ts';
import { repeatEvery } from './repeat.ts';

/** How long before an exam's start or a project's deadline its reminder goes out. */
const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;

/** The non-archived evaluations due within the next day and not yet due, with what the mail says. */
function dueEvaluations(ctx: AppContext, now: Date) {
  const start = sql`${now.toISOString()}::timestamptz`;
  const end = sql`${new Date(now.getTime() + REMINDER_AHEAD_MS).toISOString()}::timestamptz`;
  return ctx.db
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

type DueEvaluation = Awaited<ReturnType<typeof dueEvaluations>>[number];

/**
 * One evaluation's reminder, in one transaction: the row of `evaluation_reminders` for its due
 * instant is inserted first (`on conflict do nothing`), and only the run whose insert went in
 * queues the mails, one per student of the promotion whose e-mail notifications are on, in their
 * language. Another API node running at the same moment waits on that row and inserts nothing:
 * the mails go out once. Answers how many were queued (null when already sent).
 */
async function remind(ctx: AppContext, evaluation: DueEvaluation, now: Date) {
  const due = new Date(evaluation.due_ms);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(evaluationReminders)
      .values({ evaluation_id: evaluation.id, due_at: due, sent_at: now })
      .onConflictDoNothing()
      .returning({ evaluation_id: evaluationReminders.evaluation_id });
    if (claimed.length === 0) return null;
    const students = await tx
      .select({ email: users.email, first_name: users.first_name, locale: users.locale })
      .from(promotionStudents)
      .innerJoin(users, eq(users.id, promotionStudents.student_id))
      .where(
        and(
          eq(promotionStudents.promotion_id, evaluation.promotion_id),
          eq(users.role, 'student'),
          eq(users.notify_email, true),
          isNull(users.disabled_at),
          isNull(users.archived_at),
        ),
      );
    const link = new URL(`/evaluation-details/${evaluation.id}`, ctx.config.PUBLIC_URL).toString();
    for (const student of students) {
      await enqueueMail(tx, {
        at: now,
        to: student.email,
        template: evaluation.type === 'exam' ? 'exam-reminder' : 'deadline-reminder',
        locale: student.locale,
        payload: {
          first_name: student.first_name,
          evaluation_title: evaluation.title,
          subject_name: evaluation.subject_name,
          due_at: zonedTimestamp(due, evaluation.time_zone, student.locale),
          link,
          institution_name: evaluation.institution_name,
          color_code: evaluation.color_code,
        },
      });
    }
    await tx
      .update(evaluationReminders)
      .set({ recipients: students.length })
      .where(
        and(
          eq(evaluationReminders.evaluation_id, evaluation.id),
          eq(evaluationReminders.due_at, due),
        ),
      );
    return students.length;
  });
}

/**
 * Sends the reminders due by the server's clock (decision 79): for each exam starting, or project
 * closing, within the next 24 hours and not yet reminded for that instant. Answers the evaluations
 * reminded now with the number of mails queued; the loop below calls it, tests with their clock.
 */
export async function sendDueReminders(
  ctx: AppContext,
): Promise<Array<{ evaluation_id: number; recipients: number }>> {
  const now = ctx.clock.now();
  const sent: Array<{ evaluation_id: number; recipients: number }> = [];
  for (const evaluation of await dueEvaluations(ctx, now)) {
    const recipients = await remind(ctx, evaluation, now);
    if (recipients !== null) sent.push({ evaluation_id: evaluation.id, recipients });
  }
  return sent;
}

/**
 * Runs sendDueReminders every `intervalMs` (5 minutes) until stopped; a run never overlaps the
 * previous one. Answers the function that stops it (and waits for the run in progress).
 */
export function startReminders(
  ctx: AppContext,
  options: { intervalMs?: number; log?: FastifyBaseLogger } = {},
): () => Promise<void> {
  return repeatEvery(
    options.intervalMs ?? 5 * 60 * 1000,
    async () => {
      const sent = await sendDueReminders(ctx);
      if (sent.length > 0) options.log?.info({ reminders: sent }, 'evaluation reminders queued');
    },
    { log: options.log, failure: 'reminder run failed' },
  );
}
