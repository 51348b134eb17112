import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { saveFile } from '../files/uploads.ts';
import { announceFirstRun } from '../modules/setup/first-run.ts';
import { seedDemo } from './seed/demo.ts';

/**
 * What start does to the database before listening: the demo when SEED=demo (decision 108), then,
 * while no super-admin exists, the first-run setup link in the log (decision 109).
 */
export async function prepareDatabase(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  if (ctx.config.SEED === 'demo') {
    const outcome = await seedDemo(ctx.db, {
      now: ctx.clock.now(),
      publicUrl: ctx.config.PUBLIC_URL,
      storeFile: (db, input) => saveFile(ctx, db, input),
    });
    log.info(`demo data: ${outcome}`);
  }
  await announceFirstRun(ctx, log);
}
