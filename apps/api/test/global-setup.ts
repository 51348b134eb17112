import { openDatabase } from '../src/db/client.ts';

/** On PostgreSQL, migrate the run's database once; each test file then clones it as a template. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ kind: 'postgres', url, max: 1 });
  await database.close();
}
