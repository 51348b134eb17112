import {
  type CalendarRange,
  type EventAudienceKind,
  type EventRepeat,
  type eventBody,
  type eventPatch,
  MAX_OCCURRENCES,
  type OccurrenceMove,
  roleMay,
} from '@skolar/shared';
import type { z } from 'zod';
import { audited, deleteEvent } from '../../audit/audit.ts';
import { permissionsOf, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type FieldErrors, notFound, validationFailed } from '../../http/errors.ts';
import { changes } from '../../http/patch.ts';
import { notify } from '../../notify/notify.ts';
import { studentsOfGroup, studentsOfPromotions } from '../../notify/recipients.queries.ts';
import { timeZoneOf } from '../dashboard/dashboard.queries.ts';
import { derivedEntries } from './derived.ts';
import type { VisibleEvent } from './events.queries.ts';
import {
  audienceInstitution,
  deleteEventSeries,
  deleteExceptions,
  eventById,
  type InstantRange,
  insertEvent,
  touchEvent,
  updateEvent,
  upsertException,
  visibleEvents,
} from './events.queries.ts';
import { occurrencesOf, originalStarts, repeatOf, toRrule } from './recurrence.ts';

type EventInput = z.output<typeof eventBody>;
type EventChanges = z.output<typeof eventPatch>;

/**
 * The zone of each institution of the events (the platform's for the super-admin's own): the
 * actor's own is known, others (the super-admin's calendar) are read.
 */
async function zonesOf(db: DbOrTx, actor: Actor, institutionIds: Array<number | null>) {
  const others = [...new Set(institutionIds)].filter((id) => id !== actor.institutionId);
  const zones = await Promise.all(others.map((id) => timeZoneOf(db, id)));
  return new Map([
    [actor.institutionId, actor.timeZone],
    ...others.map((id, index) => [id, zones[index]!] as const),
  ]);
}

/** The event as the API answers it: its repetition in the form's terms and the actor's rights. */
async function present(db: DbOrTx, actor: Actor, id: number) {
  const event = await eventById(db, id);
  const [zone, permissions] = await Promise.all([
    timeZoneOf(db, event.institution_id),
    permissionsOf(db, actor, 'event', [id]),
  ]);
  const flags = permissions.get(id)!;
  return {
    id: event.id,
    institution_id: event.institution_id,
    owner_id: event.owner_id,
    owner_name: event.owner_name,
    title: event.title,
    description: event.description,
    starts_at: event.starts_at,
    ends_at: event.ends_at,
    all_day: event.all_day,
    color_code: event.color_code,
    audience: event.audience,
    audience_id: event.audience_id,
    audience_label: event.audience_label,
    repeat: event.recurrence === null ? null : repeatOf(event.recurrence, zone),
    rrule: event.recurrence,
    can: { update: flags.update, delete: flags.delete },
  };
}

/**
 * The calendar of the actor between two instants (`GET /api/events`, `GET /api/me/planning`): the
 * occurrences of the events they see, and the exams, deadlines and episodes of their courses,
 * by start. Shown in the zone of the actor's institution.
 */
export async function entries(ctx: AppContext, actor: Actor, query: CalendarRange) {
  const range: InstantRange = { start: new Date(query.start), end: new Date(query.end) };
  const [rows, derived] = await Promise.all([
    visibleEvents(ctx.db, actor, range),
    derivedEntries(ctx.db, actor, range),
  ]);
  const [zones, permissions] = await Promise.all([
    zonesOf(
      ctx.db,
      actor,
      rows.map((row) => row.institution_id),
    ),
    permissionsOf(
      ctx.db,
      actor,
      'event',
      rows.map((row) => row.id),
    ),
  ]);
  const occurrences = rows.flatMap((event) =>
    occurrencesOf(event, zones.get(event.institution_id)!, range).map((occurrence) => ({
      key:
        occurrence.original_start === null
          ? `event:${event.id}`
          : `event:${event.id}:${occurrence.original_start.toISOString()}`,
      kind: 'event' as const,
      event_id: event.id,
      occurrence_start: occurrence.original_start,
      title: event.title,
      description: event.description,
      starts_at: occurrence.starts_at,
      ends_at: occurrence.ends_at,
      all_day: event.all_day,
      color_code: event.color_code,
      audience: event.audience,
      audience_label: event.audience_label,
      repeating: event.recurrence !== null,
      editable: permissions.get(event.id)?.update ?? false,
      href: null,
    })),
  );
  const all = [...occurrences, ...derived].sort(
    (a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.key.localeCompare(b.key),
  );
  return { time_zone: actor.timeZone, entries: all };
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'event', id);
  return present(ctx.db, actor, id);
}

