import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, users } from '../../db/schema/index.ts';

/** The account behind an e-mail address, case-insensitively. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user;
}

/** The user with their institution's public fields. */
export async function findUserWithInstitution(db: DbOrTx, userId: number) {
  const [row] = await db
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
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function recordLogin(db: DbOrTx, userId: number, at: Date) {
  await db.update(users).set({ last_login_at: at }).where(eq(users.id, userId));
}
