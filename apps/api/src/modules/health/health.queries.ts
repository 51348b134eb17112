import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** One trivial statement: throws when the database does not answer. */
export async function pingDatabase(db: DbOrTx) {
  await db.execute(sql`select 1`);
}
