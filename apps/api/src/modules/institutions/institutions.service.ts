import { eq } from 'drizzle-orm';
import { roleMay } from '../../auth/grants.ts';
import { authorize, requireAccess, scopeOf } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { institutions } from '../../db/schema/index.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { listInstitutions } from './institutions.queries.ts';

type Institution = typeof institutions.$inferSelect;

function present(actor: Actor, row: Institution) {
  return {
    ...row,
    can: {
      update: roleMay(actor.role, 'update', 'institution'),
      delete: roleMay(actor.role, 'delete', 'institution'),
      archive: roleMay(actor.role, 'archive', 'institution'),
    },
  };
}

/** Institutions the actor may list (the super-admin: all of them). */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery) {
  authorize(actor, 'list', 'institution');
  const { rows, total } = await listInstitutions(
    ctx.db,
    scopeOf(actor, 'institution').where,
    query,
  );
  return {
    data: rows.map((row) => present(actor, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** One institution: the super-admin reads any, an admin only their own (others answer 404). */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'institution', id);
  const [row] = await ctx.db.select().from(institutions).where(eq(institutions.id, id));
  return present(actor, row!);
}
