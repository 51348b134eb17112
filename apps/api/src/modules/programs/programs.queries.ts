import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  institutionPrograms,
  programs,
  promotionStudents,
  promotions,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** A column with its table's name: drizzle leaves single-table columns unqualified, which a correlated sub-select would resolve to its own table. */
const ref = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/**
 * The counts of a program, in the list's own query: promotions of the viewer's institution (all
 * of them for the super-admin) and institutions offering it.
 */
function counts(institutionId: number | null) {
  const mine =
    institutionId === null ? sql`true` : sql`${ref(promotions.institution_id)} = ${institutionId}`;
  return {
    nb_promotions:
      sql<number>`(select count(*) from ${promotions} where ${ref(promotions.program_id)} = ${ref(programs.id)} and ${mine})`.mapWith(
        Number,
      ),
    nb_institutions:
      sql<number>`(select count(*) from ${institutionPrograms} where ${ref(institutionPrograms.program_id)} = ${ref(programs.id)})`.mapWith(
        Number,
      ),
  };
}

const base = {
  id: programs.id,
  name: programs.name,
  sector: programs.sector,
  levels: programs.levels,
  description: programs.description,
  archived_at: programs.archived_at,
};

export async function listPrograms(
  db: DbOrTx,
  scope: SQL,
  institutionId: number | null,
  query: ListQuery,
) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const extra = counts(institutionId);
  const where = and(
    scope,
    query.archived ? isNotNull(programs.archived_at) : isNull(programs.archived_at),
    pattern ? or(ilike(programs.name, pattern), ilike(programs.sector, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...base, ...extra })
      .from(programs)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: programs.name,
            sector: programs.sector,
            created_at: programs.created_at,
            nb_promotions: extra.nb_promotions,
            nb_institutions: extra.nb_institutions,
          },
          [asc(programs.name), asc(programs.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(programs).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function findProgram(db: DbOrTx, id: number, institutionId: number | null) {
  const [row] = await db
    .select({ ...base, ...counts(institutionId) })
    .from(programs)
    .where(eq(programs.id, id));
  return row;
}

/** The program's promotions of the institution (all for the super-admin), with nb_students. */
export async function programPromotions(db: DbOrTx, id: number, institutionId: number | null) {
  return db
    .select({
      id: promotions.id,
      name: promotions.name,
      academic_year: promotions.academic_year,
      level: promotions.level,
      archived_at: promotions.archived_at,
      nb_students:
        sql<number>`(select count(*) from ${promotionStudents} where ${ref(promotionStudents.promotion_id)} = ${ref(promotions.id)})`.mapWith(
          Number,
        ),
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.program_id, id),
        institutionId === null ? undefined : eq(promotions.institution_id, institutionId),
      ),
    )
    .orderBy(desc(promotions.academic_year), asc(promotions.name));
}

/** Inserts a program; answers its id. */
export async function insertProgram(db: DbOrTx, row: typeof programs.$inferInsert) {
  const [inserted] = await db.insert(programs).values(row).returning({ id: programs.id });
  return inserted!.id;
}

/** Changes the columns `set` of program `id`. */
export async function updateProgram(
  db: DbOrTx,
  id: number,
  set: Partial<typeof programs.$inferInsert>,
) {
  await db.update(programs).set(set).where(eq(programs.id, id));
}

export async function deleteProgram(db: DbOrTx, id: number) {
  await db.delete(programs).where(eq(programs.id, id));
}
