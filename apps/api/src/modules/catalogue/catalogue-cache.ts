import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { cacheVersions } from '../../db/schema/index.ts';

/** How an answer may travel: as is, or compressed once per version (`Content-Encoding`). */
type Encoding = 'identity' | 'br' | 'gzip';

/** Smaller answers go as they are: compressing them saves less than the header costs. */
const COMPRESS_FROM = 1024;

/** One cached answer: the JSON text, its compressed forms once asked, and the version it is of. */
interface Entry {
  version: number;
  json: string;
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** A cached answer in the encoding the request accepts, with that representation's ETag. */
export interface CachedAnswer {
  etag: string;
  encoding: Encoding;
  body: string | Buffer;
}

/** The best encoding an `Accept-Encoding` header allows: brotli, then gzip, else none. */
function chooseEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function compress(json: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
        },
      })
    : gzipSync(json, { level: 9 });
}

/** A node's cached public answers, per database (tests run several apps in one process). */
const caches = new WeakMap<Db, Map<string, Entry>>();

/** The catalogue's version: bumped by a trigger on every write to the tables it reads. */
const versionQuery = preparedQuery((db) =>
  db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, 'catalogue'))
    .prepare('catalogue_version'),
);
async function catalogueVersion(db: Db): Promise<number> {
  const [row] = await versionQuery(db).execute();
  return row?.version ?? 0;
}

/**
 * A public catalogue answer served from this node's cache while the catalogue's version is the
 * one it was built from, built again (and kept) otherwise: one primary-key read per request
 * instead of the joins, and the same answer on every node (decision 162). It is compressed once
 * per version for the encoding the request accepts (brotli or gzip). The ETag names the version
 * and the encoding, so a browser's revalidation costs that one read and a 304.
 */
export async function cachedAnswer(
  db: Db,
  key: string,
  acceptEncoding: string | undefined,
  build: () => Promise<unknown>,
): Promise<CachedAnswer> {
  const version = await catalogueVersion(db);
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let entry = cache.get(key);
  if (entry?.version !== version) {
    entry = { version, json: JSON.stringify(await build()), compressed: {} };
    cache.set(key, entry);
  }
  const tag = `catalogue-${version}-${key}`;
  const encoding = entry.json.length < COMPRESS_FROM ? 'identity' : chooseEncoding(acceptEncoding);
  if (encoding === 'identity') return { etag: `"${tag}"`, encoding, body: entry.json };
  entry.compressed[encoding] ??= compress(entry.json, encoding);
  return { etag: `"${tag}-${encoding}"`, encoding, body: entry.compressed[encoding] };
}
