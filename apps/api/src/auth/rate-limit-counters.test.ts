import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { BUCKETS, type BucketName, type LimitName, RateLimits } from './rate-limit.ts';

// The counters in this process (no Redis); rate-limit.test.ts checks them through the login route
// and, where a Redis server is given, shared between two nodes.

/** Seconds the 429 asks to wait, or null when the call went through. */
async function retryAfter(call: Promise<void>): Promise<number | null> {
  try {
    await call;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(429);
    expect((error as HttpError).key).toBe('errors.too_many_requests');
    return Number((error as HttpError).headers['retry-after']);
  }
}

/** A wait of about `seconds` (the clock runs between the first attempt and the refusal). */
function expectWait(wait: number | null, seconds: number) {
  expect(wait).toBeGreaterThan(seconds - 5);
  expect(wait).toBeLessThanOrEqual(seconds);
}

// name, attempts allowed, per how many seconds: the product's limits, as a person meets them.
const TABLE: [LimitName, number, number][] = [
  ['login:ip', 120, 60],
  ['step-up:ip', 60, 15 * 60],
  ['forgot-password:account', 3, 15 * 60],
  ['forgot-password:ip', 30, 15 * 60],
  ['verify-email:account', 3, 15 * 60],
  ['verify-email:ip', 30, 15 * 60],
  ['reset-password:ip', 30, 15 * 60],
  ['contact:ip', 10, 60 * 60],
  ['contact:account', 5, 60 * 60],
  ['address-taken:account', 10, 60 * 60],
  ['upload:account', 60, 15 * 60],
];

describe('the named limits', () => {
  it.each(TABLE)(
    '%s allows %i attempts, then asks to wait up to %i s',
    async (name, points, seconds) => {
      const limits = new RateLimits();
      for (let attempt = 1; attempt <= points; attempt += 1) {
        expect(await retryAfter(limits.hit(name, 'someone')), `attempt ${attempt}`).toBeNull();
      }
      expectWait(await retryAfter(limits.hit(name, 'someone')), seconds);
      expect(await retryAfter(limits.hit(name, 'someone else'))).toBeNull();
    },
  );
});

describe('RateLimits', () => {
  it('counts each key and each limit apart', async () => {
    const limits = new RateLimits();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await limits.hit('forgot-password:account', 'ada');
    }
    expectWait(await retryAfter(limits.hit('forgot-password:account', 'ada')), 15 * 60);
    expect(await retryAfter(limits.hit('forgot-password:account', 'grace'))).toBeNull();
    expect(await retryAfter(limits.hit('verify-email:account', 'ada'))).toBeNull();
  });

  it('counts a hit at once, so hits made together cannot pass the limit', async () => {
    const limits = new RateLimits();
    const waits = await Promise.all(
      Array.from({ length: 12 }, () => retryAfter(limits.hit('contact:account', 'ada'))),
    );
    expect(waits.filter((wait) => wait === null)).toHaveLength(5);
  });

  it('gives back a hit on refund', async () => {
    const limits = new RateLimits();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await retryAfter(limits.hit('contact:account', 'ada'))).toBeNull();
      await limits.refund('contact:account', 'ada');
    }
    for (let attempt = 0; attempt < 5; attempt += 1) await limits.hit('contact:account', 'ada');
    expectWait(await retryAfter(limits.hit('contact:account', 'ada')), 60 * 60);
  });

  it('forgets a key on reset', async () => {
    const limits = new RateLimits();
    for (let attempt = 0; attempt < 5; attempt += 1) await limits.hit('contact:account', 'ada');
    await limits.reset('contact:account', 'ada');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await retryAfter(limits.hit('contact:account', 'ada'))).toBeNull();
    }
    expectWait(await retryAfter(limits.hit('contact:account', 'ada')), 60 * 60);
  });

  it('takes other limits for some names, and keeps the others', async () => {
    const limits = new RateLimits(undefined, { 'contact:ip': { points: 2, duration: 30 } });
    await limits.hit('contact:ip', '192.0.2.1');
    await limits.hit('contact:ip', '192.0.2.1');
    expectWait(await retryAfter(limits.hit('contact:ip', '192.0.2.1')), 30);
    for (let attempt = 0; attempt < 5; attempt += 1) await limits.hit('contact:account', 'ada');
    expectWait(await retryAfter(limits.hit('contact:account', 'ada')), 60 * 60);
  });

  it('asks to wait at least one second', async () => {
    const limits = new RateLimits(undefined, { 'login:ip': { points: 1, duration: 1 } });
    await limits.hit('login:ip', '192.0.2.2');
    expect(await retryAfter(limits.hit('login:ip', '192.0.2.2'))).toBe(1);
  });
});

