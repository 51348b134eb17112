import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { zonedTimestamp } from '../time.ts';
import {
  claimReminder,
  type DueEvaluation,
  dueEvaluations,
  setReminderRecipients,
  studentsToRemind,
} from './jobs.queries.ts';
import { repeatEvery } from './repeat.ts';

/** How long before an exam's start or a project's deadline its reminder goes out. */
const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;

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
    const claimed = await claimReminder(tx, {
      evaluationId: evaluation.id,
      dueAt: due,
      sentAt: now,
    });
    if (!claimed) return null;
    const students = await studentsToRemind(tx, evaluation.promotion_id);
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
    await setReminderRecipients(tx, { evaluationId: evaluation.id, dueAt: due }, students.length);
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
  // The non-archived evaluations due within the next day and not yet due.
  const due = await dueEvaluations(ctx.db, {
    from: now,
    to: new Date(now.getTime() + REMINDER_AHEAD_MS),
  });
  for (const evaluation of due) {
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
