import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `run` at once, then `intervalMs` after each run ends, until stopped: a run never overlaps
 * the previous one, and a failed run is logged as `failure` and does not stop the next. Answers
 * the function that stops it (and waits for the run in progress). The background jobs of the API
 * (the mail outbox, the exam closer, the reminders) all run on it.
 */
export function repeatEvery(
  intervalMs: number,
  run: () => Promise<unknown>,
  options: { log?: FastifyBaseLogger; failure: string },
): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = run()
      .catch((error: unknown) => options.log?.error({ err: error }, options.failure))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
