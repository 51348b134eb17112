import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { institutions, sessions, users } from '../../db/schema/index.ts';

/** The account behind an e-mail address, case-insensitively. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
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
