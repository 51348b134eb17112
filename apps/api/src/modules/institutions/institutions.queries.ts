import { and, asc, count, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { institutions } from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** One page of institutions matching the scope, the search text and the archived filter. */
export async function listInstitutions(db: DbOrTx, scope: SQL, query: ListQuery) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(institutions.archived_at) : isNull(institutions.archived_at),
    pattern
      ? or(ilike(institutions.name, pattern), ilike(institutions.diminutive, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(institutions)
      .where(where)
      .orderBy(
        ...orderFrom(query.sort, { name: institutions.name, created_at: institutions.created_at }, [
          asc(institutions.name),
          asc(institutions.id),
        ]),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(institutions).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
