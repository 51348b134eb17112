import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, mailedMfaCode, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { currentTotp } from '../../auth/mfa.ts';

// Issue 28, item 6: five wrong passwords every 15 minutes kept any account locked, the right
// password included. Guesses now count per source (an address, or a browser the account signed
// in from) with the strict budget, and per account with a larger one that only slows the sources
// the account does not know. The clock is the test's: every wait here ends by moving it.

const { app, db, clock } = await createTestApp();

const DEVICE_COOKIE = '__Host-skolar_device';
const MINUTE = 60 * 1000;
const WRONG = 'Wrong#pass1';

/** The browser of a person: its address, and the device cookie it keeps once given one. */
interface Browser {
  ip: string;
  device?: string;
}

function keepDevice(browser: Browser, response: LightMyRequestResponse) {
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (cookie) browser.device = cookie.value;
}

async function login(browser: Browser, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: browser.ip,
    cookies: browser.device ? { [DEVICE_COOKIE]: browser.device } : {},
  });
  keepDevice(browser, response);
  return response;
}

async function secondStep(browser: Browser, mfaToken: string, code: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login/mfa',
    payload: { mfa_token: mfaToken, code },
    remoteAddress: browser.ip,
    cookies: browser.device ? { [DEVICE_COOKIE]: browser.device } : {},
  });
  keepDevice(browser, response);
  return response;
}

const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

/** Statuses counted: `{ 401: n, 429: m }`. */
function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Many addresses guessing together: six addresses each send a guess every minute, `rounds` times
 * (the clock moves a minute between rounds, not after the last: whatever room the account had
 * then, a guesser took it). Answers the statuses they got.
 */
async function botnet(guess: (attacker: Browser) => Promise<LightMyRequestResponse>, rounds = 30) {
  const attackers = Array.from({ length: 6 }, (_, i) => ({ ip: `203.0.113.${i + 10}` }));
  const statuses: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round > 0) clock.advance(MINUTE);
    for (const attacker of attackers) statuses.push((await guess(attacker)).statusCode);
  }
  return statuses;
}

async function teacher() {
  const institution = await createInstitution(db);
  return createUser(db, 'teacher', institution.id);
}

