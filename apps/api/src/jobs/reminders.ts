import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Locale } from '../i18n/messages.ts';
import { notify } from '../notify/notify.ts';
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
 * notifies the students of the promotion (exam_tomorrow or deadline_tomorrow): in the application,
 * and by mail in their language for those whose preferences say so (decision 200). Another API node running at the same moment waits on that row and inserts nothing:
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
    const dueAt = (locale: Locale) => zonedTimestamp(due, evaluation.time_zone, locale);
    const { mailed } = await notify(
      ctx,
      tx,
      students.map((student) => student.id),
      {
        type: evaluation.type === 'exam' ? 'exam_tomorrow' : 'deadline_tomorrow',
        params: { evaluation: evaluation.title, subject: evaluation.subject_name },
        link: `/evaluation-details/${evaluation.id}`,
        key: `evaluation:${evaluation.id}:${evaluation.due_ms}`,
        mail: {
          template: evaluation.type === 'exam' ? 'exam-reminder' : 'deadline-reminder',
          payload: (student) => ({
            evaluation_title: evaluation.title,
            subject_name: evaluation.subject_name,
            due_at: dueAt(student.locale),
          }),
        },
      },
    );
    await setReminderRecipients(tx, { evaluationId: evaluation.id, dueAt: due }, mailed);
    return mailed;
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

/** How long after an exam's start it still counts as just opened (a few runs of the job). */
const OPEN_WINDOW_MS = 30 * 60 * 1000;

/**
 * Tells the students of each exam that started within the last half hour that it is open
 * (`exam_open`, decision 200), once per person and start instant: the dedupe key makes a second
 * run, or another API node, insert nothing. Answers the exams announced now.
 */
export async function announceOpenExams(ctx: AppContext): Promise<number[]> {
  const now = ctx.clock.now();
  const opened = (
    await dueEvaluations(ctx.db, { from: new Date(now.getTime() - OPEN_WINDOW_MS), to: now })
  ).filter((evaluation) => evaluation.type === 'exam');
  const announced: number[] = [];
  for (const exam of opened) {
    const told = await ctx.db.transaction(async (tx) => {
      const students = await studentsToRemind(tx, exam.promotion_id);
      return notify(
        ctx,
        tx,
        students.map((student) => student.id),
        {
          type: 'exam_open',
          params: { evaluation: exam.title, subject: exam.subject_name },
          link: `/evaluation-details/${exam.id}`,
          key: `evaluation:${exam.id}:${exam.due_ms}`,
        },
      );
    });
    if (told.notified > 0) announced.push(exam.id);
  }
  return announced;
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
      const opened = await announceOpenExams(ctx);
      if (opened.length > 0) options.log?.info({ exams: opened }, 'open exams announced');
    },
    { log: options.log, failure: 'reminder run failed' },
  );
}
