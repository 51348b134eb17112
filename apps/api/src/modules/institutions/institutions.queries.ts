import {
  and,
  asc,
  count,
  eq,
  getTableName,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  institutionModules,
  institutionPrograms,
  institutions,
  modules,
  programs,
  promotions,
  users,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** A column with its table's name: drizzle leaves single-table columns unqualified, which a correlated sub-select would resolve to its own table. */
const ref = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/** Counts computed in the list's own query (one sub-select per column, never per row in JS). */
const nbUsers =
  sql<number>`(select count(*) from ${users} where ${ref(users.institution_id)} = ${ref(institutions.id)})`.mapWith(
    Number,
  );
const nbPrograms =
  sql<number>`(select count(*) from ${institutionPrograms} where ${ref(institutionPrograms.institution_id)} = ${ref(institutions.id)})`.mapWith(
    Number,
  );
const nbPromotions =
  sql<number>`(select count(*) from ${promotions} where ${ref(promotions.institution_id)} = ${ref(institutions.id)})`.mapWith(
    Number,
  );

const columns = {
  id: institutions.id,
  name: institutions.name,
  diminutive: institutions.diminutive,
  kind: institutions.kind,
  color_code: institutions.color_code,
  logo_link: institutions.logo_link,
  url: institutions.url,
  address: institutions.address,
  email: institutions.email,
  phone: institutions.phone,
  nb_levels: institutions.nb_levels,
  levels: institutions.levels,
  timezone: institutions.timezone,
  mfa_required_for_staff: institutions.mfa_required_for_staff,
  archived_at: institutions.archived_at,
  nb_users: nbUsers,
  nb_programs: nbPrograms,
};

/** One page of institutions matching the scope, the search text and the archived filter. */
export async function listInstitutions(db: DbOrTx, scope: SQL, query: ListQuery) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(institutions.archived_at) : isNull(institutions.archived_at),
    pattern
      ? or(
          ilike(institutions.name, pattern),
          ilike(institutions.diminutive, pattern),
          ilike(institutions.email, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(institutions)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: institutions.name,
            diminutive: institutions.diminutive,
            kind: institutions.kind,
            created_at: institutions.created_at,
            nb_users: nbUsers,
            nb_programs: nbPrograms,
          },
          [asc(institutions.name), asc(institutions.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(institutions).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function findInstitution(db: DbOrTx, id: number) {
  const [row] = await db.select(columns).from(institutions).where(eq(institutions.id, id));
  return row;
}

/** How many users and promotions depend on the institution. */
export async function institutionDependents(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ users: nbUsers, promotions: nbPromotions })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row ?? { users: 0, promotions: 0 };
}

/**
 * The catalogue of a relation (programs or modules) with, for each entry, whether the
 * institution has it; linked entries first, then by name.
 */
export async function listLinked(
  db: DbOrTx,
  kind: 'programs' | 'modules',
  institutionId: number,
  query: ListQuery,
) {
  const table = kind === 'programs' ? programs : modules;
  const assigned =
    kind === 'programs'
      ? sql<boolean>`exists (select 1 from ${institutionPrograms} where ${ref(institutionPrograms.institution_id)} = ${institutionId} and ${ref(institutionPrograms.program_id)} = ${ref(programs.id)})`
      : sql<boolean>`exists (select 1 from ${institutionModules} where ${ref(institutionModules.institution_id)} = ${institutionId} and ${ref(institutionModules.module_id)} = ${ref(modules.id)})`;
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    query.archived ? isNotNull(table.archived_at) : isNull(table.archived_at),
    pattern ? ilike(table.name, pattern) : undefined,
  );
  const order = orderFrom(query.sort, { name: table.name, assigned }, [
    sql`${assigned} desc`,
    asc(table.name),
    asc(table.id),
  ]);
  const offset = (query.page - 1) * query.per_page;
  const rows =
    kind === 'programs'
      ? await db
          .select({
            id: programs.id,
            name: programs.name,
            sector: programs.sector,
            levels: programs.levels,
            hourly_volume: sql<number | null>`null`,
            assigned,
          })
          .from(programs)
          .where(where)
          .orderBy(...order)
          .limit(query.per_page)
          .offset(offset)
      : await db
          .select({
            id: modules.id,
            name: modules.name,
            sector: sql<string | null>`null`,
            levels: sql<string[] | null>`null`,
            hourly_volume: modules.hourly_volume,
            assigned,
          })
          .from(modules)
          .where(where)
          .orderBy(...order)
          .limit(query.per_page)
          .offset(offset);
  const [total] = await db.select({ total: count() }).from(table).where(where);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Links the entries to the institution (already linked ones are kept). */
export async function link(
  db: DbOrTx,
  kind: 'programs' | 'modules',
  institutionId: number,
  ids: number[],
) {
  if (ids.length === 0) return;
  if (kind === 'programs') {
    await db
      .insert(institutionPrograms)
      .values(ids.map((program_id) => ({ institution_id: institutionId, program_id })))
      .onConflictDoNothing();
  } else {
    await db
      .insert(institutionModules)
      .values(ids.map((module_id) => ({ institution_id: institutionId, module_id })))
      .onConflictDoNothing();
  }
}

/** Ids among `ids` that exist in the catalogue and are not archived. */
export async function existingIds(db: DbOrTx, kind: 'programs' | 'modules', ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const table = kind === 'programs' ? programs : modules;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), isNull(table.archived_at)));
  return new Set(rows.map((row) => row.id));
}

/** Inserts an institution; answers its id. */
export async function insertInstitution(db: DbOrTx, row: typeof institutions.$inferInsert) {
  const [inserted] = await db.insert(institutions).values(row).returning({ id: institutions.id });
  return inserted!.id;
}

/** Changes the columns `set` of institution `id`. */
export async function updateInstitution(
  db: DbOrTx,
  id: number,
  set: Partial<typeof institutions.$inferInsert>,
) {
  await db.update(institutions).set(set).where(eq(institutions.id, id));
}

export async function deleteInstitution(db: DbOrTx, id: number) {
  await db.delete(institutions).where(eq(institutions.id, id));
}

/** How many promotions of the institution follow the program. */
export async function promotionsOfProgramIn(db: DbOrTx, institutionId: number, programId: number) {
  const [used] = await db
    .select({ n: count() })
    .from(promotions)
    .where(and(eq(promotions.institution_id, institutionId), eq(promotions.program_id, programId)));
  return Number(used?.n ?? 0);
}

/** Takes a program from the institution; answers whether it had it. */
export async function unlinkProgram(db: DbOrTx, institutionId: number, programId: number) {
  const removed = await db
    .delete(institutionPrograms)
    .where(
      and(
        eq(institutionPrograms.institution_id, institutionId),
        eq(institutionPrograms.program_id, programId),
      ),
    )
    .returning();
  return removed.length > 0;
}

/** Takes a module from the institution; answers whether it had it. */
export async function unlinkModule(db: DbOrTx, institutionId: number, moduleId: number) {
  const removed = await db
    .delete(institutionModules)
    .where(
      and(
        eq(institutionModules.institution_id, institutionId),
        eq(institutionModules.module_id, moduleId),
      ),
    )
    .returning();
  return removed.length > 0;
}
