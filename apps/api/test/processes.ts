import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { withDatabase } from './database.ts';
import { tempDir } from './temp-dir.ts';

// The API as separate processes (`node apps/api/src/server.ts`), for the tests that kill a server
// or run two of them: the crash tests and the two-node test. Nothing here waits for a fixed time:
// every wait polls, with a deadline generous enough for a loaded two-core machine.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A TCP port that was free a moment ago on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `probe` until it answers something other than undefined or false, or throws at the deadline. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  deadlineMs = 180_000,
): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** What the process printed on stdout (its JSON log lines when LOG_LEVEL lets them through). */
  stdout: string[];
}

/**
 * Starts the API on `port` with the environment given (over this process's own, with test
 * defaults: no demo seed, no log, loopback only) and answers once `/api/health` answers 200.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const stdout: string[] = [];
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    stdout.push(...lines);
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  await eventually(`the server on port ${port} to start`, async () => {
    if (child.exitCode !== null)
      throw new Error(`the server stopped with ${child.exitCode}: ${stderr}`);
    try {
      return (await fetch(`${base}/api/health`)).ok;
    } catch {
      return false; // not listening yet
    }
  });
  return { child, base, stdout };
}

/** Kills the process with SIGKILL (no shutdown of any kind) and waits until it is gone. */
export async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}

/**
 * A new, empty PostgreSQL database beside the one TEST_DATABASE_URL names (its name starts with
 * that one's, so CI's clean-up finds it if a run is cut short). Nothing is migrated: the servers
 * started on it do that. `drop` kills the servers this file started, then drops it.
 */
export async function scratchPostgres(templateUrl: string, label: string) {
  const template = new URL(templateUrl);
  const name = `${template.pathname.slice(1)}_${label}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: withDatabase(template, 'postgres') });
    await client.connect();
    try {
      return (await client.query(statement)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(template, name),
    drop: async () => {
      for (const child of children) await killed(child);
      // A pool that has just ended may still have a connection closing: FORCE would end it
      // with an error its client no longer listens to. Give such connections a moment first.
      for (let wait = 0; wait < 40; wait += 1) {
        const [row] = await admin(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`,
        );
        if (row?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * The data of a server that a test kills and restarts: a PostgreSQL database of its own when
 * TEST_DATABASE_URL is set (CI's PostgreSQL step), a PGlite folder otherwise. `env` is what the
 * server is started with, `open` opens it from the test (migrating it the first time; only while
 * no server runs on a PGlite folder), `drop` removes it. Call it at the top of the test file.
 */
export async function serverStore(label: string): Promise<{
  kind: 'postgres' | 'pglite';
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const templateUrl = process.env.TEST_DATABASE_URL;
  if (templateUrl) {
    const scratch = await scratchPostgres(templateUrl, label);
    return {
      kind: 'postgres',
      env: { DATABASE_URL: scratch.url },
      open: () => openDatabase({ kind: 'postgres', url: scratch.url, max: 2 }),
      drop: scratch.drop,
    };
  }
  const dataDir = tempDir(label);
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    drop: async () => {
      for (const child of children) await killed(child);
    },
  };
}
