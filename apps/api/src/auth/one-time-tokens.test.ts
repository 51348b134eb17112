import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import { openTestDatabase } from '../../test/database.ts';
import { createUser } from '../../test/factories.ts';
import { oneTimeTokens } from '../db/schema/index.ts';
import { consumeToken, findLiveToken, issueToken } from './one-time-tokens.ts';
import { hashToken } from './tokens.ts';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

const HOUR = 60 * 60 * 1000;
const at = (clock: TestClock, ms: number) => new Date(clock.now().getTime() + ms);

describe('one-time tokens (mail links, step-ups, MFA challenges)', () => {
  it('are stored as their hash with the expiry asked for', async () => {
    const clock = new TestClock();
    const user = await createUser(db, 'super-admin', null);
    const token = await issueToken(db, user.id, 'reset_password', clock.now(), HOUR);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'reset_password',
      token_hash: hashToken(token),
      used_at: null,
    });
    expect(rows[0]!.expires_at.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(rows[0]!.created_at.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('are live until their expiry, for their own purpose only', async () => {
    const clock = new TestClock();
    const user = await createUser(db, 'super-admin', null);
    const token = await issueToken(db, user.id, 'verify_email', clock.now(), HOUR);
    expect(await findLiveToken(db, token, 'verify_email', clock.now())).toMatchObject({
      user_id: user.id,
      purpose: 'verify_email',
    });
    expect(await findLiveToken(db, token, 'verify_email', at(clock, HOUR - 1))).toBeDefined();
    expect(await findLiveToken(db, token, 'verify_email', at(clock, HOUR))).toBeUndefined();
    expect(await findLiveToken(db, token, 'reset_password', clock.now())).toBeUndefined();
    expect(await findLiveToken(db, 'forged', 'verify_email', clock.now())).toBeUndefined();
  });

  it('can be spent once: a replay answers nothing', async () => {
    const clock = new TestClock();
    const user = await createUser(db, 'super-admin', null);
    const token = await issueToken(db, user.id, 'reset_password', clock.now(), HOUR);
    const spent = await consumeToken(db, token, 'reset_password', at(clock, 5 * 60 * 1000));
    expect(spent).toMatchObject({ user_id: user.id, purpose: 'reset_password' });
    expect(spent!.used_at?.toISOString()).toBe('2026-11-22T10:05:00.000Z');
    expect(
      await consumeToken(db, token, 'reset_password', at(clock, 6 * 60 * 1000)),
    ).toBeUndefined();
    expect(await findLiveToken(db, token, 'reset_password', clock.now())).toBeUndefined();
  });

  it('cannot be spent once expired, or for another purpose', async () => {
    const clock = new TestClock();
    const user = await createUser(db, 'super-admin', null);
    const expired = await issueToken(db, user.id, 'reset_password', clock.now(), HOUR);
    expect(await consumeToken(db, expired, 'reset_password', at(clock, HOUR))).toBeUndefined();
    const other = await issueToken(db, user.id, 'step_up', clock.now(), HOUR);
    expect(await consumeToken(db, other, 'mfa_challenge', clock.now())).toBeUndefined();
    expect(await consumeToken(db, other, 'step_up', at(clock, HOUR - 1))).toBeDefined();
  });

  it('each work alone: spending one leaves the user’s other tokens live', async () => {
    const clock = new TestClock();
    const user = await createUser(db, 'super-admin', null);
    const first = await issueToken(db, user.id, 'verify_email', clock.now(), HOUR);
    const second = await issueToken(db, user.id, 'verify_email', clock.now(), HOUR);
    expect(second).not.toBe(first);
    await consumeToken(db, first, 'verify_email', clock.now());
    expect(await findLiveToken(db, second, 'verify_email', clock.now())).toBeDefined();
  });
});
