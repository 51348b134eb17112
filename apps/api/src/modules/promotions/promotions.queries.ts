import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  groups,
  programs,
  promotionStudents,
  promotions,
  promotionTeachers,
  trainings,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"promotions"."id"');

const nbStudents = sql<number>`(select count(*)::int from ${promotionStudents} where ${promotionStudents.promotion_id} = ${outerId})`;
const nbTeachers = sql<number>`(select count(*)::int from ${promotionTeachers} where ${promotionTeachers.promotion_id} = ${outerId})`;
const nbTrainings = sql<number>`(select count(*)::int from ${trainings} where ${trainings.promotion_id} = ${outerId} and ${trainings.archived_at} is null)`;
const nbGroups = sql<number>`(select count(*)::int from ${groups} where ${groups.promotion_id} = ${outerId} and ${groups.archived_at} is null)`;

const promotionColumns = {
  id: promotions.id,
  institution_id: promotions.institution_id,
  program_id: promotions.program_id,
  program_name: programs.name,
  name: promotions.name,
  academic_year: promotions.academic_year,
  level: promotions.level,
  created_at: promotions.created_at,
  archived_at: promotions.archived_at,
  nb_students: nbStudents,
  nb_teachers: nbTeachers,
  nb_trainings: nbTrainings,
  nb_groups: nbGroups,
};

/** One page of promotions with their counts, computed by sub-selects of the same query. */
export async function listPromotions(db: DbOrTx, scope: SQL, query: ListQuery, programId?: number) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(promotions.archived_at) : isNull(promotions.archived_at),
    programId === undefined ? undefined : eq(promotions.program_id, programId),
    pattern
      ? or(
          ilike(promotions.name, pattern),
          ilike(promotions.academic_year, pattern),
          ilike(promotions.level, pattern),
          ilike(programs.name, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(promotionColumns)
      .from(promotions)
      .innerJoin(programs, eq(programs.id, promotions.program_id))
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: promotions.name,
            academic_year: promotions.academic_year,
            level: promotions.level,
            program_name: programs.name,
            nb_students: nbStudents,
            nb_trainings: nbTrainings,
          },
          [sql`${promotions.academic_year} desc`, asc(promotions.name), asc(promotions.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(promotions)
      .innerJoin(programs, eq(programs.id, promotions.program_id))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function promotionById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(promotionColumns)
    .from(promotions)
    .innerJoin(programs, eq(programs.id, promotions.program_id))
    .where(eq(promotions.id, id));
  return row!;
}
