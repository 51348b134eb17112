import type { MultipartFile } from '@fastify/multipart';
import type { NewSeminarBody, SeminarBody } from '@skolar/shared';
import { archiveEvent, audited, deleteEvent } from '../../audit/audit.ts';
import {
  can,
  requireAccess,
  seminarPromotions,
  withPermission,
  withPermissions,
} from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { saveUpload } from '../../files/uploads.ts';
import { notFound } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import {
  deleteSeminar,
  episodesOf,
  insertSeminar,
  listSeminars,
  promotionIn,
  seminarById,
  seminarsIn,
  setSeminarArchived,
  updateSeminar,
} from './seminars.queries.ts';

const present = async (db: DbOrTx, actor: Actor, id: number) =>
  withPermission(db, actor, 'seminar', await seminarById(db, id));

/**
 * A promotion the actor sees (the super-admin: any institution's), through the promotion's own
 * scope without its grant: the seminars of a promotion are the seminars' business. 404 otherwise.
 */
async function promotionInScope(db: DbOrTx, actor: Actor, id: number) {
  const promotion = await promotionIn(db, id, can(actor, 'read', 'promotion').where);
  if (!promotion) throw notFound();
  return promotion;
}

/** Seminars in the actor's scope, optionally of one promotion (404 when it is not in scope). */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery, promotionId?: number) {
  if (promotionId !== undefined) await promotionInScope(ctx.db, actor, promotionId);
  const { rows, total } = await listSeminars(
    ctx.db,
    can(actor, 'list', 'seminar').where,
    query,
    promotionId,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'seminar', rows), total);
}

/** The seminar with its episodes in the order they take place. */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'seminar', id);
  const [row, episodeRows] = await Promise.all([
    present(ctx.db, actor, id),
    episodesOf(ctx.db, [id]),
  ]);
  return { ...row, episodes: await withPermissions(ctx.db, actor, 'episode', episodeRows) };
}

/**
 * A seminar of a promotion the actor may add seminars to (a super-teacher: one assigned to them);
 * any other promotion, another institution's included, is 404.
 */
export async function create(ctx: AppContext, actor: Actor, body: NewSeminarBody) {
  const promotion = await promotionIn(ctx.db, body.promotion_id, seminarPromotions(actor));
  if (!promotion) throw notFound();
  const id = await insertSeminar(ctx.db, {
    institution_id: promotion.institution_id,
    promotion_id: body.promotion_id,
    title: body.title,
    description: body.description ?? '',
    visibility: body.visibility ?? 'private',
  });
  return present(ctx.db, actor, id);
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: Partial<SeminarBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'seminar', id);
  const set = changes({
    title: body.title,
    description: body.description,
    visibility: body.visibility,
  });
  if (set) await updateSeminar(ctx.db, id, set);
  return present(ctx.db, actor, id);
}

/** Its episodes and their resources go with it; the syllabus file stays for its uploader. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'seminar', id);
  await audited(ctx, actor, deleteEvent('seminar', id), (tx) => deleteSeminar(tx, id));
}

/** An archived seminar leaves the lists, the student's space and the public catalogue. */
export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'seminar', id);
  await audited(ctx, actor, archiveEvent('seminar', id, archived), (tx) =>
    setSeminarArchived(tx, id, archived ? ctx.clock.now() : null),
  );
  return present(ctx.db, actor, id);
}

/** Stores the syllabus PDF through the files adapter (415 otherwise) and links it. */
export async function setSyllabus(ctx: AppContext, actor: Actor, id: number, part: MultipartFile) {
  await requireAccess(ctx.db, actor, 'update', 'seminar', id);
  const seminar = await seminarById(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const saved = await saveUpload(ctx, tx, {
      kind: 'seminar/syllabus',
      ownerId: actor.userId,
      institutionId: seminar.institution_id,
      part,
    });
    await updateSeminar(tx, id, { syllabus_file_id: saved.id });
  });
  return present(ctx.db, actor, id);
}

/**
 * The student's seminars: those of their promotions, not archived, each with its next episode
 * (the first that has not ended by the server's clock). Staff get the seminars of their scope.
 */
export async function mine(ctx: AppContext, actor: Actor) {
  const rows = await seminarsIn(ctx.db, can(actor, 'list', 'seminar').where);
  const coming = await episodesOf(
    ctx.db,
    rows.map((row) => row.id),
    ctx.clock.now(),
  );
  return rows.map((row) => ({
    ...row,
    next_episode: coming.find((episode) => episode.seminar_id === row.id) ?? null,
  }));
}
