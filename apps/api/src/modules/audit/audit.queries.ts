import type { AuditFilters } from '@skolar/shared';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One page of the audit log within `scope` (the policy's), newest first, filtered by actor,
 * action, entity, days and a text found in the actor's label, the action, the entity or the
 * row's before/after; and how many rows match.
 */
export async function auditPage(
  db: DbOrTx,
  scope: SQL,
  query: { page: number; per_page: number; q?: string } & AuditFilters,
) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    scope,
    query.actor_id ? eq(auditLog.actor_id, query.actor_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.from ? gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)) : undefined,
    pattern
      ? or(
          ilike(auditLog.actor_label, pattern),
          ilike(auditLog.action, pattern),
          ilike(auditLog.entity, pattern),
          ilike(sql`coalesce(${auditLog.before}::text, '')`, pattern),
          ilike(sql`coalesce(${auditLog.after}::text, '')`, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total!.total };
}
