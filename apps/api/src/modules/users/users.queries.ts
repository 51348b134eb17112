import { idText, ROLES } from '@skolar/shared';
import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, users } from '../../db/schema/index.ts';
import { listQuery, orderFrom } from '../../http/pagination.ts';

/** The users list adds a role and an institution filter to the common list parameters. */
export const userListQuery = listQuery.extend({
  role: z.enum(ROLES).optional(),
  institution_id: idText.optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** A user row as lists show it: role flattened to its name, institution to its name and colour. */
const columns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  role: users.role,
  gender: users.gender,
  phone: users.phone,
  picture_link: users.picture_link,
  locale: users.locale,
  institution_id: users.institution_id,
  institution: institutions.name,
  institution_color_code: institutions.color_code,
  email_verified_at: users.email_verified_at,
  archived_at: users.archived_at,
};

export async function listUsers(db: DbOrTx, scope: SQL, query: UserListQuery) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(users.archived_at) : isNull(users.archived_at),
    query.role ? eq(users.role, query.role) : undefined,
    query.institution_id ? eq(users.institution_id, query.institution_id) : undefined,
    pattern
      ? or(
          ilike(users.first_name, pattern),
          ilike(users.last_name, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.first_name} || ' ' || ${users.last_name}`, pattern),
          ilike(institutions.name, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(institutions, eq(institutions.id, users.institution_id))
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: users.last_name,
            first_name: users.first_name,
            email: users.email,
            role: users.role,
            institution: institutions.name,
            created_at: users.created_at,
          },
          [asc(users.last_name), asc(users.first_name), asc(users.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(institutions, eq(institutions.id, users.institution_id))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(eq(users.id, id));
  return row;
}

/** Another account already using the address (case-insensitive), if any. */
export async function emailOwner(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id;
}

export async function institutionExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.id, id));
  return Boolean(row);
}

/** Creates an account; answers its row. */
export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert) {
  const [inserted] = await db.insert(users).values(row).returning();
  return inserted!;
}

/** Changes the columns `set` of user `id`. */
export async function updateUser(db: DbOrTx, id: number, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, id));
}

/** The institution of a user (null for none), or undefined when there is no such user. */
export async function institutionOfUser(db: DbOrTx, id: number) {
  const [person] = await db
    .select({ institution_id: users.institution_id })
    .from(users)
    .where(eq(users.id, id));
  return person;
}

/** Deletes an account; answers its row as it was, or undefined. */
export async function deleteUser(db: DbOrTx, id: number) {
  const [before] = await db.delete(users).where(eq(users.id, id)).returning();
  return before;
}
