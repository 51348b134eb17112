// Backup and restore (decision 110): one .tar.gz holding manifest.json, the database (PGlite's
// data folder, or a pg_dump custom-format dump) and every uploaded file, each with its SHA-256.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Config } from '../config.ts';
import { type Database, type Db, openDatabase, queryRows } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { storageFor } from '../files/storage.ts';

const FORMAT = 'skolar-backup';
const VERSION = 1;

interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

interface Manifest {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  database: { kind: 'pglite' | 'postgres'; entry: ManifestEntry };
  files: Array<ManifestEntry & { key: string; mime: string }>;
  /** Keys of the `files` table whose bytes the storage did not have at backup time. */
  missing_files: string[];
}

/** A backup or restore that cannot go on; the command prints the message alone. */
export class BackupError extends Error {}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** libpq's environment for a connection URL, so no password shows in the process list. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(parsed.hostname) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs pg_dump or pg_restore; a failure throws with the tool's own error lines. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', (error) =>
      fail(
        new BackupError(
          `${command} could not be started (${error.message}); install the PostgreSQL client tools of the server's version`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? done() : fail(new BackupError(`${command} failed: ${stderr.trim()}`)),
    );
  });
}

async function openFor(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL, max: 2 })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
}

/**
 * Writes the backup of the configured database and uploaded files to `archive` (a .tar.gz).
 * On the embedded database the server must be stopped (the folder lock refuses otherwise).
 */
export async function backup(config: Config, archive: string, now: Date): Promise<Manifest> {
  const work = await mkdtemp(join(tmpdir(), 'skolar-backup-'));
  try {
    const database = await openFor(config);
    let dbFile: string;
    let keys: Array<{ key: string; mime: string }>;
    try {
      keys = await database.db
        .select({ key: files.storage_key, mime: files.mime })
        .from(files)
        .orderBy(files.storage_key);
      if (database.kind === 'pglite') {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('gzip');
        dbFile = join(work, 'pgdata.tar.gz');
        await writeFile(dbFile, new Uint8Array(await dump.arrayBuffer()));
      }
    } finally {
      await database.close();
    }
    if (database.kind === 'postgres') {
      dbFile = join(work, 'database.pgdump');
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${dbFile}`],
        libpqEnv(config.DATABASE_URL!),
      );
    }
    const dbEntry: ManifestEntry = {
      path: `database/${dbFile!.split(sep).pop()}`,
      size: (await stat(dbFile!)).size,
      sha256: await sha256OfFile(dbFile!),
    };

    const storage = storageFor(config);
    const pack = tar.pack();
    const gzip = createGzip();
    const written = pipeline(pack, gzip, createWriteStream(archive, { mode: 0o600 }));
    const add = (name: string, bytes: Uint8Array) =>
      new Promise<void>((done, fail) => {
        pack.entry({ name, size: bytes.length, mode: 0o600 }, bytes, (error) =>
          error ? fail(error) : done(),
        );
      });
    await new Promise<void>((done, fail) => {
      const sink = pack.entry({ name: dbEntry.path, size: dbEntry.size, mode: 0o600 }, (error) =>
        error ? fail(error) : done(),
      );
      createReadStream(dbFile!).pipe(sink);
    });
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      created_at: now.toISOString(),
      database: { kind: database.kind, entry: dbEntry },
      files: [],
      missing_files: [],
    };
    for (const { key, mime } of keys) {
      const bytes = await storage.get(key);
      if (!bytes) {
        manifest.missing_files.push(key);
        continue;
      }
      const path = `files/${key}`;
      await add(path, bytes);
      manifest.files.push({ key, mime, path, size: bytes.length, sha256: sha256(bytes) });
    }
    await add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    pack.finalize();
    await written;
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A safe relative path inside the archive: no absolute path, no `..`. */
function safeEntryPath(root: string, name: string): string {
  const path = resolve(root, name);
  if (!path.startsWith(resolve(root) + sep) || name.includes('..')) {
    throw new BackupError(`the archive holds an unsafe path: ${name}`);
  }
  return path;
}

/** Unpacks the archive into `into` and checks every entry against the manifest's SHA-256. */
async function unpack(archive: string, into: string): Promise<Manifest> {
  const hashes = new Map<string, string>();
  const extract = tar.extract();
  // The pipeline's failure (not gzip, truncated) is awaited after the loop, never left unhandled.
  const done = pipeline(createReadStream(archive), createGunzip(), extract).then(
    () => null,
    (error: Error) => error,
  );
  for await (const entry of extract) {
    if (entry.header.type !== 'file') {
      entry.resume();
      continue;
    }
    const path = safeEntryPath(into, entry.header.name);
    await mkdir(dirname(path), { recursive: true });
    const hash = createHash('sha256');
    const handle = await open(path, 'w', 0o600);
    try {
      for await (const chunk of entry) {
        hash.update(chunk as Buffer);
        await handle.write(chunk as Buffer);
      }
    } finally {
      await handle.close();
    }
    hashes.set(entry.header.name, hash.digest('hex'));
  }
  const failure = await done;
  if (failure) throw new BackupError(`not a readable .tar.gz archive (${failure.message})`);
  const manifestPath = join(into, 'manifest.json');
  if (!existsSync(manifestPath)) throw new BackupError('not a Skolar backup: no manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new BackupError(`not a Skolar backup of version ${VERSION}`);
  }
  for (const entry of [manifest.database.entry, ...manifest.files]) {
    if (hashes.get(entry.path) !== entry.sha256) {
      throw new BackupError(`the archive is damaged: ${entry.path} does not match its SHA-256`);
    }
  }
  return manifest;
}

/** True when any table of the application holds a row. */
async function hasRows(db: Db): Promise<boolean> {
  const tables = await queryRows<{ name: string }>(
    db,
    // cache_versions is filled by the migrations themselves (decision 162): not data.
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name <> 'cache_versions'`,
  );
  for (const { name } of tables) {
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql.raw(`select exists (select 1 from "${name.replaceAll('"', '""')}") as any`),
    );
    if (row?.any) return true;
  }
  return false;
}

