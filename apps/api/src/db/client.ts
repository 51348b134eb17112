import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The Drizzle database, the same type whether PGlite or node-postgres is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Db | Tx` through this alias. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `onNotify` on each NOTIFY of the channel (from any process on PostgreSQL); answers how to stop. */
  listen: Listen;
  close(): Promise<void>;
}

/** Subscribes to a PostgreSQL notification channel; answers the function that unsubscribes. */
export type Listen = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

/** How long a lost LISTEN connection waits before connecting again. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), connected again
 * when it drops; `onNotify` also runs after a reconnection, since what was signalled meanwhile
 * was not heard.
 */
function postgresListen(url: string): Listen {
  return async (channel, onNotify) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    const connect = async (again: boolean) => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      next.on('error', () => {
        if (stopped || client !== next) return;
        client = undefined;
        next.end().catch(() => {});
        timer = setTimeout(() => connect(true).catch(() => {}), RELISTEN_MS);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await next.end().catch(() => {});
        if (!again) throw error;
        if (!stopped) timer = setTimeout(() => connect(true).catch(() => {}), RELISTEN_MS);
        return;
      }
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      if (again) onNotify();
    };
    await connect(false);
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
      client = undefined;
    };
  };
}

/** Thrown when another process already holds the embedded database folder. */
export class DatabaseLockedError extends Error {}

/** The committed SQL migrations, beside the sources in dev and copied next to the bundle in dist. */
function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, 'migrations'), resolve(here, 'db/migrations')];
  const found = candidates.find((dir) => existsSync(resolve(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`SQL migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' }
) & {
  /** Called with each statement's SQL before it runs (the tests count queries per request). */
  onQuery?: (sql: string) => void;
};

/** Drizzle's logger for `onQuery`, or none. */
const loggerOf = (options: DatabaseOptions) =>
  options.onQuery ? { logger: { logQuery: options.onQuery } } : {};

/**
 * Who holds a folder lock: `host pid`, beside the lock proper-lockfile makes (inside it, the
 * write would change the lock's time, which proper-lockfile reads as a lock compromised).
 */
const holderFile = (dir: string) => `${dir}.holder`;

/**
 * The process that holds the folder lock, when it ran on this machine and has died (a crash or a
 * SIGKILL leaves the lock behind until it goes stale).
 */
function holderIsDead(dir: string): boolean {
  let holder: string;
  try {
    holder = readFileSync(holderFile(dir), 'utf8');
  } catch {
    return false;
  }
  const [host, pid] = holder.split(' ');
  if (host !== hostname() || !Number.isInteger(Number(pid))) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes the folder lock of the embedded database: one Skolar process per folder. A lock left by a
 * process of this machine that no longer runs is taken over at once, so a restart after a crash
 * does not wait for the lock to go stale.
 */
async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const take = () =>
    // PGlite's first start blocks the event loop for seconds (initdb in WASM): a generous
    // staleness keeps a slow start from looking abandoned, and a late refresh only warns.
    lockfile.lock(dir, {
      stale: 120_000,
      update: 10_000,
      realpath: false,
      onCompromised: (error) =>
        console.warn(`skolar: database lock refresh was late: ${error.message}`),
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch {
    if (!holderIsDead(dir)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dir} is already used by another Skolar process; stop it first or set DATA_DIR to another folder.`,
      );
    }
    rmSync(`${dir}.lock`, { recursive: true, force: true });
    release = await take();
  }
  writeFileSync(holderFile(dir), `${hostname()} ${process.pid}`);
  return async () => {
    await release();
    rmSync(holderFile(dir), { force: true });
  };
}

/** The advisory lock key under which one process at a time migrates a PostgreSQL database. */
const MIGRATION_LOCK = 715_142_101;

/**
 * Applies the pending migrations to a PostgreSQL database while holding a session advisory lock:
 * API nodes started together on a new (or older) database migrate one after the other, and the
 * later ones find nothing left to do. Drizzle's migrator takes no lock of its own: without this,
 * the second node failed on `CREATE TYPE … already exists` and stopped. The lock is released with
 * the connection if the process dies mid-migration (the migration itself is one transaction).
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, {
        migrationsFolder: migrationsFolder(),
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection that failed is closed, not pooled: a lock it may still hold goes with it.
    client.release(broken);
  }
}

/** Opens the database, takes the folder lock for embedded PGlite, and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    try {
      await migrateOnce(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const db = drizzlePg(pool, { schema, ...loggerOf(options) }) as unknown as Db;
    return { db, kind: 'postgres', listen: postgresListen(options.url), close: () => pool.end() };
  }

  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (options.kind === 'pglite') {
    const dir = resolve(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    release = await lockFolder(dir);
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema, ...loggerOf(options) }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.close();
    await release?.();
    throw error;
  }
  const listen: Listen = async (channel, onNotify) => {
    const unlisten = await client.listen(channel, onNotify);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
  return {
    db,
    kind: 'pglite',
    listen,
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

/** Runs raw SQL and answers its rows; both drivers answer `{ rows }`, typed here once. */
export async function queryRows<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
