import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { publishDue } from '../modules/announcements/announcements.service.ts';
import { repeatEvery } from './repeat.ts';

/**
 * Brings out the scheduled announcements every `intervalMs` (a minute) until stopped (decision
 * 201): each is marked out by one node only, and its audience told in the same transaction.
 */
export function startScheduledAnnouncements(
  ctx: AppContext,
  options: { intervalMs?: number; log?: FastifyBaseLogger } = {},
): () => Promise<void> {
  return repeatEvery(
    options.intervalMs ?? 60 * 1000,
    async () => {
      const published = await publishDue(ctx);
      if (published > 0) options.log?.info({ announcements: published }, 'announcements published');
    },
    { log: options.log, failure: 'scheduled announcements run failed' },
  );
}
