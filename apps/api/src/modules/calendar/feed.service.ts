import { audited, deleteEvent } from '../../audit/audit.ts';
import { can } from '../../auth/policy.ts';
import { type Actor, actorOf } from '../../auth/sessions.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { derivedEntries } from './derived.ts';
import { visibleEvents } from './events.queries.ts';
import { deleteFeedsIn, feedIn, feedOfToken, markFeedUsed, replaceFeed } from './feed.queries.ts';
import { calendarDocument } from './ics.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a feed holds (decision 77): the last 90 days and the year ahead. */
const FEED_PAST_MS = 90 * DAY_MS;
const FEED_AHEAD_MS = 366 * DAY_MS;

/** The feed's address for a token: the token is the only secret, so it is the whole path. */
const feedUrl = (ctx: AppContext, token: string) =>
  new URL(`/api/calendar-feeds/${token}.ics`, ctx.config.PUBLIC_URL).toString();

/** `GET /api/me/calendar-feed`: whether the user has a feed, since when, when last fetched. */
export async function feedStatus(ctx: AppContext, actor: Actor) {
  const feed = await feedIn(ctx.db, can(actor, 'read', 'calendar_feed').where);
  return {
    active: feed !== undefined,
    created_at: feed?.created_at ?? null,
    last_used_at: feed?.last_used_at ?? null,
  };
}

/**
 * `POST /api/me/calendar-feed`: a new feed for the user, replacing any previous one (whose address
 * stops working at once). The address is answered now and never again: only its hash is kept.
 */
export async function createFeed(ctx: AppContext, actor: Actor) {
  const token = newToken();
  const now = ctx.clock.now();
  const feed = await replaceFeed(ctx.db, {
    userId: actor.userId,
    tokenHash: hashToken(token),
    createdAt: now,
  });
  return {
    active: true,
    created_at: feed.created_at,
    last_used_at: feed.last_used_at,
    url: feedUrl(ctx, token),
  };
}

/** `DELETE /api/me/calendar-feed`: revokes the user's feed (none is not an error). */
export async function revokeFeed(ctx: AppContext, actor: Actor) {
  await audited(ctx, actor, deleteEvent('calendar_feed', null), (tx) =>
    deleteFeedsIn(tx, can(actor, 'delete', 'calendar_feed').where),
  );
}

/** The user's calendar as an iCalendar document, over the feed's window. */
async function documentFor(ctx: AppContext, actor: Actor) {
  const now = ctx.clock.now();
  const range = {
    start: new Date(now.getTime() - FEED_PAST_MS),
    end: new Date(now.getTime() + FEED_AHEAD_MS),
  };
  const [events, entries] = await Promise.all([
    visibleEvents(ctx.db, actor, range),
    derivedEntries(ctx.db, actor, range),
  ]);
  return calendarDocument({
    zone: actor.timeZone,
    events,
    entries,
    publicUrl: ctx.config.PUBLIC_URL,
    now,
  });
}

/** `GET /api/me/calendar.ics`: the signed-in user's calendar. */
export function myCalendar(ctx: AppContext, actor: Actor) {
  return documentFor(ctx, actor);
}

/**
 * `GET /api/calendar-feeds/<token>.ics`: the calendar of the feed's user, seen as that user sees
 * it. An unknown or revoked token, or a user who may no longer sign in, answers 404 (and counts
 * against the caller's IP); a feed fetched too often, 429.
 */
export async function feedDocument(ctx: AppContext, token: string, ip: string) {
  // Charged before the lookup (parallel guesses cannot outrun it), given back for a real feed.
  await ctx.limits.hit('calendar-feed:ip', ip);
  const tokenHash = hashToken(token);
  const row = await feedOfToken(ctx.db, tokenHash);
  const actor = row ? actorOf(row, 0) : null;
  if (!row || !actor || actor.mfaEnrolmentRequired) throw notFound();
  await ctx.limits.refund('calendar-feed:ip', ip);
  await ctx.limits.hit('calendar-feed:feed', tokenHash);
  await markFeedUsed(ctx.db, { id: row.feedId, userId: actor.userId }, ctx.clock.now());
  return documentFor(ctx, actor);
}
