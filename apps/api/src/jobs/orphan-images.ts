import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { storageFor } from '../files/storage.ts';
import { orphanAttachments } from '../modules/discussions/discussions.queries.ts';
import { deleteFiles, orphanImages } from '../modules/lessons/chapters.queries.ts';
import { repeatEvery } from './repeat.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a chapter image that no chapter shows is kept (decision 172): an image uploaded in the
 * editor and not saved yet, or taken out of a chapter and put back by an undo, is still there.
 */
const ORPHAN_GRACE_MS = 48 * HOUR_MS;

/**
 * Deletes up to `limit` chapter images that no chapter has shown (and up to `limit` files
 * uploaded for a discussion post that no post carries, decision 202) for ORPHAN_GRACE_MS by the
 * server's clock: the rows in one transaction (`FOR UPDATE SKIP LOCKED`, so two API nodes never
 * take the same), then their bytes. Answers the ids deleted; the loop below calls it, tests call it
 * with their clock.
 */
export async function deleteOrphanImages(ctx: AppContext, limit = 200): Promise<number[]> {
  const before = new Date(ctx.clock.now().getTime() - ORPHAN_GRACE_MS);
  const gone = await ctx.db.transaction(async (tx) => {
    // Chapter images no chapter shows, and files uploaded for a post that no post carries.
    const rows = [
      ...(await orphanImages(tx, before, limit)),
      ...(await orphanAttachments(tx, before, limit)),
    ];
    if (rows.length > 0)
      await deleteFiles(
        tx,
        rows.map((row) => row.id),
      );
    return rows;
  });
  const storage = storageFor(ctx.config);
  await Promise.all(gone.map((row) => storage.delete(row.key).catch(() => undefined)));
  return gone.map((row) => row.id);
}

/** Runs deleteOrphanImages at start, then every hour. */
export function startOrphanImageCleanup(
  ctx: AppContext,
  options: { intervalMs?: number; log?: FastifyBaseLogger } = {},
): () => Promise<void> {
  return repeatEvery(
    options.intervalMs ?? HOUR_MS,
    async () => {
      const deleted = await deleteOrphanImages(ctx);
      if (deleted.length > 0)
        options.log?.info({ files: deleted }, 'orphan chapter images deleted');
    },
    { log: options.log, failure: 'orphan image cleanup failed' },
  );
}