/**
 * Who sees the event, checked against the actor: anyone keeps personal events (only the owner
 * makes an event personal); staff publish to a promotion or a group they may read; those who may
 * assign to an institution (its admins, the super-admin), to it. The event belongs to its audience's institution.
 */
async function audienceOf(
  db: DbOrTx,
  actor: Actor,
  audience: EventAudienceKind,
  audienceId: number | null,
  ownerId: number,
): Promise<{
  audience: EventAudienceKind;
  audience_id: number | null;
  institution_id: number | null;
}> {
  const refuse = (field: 'audience' | 'audience_id'): never => {
    throw validationFailed({ [field]: ['calendar.validation.audience'] });
  };
  if (audience === 'personal') {
    if (ownerId !== actor.userId) refuse('audience');
    return { audience, audience_id: null, institution_id: actor.institutionId };
  }
  // Publishing to an audience is a grant (event:assign), the institution's audience another
  // (institution:assign); the rows are those the policy lets the actor read or assign to.
  if (!roleMay(actor.role, 'assign', 'event')) return refuse('audience');
  if (audienceId === null) return refuse('audience_id');
  if (audience === 'institution' && !roleMay(actor.role, 'assign', 'institution'))
    return refuse('audience');
  const found = await audienceInstitution(db, actor, audience, audienceId);
  if (!found) return refuse('audience_id');
  return { audience, audience_id: audienceId, institution_id: found.institution_id };
}

interface Timing {
  starts_at: Date;
  ends_at: Date;
  recurrence: string | null;
}

/**
 * The rule of the repetition in the zone, and the series' first occurrence: a start on a day the
 * rule skips moves to the first day it names (DTSTART stays in step with its RRULE, RFC 5545).
 * 422 when the rule gives no occurrence, or more than MAX_OCCURRENCES.
 */
