import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { RateLimits } from './auth/rate-limit.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { warnWithoutVirusScan } from './files/virus-scan.ts';
import { startScheduledAnnouncements } from './jobs/announcements.ts';
import { startAuditRetention } from './jobs/audit-retention.ts';
import { startDigests } from './jobs/digest.ts';
import { startExamCloser } from './jobs/exam-closer.ts';
import { startOrphanImageCleanup } from './jobs/orphan-images.ts';
import { startOutboxWorker } from './jobs/outbox-worker.ts';
import { startReminders } from './jobs/reminders.ts';
import { mailTransportFor } from './mail/transport.ts';
import { prepareDatabase } from './ops/prepare.ts';
import { systemClock } from './time.ts';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
}

/** Starts everything: database, migrations, demo seed or first-run link, HTTP. Answers a function that stops it all. */
export async function start(config: Config) {
  const database = await openConfiguredDatabase(config);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  const ctx = {
    config,
    db: database.db,
    clock: systemClock,
    limits: new RateLimits(redis),
    redis,
    listen: database.listen,
  };
  const app = await buildApp(ctx);
  warnWithoutVirusScan(config, app.log);
  await prepareDatabase(ctx, app.log);
  await app.listen({ port: config.PORT, host: config.HOST });
  const stopMail = startOutboxWorker(ctx, { transport: mailTransportFor(config), log: app.log });
  const stopCloser = startExamCloser(ctx, { log: app.log });
  const stopReminders = startReminders(ctx, { log: app.log });
  const stopRetention = startAuditRetention(ctx, { log: app.log });
  const stopOrphans = startOrphanImageCleanup(ctx, { log: app.log });
  const stopDigests = startDigests(ctx, { log: app.log });
  const stopAnnouncements = startScheduledAnnouncements(ctx, { log: app.log });
  return async () => {
    await stopAnnouncements();
    await stopDigests();
    await stopOrphans();
    await stopRetention();
    await stopReminders();
    await stopCloser();
    await stopMail();
    await app.close();
    redis?.disconnect();
    await database.close();
  };
}
