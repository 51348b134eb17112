import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { RECONNECT_GRACE_MS } from '../modules/evaluations/window.ts';
import { closeAttempt } from '../modules/exams/scoring.ts';
import { lockDueAttempts } from './jobs.queries.ts';
import { repeatEvery } from './repeat.ts';

/**
 * Closes the attempts whose deadline (and the minute of grace after it) has passed, with no browser
 * needed: in one transaction, takes up to `limit` open attempts due by the server's clock with `FOR UPDATE SKIP LOCKED` (another API
 * node, or a student's write holding the row, is skipped, never waited for), marks each finished
 * by timeout and scores it. Answers the ids it closed; the loop below calls it, tests call it with
 * their clock.
 */
export async function closeDueAttempts(ctx: AppContext, limit = 50): Promise<number[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Due once the reconnection grace after the deadline has passed (scoring.ts).
    const due = await lockDueAttempts(tx, new Date(now.getTime() - RECONNECT_GRACE_MS), limit);
    const closed: number[] = [];
    for (const attempt of due) {
      if (await closeAttempt(tx, attempt, 'timeout', now)) closed.push(attempt.id);
    }
    return closed;
  });
}

/**
 * Runs closeDueAttempts every `intervalMs` until stopped; a run never overlaps the previous one.
 * Answers the function that stops it (and waits for the run in progress).
 */
export function startExamCloser(
  ctx: AppContext,
  options: { intervalMs?: number; log?: FastifyBaseLogger } = {},
): () => Promise<void> {
  return repeatEvery(
    options.intervalMs ?? 5000,
    async () => {
      const closed = await closeDueAttempts(ctx);
      if (closed.length > 0)
        options.log?.info({ attempts: closed }, 'exam attempts closed at their deadline');
    },
    { log: options.log, failure: 'exam closing run failed' },
  );
}
