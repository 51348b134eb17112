import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database cloned from the migrated template that
 * global-setup.ts prepared (so test files never see each other's rows).
 */
export async function openTestDatabase(
  options: { onQuery?: (sql: string) => void } = {},
): Promise<Database> {
  const templateUrl = process.env.TEST_DATABASE_URL;
  if (!templateUrl) return openDatabase({ kind: 'memory', ...options });

  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `${templateName}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(template, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  await admin.end();
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(template, name),
    max: 4,
    ...options,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: withDatabase(template, 'postgres') });
      await cleanup.connect();
      // The pool's connections finish closing on the server a moment after pool.end(): dropping
      // the database before then terminates them, and their clients report it as an uncaught error.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export function withDatabase(url: URL, database: string): string {
  const copy = new URL(url.toString());
  copy.pathname = `/${database}`;
  return copy.toString();
}
