import type { AnnouncementBody, AnnouncementPatch } from '@skolar/shared';
import { deleteEvent, record } from '../../audit/audit.ts';
import {
  announcementAudienceScope,
  can,
  mayAnnounceToInstitution,
  permissionsOf,
  requireAccess,
} from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { sanitizeRichText } from '../../http/sanitize.ts';
import { signalLive } from '../../notify/notify.queries.ts';
import { notify } from '../../notify/notify.ts';
import {
  studentsOfGroup,
  studentsOfInstitution,
  studentsOfPromotions,
} from '../../notify/recipients.queries.ts';
import {
  announcementsIn,
  audienceReachable,
  dropNotifications,
  dueAnnouncements,
  insertAnnouncement,
  lockAnnouncement,
  markPublished,
  reachableAudiences,
  updateAnnouncement,
} from './announcements.queries.ts';

// Announcements (issue 33, decision 201): staff post to the audiences they reach; the audience is
// told when it appears (at once, or at its scheduled instant by the job below), pinned ones come
// first, and a withdrawn one disappears with its notifications.

type Row = Awaited<ReturnType<typeof announcementsIn>>[number];

async function present(db: DbOrTx, actor: Actor, rows: Row[]) {
  const permissions = await permissionsOf(
    db,
    actor,
    'announcement',
    rows.map((row) => row.row.id),
  );
  return rows.map(({ row, ...joined }) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    audience: { kind: row.audience, id: row.audience_id, label: joined.audience_label ?? '' },
    author: {
      id: row.author_id,
      name: `${joined.author_first_name} ${joined.author_last_name}`,
    },
    pinned: row.pinned,
    publish_at: row.publish_at,
    published_at: row.published_at,
    edited_at: row.edited_at,
    created_at: row.posted_at,
    can: {
      update: permissions.get(row.id)?.update ?? false,
      delete: permissions.get(row.id)?.delete ?? false,
    },
  }));
}

async function one(db: DbOrTx, actor: Actor, id: number) {
  const rows = await announcementsIn(db, can(actor, 'read', 'announcement').where, id);
  if (rows.length === 0) throw notFound();
  return (await present(db, actor, rows))[0]!;
}

/** `GET /api/announcements`: those the actor sees, pinned first, then the latest. */
export async function list(ctx: AppContext, actor: Actor) {
  const rows = await announcementsIn(ctx.db, can(actor, 'list', 'announcement').where);
  return { data: await present(ctx.db, actor, rows) };
}

/** `GET /api/announcements/audiences`: the institution (or not), promotions and groups. */
export async function audiences(ctx: AppContext, actor: Actor) {
  const reached = await reachableAudiences(
    ctx.db,
    announcementAudienceScope(actor, 'promotion'),
    announcementAudienceScope(actor, 'group'),
  );
  return { institution: mayAnnounceToInstitution(actor), ...reached };
}

/** 422 on `audience_id` unless the actor may post to that audience. */
async function checkAudience(db: DbOrTx, actor: Actor, body: AnnouncementBody) {
  const reachable =
    body.audience === 'institution'
      ? mayAnnounceToInstitution(actor)
      : await audienceReachable(
          db,
          body.audience,
          body.audience_id ?? 0,
          announcementAudienceScope(actor, body.audience),
        );
  if (!reachable) throw validationFailed({ audience_id: ['announcements.validation.audience'] });
}

/** Tells the audience of an announcement that has just come out. */
async function tell(ctx: AppContext, tx: DbOrTx, id: number) {
  const row = await lockAnnouncement(tx, id);
  const students =
    row.audience === 'institution'
      ? await studentsOfInstitution(tx, row.institution_id)
      : row.audience === 'promotion'
        ? await studentsOfPromotions(tx, [row.audience_id!])
        : await studentsOfGroup(tx, row.audience_id!);
  const [author] = await announcementsIn(tx, undefined, id);
  await notify(
    ctx,
    tx,
    students.filter((student) => student !== row.author_id),
    {
      type: 'announcement',
      params: {
        title: row.title,
        author: `${author!.author_first_name} ${author!.author_last_name}`,
      },
      link: `/announcements#announcement-${id}`,
      key: `announcement:${id}`,
    },
  );
}

