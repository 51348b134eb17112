import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cacheVersions } from '../../db/schema/index.ts';

/** One cached answer: the JSON text and the catalogue version it was built from. */
interface Entry {
  version: number;
  json: string;
}

/** A node's cached public answers, per database (tests run several apps in one process). */
const caches = new WeakMap<Db, Map<string, Entry>>();

/** The catalogue's version: bumped by a trigger on every write to the tables it reads. */
async function catalogueVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, 'catalogue'));
  return row?.version ?? 0;
}

/**
 * A public catalogue answer served from this node's cache while the catalogue's version is the
 * one it was built from, built again (and kept) otherwise: one primary-key read per request
 * instead of the joins, and the same answer on every node (decision 162). The ETag names the
 * version, so a browser's revalidation costs that one read and a 304.
 */
export async function cachedAnswer(
  db: Db,
  key: string,
  build: () => Promise<unknown>,
): Promise<{ etag: string; json: string }> {
  const version = await catalogueVersion(db);
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let entry = cache.get(key);
  if (entry?.version !== version) {
    entry = { version, json: JSON.stringify(await build()) };
    cache.set(key, entry);
  }
  return { etag: `"catalogue-${version}-${key}"`, json: entry.json };
}
