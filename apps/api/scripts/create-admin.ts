// `npm run create-admin -- --email <address> --first-name <name> --last-name <name>`: creates a
// super-admin on the configured database (the same environment as the server: DATABASE_URL or
// DATA_DIR). The password comes from SKOLAR_ADMIN_PASSWORD, else from standard input (one line),
// prompted without echo on a terminal. Refuses when an active super-admin exists unless --force.
// Exit codes: 0 created, 1 refused or failed, 2 bad arguments.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { firstRunBody } from '@skolar/shared';
import { isCommonPassword } from '../src/auth/common-passwords.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DatabaseLockedError } from '../src/db/client.ts';
import { HttpError } from '../src/http/errors.ts';
import { isMessageKey, translate } from '../src/i18n/messages.ts';
import { openConfiguredDatabase } from '../src/main.ts';
import { createSuperAdmin, SuperAdminExistsError } from '../src/modules/setup/first-run.ts';

const USAGE =
  'usage: npm run create-admin -- --email <address> --first-name <name> --last-name <name> [--locale fr|en|de] [--force]\n' +
  '       the password from SKOLAR_ADMIN_PASSWORD, or typed (or piped) on standard input';

interface Io {
  env: NodeJS.ProcessEnv;
  /** Reads the password: one line of standard input, hidden on a terminal. */
  readPassword(prompt: string): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command; answers the exit code. Exported for the test, which runs it in process. */
export async function createAdmin(argv: string[], io: Io): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        locale: { type: 'string', default: 'en' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    io.err(`create-admin: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const password =
    io.env.SKOLAR_ADMIN_PASSWORD ?? (await io.readPassword('Password of the new super-admin: '));
  const parsed = firstRunBody.safeParse({
    email: values.email,
    first_name: values['first-name'],
    last_name: values['last-name'],
    locale: values.locale,
    password,
    password_confirmation: password,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      io.err(`create-admin: ${issue.path.join('.')}: ${describe(issue.message)}`);
    }
    io.err(USAGE);
    return 2;
  }
  if (isCommonPassword(password)) {
    io.err(`create-admin: password: ${describe('account.rules.passwordCommon')}`);
    return 1;
  }
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
  try {
    const config = loadConfig(io.env);
    database = await openConfiguredDatabase(config);
    const id = await createSuperAdmin(database.db, parsed.data, new Date(), {
      allowExisting: values.force === true,
    });
    io.out(`create-admin: super-admin ${parsed.data.email.toLowerCase()} created (id ${id}).`);
    return 0;
  } catch (error) {
    if (error instanceof SuperAdminExistsError) {
      io.err('create-admin: a super-admin already exists; add --force to create another one.');
    } else if (error instanceof HttpError) {
      const fields = Object.entries(error.errors ?? {}).map(
        ([field, keys]) => `${field}: ${keys.map(describe).join(', ')}`,
      );
      io.err(`create-admin: ${fields.join('; ') || describe(error.key)}`);
    } else if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
      io.err(`create-admin: ${error.message}`);
    } else {
      io.err(`create-admin: failed: ${String(error)}`);
    }
    return 1;
  } finally {
    await database?.close();
  }
}

/** A catalogue key in English, or the text as it is. */
function describe(message: string): string {
  return isMessageKey(message) ? translate('en', message) : message;
}

/** One line of standard input; on a terminal, typed without echo. */
function readPassword(prompt: string): Promise<string> {
  const hidden = process.stdin.isTTY === true;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: hidden });
  if (hidden) {
    process.stdout.write(prompt);
    // Replace what readline echoes with nothing: the password never shows.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  return new Promise((resolve) => {
    rl.once('line', (line) => {
      if (hidden) process.stdout.write('\n');
      resolve(line);
      rl.close();
    });
    rl.once('close', () => resolve(''));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await createAdmin(process.argv.slice(2), {
    env: process.env,
    readPassword,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
