import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactRequests, institutions, users } from '../../db/schema/index.ts';

/** An institution not archived, with what a contact request needs of it; or undefined. */
export async function openInstitution(db: DbOrTx, id: number) {
  const [institution] = await db
    .select({ id: institutions.id, name: institutions.name, email: institutions.email })
    .from(institutions)
    .where(and(eq(institutions.id, id), isNull(institutions.archived_at)));
  return institution;
}

/** Stores a contact request; answers its id. */
export async function insertContactRequest(db: DbOrTx, row: typeof contactRequests.$inferInsert) {
  const [request] = await db
    .insert(contactRequests)
    .values(row)
    .returning({ id: contactRequests.id });
  return request!.id;
}

/** A user's address and first name, or undefined. */
export async function accountOf(db: DbOrTx, userId: number) {
  const [account] = await db
    .select({ email: users.email, first_name: users.first_name })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}
