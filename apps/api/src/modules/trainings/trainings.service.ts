import type { MultipartFile } from '@fastify/multipart';
import type { NewTrainingBody, TrainingBody } from '@skolar/shared';
import { archiveEvent, audited, deleteEvent, record } from '../../audit/audit.ts';
import { can, requireAccess, withPermission, withPermissions } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { saveUpload } from '../../files/uploads.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import { splitOptions } from '../students/people.service.ts';
import {
  addTrainingModules,
  deleteTraining,
  evaluationCountOf,
  insertTraining,
  listTrainings,
  moduleOptions,
  promotionForTraining,
  removeTrainingModule,
  trainingById,
  trainingContent,
  updateTraining,
} from './trainings.queries.ts';

type Row = Awaited<ReturnType<typeof trainingById>>;
const present = (db: DbOrTx, actor: Actor, row: Row) => withPermission(db, actor, 'training', row);

/** Trainings in the actor's scope; the super-admin's 'courses' list shows every institution's. */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery, promotionId?: number) {
  if (promotionId !== undefined)
    await requireAccess(ctx.db, actor, 'read', 'promotion', promotionId);
  const { rows, total } = await listTrainings(
    ctx.db,
    can(actor, 'list', 'training').where,
    query,
    promotionId,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'training', rows), total);
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'training', id);
  const [row, content] = await Promise.all([trainingById(ctx.db, id), trainingContent(ctx.db, id)]);
  return { ...(await present(ctx.db, actor, row)), ...content };
}

/** A training of a promotion of the institution; its program label is the promotion's program. */
export async function create(ctx: AppContext, actor: Actor, body: NewTrainingBody) {
  await requireAccess(ctx.db, actor, 'update', 'promotion', body.promotion_id);
  const promotion = await promotionForTraining(ctx.db, body.promotion_id);
  const id = await insertTraining(ctx.db, {
    institution_id: promotion.institution_id,
    promotion_id: body.promotion_id,
    program: promotion.program,
    title: body.title,
    level: body.level,
    description: body.description ?? '',
    total_hours: Number(body.total_hours ?? 0),
    visibility: body.visibility ?? 'private',
    attendance_threshold: body.attendance_threshold ?? null,
  });
  return present(ctx.db, actor, await trainingById(ctx.db, id));
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: Partial<TrainingBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'training', id);
  const set = changes({
    title: body.title,
    level: body.level,
    description: body.description,
    total_hours: body.total_hours === undefined ? undefined : Number(body.total_hours),
    visibility: body.visibility,
    attendance_threshold: body.attendance_threshold,
  });
  if (set) await updateTraining(ctx.db, id, set);
  return present(ctx.db, actor, await trainingById(ctx.db, id));
}

/** Refused with 409 while evaluations depend on the training: archive it instead. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'training', id);
  await ctx.db.transaction(async (tx) => {
    if ((await evaluationCountOf(tx, id)) > 0) throw conflict('cohorts.training_in_use');
    await deleteTraining(tx, id);
    await record(tx, ctx, actor, deleteEvent('training', id));
  });
}

/** An archived training leaves the public catalogue; unarchiving brings it back if public. */
export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'training', id);
  await audited(ctx, actor, archiveEvent('training', id, archived), (tx) =>
    updateTraining(tx, id, { archived_at: archived ? ctx.clock.now() : null }),
  );
  return present(ctx.db, actor, await trainingById(ctx.db, id));
}

/** Modules to training: the training's modules and the institution's other modules. */
export async function modulesOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'training', id);
  const training = await trainingById(ctx.db, id);
  const rows = await moduleOptions(ctx.db, id, can(actor, 'read', 'module').where);
  return splitOptions({ id, label: training.title }, rows);
}

export async function assignModules(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'training', id);
  await requireAccess(ctx.db, actor, 'assign', 'module', ids);
  await addTrainingModules(ctx.db, id, ids);
  return modulesOf(ctx, actor, id);
}

export async function dissociateModule(
  ctx: AppContext,
  actor: Actor,
  id: number,
  moduleId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'training', id);
  const removed = await removeTrainingModule(ctx.db, id, moduleId);
  if (!removed) throw notFound();
}

/** Stores a new cover through the files adapter and points the training at it. */
export async function setCover(ctx: AppContext, actor: Actor, id: number, part: MultipartFile) {
  await requireAccess(ctx.db, actor, 'update', 'training', id);
  const training = await trainingById(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const saved = await saveUpload(ctx, tx, {
      kind: 'formation/cover',
      ownerId: actor.userId,
      institutionId: training.institution_id,
      part,
    });
    await updateTraining(tx, id, { cover_link: saved.url });
  });
  return present(ctx.db, actor, await trainingById(ctx.db, id));
}
