import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Version counters of cached answers: a statement-level trigger bumps `catalogue` on every write
 * to the tables the public catalogue reads (migration 0014), so every node sees a write at once
 * and serves its cached catalogue only while the version it was built from is current.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
