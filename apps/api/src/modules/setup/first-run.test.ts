import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { DEMO_PASSWORD } from '@skolar/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdmin } from '../../../scripts/create-admin.ts';
import { createTestApp } from '../../../test/app.ts';
import { tempDir } from '../../../test/temp-dir.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { prepareDatabase } from '../../ops/prepare.ts';
import { SETUP_TTL_MS } from './first-run.ts';

const SETUP_PASSWORD = 'Vl4nd-Kette!Mauer';

/** The lines start writes to the log, kept for the test. */
function captureLog() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) } };
}

/** The real application with a production configuration and an empty database. */
async function productionApp(env: Record<string, string> = {}) {
  return createTestApp({
    config: loadConfig({
      NODE_ENV: 'production',
      MFA_ENCRYPTION_KEY: 'a-test-key-of-thirty-two-characters-or-more',
      LOG_LEVEL: 'silent',
      DATA_DIR: tempDir('data'),
      PUBLIC_URL: 'https://lms.example.org',
      ...env,
    }),
  });
}

const setupBody = {
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'Ada@Example.org',
  locale: 'en',
  password: SETUP_PASSWORD,
  password_confirmation: SETUP_PASSWORD,
};

describe('a production start on an empty database', async () => {
  const { app, ctx, db, clock } = await productionApp();
  const { lines, log } = captureLog();
  await prepareDatabase(ctx, log);
  const token = /\/setup\/([\w-]+)/.exec(lines.join('\n'))?.[1];

  it('seeds no demo: the demo super-admin cannot sign in', async () => {
    expect(await db.select().from(users)).toEqual([]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'superadmin@skolar.test', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });

  it('logs a one-time setup link on the public address', () => {
    expect(token).toBeDefined();
    expect(lines.join('\n')).toContain(`https://lms.example.org/setup/${token}`);
  });

  it('the link creates exactly one super-admin, who signs in, and cannot be used again', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/setup/${token}` })).statusCode).toBe(204);
    // A second start before the setup prints a second link; both race for the first super-admin.
    const second = captureLog();
    await prepareDatabase(ctx, second.log);
    const otherToken = /\/setup\/([\w-]+)/.exec(second.lines.join('\n'))?.[1];
    expect(otherToken).toBeDefined();
    const [first, other] = await Promise.all([
      app.inject({ method: 'POST', url: `/api/setup/${token}`, payload: setupBody }),
      app.inject({
        method: 'POST',
        url: `/api/setup/${otherToken}`,
        payload: { ...setupBody, email: 'eve@example.org' },
      }),
    ]);
    expect([first.statusCode, other.statusCode].sort()).toEqual([201, 404]);
    const admins = await db.select().from(users).where(eq(users.role, 'super-admin'));
    expect(admins).toHaveLength(1);

    const email = admins[0]!.email;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: SETUP_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'super-admin' });

    for (const used of [token, otherToken]) {
      expect((await app.inject({ method: 'GET', url: `/api/setup/${used}` })).statusCode).toBe(404);
      const again = await app.inject({
        method: 'POST',
        url: `/api/setup/${used}`,
        payload: { ...setupBody, email: 'mallory@example.org' },
      });
      expect(again.statusCode).toBe(404);
    }
    expect(await db.select().from(users).where(eq(users.role, 'super-admin'))).toHaveLength(1);

    // Once a super-admin exists, a restart prints no link.
    const third = captureLog();
    await prepareDatabase(ctx, third.log);
    expect(third.lines.join('\n')).not.toContain('/setup/');
    void clock;
  });
});

describe('the setup link', async () => {
  const { app, ctx, clock } = await productionApp();
  const { lines, log } = captureLog();
  await prepareDatabase(ctx, log);
  const token = /\/setup\/([\w-]+)/.exec(lines.join('\n'))?.[1];

  it('refuses a weak or common password with 422 and stays usable', async () => {
    const weak = await app.inject({
      method: 'POST',
      url: `/api/setup/${token}`,
      payload: { ...setupBody, password: 'P@ssw0rd', password_confirmation: 'P@ssw0rd' },
    });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toEqual(['password']);
    expect((await app.inject({ method: 'GET', url: `/api/setup/${token}` })).statusCode).toBe(204);
  });

  it('expires after an hour', async () => {
    clock.advance(SETUP_TTL_MS + 1000);
    const late = await app.inject({
      method: 'POST',
      url: `/api/setup/${token}`,
      payload: setupBody,
    });
    expect(late.statusCode).toBe(404);
  });
});

describe('SEED=demo in production', async () => {
  const { app, ctx } = await productionApp({ SEED: 'demo' });
  await prepareDatabase(ctx, captureLog().log);

  it('seeds the demo when asked in so many words', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'superadmin@skolar.test', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('npm run create-admin', () => {
  it('creates the first super-admin on an empty embedded database, then refuses a second without --force', async () => {
    const dataDir = tempDir('create-admin');
    const output: string[] = [];
    const run = (args: string[], password = SETUP_PASSWORD) =>
      createAdmin(args, {
        env: {
          NODE_ENV: 'production',
          MFA_ENCRYPTION_KEY: 'a-test-key-of-thirty-two-characters-or-more',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
        },
        readPassword: async () => password,
        out: (line) => output.push(line),
        err: (line) => output.push(line),
      });
    const args = (email: string) => [
      '--email',
      email,
      '--first-name',
      'Root',
      '--last-name',
      'Admin',
    ];

    expect(await run(args('root@example.org'), 'P@ssw0rd')).toBe(1);
    expect(output.at(-1)).toMatch(/password/);
    expect(await run(args('root@example.org'), 'short')).toBe(2);
    expect(await run(args('root@example.org'))).toBe(0);
    expect(await run(args('second@example.org'))).toBe(1);
    expect(output.at(-1)).toMatch(/already exists/);
    expect(await run([...args('second@example.org'), '--force'])).toBe(0);

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const admins = await database.db
        .select({ email: users.email, role: users.role })
        .from(users)
        .orderBy(users.id);
      expect(admins).toEqual([
        { email: 'root@example.org', role: 'super-admin' },
        { email: 'second@example.org', role: 'super-admin' },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe('npm run create-admin as a command', () => {
  it('reads the password piped on standard input and checks it before touching the database', () => {
    const root = resolve(import.meta.dirname, '../../../../..');
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/scripts/create-admin.ts',
        '--email',
        'root@example.org',
        '--first-name',
        'Root',
        '--last-name',
        'Admin',
      ],
      {
        cwd: root,
        input: 'P@ssw0rd\n',
        encoding: 'utf8',
        env: { PATH: process.env.PATH, DATA_DIR: tempDir('create-admin-cli') },
      },
    );
    expect(result.stderr).toContain('This password is too common');
    expect(result.status).toBe(1);
  });
});
