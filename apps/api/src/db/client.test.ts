import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scratchPostgres } from '../../test/processes.ts';
import { tempDir } from '../../test/temp-dir.ts';
import { DatabaseLockedError, openDatabase, queryRows } from './client.ts';

const dataDir = tempDir('lock');

/** The committed migrations, as drizzle's journal lists them. */
const migrationCount = () =>
  (
    JSON.parse(
      readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] }
  ).entries.length;

describe('embedded database', () => {
  it('persists in DATA_DIR/db and refuses a second process on the same folder', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      /already used by another Skolar process/,
    );
    await first.db.execute(sql`create table probe (value text)`);
    await first.db.execute(sql`insert into probe values ('kept')`);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    expect(await queryRows(second.db, sql`select value from probe`)).toEqual([{ value: 'kept' }]);
    await second.close();
  }, 120_000); // two cold starts of PGlite on disk: slow on a busy machine

  it('takes over the lock of a process of this machine that died', async () => {
    const crashed = tempDir('crashed');
    // The lock as a killed server leaves it: fresh, held by a process that no longer runs.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    mkdirSync(join(crashed, 'db.lock'), { recursive: true });
    // Fresh by this process's clock (which CI moves by years): not stale, so only its dead holder
    // lets the next start take it.
    utimesSync(join(crashed, 'db.lock'), new Date(), new Date());
    writeFileSync(join(crashed, 'db.holder'), `${hostname()} ${dead}`);
    const database = await openDatabase({ kind: 'pglite', dataDir: crashed });
    // The lock is ours now: a next start would find this (live) process holding it.
    expect(readFileSync(join(crashed, 'db.holder'), 'utf8')).toBe(`${hostname()} ${process.pid}`);
    await database.close();
  }, 120_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;

// Needs a PostgreSQL server (TEST_DATABASE_URL, set by CI's PostgreSQL step); PGlite is one process.
describe.skipIf(!postgresUrl)('PostgreSQL migrations', () => {
  it('are applied once when several nodes open an empty database together', async () => {
    const scratch = await scratchPostgres(postgresUrl!, 'migrate');
    try {
      const nodes = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: scratch.url, max: 2 })),
      );
      const [applied] = await queryRows<{ n: number }>(
        nodes[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied!.n).toBe(migrationCount());
      for (const node of nodes) await node.close();
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});