function folderHasFiles(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * Restores an archive into the configured database and file storage. Refuses a target that holds
 * data (a row in any table, or an uploaded file in the local folder) unless `force`, which
 * replaces it. The archive's database kind must be the configured one.
 */
export async function restore(
  config: Config,
  archive: string,
  options: { force?: boolean } = {},
): Promise<Manifest> {
  if (!existsSync(archive)) throw new BackupError(`no such archive: ${archive}`);
  const work = await mkdtemp(join(tmpdir(), 'skolar-restore-'));
  try {
    const manifest = await unpack(archive, work);
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database.kind !== kind) {
      throw new BackupError(
        `this archive holds a ${manifest.database.kind} database and the target is ${kind}; restore it into the same kind (see docs/backup.md)`,
      );
    }
    const uploads = resolve(config.DATA_DIR, 'uploads');
    const dbDir = resolve(config.DATA_DIR, 'db');
    const local = !(config.S3_ENDPOINT && config.S3_BUCKET);

    // Is the target empty? Opening it also takes the embedded database's folder lock, so a
    // running server stops the restore here.
    if (kind === 'postgres' || existsSync(dbDir)) {
      const target = await openFor(config);
      const full = await hasRows(target.db).finally(() => target.close());
      if (full && !options.force) {
        throw new BackupError(
          'the target database is not empty; add --force to replace its content',
        );
      }
    }
    if (local && folderHasFiles(uploads) && !options.force) {
      throw new BackupError(`${uploads} is not empty; add --force to replace its content`);
    }

    const dbFile = join(work, manifest.database.entry.path);
    if (kind === 'pglite') {
      await rm(dbDir, { recursive: true, force: true });
      await mkdir(dbDir, { recursive: true });
      const data = new Blob([new Uint8Array(await readFile(dbFile))]);
      const client = new PGlite(dbDir, { loadDataDir: data });
      await client.waitReady;
      await client.close();
      // Opened once as the server does: a backup of an older version gets its migrations.
      const check = await openFor(config);
      await check.close();
    } else {
      await run(
        'pg_restore',
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          `--dbname=${libpqEnv(config.DATABASE_URL!).PGDATABASE}`,
          dbFile,
        ],
        libpqEnv(config.DATABASE_URL!),
      );
    }

    if (local) await rm(uploads, { recursive: true, force: true });
    const storage = storageFor(config);
    for (const file of manifest.files) {
      const bytes = await readFile(join(work, file.path));
      if (!local) await storage.delete(file.key);
      await storage.put(file.key, bytes, file.mime);
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
