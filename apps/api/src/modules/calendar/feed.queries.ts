import { and, eq, type SQL } from 'drizzle-orm';
import { actorColumns } from '../../auth/sessions.ts';
import type { DbOrTx } from '../../db/client.ts';
import { calendarFeeds, institutions, users } from '../../db/schema/index.ts';

/** The feed in `scope` (the actor's own, by the policy), when there is one. */
export async function feedIn(db: DbOrTx, scope: SQL) {
  const [feed] = await db
    .select({ created_at: calendarFeeds.created_at, last_used_at: calendarFeeds.last_used_at })
    .from(calendarFeeds)
    .where(scope);
  return feed;
}

/** The user's feed from now on, with this token's hash: a previous one is replaced. */
export async function replaceFeed(
  db: DbOrTx,
  feed: { userId: number; tokenHash: string; createdAt: Date },
) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ user_id: feed.userId, token_hash: feed.tokenHash, created_at: feed.createdAt })
    .onConflictDoUpdate({
      target: calendarFeeds.user_id,
      set: { token_hash: feed.tokenHash, created_at: feed.createdAt, last_used_at: null },
    })
    .returning();
  return row!;
}

/** Deletes the feeds in `scope` (the actor's own, by the policy). */
export async function deleteFeedsIn(tx: DbOrTx, scope: SQL) {
  await tx.delete(calendarFeeds).where(scope);
}

/** The feed of a token hash with its user's actor columns; undefined for an unknown hash. */
export async function feedOfToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ feedId: calendarFeeds.id, ...actorColumns })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.user_id))
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(eq(calendarFeeds.token_hash, tokenHash));
  return row;
}

/** Dates the last fetch of the user's feed. */
export async function markFeedUsed(db: DbOrTx, feed: { id: number; userId: number }, at: Date) {
  await db
    .update(calendarFeeds)
    .set({ last_used_at: at })
    .where(and(eq(calendarFeeds.id, feed.id), eq(calendarFeeds.user_id, feed.userId)));
}
