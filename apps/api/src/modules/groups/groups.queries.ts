import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groupStudents, groupSubjects, groups, promotions } from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"groups"."id"');

const nbStudents = sql<number>`(select count(*)::int from ${groupStudents} where ${groupStudents.group_id} = ${outerId})`;
const nbSubjects = sql<number>`(select count(*)::int from ${groupSubjects} where ${groupSubjects.group_id} = ${outerId})`;

const groupColumns = {
  id: groups.id,
  institution_id: groups.institution_id,
  promotion_id: groups.promotion_id,
  promotion_name: promotions.name,
  program_id: promotions.program_id,
  academic_year: promotions.academic_year,
  name: groups.name,
  created_at: groups.created_at,
  archived_at: groups.archived_at,
  nb_students: nbStudents,
  nb_subjects: nbSubjects,
};

export async function listGroups(db: DbOrTx, scope: SQL, query: ListQuery, promotionId?: number) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(groups.archived_at) : isNull(groups.archived_at),
    promotionId === undefined ? undefined : eq(groups.promotion_id, promotionId),
    pattern ? or(ilike(groups.name, pattern), ilike(promotions.name, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: groups.name,
            promotion_name: promotions.name,
            nb_students: nbStudents,
            nb_subjects: nbSubjects,
          },
          [asc(promotions.name), asc(groups.name), asc(groups.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(groups)
      .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function groupById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
    .where(eq(groups.id, id));
  return row!;
}