const MINUTE = 60 * 1000;
/** An instant `minutes` after a fixed start: the buckets run on the caller's clock. */
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 10) + minutes * MINUTE);

// name, guesses at once, then one guess every how many minutes: the buckets as a guesser meets them.
const BUCKET_TABLE: [BucketName, number, number][] = [
  ['login:source', 5, 3],
  ['login:account', 10, 3],
  ['mfa:source', 5, 3],
  ['mfa:account', 10, 3],
  ['step-up:session', 5, 3],
  ['mfa-settings:session', 5, 3],
];

describe('the buckets of guesses', () => {
  it('are the table above', () => {
    expect(
      Object.fromEntries(BUCKET_TABLE.map(([name, burst, every]) => [name, [burst, every]])),
    ).toEqual(
      Object.fromEntries(
        Object.entries(BUCKETS).map(([name, spec]) => [name, [spec.burst, spec.everyMs / MINUTE]]),
      ),
    );
  });

  it.each(BUCKET_TABLE)(
    '%s takes %i guesses at once, then one every %i minutes; the wait ends by itself',
    async (name, burst, every) => {
      const limits = new RateLimits();
      for (let guess = 1; guess <= burst; guess += 1) {
        expect(await limits.charge(name, 'ada', at(0)), `guess ${guess}`).toBe(0);
      }
      expect(await limits.charge(name, 'ada', at(0))).toBe(every * MINUTE);
      expect(await limits.charge(name, 'ada', at(every - 1))).toBe(MINUTE);
      expect(await limits.charge(name, 'grace', at(every - 1))).toBe(0);
      expect(await limits.charge(name, 'ada', at(every))).toBe(0);
      expect(await limits.charge(name, 'ada', at(every))).toBe(every * MINUTE);
      // Left alone, the bucket empties: the whole burst again.
      for (let guess = 1; guess <= burst; guess += 1) {
        expect(await limits.charge(name, 'ada', at((burst + 1) * every))).toBe(0);
      }
      await expect(
        limits.chargeOrRefuse(name, 'ada', at((burst + 1) * every)),
      ).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': String(every * 60) } });
    },
  );

  it('charge parallel guesses one at a time, so they cannot pass the burst', async () => {
    const limits = new RateLimits();
    const waits = await Promise.all(
      Array.from({ length: 12 }, () => limits.charge('login:source', 'ada', at(0))),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('give a charge back, and forget a bucket', async () => {
    const limits = new RateLimits();
    for (let guess = 0; guess < 5; guess += 1) await limits.charge('login:source', 'ada', at(0));
    await limits.giveBack('login:source', 'ada', at(0));
    expect(await limits.charge('login:source', 'ada', at(0))).toBe(0);
    expect(await limits.charge('login:source', 'ada', at(0))).toBeGreaterThan(0);
    await limits.forget('login:source', 'ada');
    for (let guess = 0; guess < 5; guess += 1) {
      expect(await limits.charge('login:source', 'ada', at(0))).toBe(0);
    }
  });

  it('charge a full bucket when forced, which makes the others wait longer', async () => {
    const limits = new RateLimits();
    for (let guess = 0; guess < 10; guess += 1) await limits.charge('login:account', 'ada', at(0));
    expect(await limits.charge('login:account', 'ada', at(0))).toBe(3 * MINUTE);
    expect(await limits.charge('login:account', 'ada', at(0), { force: true })).toBe(0);
    expect(await limits.charge('login:account', 'ada', at(0))).toBe(6 * MINUTE);
  });
});

describe('RateLimits on a Redis server that does not answer', () => {
  it('keeps counting in this process, so the limits still hold', async () => {
    // Nothing listens on port 1; no offline queue, so each command fails at once.
    const redis = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    try {
      const limits = new RateLimits(redis);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(await retryAfter(limits.hit('forgot-password:account', 'ada'))).toBeNull();
      }
      expectWait(await retryAfter(limits.hit('forgot-password:account', 'ada')), 15 * 60);
      expect(await retryAfter(limits.hit('forgot-password:account', 'grace'))).toBeNull();
    } finally {
      redis.disconnect();
    }
  });

  it('keeps filling the buckets in this process', async () => {
    const redis = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    try {
      const limits = new RateLimits(redis);
      for (let guess = 0; guess < 5; guess += 1) {
        expect(await limits.charge('login:source', 'ada', at(0))).toBe(0);
      }
      expect(await limits.charge('login:source', 'ada', at(0))).toBe(3 * MINUTE);
      await limits.forget('login:source', 'ada');
      expect(await limits.charge('login:source', 'ada', at(0))).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
