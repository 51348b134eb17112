import type { MultipartFile } from '@fastify/multipart';
import { type EpisodeBody, episodeRuleErrors, type ResourceLinkBody } from '@skolar/shared';
import { audited, deleteEvent } from '../../audit/audit.ts';
import { requireAccess, withPermission } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { resourcesOf } from '../../files/resources.ts';
import { saveUpload } from '../../files/uploads.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { changes } from '../../http/patch.ts';
import { zonedInstant } from '../../time.ts';
import {
  deleteEpisode,
  deleteEpisodeResource,
  episodeById,
  insertEpisode,
  insertEpisodeResource,
  updateEpisode,
  zoneOfSeminar,
} from './seminars.queries.ts';

type EpisodeInput = Required<Omit<EpisodeBody, 'description'>> & { description?: string };

/** The episode with its `can` flags, its seminar's title and its resources. */
async function present(db: DbOrTx, actor: Actor, id: number) {
  const [row, resourceRows] = await Promise.all([
    episodeById(db, id),
    resourcesOf(db, { episodeId: id }),
  ]);
  return { ...(await withPermission(db, actor, 'episode', row)), resources: resourceRows };
}

/**
 * The instants of a day and wall-clock times in the zone, or 422 per field: the rules across
 * fields (ends after it starts, a place or a link) and a day that does not exist (31 February).
 */
function instantsOf(input: EpisodeInput, zone: string) {
  const errors = episodeRuleErrors(input);
  let starts_at: Date | undefined;
  let ends_at: Date | undefined;
  try {
    starts_at = zonedInstant(input.day, input.start_time, zone);
    ends_at = zonedInstant(input.day, input.end_time, zone);
  } catch {
    errors.day = ['seminars.validation.day'];
  }
  if (Object.keys(errors).length > 0 || !starts_at || !ends_at) throw validationFailed(errors);
  return { starts_at, ends_at };
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'episode', id);
  return present(ctx.db, actor, id);
}

/** A new episode at the end of the seminar, typed in the institution's time zone. */
export async function create(ctx: AppContext, actor: Actor, seminarId: number, body: EpisodeInput) {
  await requireAccess(ctx.db, actor, 'update', 'seminar', seminarId);
  const instants = instantsOf(body, await zoneOfSeminar(ctx.db, seminarId));
  const id = await insertEpisode(ctx.db, {
    seminar_id: seminarId,
    title: body.title,
    description: body.description ?? '',
    ...instants,
    location: body.location,
    online_link: body.online_link,
  });
  return present(ctx.db, actor, id);
}

/** Only the given fields change; the rules hold on the episode as it will be. */
export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: Partial<EpisodeBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'episode', id);
  const current = await episodeById(ctx.db, id);
  const merged: EpisodeInput = {
    title: body.title ?? current.title,
    day: body.day ?? current.day,
    start_time: body.start_time ?? current.start_time,
    end_time: body.end_time ?? current.end_time,
    location: body.location === undefined ? current.location : body.location,
    online_link: body.online_link === undefined ? current.online_link : body.online_link,
  };
  const timed =
    body.day !== undefined || body.start_time !== undefined || body.end_time !== undefined;
  const instants = instantsOf(merged, current.time_zone);
  const set = changes({
    title: body.title,
    description: body.description,
    location: body.location,
    online_link: body.online_link,
    starts_at: timed ? instants.starts_at : undefined,
    ends_at: timed ? instants.ends_at : undefined,
  });
  if (set) await updateEpisode(ctx.db, id, set);
  return present(ctx.db, actor, id);
}

/** Its resources go with it. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'episode', id);
  await audited(ctx, actor, deleteEvent('episode', id), (tx) => deleteEpisode(tx, id));
}

/** A link resource at the end of the episode's list. */
export async function addLink(ctx: AppContext, actor: Actor, id: number, body: ResourceLinkBody) {
  await requireAccess(ctx.db, actor, 'update', 'episode', id);
  await insertEpisodeResource(ctx.db, {
    episode_id: id,
    kind: 'link',
    title: body.title,
    url: body.url,
  });
  return present(ctx.db, actor, id);
}

/** An uploaded document (PDF, through the files adapter) at the end of the episode's list. */
export async function addFile(ctx: AppContext, actor: Actor, id: number, part: MultipartFile) {
  await requireAccess(ctx.db, actor, 'update', 'episode', id);
  const episode = await episodeById(ctx.db, id);
  const field = part.fields.title;
  const given = field && 'value' in field && typeof field.value === 'string' ? field.value : '';
  const title = (given.trim() || part.filename || 'file').slice(0, 200);
  await ctx.db.transaction(async (tx) => {
    const saved = await saveUpload(ctx, tx, {
      kind: 'resource',
      ownerId: actor.userId,
      institutionId: episode.institution_id,
      part,
    });
    await insertEpisodeResource(tx, { episode_id: id, kind: 'file', title, file_id: saved.id });
  });
  return present(ctx.db, actor, id);
}

/** Removes one resource of the episode; another episode's resource is 404. */
export async function removeResource(
  ctx: AppContext,
  actor: Actor,
  id: number,
  resourceId: number,
) {
  await requireAccess(ctx.db, actor, 'update', 'episode', id);
  if (!(await deleteEpisodeResource(ctx.db, id, resourceId))) throw notFound();
}