function seriesTiming(
  starts_at: Date,
  ends_at: Date,
  repeat: EventRepeat | null,
  zone: string,
): Timing {
  if (repeat === null) return { starts_at, ends_at, recurrence: null };
  const recurrence = toRrule(repeat, zone);
  const draft = { starts_at, ends_at, recurrence, exceptions: [] };
  const errors: FieldErrors = {};
  const starts = originalStarts(draft, zone, MAX_OCCURRENCES + 1);
  if (starts.length === 0) errors['repeat.until'] = ['calendar.validation.no_occurrence'];
  if (starts.length > MAX_OCCURRENCES) errors['repeat.until'] = ['calendar.validation.too_many'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const [first] = occurrencesOf({ ...draft, recurrence }, zone, null);
  return { starts_at: first!.starts_at, ends_at: first!.ends_at, recurrence };
}

/** A new event owned by the actor. */
export async function create(ctx: AppContext, actor: Actor, body: EventInput) {
  const audience = await audienceOf(ctx.db, actor, body.audience, body.audience_id, actor.userId);
  const zone = await timeZoneOf(ctx.db, audience.institution_id);
  const timing = seriesTiming(new Date(body.starts_at), new Date(body.ends_at), body.repeat, zone);
  const id = await insertEvent(ctx.db, {
    ...audience,
    ...timing,
    owner_id: actor.userId,
    title: body.title,
    description: body.description,
    all_day: body.all_day,
    color_code: body.color_code,
  });
  return present(ctx.db, actor, id);
}

/**
 * Only the given fields change, for the whole series. A new start, or a new repetition, rewrites
 * the rule; a series whose start moves, or that stops repeating, loses its moved and cancelled
 * occurrences (their original starts no longer match the rule).
 */
export async function update(ctx: AppContext, actor: Actor, id: number, body: EventChanges) {
  await requireAccess(ctx.db, actor, 'update', 'event', id);
  const current = await eventById(ctx.db, id);
  const starts_at = body.starts_at === undefined ? current.starts_at : new Date(body.starts_at);
  const ends_at = body.ends_at === undefined ? current.ends_at : new Date(body.ends_at);
  if (ends_at <= starts_at)
    throw validationFailed({ ends_at: ['calendar.validation.end_before_start'] });
  const audienceChanged = body.audience !== undefined || body.audience_id !== undefined;
  const audience = audienceChanged
    ? await audienceOf(
        ctx.db,
        actor,
        body.audience ?? current.audience,
        body.audience_id === undefined ? current.audience_id : body.audience_id,
        current.owner_id,
      )
    : undefined;
  const zone = await timeZoneOf(ctx.db, audience?.institution_id ?? current.institution_id);
  const timed = body.starts_at !== undefined || body.ends_at !== undefined;
  const repeat =
    body.repeat === undefined
      ? current.recurrence === null
        ? null
        : repeatOf(current.recurrence, zone)
      : body.repeat;
  const timing =
    timed || body.repeat !== undefined ? seriesTiming(starts_at, ends_at, repeat, zone) : undefined;
  const dropExceptions =
    timing !== undefined &&
    (timing.recurrence === null || timing.starts_at.getTime() !== current.starts_at.getTime());
  const set = changes({
    title: body.title,
    description: body.description,
    all_day: body.all_day,
    color_code: body.color_code,
    ...audience,
    ...timing,
  });
  const moved =
    timing !== undefined &&
    (timing.starts_at.getTime() !== current.starts_at.getTime() ||
      timing.ends_at.getTime() !== current.ends_at.getTime());
  await ctx.db.transaction(async (tx) => {
    if (set) await updateEvent(tx, id, set);
    if (dropExceptions) await deleteExceptions(tx, id);
    if (moved) {
      await tellAudience(ctx, tx, actor, { ...current, ...audience }, 'event_moved', [
        current.starts_at,
        timing.starts_at,
      ]);
    }
  });
  return present(ctx.db, actor, id);
}

/** The whole series, with its exceptions. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'event', id);
  const event = await eventById(ctx.db, id);
  await audited(ctx, actor, deleteEvent('event', id), async (tx) => {
    await deleteEventSeries(tx, id);
    await tellAudience(ctx, tx, actor, event, 'event_cancelled', [event.starts_at]);
  });
}

/** The series, checked writable, and the original start the rule really has (404 otherwise). */
async function occurrenceOf(ctx: AppContext, actor: Actor, id: number, start: string) {
  await requireAccess(ctx.db, actor, 'update', 'event', id);
  const event = await eventById(ctx.db, id);
  const original = new Date(start);
  const zone = await timeZoneOf(ctx.db, event.institution_id);
  const found = originalStarts(event, zone).some((at) => at.getTime() === original.getTime());
  if (!found) throw notFound();
  return original;
}

/** Moves one occurrence of a series; the others stay where the rule puts them. */
export async function moveOccurrence(
  ctx: AppContext,
  actor: Actor,
  id: number,
  start: string,
  body: OccurrenceMove,
) {
  const original_start = await occurrenceOf(ctx, actor, id, start);
  const moved = {
    cancelled: false,
    starts_at: new Date(body.starts_at),
    ends_at: new Date(body.ends_at),
  };
  await saveException(ctx, actor, id, original_start, moved);
  return present(ctx.db, actor, id);
}

/** Cancels one occurrence of a series (moved or not). */
export async function cancelOccurrence(ctx: AppContext, actor: Actor, id: number, start: string) {
  const original_start = await occurrenceOf(ctx, actor, id, start);
  await saveException(ctx, actor, id, original_start, {
    cancelled: true,
    starts_at: null,
    ends_at: null,
  });
}

/**
 * Records how one occurrence differs from the rule, and marks the series changed: the feed's
 * LAST-MODIFIED comes from it, so calendar applications take the change.
 */
async function saveException(
  ctx: AppContext,
  actor: Actor,
  id: number,
  original_start: Date,
  exception: { cancelled: boolean; starts_at: Date | null; ends_at: Date | null },
) {
  const event = await eventById(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await upsertException(tx, id, original_start, exception);
    await touchEvent(tx, id, ctx.clock.now());
    await tellAudience(
      ctx,
      tx,
      actor,
      event,
      exception.cancelled ? 'event_cancelled' : 'event_moved',
      [original_start, exception.starts_at],
    );
  });
}

/**
 * Tells the students of a class's promotion or group that it moved or was cancelled (decision
 * 200), unless it was all in the past: a personal event concerns its owner only, and an
 * institution-wide one would reach everyone for a change of a room.
 */
async function tellAudience(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  event: Pick<VisibleEvent, 'audience' | 'audience_id' | 'title' | 'recurrence'>,
  type: 'event_moved' | 'event_cancelled',
  starts: ReadonlyArray<Date | null>,
) {
  const now = ctx.clock.now().getTime();
  const upcoming =
    event.recurrence !== null || starts.some((start) => start !== null && start.getTime() > now);
  if (!upcoming || event.audience_id === null) return;
  const students =
    event.audience === 'promotion'
      ? await studentsOfPromotions(tx, [event.audience_id])
      : event.audience === 'group'
        ? await studentsOfGroup(tx, event.audience_id)
        : [];
  await notify(
    ctx,
    tx,
    students.filter((id) => id !== actor.userId),
    { type, params: { event: event.title }, link: '/student-planning' },
  );
}
