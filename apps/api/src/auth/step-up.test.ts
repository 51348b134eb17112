import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import { TEST_PASSWORD } from '../../test/credentials.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { issueToken } from './one-time-tokens.ts';
import { RateLimits } from './rate-limit.ts';
import { type Actor, createSession } from './sessions.ts';
import {
  confirmPassword,
  isStepUpValid,
  requireStepUp,
  STEP_UP_HEADER,
  STEP_UP_TTL_MS,
} from './step-up.ts';

const database = await openTestDatabase();
afterAll(() => database.close());

const MINUTE = 60 * 1000;

function context(limits = new RateLimits()): AppContext & { clock: TestClock } {
  return {
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none' }),
    db: database.db,
    clock: new TestClock(),
    limits,
  };
}

async function admin(overrides: Parameters<typeof createUser>[3] = {}): Promise<Actor> {
  const institution = await createInstitution(database.db);
  const user = await createUser(database.db, 'admin', institution.id, overrides);
  const { session } = await createSession(database.db, user.id, new TestClock().now(), {});
  return {
    userId: user.id,
    role: 'admin',
    institutionId: institution.id,
    sessionId: session.id,
    locale: 'en',
    timeZone: 'Europe/Paris',
  };
}

/** The error a promise rejects with, as status, key and field errors. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode, key, errors, headers } = error as HttpError;
  return { statusCode, key, errors, headers };
}

describe('confirming the password (step-up)', () => {
  it('answers a token, sent back in X-Confirm-Token, that is valid 15 minutes', async () => {
    const ctx = context();
    const actor = await admin();
    const token = await confirmPassword(ctx, actor, TEST_PASSWORD, '198.51.100.1');
    expect(STEP_UP_HEADER).toBe('x-confirm-token');
    expect(STEP_UP_TTL_MS).toBe(15 * MINUTE);
    expect(await isStepUpValid(ctx, actor, token)).toBe(true);
    ctx.clock.advance(15 * MINUTE - 1);
    expect(await isStepUpValid(ctx, actor, token)).toBe(true);
    ctx.clock.advance(1);
    expect(await isStepUpValid(ctx, actor, token)).toBe(false);
    expect(await refusal(requireStepUp(ctx, actor, token, null))).toEqual({
      statusCode: 403,
      key: 'auth.step_up_required',
      errors: undefined,
      headers: {},
    });
  });

  it('refuses a wrong password with 422 on the password field', async () => {
    const ctx = context();
    const actor = await admin();
    expect(await refusal(confirmPassword(ctx, actor, 'Wrong#pass1'))).toMatchObject({
      statusCode: 422,
      errors: { password: ['auth.wrong_password'] },
    });
  });

  it('refuses an account without a password (invited, never verified)', async () => {
    const ctx = context();
    const actor = await admin({ password_hash: null });
    expect(await refusal(confirmPassword(ctx, actor, TEST_PASSWORD))).toMatchObject({
      statusCode: 422,
      errors: { password: ['auth.wrong_password'] },
    });
  });

  it('slows the session after 5 wrong passwords, the right one too, for minutes; the account’s other sessions go on', async () => {
    const ctx = context();
    const actor = await admin();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await refusal(confirmPassword(ctx, actor, 'Wrong#pass1'))).statusCode).toBe(422);
    }
    const slowed = await refusal(confirmPassword(ctx, actor, TEST_PASSWORD));
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(3 * 60);

    // The same person in another session (a stolen one guessing does not stop the owner).
    const { session } = await createSession(database.db, actor.userId, new TestClock().now(), {});
    await expect(
      confirmPassword(ctx, { ...actor, sessionId: session.id }, TEST_PASSWORD),
    ).resolves.toMatch(/^[\w-]{43}$/);
  });

  it('forgets earlier wrong passwords once the right one is given', async () => {
    const ctx = context();
    const actor = await admin();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await refusal(confirmPassword(ctx, actor, 'Wrong#pass1'));
    }
    await confirmPassword(ctx, actor, TEST_PASSWORD);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await refusal(confirmPassword(ctx, actor, 'Wrong#pass1'))).statusCode).toBe(422);
    }
    await expect(confirmPassword(ctx, actor, TEST_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('counts every attempt from one address, right or wrong, whichever account', async () => {
    const ctx = context(new RateLimits(undefined, { 'step-up:ip': { points: 3, duration: 900 } }));
    const actors = [await admin(), await admin(), await admin(), await admin()];
    for (const actor of actors.slice(0, 3)) {
      await confirmPassword(ctx, actor, TEST_PASSWORD, '198.51.100.9');
    }
    const refused = await refusal(confirmPassword(ctx, actors[3]!, TEST_PASSWORD, '198.51.100.9'));
    expect(refused.statusCode).toBe(429);
    await expect(
      confirmPassword(ctx, actors[3]!, TEST_PASSWORD, '198.51.100.10'),
    ).resolves.toBeTypeOf('string');
    // Without an address (a script on the server itself) only the account counts.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(confirmPassword(ctx, actors[3]!, TEST_PASSWORD)).resolves.toBeTypeOf('string');
    }
  });
});

describe('checking a step-up token', () => {
  it("refuses no token, another user's token and a token of another kind", async () => {
    const ctx = context();
    const actor = await admin();
    const other = await admin();
    expect(await isStepUpValid(ctx, actor, undefined)).toBe(false);
    expect(await isStepUpValid(ctx, actor, '')).toBe(false);
    const theirs = await confirmPassword(ctx, other, TEST_PASSWORD);
    expect(await isStepUpValid(ctx, actor, theirs)).toBe(false);
    expect(await isStepUpValid(ctx, other, theirs)).toBe(true);
    const reset = await issueToken(ctx.db, actor.userId, 'reset_password', ctx.clock.now(), MINUTE);
    expect(await isStepUpValid(ctx, actor, reset)).toBe(false);
    expect((await refusal(requireStepUp(ctx, actor, undefined, null))).statusCode).toBe(403);
    expect((await refusal(requireStepUp(ctx, actor, theirs, null))).statusCode).toBe(403);
  });

  it('serves one save only: the same token is refused the second time', async () => {
    const ctx = context();
    const actor = await admin();
    const token = await confirmPassword(ctx, actor, TEST_PASSWORD);
    await expect(requireStepUp(ctx, actor, token, null)).resolves.toBeTypeOf('number');
    expect(await isStepUpValid(ctx, actor, token)).toBe(false);
    expect((await refusal(requireStepUp(ctx, actor, token, null))).statusCode).toBe(403);
  });

  it('serves only the session that asked for it', async () => {
    const ctx = context();
    const actor = await admin();
    const { session } = await createSession(database.db, actor.userId, ctx.clock.now(), {});
    const sameUserOtherSession = { ...actor, sessionId: session.id };
    const token = await confirmPassword(ctx, actor, TEST_PASSWORD);
    expect(await isStepUpValid(ctx, sameUserOtherSession, token)).toBe(false);
    expect((await refusal(requireStepUp(ctx, sameUserOtherSession, token, null))).statusCode).toBe(
      403,
    );
  });

  it('serves only the row it was asked for, and a token for no row serves no row edit', async () => {
    const ctx = context();
    const actor = await admin();
    const forAda = await confirmPassword(ctx, actor, TEST_PASSWORD, undefined, {
      entity: 'student',
      id: 42,
    });
    expect(await isStepUpValid(ctx, actor, forAda, { entity: 'student', id: 42 })).toBe(true);
    expect((await refusal(requireStepUp(ctx, actor, forAda, 'student:43'))).statusCode).toBe(403);
    expect((await refusal(requireStepUp(ctx, actor, forAda, 'teacher:42'))).statusCode).toBe(403);
    expect((await refusal(requireStepUp(ctx, actor, forAda, null))).statusCode).toBe(403);
    await expect(requireStepUp(ctx, actor, forAda, 'student:42')).resolves.toBeTypeOf('number');
    const forNoRow = await confirmPassword(ctx, actor, TEST_PASSWORD);
    expect((await refusal(requireStepUp(ctx, actor, forNoRow, 'student:42'))).statusCode).toBe(403);
  });
});
