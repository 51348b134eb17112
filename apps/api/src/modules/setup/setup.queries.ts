import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { setupTokens, users } from '../../db/schema/index.ts';

/** Any 64-bit key shared by every process that may create the first super-admin. */
const FIRST_RUN_LOCK_KEY = 7_265_431_003;

/** Holds the first-run lock until the transaction ends: two setups at once run one after the other. */
export async function lockFirstRun(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_RUN_LOCK_KEY})`);
}

/** True when an active super-admin exists: the first-run setup is then closed for good. */
export async function hasSuperAdmin(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'super-admin'), isNull(users.archived_at), isNull(users.disabled_at)))
    .limit(1);
  return rows.length > 0;
}

/** Marks the setup link of this hash used, when it is live at `now`; answers it, or undefined. */
export async function consumeSetupToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [used] = await db
    .update(setupTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(setupTokens.token_hash, tokenHash),
        isNull(setupTokens.used_at),
        gt(setupTokens.expires_at, now),
      ),
    )
    .returning({ id: setupTokens.id });
  return used;
}

/** The account holding this lower-cased address, or undefined. */
export async function userWithEmail(db: DbOrTx, email: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return taken;
}

/** Creates an account; answers its id. */
export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  const [inserted] = await db.insert(users).values(row).returning({ id: users.id });
  return inserted!.id;
}

/** Marks every setup link not used yet as used at `now`. */
export async function retireSetupTokens(db: DbOrTx, now: Date) {
  await db.update(setupTokens).set({ used_at: now }).where(isNull(setupTokens.used_at));
}

/** The setup link of this hash when it is live at `now`, or undefined. */
export async function liveSetupToken(db: DbOrTx, tokenHash: string, now: Date) {
  const [live] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(
      and(
        eq(setupTokens.token_hash, tokenHash),
        isNull(setupTokens.used_at),
        gt(setupTokens.expires_at, now),
      ),
    );
  return live;
}

export async function insertSetupToken(db: DbOrTx, row: typeof setupTokens.$inferInsert) {
  await db.insert(setupTokens).values(row);
}
