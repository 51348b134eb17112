// `npm run backup -- [archive.tar.gz]`: the configured database (DATABASE_URL: pg_dump; else the
// embedded database in DATA_DIR, with the server stopped) and every uploaded file, in one archive
// with a manifest of SHA-256 sums (docs/backup.md). Exit code 0 when written, 1 otherwise.
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DatabaseLockedError } from '../src/db/client.ts';
import { BackupError, backup } from '../src/ops/backup.ts';

/** Runs the command; answers the exit code. */
export async function runBackup(
  argv: string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<number> {
  const now = new Date();
  const archive =
    argv.find((arg) => !arg.startsWith('-')) ??
    `skolar-backup-${now.toISOString().replaceAll(':', '-').replace(/\..*/, '')}.tar.gz`;
  try {
    const manifest = await backup(loadConfig(env), archive, now);
    print(
      `backup: ${archive} written (${manifest.database.kind} database, ${manifest.files.length} files)`,
    );
    for (const key of manifest.missing_files) {
      print(`backup: warning: file ${key} is listed in the database but missing from the storage`);
    }
    return 0;
  } catch (error) {
    const known =
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError;
    print(`backup: ${known ? (error as Error).message : `failed: ${String(error)}`}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runBackup(process.argv.slice(2), process.env, (line) =>
    console.log(line),
  );
}
