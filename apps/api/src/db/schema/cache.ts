import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Version counters of cached answers: statement-level triggers bump `catalogue` and
 * `transcripts:<institution>` on every write to the tables those answers read (the tables are
 * listed in `db/triggers.ts`), so every node sees a write at once and serves a cached answer only
 * while the version it was built from is current.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
