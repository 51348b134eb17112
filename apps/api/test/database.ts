import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database cloned from the migrated template that
 * global-setup.ts prepared (so test files never see each other's rows).
 */
export async function openTestDatabase(): Promise<Database> {
  const templateUrl = process.env.TEST_DATABASE_URL;
  if (!templateUrl) return openDatabase({ kind: 'memory' });

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
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: withDatabase(template, 'postgres') });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function withDatabase(url: URL, database: string): string {
  const copy = new URL(url.toString());
  copy.pathname = `/${database}`;
  return copy.toString();
}
