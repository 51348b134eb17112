import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runBackup } from '../scripts/backup.ts';
import { runRestore } from '../scripts/restore.ts';
import { RateLimits } from '../src/auth/rate-limit.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Db, openDatabase, queryRows } from '../src/db/client.ts';
import { saveFile } from '../src/files/uploads.ts';
import { BackupError, restore } from '../src/ops/backup.ts';
import { seedDemo } from '../src/ops/seed/demo.ts';
import { TestClock } from './clock.ts';
import { tempDir } from './temp-dir.ts';

/**
 * One hash per table (every row's text, sorted) of the application's and the migrator's tables,
 * and every sequence's position: equal snapshots are equal databases (the authorization matrix's
 * snapshot, widened).
 */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string }>(
      db,
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from ${name} x`,
      ),
    );
    out[name] = `${row!.n}:${row!.h}`;
  }
  const sequences = await queryRows<{ name: string; value: string | null }>(
    db,
    sql`select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences`,
  );
  for (const { name, value } of sequences) out[`sequence ${name}`] = value ?? '';
  return out;
}

/** Every file under a folder by its relative path, as its SHA-256. */
function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

const configOf = (dataDir: string, url?: string): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(url ? { DATABASE_URL: url } : {}),
  });

/** The demo, its uploaded files included, on the configured database. */
async function seedWithFiles(config: Config): Promise<Record<string, string>> {
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, max: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    const ctx = { config, db: database.db, clock: new TestClock(), limits: new RateLimits() };
    await seedDemo(database.db, {
      now: ctx.clock.now(),
      storeFile: (db, input) => saveFile(ctx, db, input),
    });
    return await snapshot(database.db);
  } finally {
    await database.close();
  }
}

async function snapshotOf(config: Config): Promise<Record<string, string>> {
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, max: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  try {
    return await snapshot(database.db);
  } finally {
    await database.close();
  }
}

/** Backs up `source`, restores into `target`, and compares every table and every file. */
async function roundTrip(source: Config, target: Config) {
  const before = await seedWithFiles(source);
  expect(Number(before['public.users']!.split(':')[0])).toBeGreaterThan(5);
  const filesBefore = fileHashes(join(source.DATA_DIR, 'uploads'));
  expect(Object.keys(filesBefore).length).toBeGreaterThan(0);

  const archive = join(tempDir('archive'), 'backup.tar.gz');
  const lines: string[] = [];
  expect(await runBackup([archive], envOf(source), (line) => lines.push(line))).toBe(0);
  expect(await runRestore([archive], envOf(target), (line) => lines.push(line))).toBe(0);

  expect(await snapshotOf(target)).toEqual(before);
  expect(fileHashes(join(target.DATA_DIR, 'uploads'))).toEqual(filesBefore);

  // The target now holds data: a second restore is refused without --force.
  expect(await runRestore([archive], envOf(target), (line) => lines.push(line))).toBe(1);
  expect(lines.at(-1)).toMatch(/not empty.*--force/);
  return archive;
}

const envOf = (config: Config): NodeJS.ProcessEnv => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: config.DATA_DIR,
  ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}),
});

describe('backup and restore of the embedded database', () => {
  it('restores every table and every uploaded file, refuses a full target, and a damaged archive', async () => {
    const source = configOf(tempDir('backup-source'));
    const target = configOf(tempDir('backup-target'));
    const archive = await roundTrip(source, target);

    // One byte changed inside the gzip stream: the archive no longer unpacks or no longer matches.
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = `${archive}.damaged.tar.gz`;
    writeFileSync(damaged, bytes);
    await expect(restore(configOf(tempDir('backup-other')), damaged)).rejects.toThrow();
  }, 240_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;

// PostgreSQL is reachable only where TEST_DATABASE_URL is set (CI sets it); PGlite runs above.
describe.skipIf(!pgUrl)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  it('restores every table and every uploaded file into an empty database', async () => {
    const template = new URL(pgUrl!);
    const suffix = randomBytes(4).toString('hex');
    const names = [
      `${template.pathname.slice(1)}_bsrc_${suffix}`,
      `${template.pathname.slice(1)}_bdst_${suffix}`,
    ];
    const urlOf = (name: string) => {
      const copy = new URL(template.toString());
      copy.pathname = `/${name}`;
      return copy.toString();
    };
    const admin = new pg.Client({ connectionString: urlOf('postgres') });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${names[0]}" TEMPLATE "${template.pathname.slice(1)}"`);
      await admin.query(`CREATE DATABASE "${names[1]}"`);
      await roundTrip(
        configOf(tempDir('backup-pg-source'), urlOf(names[0]!)),
        configOf(tempDir('backup-pg-target'), urlOf(names[1]!)),
      );
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 240_000);
});

it('a restore refuses an archive that is not a Skolar backup', async () => {
  const dir = tempDir('backup-bad');
  const path = join(dir, 'nothing.tar.gz');
  writeFileSync(path, 'not an archive');
  await expect(restore(configOf(dir), path)).rejects.toThrow();
  await expect(restore(configOf(dir), join(dir, 'missing.tar.gz'))).rejects.toThrow(BackupError);
});
