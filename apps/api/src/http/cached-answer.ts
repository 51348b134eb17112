import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { cacheVersions } from '../db/schema/index.ts';

/** How an answer may travel: as is, or compressed once per version (`Content-Encoding`). */
type Encoding = 'identity' | 'br' | 'gzip';

/** Smaller answers go as they are: compressing them saves less than the header costs. */
const COMPRESS_FROM = 1024;

/**
 * What a node keeps of cached answers, per database: past it, the least recently read go first.
 * A student's transcript at size M is 73 KB of JSON and about 8 KB compressed, so the budget
 * holds several hundred of them beside the catalogue.
 */
const BUDGET_BYTES = 64 * 1024 * 1024;

/** One cached answer: the JSON text, its compressed forms once asked, and the version it is of. */
interface Entry {
  version: number;
  json: string;
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
  bytes: number;
}

/** A node's cached answers for one database, the least recently read first. */
interface Store {
  entries: Map<string, Entry>;
  bytes: number;
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

/** A node's cached answers, per database (tests run several apps in one process). */
const stores = new WeakMap<Db, Store>();

function storeOf(db: Db): Store {
  let store = stores.get(db);
  if (!store) {
    store = { entries: new Map(), bytes: 0 };
    stores.set(db, store);
  }
  return store;
}

/** Keeps `entry` under `key` as the most recently read, and forgets the oldest past the budget. */
function keep(store: Store, key: string, entry: Entry) {
  const previous = store.entries.get(key);
  if (previous) {
    store.entries.delete(key);
    store.bytes -= previous.bytes;
  }
  store.entries.set(key, entry);
  store.bytes += entry.bytes;
  for (const [oldKey, old] of store.entries) {
    if (store.bytes <= BUDGET_BYTES || oldKey === key) break;
    store.entries.delete(oldKey);
    store.bytes -= old.bytes;
  }
}

/**
 * A cached answer's version (`cache_versions`): bumped by triggers on every write to the tables
 * the answer reads, listed table by table in `db/triggers.ts`. A name no write has bumped yet is 0.
 */
const versionQuery = preparedQuery((db) =>
  db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, sql.placeholder('name')))
    .prepare('cache_version'),
);
async function versionOf(db: Db, name: string): Promise<number> {
  const [row] = await versionQuery(db).execute({ name });
  return row?.version ?? 0;
}

/**
 * An answer served from this node's cache while its version is the one it was built from, built
 * again (and kept) otherwise: one primary-key read per request instead of the query behind it,
 * and the same answer on every node, since the version lives in the database (decisions 162,
 * 168). The version is read before the answer is built, so a write that lands during the build
 * only costs the next request a rebuild. The answer is compressed once per version for the
 * encoding the request accepts (brotli or gzip). The ETag names the version and the encoding, so
 * a browser's revalidation costs that one read and a 304.
 */
export async function cachedAnswer(
  db: Db,
  options: {
    /** The `cache_versions` row whose version the answer follows. */
    version: string;
    /** The answer among those of that version (one per route, parameters and reader). */
    key: string;
    acceptEncoding: string | undefined;
    build: () => Promise<unknown>;
  },
): Promise<CachedAnswer> {
  const version = await versionOf(db, options.version);
  const store = storeOf(db);
  const key = `${options.version}/${options.key}`;
  let entry = store.entries.get(key);
  if (entry?.version !== version) {
    const json = JSON.stringify(await options.build());
    entry = { version, json, compressed: {}, bytes: json.length };
  }
  const tag = `${options.version}-${version}-${options.key}`;
  const encoding =
    entry.json.length < COMPRESS_FROM ? 'identity' : chooseEncoding(options.acceptEncoding);
  let body: string | Buffer = entry.json;
  if (encoding !== 'identity') {
    let compressed = entry.compressed[encoding];
    if (!compressed) {
      compressed = compress(entry.json, encoding);
      entry.compressed[encoding] = compressed;
      entry.bytes += compressed.length;
    }
    body = compressed;
  }
  keep(store, key, entry);
  const etag = encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`;
  return { etag, encoding, body };
}

/**
 * Sends a cached answer with its ETag, compressed when the browser accepts it. A `public` answer
 * (the catalogue) is kept and revalidated every time (`no-cache`), with a 304 while it has not
 * changed. A `private` one (a student's transcript) is kept by no browser or proxy (`no-store`,
 * issue 28: a shared computer keeps no one's grades after sign-out); the server still builds it
 * once per version and answers a 304 to a client that sends its ETag.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  audience: 'public' | 'private',
) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', audience === 'public' ? 'public, no-cache' : 'private, no-store')
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  if (answer.encoding !== 'identity') reply.header('content-encoding', answer.encoding);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
