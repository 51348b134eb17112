// `npm run restore -- <archive.tar.gz> [--force]`: puts a backup of `npm run backup` back into the
// configured database and file storage, after checking every entry's SHA-256. Refuses a target
// that holds data unless --force (which replaces it). Exit code 0 when restored, 1 otherwise.
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DatabaseLockedError } from '../src/db/client.ts';
import { BackupError, restore } from '../src/ops/backup.ts';

/** Runs the command; answers the exit code. */
export async function runRestore(
  argv: string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<number> {
  const archive = argv.find((arg) => !arg.startsWith('-'));
  if (!archive) {
    print('usage: npm run restore -- <archive.tar.gz> [--force]');
    return 1;
  }
  try {
    const manifest = await restore(loadConfig(env), archive, { force: argv.includes('--force') });
    print(
      `restore: ${archive} restored (${manifest.database.kind} database of ${manifest.created_at}, ${manifest.files.length} files)`,
    );
    return 0;
  } catch (error) {
    const known =
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DatabaseLockedError;
    print(`restore: ${known ? (error as Error).message : `failed: ${String(error)}`}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runRestore(process.argv.slice(2), process.env, (line) =>
    console.log(line),
  );
}
