import type { programBody } from '@skolar/shared';
import type { z } from 'zod';
import { archiveEvent, audited, deleteEvent } from '../../audit/audit.ts';
import {
  can,
  type RowPermissions,
  requireAccess,
  withPermission,
  withPermissions,
} from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { conflict } from '../../http/errors.ts';
import { type ListQuery, pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import {
  deleteProgram,
  findProgram,
  insertProgram,
  listPrograms,
  programPromotions,
  updateProgram,
} from './programs.queries.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findProgram>>>;
type Body = z.output<typeof programBody>;

/** A program some promotion uses cannot be deleted. */
const unused = (row: Row, can: RowPermissions) => ({
  ...can,
  delete: can.delete && row.nb_promotions === 0,
});

/** The super-admin sees every program; an admin or super-teacher those of their institution. */
// The platform's account has no institution (null: counts over every institution).
const viewerInstitution = (actor: Actor) => actor.institutionId;

export async function list(ctx: AppContext, actor: Actor, query: ListQuery) {
  const { rows, total } = await listPrograms(
    ctx.db,
    can(actor, 'list', 'program').where,
    viewerInstitution(actor),
    query,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'program', rows, unused), total);
}

/** A program with its promotions of the viewer's institution. */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'program', id);
  const institutionId = viewerInstitution(actor);
  const row = (await findProgram(ctx.db, id, institutionId))!;
  return {
    ...(await withPermission(ctx.db, actor, 'program', row, unused)),
    promotions: await programPromotions(ctx.db, id, institutionId),
  };
}

export async function create(ctx: AppContext, actor: Actor, body: Body) {
  const id = await insertProgram(ctx.db, body);
  return read(ctx, actor, id);
}

/** Edits a program; the edit route carries a step-up token (X-Confirm-Token). */
export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<Body>) {
  await requireAccess(ctx.db, actor, 'update', 'program', id);
  const set = changes(body);
  if (set) await updateProgram(ctx.db, id, set);
  return read(ctx, actor, id);
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'program', id);
  await audited(ctx, actor, archiveEvent('program', id, archived), (tx) =>
    updateProgram(tx, id, { archived_at: archived ? ctx.clock.now() : null }),
  );
  return read(ctx, actor, id);
}

/** Deletes a program no promotion uses (409 otherwise: archive it instead). */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'program', id);
  const row = await findProgram(ctx.db, id, null);
  if ((row?.nb_promotions ?? 0) > 0) throw conflict('manage.conflict.programInUse');
  await audited(ctx, actor, deleteEvent('program', id), (tx) => deleteProgram(tx, id));
}
