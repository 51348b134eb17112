import type { MultipartFile } from '@fastify/multipart';
import type { institutionBody } from '@skolar/shared';
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
import type { DbOrTx } from '../../db/client.ts';
import { saveUpload } from '../../files/uploads.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { type ListQuery, pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import {
  deleteInstitution,
  existingIds,
  findInstitution,
  insertInstitution,
  institutionDependents,
  link,
  listInstitutions,
  listLinked,
  promotionsOfProgramIn,
  unlinkModule,
  unlinkProgram,
  updateInstitution,
} from './institutions.queries.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findInstitution>>>;
type Body = z.output<typeof institutionBody>;

/** An institution with users cannot be deleted. */
const empty = (row: Row, can: RowPermissions) => ({
  ...can,
  delete: can.delete && row.nb_users === 0,
});
const present = (db: DbOrTx, actor: Actor, row: Row) =>
  withPermission(db, actor, 'institution', row, empty);

/** Institutions the actor may list (the super-admin: all of them). */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery) {
  const { rows, total } = await listInstitutions(
    ctx.db,
    can(actor, 'list', 'institution').where,
    query,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'institution', rows, empty), total);
}

/** One institution: the super-admin reads any, an admin only their own (others answer 404). */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'institution', id);
  return present(ctx.db, actor, (await findInstitution(ctx.db, id))!);
}

const values = (body: Body) => ({ ...body, nb_levels: body.levels.length });

export async function create(ctx: AppContext, actor: Actor, body: Body) {
  const id = await insertInstitution(ctx.db, values(body));
  return present(ctx.db, actor, (await findInstitution(ctx.db, id))!);
}

/** Edits an institution; the edit route carries a step-up token (X-Confirm-Token). */
export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<Body>) {
  await requireAccess(ctx.db, actor, 'update', 'institution', id);
  const set = changes({ ...body, nb_levels: body.levels?.length });
  if (set) await updateInstitution(ctx.db, id, set);
  return present(ctx.db, actor, (await findInstitution(ctx.db, id))!);
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'institution', id);
  await audited(
    ctx,
    actor,
    { ...archiveEvent('institution', id, archived), institutionId: id },
    (tx) => updateInstitution(tx, id, { archived_at: archived ? ctx.clock.now() : null }),
  );
  return present(ctx.db, actor, (await findInstitution(ctx.db, id))!);
}

/** Deletes an institution nobody depends on; with users or promotions it answers 409. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'institution', id);
  const dependents = await institutionDependents(ctx.db, id);
  if (dependents.users > 0 || dependents.promotions > 0) {
    throw conflict('manage.conflict.institutionInUse');
  }
  await audited(ctx, actor, { ...deleteEvent('institution', id), institutionId: id }, (tx) =>
    deleteInstitution(tx, id),
  );
}

/** Uploads the institution's logo (an image, re-encoded) and links it. */
export async function uploadLogo(ctx: AppContext, actor: Actor, id: number, part: MultipartFile) {
  await requireAccess(ctx.db, actor, 'update', 'institution', id);
  return ctx.db.transaction(async (tx) => {
    const file = await saveUpload(ctx, tx, {
      kind: 'institution/logo',
      ownerId: actor.userId,
      institutionId: id,
      part,
    });
    await updateInstitution(tx, id, { logo_link: file.url });
    return file;
  });
}

type Relation = 'programs' | 'modules';

/**
 * The institution must be in the actor's scope. Who may manage which relation (programs: the
 * super-admin; modules: the admin of the institution and the super-admin) is the route's access.
 */
async function requireRelationAccess(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'institution', id);
}

/** The programs or modules of the catalogue, each with whether the institution has it. */
export async function listRelation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: Relation,
  query: ListQuery,
) {
  await requireRelationAccess(ctx, actor, id);
  const { rows, total } = await listLinked(ctx.db, kind, id, query);
  return pageOf(query, rows, total);
}

/** Assigns programs or modules to the institution (those already assigned stay). */
export async function assign(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: Relation,
  ids: number[],
) {
  await requireRelationAccess(ctx, actor, id);
  const unique = [...new Set(ids)];
  const known = await existingIds(ctx.db, kind, unique);
  const unknown = unique.filter((value) => !known.has(value));
  if (unknown.length > 0) throw validationFailed({ ids: ['errors.not_found'] });
  await link(ctx.db, kind, id, unique);
  return { assigned: unique.length };
}

/** Dissociates a program (refused while promotions of the institution use it) or a module. */
export async function dissociate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: Relation,
  entryId: number,
) {
  await requireRelationAccess(ctx, actor, id);
  if (kind === 'programs') {
    if ((await promotionsOfProgramIn(ctx.db, id, entryId)) > 0)
      throw conflict('manage.conflict.programHasPromotions');
    if (!(await unlinkProgram(ctx.db, id, entryId))) throw notFound();
    return;
  }
  if (!(await unlinkModule(ctx.db, id, entryId))) throw notFound();
}