/**
 * `POST /api/announcements`: sanitised like a chapter; out at once (its audience told in the
 * same transaction) unless `publish_at` is in the future.
 */
export async function create(ctx: AppContext, actor: Actor, input: AnnouncementBody) {
  const body = input as Required<AnnouncementBody>;
  const institutionId = actor.institutionId;
  if (institutionId === null) throw notFound();
  await checkAudience(ctx.db, actor, body);
  await ctx.limits.hit('post:account', String(actor.userId));
  const now = ctx.clock.now();
  const publishAt = body.publish_at ? new Date(body.publish_at) : now;
  const id = await ctx.db.transaction(async (tx) => {
    const created = await insertAnnouncement(tx, {
      institution_id: institutionId,
      author_id: actor.userId,
      audience: body.audience,
      audience_id: body.audience === 'institution' ? null : body.audience_id,
      title: body.title,
      body: sanitizeRichText(body.body, new Set()),
      pinned: body.pinned ?? false,
      publish_at: publishAt,
      published_at: publishAt <= now ? now : null,
      posted_at: now,
    });
    if (publishAt <= now) await tell(ctx, tx, created);
    return created;
  });
  return one(ctx.db, actor, id);
}

/**
 * `PATCH /api/announcements/:id`: the fields given. A scheduled one moved to now comes out; one
 * already out keeps its audience told once (an edit tells no one again).
 */
export async function update(ctx: AppContext, actor: Actor, id: number, patch: AnnouncementPatch) {
  await requireAccess(ctx.db, actor, 'update', 'announcement', id);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, id);
    if (row.withdrawn_at !== null) throw notFound();
    const publishAt =
      patch.publish_at === undefined || row.published_at !== null
        ? undefined
        : patch.publish_at === null
          ? now
          : new Date(patch.publish_at);
    const comesOut = publishAt !== undefined && publishAt <= now;
    await updateAnnouncement(tx, id, {
      ...(patch.title === undefined ? {} : { title: patch.title }),
      ...(patch.body === undefined ? {} : { body: sanitizeRichText(patch.body, new Set()) }),
      ...(patch.pinned === undefined ? {} : { pinned: patch.pinned }),
      ...(publishAt === undefined ? {} : { publish_at: publishAt }),
      ...(comesOut ? { published_at: now } : {}),
      ...(row.published_at !== null && (patch.title !== undefined || patch.body !== undefined)
        ? { edited_at: now }
        : {}),
    });
    if (comesOut) await tell(ctx, tx, id);
  });
  return one(ctx.db, actor, id);
}

/**
 * `DELETE /api/announcements/:id`: withdrawn: gone for its readers, its notifications removed
 * (their count goes down live); the row stays for the audit trail.
 */
export async function withdraw(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'announcement', id);
  await ctx.db.transaction(async (tx) => {
    const row = await lockAnnouncement(tx, id);
    if (row.withdrawn_at !== null) return;
    await updateAnnouncement(tx, id, { withdrawn_at: ctx.clock.now() });
    if ((await dropNotifications(tx, id)) > 0) await signalLive(tx);
    await record(tx, ctx, actor, {
      ...deleteEvent('announcement', id),
      institutionId: row.institution_id,
      before: { title: row.title },
    });
  });
}

/** Brings out the scheduled announcements due by the clock, each once; answers how many. */
export async function publishDue(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let published = 0;
  for (const { id } of await dueAnnouncements(ctx.db, now)) {
    const out = await ctx.db.transaction(async (tx) => {
      if (!(await markPublished(tx, id, now))) return false;
      await tell(ctx, tx, id);
      return true;
    });
    if (out) published += 1;
  }
  return published;
}
