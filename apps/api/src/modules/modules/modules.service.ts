import type { moduleBody } from '@skolar/shared';
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
import { conflict, notFound } from '../../http/errors.ts';
import { type ListQuery, pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import {
  deleteModule,
  findModule,
  insertModule,
  linkSubjects,
  listModuleSubjects,
  listModules,
  unlinkSubject,
  updateModule,
} from './modules.queries.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findModule>>>;
type Body = z.output<typeof moduleBody>;

/** A module some training uses cannot be deleted. */
const unused = (row: Row, can: RowPermissions) => ({
  ...can,
  delete: can.delete && row.nb_trainings === 0,
});

// The platform's account has no institution (null: counts over every institution).
const viewerInstitution = (actor: Actor) => actor.institutionId;

/** The super-admin sees every module; an admin (or super-teacher) those of their institution. */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery) {
  const { rows, total } = await listModules(
    ctx.db,
    can(actor, 'list', 'module').where,
    viewerInstitution(actor),
    query,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'module', rows, unused), total);
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'module', id);
  const row = (await findModule(ctx.db, id, viewerInstitution(actor)))!;
  return withPermission(ctx.db, actor, 'module', row, unused);
}

export async function create(ctx: AppContext, actor: Actor, body: Body) {
  const id = await insertModule(ctx.db, body);
  return read(ctx, actor, id);
}

export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<Body>) {
  await requireAccess(ctx.db, actor, 'update', 'module', id);
  const set = changes(body);
  if (set) await updateModule(ctx.db, id, set);
  return read(ctx, actor, id);
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'module', id);
  await audited(ctx, actor, archiveEvent('module', id, archived), (tx) =>
    updateModule(tx, id, { archived_at: archived ? ctx.clock.now() : null }),
  );
  return read(ctx, actor, id);
}

/** Deletes a module no training uses (409 otherwise: archive it instead). */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'module', id);
  const row = await findModule(ctx.db, id, null);
  if ((row?.nb_trainings ?? 0) > 0) throw conflict('manage.conflict.moduleInUse');
  await audited(ctx, actor, deleteEvent('module', id), (tx) => deleteModule(tx, id));
}

/** `/module-subject/:moduleId`: subjects the viewer may link, with whether the module has them. */
export async function listSubjects(ctx: AppContext, actor: Actor, id: number, query: ListQuery) {
  await requireAccess(ctx.db, actor, 'assign', 'module', id);
  const { rows, total } = await listModuleSubjects(
    ctx.db,
    id,
    can(actor, 'read', 'subject').where,
    query,
  );
  return pageOf(query, rows, total);
}

/** Links subjects (of the viewer's institution) to the module; those already linked stay. */
export async function assignSubjects(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'module', id);
  const unique = [...new Set(ids)];
  await requireAccess(ctx.db, actor, 'assign', 'subject', unique);
  await linkSubjects(ctx.db, id, unique);
  return { assigned: unique.length };
}

export async function dissociateSubject(
  ctx: AppContext,
  actor: Actor,
  id: number,
  subjectId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'module', id);
  await requireAccess(ctx.db, actor, 'assign', 'subject', subjectId);
  const removed = await unlinkSubject(ctx.db, id, subjectId);
  if (removed.length === 0) throw notFound();
}
