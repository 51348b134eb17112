import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD } from '../../test/app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { LIMITS, RateLimits } from './rate-limit.ts';

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
  it('locks an account after 5 failed attempts, with Retry-After, even for the right password', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    expect(LIMITS['login:account'].points).toBe(5);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await login(user.email, 'Wrong#pass1', `10.0.0.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const locked = await login(user.email, TEST_PASSWORD, '10.0.0.9');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().message).toMatch(/Trop de tentatives/);

    const other = await createUser(db, 'student', institution.id);
    expect((await login(other.email, TEST_PASSWORD, '10.0.0.9')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'teacher', institution.id);
    for (let attempt = 0; attempt < 4; attempt += 1) await login(user.email, 'bad', '10.0.1.1');
    expect((await login(user.email, TEST_PASSWORD, '10.0.1.2')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(user.email, 'bad', '10.0.1.3')).statusCode).toBe(401);
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
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await nodes[attempt % 2]!.hit('login:account', 'shared@example.test');
    }
    await expect(nodes[0]!.hit('login:account', 'shared@example.test')).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(nodes[1]!.hit('login:account', 'shared@example.test')).rejects.toMatchObject({
      statusCode: 429,
    });
    await nodes[1]!.reset('login:account', 'shared@example.test');
    await expect(nodes[0]!.hit('login:account', 'shared@example.test')).resolves.toBeUndefined();
  });
});
