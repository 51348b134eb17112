import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Of these lower-cased addresses, those an account already holds (any institution, or none). */
export async function addressesTaken(db: DbOrTx, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...new Set(emails)]));
  return rows.map((row) => row.email);
}
