import type { PromotionBody } from '@skolar/shared';
import { archiveEvent, audited, deleteEvent, record } from '../../audit/audit.ts';
import { can, requireAccess, withPermission, withPermissions } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import { splitOptions } from '../students/people.service.ts';
import {
  archivedUsersAmong,
  deletePromotion,
  dependantsOfPromotion,
  insertPromotion,
  linkPeople,
  listPromotions,
  PEOPLE_LINKS,
  type PeopleKind,
  peopleOptions,
  programAndLevelOf,
  programLevels,
  programOptionsIn,
  promotionById,
  removeFromPromotionGroups,
  unlinkPerson,
  updatePromotion,
} from './promotions.queries.ts';

type Row = Awaited<ReturnType<typeof promotionById>>;
const present = (db: DbOrTx, actor: Actor, row: Row) => withPermission(db, actor, 'promotion', row);

export async function list(ctx: AppContext, actor: Actor, query: ListQuery, programId?: number) {
  const { rows, total } = await listPromotions(
    ctx.db,
    can(actor, 'list', 'promotion').where,
    query,
    programId,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'promotion', rows), total);
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'promotion', id);
  return present(ctx.db, actor, await promotionById(ctx.db, id));
}

/** The program must be offered by the institution, and the level one of the program's. */
async function checkProgram(
  ctx: AppContext,
  actor: Actor,
  body: Pick<PromotionBody, 'program_id' | 'level'>,
) {
  await requireAccess(ctx.db, actor, 'read', 'program', body.program_id);
  const program = await programLevels(ctx.db, body.program_id);
  if (program && program.levels.length > 0 && !program.levels.includes(body.level.trim())) {
    throw validationFailed({ level: ['cohorts.level_unknown'] });
  }
}

export async function create(ctx: AppContext, actor: Actor, body: PromotionBody) {
  if (actor.institutionId === null) throw notFound();
  await checkProgram(ctx, actor, body);
  const id = await insertPromotion(ctx.db, { ...body, institution_id: actor.institutionId });
  return present(ctx.db, actor, await promotionById(ctx.db, id));
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: Partial<PromotionBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'promotion', id);
  const set = changes(body);
  if (set) {
    // The level must exist in the program: checked on the promotion as it will be.
    const current = await programAndLevelOf(ctx.db, id);
    await checkProgram(ctx, actor, { ...current, ...set });
    await updatePromotion(ctx.db, id, set);
  }
  return present(ctx.db, actor, await promotionById(ctx.db, id));
}

/** Refused with 409 while students or trainings depend on the promotion: archive it instead. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'promotion', id);
  await ctx.db.transaction(async (tx) => {
    if ((await dependantsOfPromotion(tx, id)) > 0) throw conflict('cohorts.promotion_in_use');
    await deletePromotion(tx, id);
    await record(tx, ctx, actor, deleteEvent('promotion', id));
  });
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'promotion', id);
  await audited(ctx, actor, archiveEvent('promotion', id, archived), (tx) =>
    updatePromotion(tx, id, { archived_at: archived ? ctx.clock.now() : null }),
  );
  return present(ctx.db, actor, await promotionById(ctx.db, id));
}

/** `/:id/promotion-student/:promotionId` and `/promotion-teacher/`: assigned people and others. */
export async function people(ctx: AppContext, actor: Actor, id: number, kind: PeopleKind) {
  await requireAccess(ctx.db, actor, 'assign', 'promotion', id);
  const promotion = await promotionById(ctx.db, id);
  const rows = await peopleOptions(
    ctx.db,
    kind,
    id,
    can(actor, 'read', PEOPLE_LINKS[kind].entity).where,
  );
  return splitOptions({ id, label: `${promotion.name} (${promotion.academic_year})` }, rows);
}

/** Set-based: one person outside the institution fails the whole request (404), nothing changes. */
export async function assignPeople(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: PeopleKind,
  ids: number[],
) {
  await requireAccess(ctx.db, actor, 'assign', 'promotion', id);
  await requireAccess(ctx.db, actor, 'assign', PEOPLE_LINKS[kind].entity, ids);
  const archived = await archivedUsersAmong(ctx.db, ids);
  if (archived.length > 0) throw notFound();
  await linkPeople(ctx.db, kind, id, ids);
  return people(ctx, actor, id, kind);
}

export async function dissociate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: PeopleKind,
  personId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'promotion', id);
  await ctx.db.transaction(async (tx) => {
    if (!(await unlinkPerson(tx, kind, id, personId))) throw notFound();
    // A student who leaves the promotion leaves its groups too.
    if (kind === 'students') {
      await removeFromPromotionGroups(tx, personId, id);
    }
  });
}

/** The programs offered by the institution, for the promotion form. */
export async function programOptions(ctx: AppContext, actor: Actor) {
  return programOptionsIn(ctx.db, can(actor, 'read', 'program').where);
}
