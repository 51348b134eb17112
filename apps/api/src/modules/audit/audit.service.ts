import type { AuditFilters } from '@skolar/shared';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { type ListQuery, pageOf } from '../../http/pagination.ts';
import { auditPage } from './audit.queries.ts';

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
  const { rows, total } = await auditPage(ctx.db, can(actor, 'list', 'audit').where, query);
  return pageOf(query, rows, total);
}