describe('guessing at an account (issue 28, item 6)', () => {
  it('stops one address after 5 wrong passwords, while the owner signs in from another', async () => {
    const owner = await teacher();
    const attacker = { ip: '203.0.113.1' };
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await login(attacker, owner.email, WRONG)).statusCode).toBe(401);
    }
    const stopped = await login(attacker, owner.email, WRONG);
    expect(stopped.statusCode).toBe(429);
    expect(retryAfter(stopped)).toBe(3 * 60);
    // Stopped means not checked: the right password from there waits as well.
    expect((await login(attacker, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    for (let guess = 0; guess < 20; guess += 1) await login(attacker, owner.email, WRONG);

    // The owner, on a browser and at an address the account has never seen.
    const elsewhere = { ip: '198.51.100.20' };
    expect((await login(elsewhere, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("ends an address's wait by itself: one guess every 3 minutes, all 5 again after 15", async () => {
    const owner = await teacher();
    const attacker = { ip: '203.0.113.2' };
    for (let guess = 0; guess < 5; guess += 1) await login(attacker, owner.email, WRONG);
    expect(retryAfter(await login(attacker, owner.email, WRONG))).toBe(180);

    clock.advance(3 * MINUTE - 1000);
    expect(retryAfter(await login(attacker, owner.email, WRONG))).toBe(1);
    clock.advance(1000);
    expect((await login(attacker, owner.email, WRONG)).statusCode).toBe(401);
    expect((await login(attacker, owner.email, WRONG)).statusCode).toBe(429);

    clock.advance(15 * MINUTE);
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await login(attacker, owner.email, WRONG)).statusCode).toBe(401);
    }
    expect((await login(attacker, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    clock.advance(3 * MINUTE);
    expect((await login(attacker, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner in from their browser and their usual address while many addresses guess', async () => {
    const owner = await teacher();
    const laptop: Browser = { ip: '198.51.100.7' };
    expect((await login(laptop, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(laptop.device).toEqual(expect.any(String));

    const statuses = await botnet((attacker) => login(attacker, owner.email, WRONG));
    // 180 guesses sent in 29 minutes: 10 at once, then about one every 3 minutes were checked.
    expect(tally(statuses)[401]).toBeLessThanOrEqual(10 + 30 / 3 + 1);
    expect(tally(statuses)[429]).toBeGreaterThanOrEqual(180 - 21);

    // Their browser, at the exam centre's address, which the account has never used.
    const atSchool: Browser = { ip: '192.0.2.50', device: laptop.device };
    expect((await login(atSchool, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Another browser at their usual address (their home router), without the cookie.
    const phone: Browser = { ip: laptop.ip };
    expect((await login(phone, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    // A browser and an address the account does not know wait their turn, right password or not.
    const stranger = await login({ ip: '192.0.2.99' }, owner.email, TEST_PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(retryAfter(stranger)).toBeLessThanOrEqual(3 * 60);
    // The attack over, the account's bucket empties by itself.
    clock.advance(31 * MINUTE);
    expect((await login({ ip: '192.0.2.99' }, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an address nobody has exactly as an account, through the same guessing', async () => {
    const owner = await teacher();
    const unknown = `nobody.${owner.id}@example.test`;
    const guessAt = (email: string) =>
      botnet(async (attacker) => {
        const response = await login(attacker, email, WRONG);
        return {
          ...response,
          statusCode: response.statusCode * 1000 + (retryAfter(response) || 0),
        };
      }, 12);
    const real = await guessAt(owner.email);
    const nobody = await guessAt(unknown);
    expect(nobody).toEqual(real);
    expect(new Set(real.map((value) => Math.floor(value / 1000)))).toEqual(new Set([401, 429]));
  });

  it('sets the device cookie when a session opens: HttpOnly, SameSite=Lax, Secure, for 90 days', async () => {
    const owner = await teacher();
    const response = await login({ ip: '198.51.100.8' }, owner.email, TEST_PASSWORD);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: '/',
      maxAge: 90 * 24 * 60 * 60,
    });
    // It names no account: a random device id, the time and a signature, none of them the id or
    // the address (a random part may contain the id's digits by chance: whole parts are compared).
    const parts = decodeURIComponent(cookie!.value).split(/[.,|~]/);
    expect(parts).not.toContain(String(owner.id));
    expect(cookie!.value).not.toContain(owner.email);
    // A wrong password, or an address not verified yet, opens no session and sets no cookie.
    const wrong = await login({ ip: '198.51.100.8' }, owner.email, WRONG);
    expect(wrong.cookies.map((c) => c.name)).not.toContain(DEVICE_COOKIE);
    const unverified = await createUser(db, 'student', owner.institution_id, {
      email_verified_at: null,
    });
    const pending = await login({ ip: '198.51.100.8' }, unverified.email, TEST_PASSWORD);
    expect(pending.json()).toEqual({ verify_email: true });
    expect(pending.cookies.map((c) => c.name)).not.toContain(DEVICE_COOKIE);
  });
});

describe('guessing at the second step of a sign-in with MFA (issue 28, item 6)', () => {
  /** A teacher with MFA on, signed in once from their laptop (which keeps the device cookie). */
  async function enrolledOwner() {
    const owner = await teacher();
    const laptop: Browser = { ip: '198.51.100.30' };
    const first = await login(laptop, owner.email, TEST_PASSWORD);
    const auth = bearer(first.json().accessToken);
    const { secret } = (
      await app.inject({ method: 'POST', url: '/api/me/mfa/setup', headers: auth })
    ).json();
    const enable = await app.inject({
      method: 'POST',
      url: '/api/me/mfa/enable',
      headers: auth,
      payload: {
        code: currentTotp(secret, clock.now()),
        email_code: await mailedMfaCode(db, owner.email),
      },
    });
    expect(enable.statusCode).toBe(200);
    clock.advance(30_000);
    // A sign-in with MFA from the laptop: the cookie stays, the session proves the code.
    const challenge = (await login(laptop, owner.email, TEST_PASSWORD)).json().mfa_token;
    const signedIn = await secondStep(laptop, challenge, currentTotp(secret, clock.now()));
    expect(signedIn.statusCode).toBe(200);
    clock.advance(30_000);
    return { owner, laptop, secret, auth: bearer(signedIn.json().accessToken) };
  }

  /** Someone who has the password: a new challenge each time, a wrong code with it. */
  const wrongCode = async (attacker: Browser, email: string) => {
    const challenge = await login(attacker, email, TEST_PASSWORD);
    if (challenge.statusCode !== 200) return challenge;
    return secondStep(attacker, challenge.json().mfa_token, '000000');
  };

  it('stops one address after 5 wrong codes for 3 minutes, and lets the owner in from their laptop', async () => {
    const { owner, laptop, secret } = await enrolledOwner();
    const attacker = { ip: '203.0.113.40' };
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await wrongCode(attacker, owner.email)).statusCode).toBe(422);
    }
    const stopped = await wrongCode(attacker, owner.email);
    expect(stopped.statusCode).toBe(429);
    expect(retryAfter(stopped)).toBe(180);

    const challenge = (await login(laptop, owner.email, TEST_PASSWORD)).json().mfa_token;
    const code = await secondStep(laptop, challenge, currentTotp(secret, clock.now()));
    expect(code.statusCode).toBe(200);

    clock.advance(3 * MINUTE);
    expect((await wrongCode(attacker, owner.email)).statusCode).toBe(422);
  });

  it('lets the owner through from their laptop while many addresses guess codes', async () => {
    const { owner, laptop, secret } = await enrolledOwner();
    const statuses = await botnet((attacker) => wrongCode(attacker, owner.email), 12);
    expect(tally(statuses)[422]).toBeLessThanOrEqual(10 + 12 / 3 + 1);
    expect(tally(statuses)[429]).toBeGreaterThan(0);

    const challenge = (await login(laptop, owner.email, TEST_PASSWORD)).json().mfa_token;
    const code = await secondStep(laptop, challenge, currentTotp(secret, clock.now()));
    expect(code.statusCode).toBe(200);
  });

  it("does not stop the owner's own MFA settings", async () => {
    const { owner, secret, auth } = await enrolledOwner();
    const attacker = { ip: '203.0.113.41' };
    for (let guess = 0; guess < 6; guess += 1) await wrongCode(attacker, owner.email);
    const off = await app.inject({
      method: 'POST',
      url: '/api/me/mfa/disable',
      headers: auth,
      payload: { code: currentTotp(secret, clock.now()) },
    });
    expect(off.statusCode).toBe(204);
  });
});

describe('guessing at the step-up password (issue 28, item 6)', () => {
  it("stops a stolen session after 5 wrong passwords, not the owner's own session", async () => {
    const owner = await teacher();
    const mine = bearer(
      (await login({ ip: '198.51.100.50' }, owner.email, TEST_PASSWORD)).json().accessToken,
    );
    const stolen = bearer(
      (await login({ ip: '198.51.100.50' }, owner.email, TEST_PASSWORD)).json().accessToken,
    );
    const confirm = (headers: Record<string, string>, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/verify-password-request',
        headers,
        payload: { password },
        remoteAddress: '203.0.113.50',
      });
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await confirm(stolen, WRONG)).statusCode).toBe(422);
    }
    const stopped = await confirm(stolen, TEST_PASSWORD);
    expect(stopped.statusCode).toBe(429);
    expect(retryAfter(stopped)).toBe(180);
    expect((await confirm(mine, TEST_PASSWORD)).statusCode).toBe(200);
    clock.advance(3 * MINUTE);
    expect((await confirm(stolen, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
