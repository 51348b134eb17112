import { and, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { institutions, mailOutbox, oneTimeTokens, sessions, users } from '../../db/schema/index.ts';

/** The account behind an e-mail address, case-insensitively. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

/** The user's row, or undefined. */
export async function userById(db: DbOrTx, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Changes the columns `set` of user `id` (their password, when their address was verified). */
export async function updateUser(db: DbOrTx, id: number, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, id));
}

/** The name and colour of an institution, or undefined. */
export async function institutionBrand(db: DbOrTx, institutionId: number) {
  const [row] = await db
    .select({ name: institutions.name, color_code: institutions.color_code })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row;
}

/** Kills every other live token of the purpose (a new link replaces the old ones). */
export async function retireTokens(
  db: DbOrTx,
  userId: number,
  purpose: 'reset_password' | 'verify_email',
  now: Date,
) {
  await db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(oneTimeTokens.user_id, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
      ),
    );
}

/** Deletes one row of the mail outbox. */
export async function deleteOutboxRow(db: DbOrTx, id: number) {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

/** Rewrites one row of the mail outbox; answers the row as it now is, or undefined. */
export async function rewriteOutboxRow(
  db: DbOrTx,
  id: number,
  set: Partial<typeof mailOutbox.$inferInsert>,
) {
  const [row] = await db.update(mailOutbox).set(set).where(eq(mailOutbox.id, id)).returning();
  return row;
}

/** The user with their institution's public fields (auth/info: prepared, asked on every page load). */
const userWithInstitution = preparedQuery((db) =>
  db
    .select({
      user: users,
      institution: {
        id: institutions.id,
        name: institutions.name,
        diminutive: institutions.diminutive,
        color_code: institutions.color_code,
        logo_link: institutions.logo_link,
        url: institutions.url,
      },
    })
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_with_institution'),
);

export async function findUserWithInstitution(db: Db, userId: number) {
  const [row] = await userWithInstitution(db).execute({ userId });
  return row;
}

export async function recordLogin(db: DbOrTx, userId: number, at: Date) {
  await db.update(users).set({ last_login_at: at }).where(eq(users.id, userId));
}

/**
 * The addresses the user signed in from, of their sessions used since `since` (a session keeps
 * the address of its sign-in). At most 200, which a person does not reach in a month.
 */
export async function signInAddressesSince(db: DbOrTx, userId: number, since: Date) {
  const rows = await db
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(
      and(eq(sessions.user_id, userId), gte(sessions.last_seen_at, since), isNotNull(sessions.ip)),
    )
    .limit(200);
  return rows.map((row) => row.ip!);
}
