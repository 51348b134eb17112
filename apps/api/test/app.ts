import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { RateLimits } from '../src/auth/rate-limit.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { TestClock } from './clock.ts';
import { TEST_PASSWORD } from './credentials.ts';
import { openTestDatabase } from './database.ts';
import { tempDir } from './temp-dir.ts';

// factories.ts imports the password from credentials.ts, so unit tests that need rows but not the
// HTTP app do not load the whole application.
export { TEST_PASSWORD };

/**
 * The real application on a fresh database, for one test file; closed after the file's tests.
 * Requests go through `app.inject()`, so routing, hooks, validation and serialisation all run.
 * Its DATA_DIR (uploads) is a temporary folder removed after the file.
 */
export async function createTestApp(
  overrides: Partial<AppContext> = {},
  options: { onQuery?: (sql: string) => void } = {},
) {
  const database = await openTestDatabase(options);
  const clock = new TestClock();
  const ctx: AppContext = {
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      DATA_DIR: tempDir('data'),
      DEV_ROUTES: '1',
    }),
    db: database.db,
    clock,
    limits: new RateLimits(),
    listen: database.listen,
    ...overrides,
  };
  const app = await buildApp(ctx, { webRoot: null });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, ctx, db: database.db, clock };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** Signs in through the API and answers the bearer token and the browser's cookies. */
export async function signIn(app: TestApp, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json() as { accessToken: string; userId: number; role: string };
  return { ...body, cookies: cookieJar(response) };
}

/** The cookies a response set, as a name → value map. */
export function cookieJar(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
}

/** Headers for a bearer-authenticated request. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A test file's sign-ins: `as(user)` signs the user in on their first request and answers their
 * bearer header from then on; `as.forget()` signs everyone in again on their next request (after
 * a test has moved the clock past the tokens' lifetime).
 */
export function signedIn(app: TestApp) {
  const tokens = new Map<number, Record<string, string>>();
  const as = async (user: { id: number; email: string }) => {
    let header = tokens.get(user.id);
    if (!header) {
      header = bearer((await signIn(app, user.email)).accessToken);
      tokens.set(user.id, header);
    }
    return header;
  };
  return Object.assign(as, { forget: () => tokens.clear() });
}

const STEP_UP_ENTITY: Record<string, string> = {
  users: 'user',
  students: 'student',
  teachers: 'teacher',
  programs: 'program',
  institutions: 'institution',
};

/**
 * A fresh step-up token for one edit (`X-Confirm-Token`), asked with the session in `headers` for
 * the row the edit's URL names (`/api/students/42` → student 42; none for `/api/me/profile`).
 */
export async function stepUpFor(
  app: TestApp,
  headers: Record<string, string>,
  url: string,
  password = TEST_PASSWORD,
): Promise<{ 'x-confirm-token': string }> {
  const [, , plural, id] = new URL(url, 'http://x').pathname.split('/');
  const entity = plural ? STEP_UP_ENTITY[plural] : undefined;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-password-request',
    headers,
    payload: { password, ...(entity && id ? { target: { entity, id: Number(id) } } : {}) },
  });
  if (response.statusCode !== 200) {
    throw new Error(`step-up failed: ${response.statusCode} ${response.body}`);
  }
  return { 'x-confirm-token': response.json().token as string };
}

/** The confirmation code `POST /api/me/mfa/setup` mailed to the owner (the last one queued). */
export async function mailedMfaCode(db: AppContext['db'], email: string): Promise<string> {
  const [row] = await db
    .select({ payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to_address, email), eq(mailOutbox.template, 'mfa-enrolment-code')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return String((row?.payload as { code?: string } | undefined)?.code);
}
