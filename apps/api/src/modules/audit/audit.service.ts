import type { AuditFilters } from '@skolar/shared';
import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { authorize, can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { ListQuery } from '../../http/pagination.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `GET /api/audit`: the rows of the audit log the actor may read (an admin their institution's,
 * the super-admin every row), newest first, filtered by actor, action, entity, days and a text
 * found in the actor's label, the action, the entity or the row's before/after.
 */
export async function list(
  ctx: AppContext,
  actor: Actor,
  query: Pick<ListQuery, 'page' | 'per_page' | 'q'> & AuditFilters,
) {
  authorize(actor, 'list', 'audit');
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    can(actor, 'list', 'audit').where,
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
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { data: rows, meta: { page: query.page, per_page: query.per_page, total: total!.total } };
}
