import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, mailedMfaCode, signIn, TEST_PASSWORD } from '../../test/app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { currentTotp } from './mfa.ts';
import { BUCKETS, LIMITS, RateLimits } from './rate-limit.ts';

// An attacker does not wait for one answer before sending the next guess. Each limit below is
// fired at in parallel, many more times than it allows: at most its allowance of guesses reaches
// the password or code check (their answers: 401, 404 or 422), every other request answers 429.
// Runs on the counters in this process and, when TEST_REDIS_URL is given, on Redis ones.

const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

function redisLimits() {
  const client = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return new RateLimits(client, {}, `skolar-race-${randomBytes(4).toString('hex')}`);
}

type Backend = [string, Awaited<ReturnType<typeof createTestApp>>];
const backends: Backend[] = [
  ['in this process', await createTestApp({ limits: new RateLimits() })],
];
if (redisUrl) backends.push(['on Redis', await createTestApp({ limits: redisLimits() })]);
else console.info('rate-limit-race: TEST_REDIS_URL unset, the Redis counters are not raced');

/** The statuses of `count` parallel requests, counted by status. */
async function fire(count: number, request: (i: number) => Promise<{ statusCode: number }>) {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => request(i)));
  const tally: Record<number, number> = {};
  for (const { statusCode } of answers) tally[statusCode] = (tally[statusCode] ?? 0) + 1;
  return tally;
}

describe.each(backends)('limits raced by parallel guesses, counters %s', (_, ready) => {
  const post = (url: string, payload: object | undefined, headers = {}) =>
    ready.app.inject({ method: 'POST', url, payload, headers, remoteAddress: '10.7.0.1' });

  async function signedInUser() {
    const { app, db } = ready;
    const institution = await createInstitution(db);
    const user = await createUser(db, 'admin', institution.id);
    const session = await signIn(app, user.email);
    return { user, auth: bearer(session.accessToken) };
  }

  async function mfaUser() {
    const { clock } = ready;
    const { user, auth } = await signedInUser();
    const { secret } = (await post('/api/me/mfa/setup', undefined, auth)).json();
    const enable = await post(
      '/api/me/mfa/enable',
      {
        code: currentTotp(secret, clock.now()),
        email_code: await mailedMfaCode(ready.db, user.email),
      },
      auth,
    );
    expect(enable.statusCode).toBe(200);
    return { user, auth };
  }

  it('25 wrong passwords on one account: at most 5 are checked, the others answer 429', async () => {
    const { db } = ready;
    const user = await createUser(db, 'student', (await createInstitution(db)).id);
    const tally = await fire(25, () =>
      post('/api/auth/login', { email: user.email, password: 'Wrong#pass1' }),
    );
    expect(BUCKETS['login:source'].burst).toBe(5);
    expect(tally).toEqual({ 401: 5, 429: 20 });
  });

  it('25 wrong MFA codes on one sign-in: at most 5 are checked', async () => {
    const { user } = await mfaUser();
    const first = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const mfaToken = first.json().mfa_token;
    expect(mfaToken).toEqual(expect.any(String));
    const tally = await fire(25, () =>
      post('/api/auth/login/mfa', { mfa_token: mfaToken, code: '000000' }),
    );
    expect(tally).toEqual({ 422: 5, 429: 20 });
  });

  it('25 wrong passwords on the step-up: at most 5 are checked', async () => {
    const { auth } = await signedInUser();
    const tally = await fire(25, () =>
      post('/api/auth/verify-password-request', { password: 'Wrong#pass1' }, auth),
    );
    expect(tally).toEqual({ 422: 5, 429: 20 });
  });

  it('25 wrong current passwords on the password change: at most 5 are checked', async () => {
    const { auth } = await signedInUser();
    const body = {
      current_password: 'Wrong#pass1',
      password: 'N3w#Passw0rd!x',
      password_confirmation: 'N3w#Passw0rd!x',
    };
    const tally = await fire(25, () => post('/api/auth/change-password', body, auth));
    expect(tally).toEqual({ 422: 5, 429: 20 });
  });

  it('25 wrong codes to turn MFA on, and 25 to turn it off: at most 5 each', async () => {
    const { user, auth: starting } = await signedInUser();
    expect((await post('/api/me/mfa/setup', undefined, starting)).statusCode).toBe(200);
    const email_code = await mailedMfaCode(ready.db, user.email);
    const enable = () => post('/api/me/mfa/enable', { code: '000000', email_code }, starting);
    expect(await fire(25, enable)).toEqual({
      422: 5,
      429: 20,
    });
    const { auth: enrolled } = await mfaUser();
    expect(await fire(25, () => post('/api/me/mfa/disable', { code: '000000' }, enrolled))).toEqual(
      { 422: 5, 429: 20 },
    );
  });

  it('50 guessed calendar feed addresses from one IP: at most 30 are looked up', async () => {
    const { app } = ready;
    const tally = await fire(50, (i) =>
      app.inject({
        method: 'GET',
        url: `/api/calendar-feeds/guess-${i}-${randomBytes(8).toString('hex')}.ics`,
        remoteAddress: '10.7.0.2',
      }),
    );
    expect(LIMITS['calendar-feed:ip'].points).toBe(30);
    expect(tally).toEqual({ 404: 30, 429: 20 });
  });
});
