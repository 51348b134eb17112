import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { allowAuditRetention, deleteAuditRowsBefore } from './jobs.queries.ts';
import { repeatEvery } from './repeat.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the audit rows older than `AUDIT_RETENTION_DAYS` (decision 132): the only removal the
 * table's trigger lets through, marked by `skolar.audit_retention` for this transaction alone.
 * Idempotent, so several API nodes running it at once delete each row once between them.
 * Answers how many rows went.
 */
export async function purgeOldAuditRows(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - ctx.config.AUDIT_RETENTION_DAYS * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    await allowAuditRetention(tx);
    return deleteAuditRowsBefore(tx, cutoff);
  });
}

/** Runs the retention at start, then once a day. */
export function startAuditRetention(
  ctx: AppContext,
  options: { intervalMs?: number; log?: FastifyBaseLogger } = {},
): () => Promise<void> {
  return repeatEvery(
    options.intervalMs ?? DAY_MS,
    async () => {
      const purged = await purgeOldAuditRows(ctx);
      if (purged > 0) options.log?.info({ purged }, 'old audit rows deleted');
    },
    { log: options.log, failure: 'audit retention run failed' },
  );
}
