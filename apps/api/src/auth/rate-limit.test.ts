import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD } from '../../test/app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { BUCKETS, RateLimits } from './rate-limit.ts';

const { app, db } = await createTestApp({
  limits: new RateLimits(undefined, { 'login:ip': { points: 12, duration: 60 } }),
});
const login = (email: string, password: string, ip = '10.1.1.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('login rate limits', () => {
  it('stops one address after 5 wrong passwords on an account, with Retry-After, even for the right password', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    expect(BUCKETS['login:source'].burst).toBe(5);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await login(user.email, 'Wrong#pass1', '10.0.0.1');
      expect(response.statusCode).toBe(401);
    }
    const stopped = await login(user.email, TEST_PASSWORD, '10.0.0.1');
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(stopped.headers['retry-after'])).toBeLessThanOrEqual(3 * 60);
    expect(stopped.json().message).toMatch(/Trop de tentatives/);

    const other = await createUser(db, 'student', institution.id);
    expect((await login(other.email, TEST_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'teacher', institution.id);
    for (let attempt = 0; attempt < 4; attempt += 1) await login(user.email, 'bad', '10.0.1.1');
    expect((await login(user.email, TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user.email, 'bad', '10.0.1.1')).statusCode).toBe(401);
    }
  });

  it('limits attempts per IP address, whichever accounts they target', async () => {
    const institution = await createInstitution(db);
    const users = await Promise.all(
      Array.from({ length: 13 }, () => createUser(db, 'student', institution.id)),
    );
    const answers: number[] = [];
    for (const user of users)
      answers.push((await login(user.email, TEST_PASSWORD, '10.9.9.9')).statusCode);
    expect(answers.slice(0, 12).every((status) => status === 200)).toBe(true);
    expect(answers[12]).toBe(429);
    expect((await login(users[12]!.email, TEST_PASSWORD, '10.9.9.8')).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// Needs a Redis server: CI's PostgreSQL pass sets TEST_REDIS_URL; the in-memory pass has none.
describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it('two API nodes count the same failures', async () => {
    const prefix = `skolar-test-${randomBytes(4).toString('hex')}`;
    const nodes = [0, 1].map(() => {
      const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
      clients.push(client);
      return new RateLimits(client, {}, prefix);
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await nodes[attempt % 2]!.hit('forgot-password:account', 'shared@example.test');
    }
    await expect(
      nodes[0]!.hit('forgot-password:account', 'shared@example.test'),
    ).rejects.toMatchObject({ statusCode: 429 });
    await expect(
      nodes[1]!.hit('forgot-password:account', 'shared@example.test'),
    ).rejects.toMatchObject({ statusCode: 429 });
    await nodes[1]!.reset('forgot-password:account', 'shared@example.test');
    await expect(
      nodes[0]!.hit('forgot-password:account', 'shared@example.test'),
    ).resolves.toBeUndefined();
  });

  it('two API nodes fill the same buckets of guesses, on the clock they are given', async () => {
    const prefix = `skolar-test-${randomBytes(4).toString('hex')}`;
    const nodes = [0, 1].map(() => {
      const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
      clients.push(client);
      return new RateLimits(client, {}, prefix);
    });
    const start = new Date('2026-11-22T10:00:00Z');
    const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const key = 'shared@example.test|address:192.0.2.1';
    for (let guess = 0; guess < 5; guess += 1) {
      expect(await nodes[guess % 2]!.charge('login:source', key, start)).toBe(0);
    }
    expect(await nodes[0]!.charge('login:source', key, start)).toBe(3 * 60_000);
    expect(await nodes[1]!.charge('login:source', key, later(1))).toBe(2 * 60_000);
    expect(await nodes[1]!.charge('login:source', key, later(3))).toBe(0);
    await nodes[0]!.giveBack('login:source', key, later(3));
    expect(await nodes[1]!.charge('login:source', key, later(3))).toBe(0);
    expect(await nodes[0]!.charge('login:source', key, later(3))).toBe(3 * 60_000);
    expect(await nodes[0]!.charge('login:source', key, later(3), { force: true })).toBe(0);
    expect(await nodes[1]!.charge('login:source', key, later(3))).toBe(6 * 60_000);
    await nodes[1]!.forget('login:source', key);
    expect(await nodes[0]!.charge('login:source', key, later(3))).toBe(0);
  });
});
