import { desc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';

/** The outbox rows (to one address, any case, when given), newest first, at most `limit`. */
export function outboxNewestFirst(db: DbOrTx, options: { to?: string; limit: number }) {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to ? sql`lower(${mailOutbox.to_address}) = lower(${options.to})` : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit);
}

/** Which of these exact addresses an account holds. */
export function accountsWithEmails(db: DbOrTx, emails: string[]) {
  return db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
}
