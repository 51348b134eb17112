import { describe, expect, it } from 'vitest';
import { DEVICE_TTL_MS, deviceCookieAfterSignIn, knownDevice } from './devices.ts';

const KEY = 'a-test-key-of-at-least-thirty-two-characters';
const now = new Date('2026-11-22T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('the device cookie', () => {
  it('knows the browser for the account it signed in, for 90 days after that sign-in', () => {
    const cookie = deviceCookieAfterSignIn(KEY, undefined, 42, now);
    const device = knownDevice(KEY, cookie, 42, now);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(knownDevice(KEY, cookie, 42, later(DEVICE_TTL_MS - 1000))).toBe(device);
    expect(knownDevice(KEY, cookie, 42, later(DEVICE_TTL_MS))).toBeNull();
    // A sign-in writes the entry anew: the same browser, 90 days from then.
    const renewed = deviceCookieAfterSignIn(KEY, cookie, 42, later(DEVICE_TTL_MS / 2));
    expect(knownDevice(KEY, renewed, 42, later(DEVICE_TTL_MS))).toBe(device);
  });

  it('names no account, and counts for no other account, key, or altered value', () => {
    const cookie = deviceCookieAfterSignIn(KEY, undefined, 42, now);
    expect(cookie).not.toContain('42');
    expect(knownDevice(KEY, cookie, 43, now)).toBeNull();
    expect(knownDevice(`${KEY}-other`, cookie, 42, now)).toBeNull();
    const [id, issued, mac] = cookie.split('.') as [string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const altered of [
      `${flip(id)}.${issued}.${mac}`,
      `${id}.${(Number.parseInt(issued, 36) + 86_400).toString(36)}.${mac}`,
      `${id}.${issued}.${flip(mac)}`,
      '',
      'garbage',
      `${cookie}x`,
    ]) {
      expect(knownDevice(KEY, altered, 42, now), altered).toBeNull();
    }
    expect(knownDevice(KEY, undefined, 42, now)).toBeNull();
  });

  it('keeps the last five accounts of a shared browser, each with its own device id', () => {
    let cookie: string | undefined;
    for (let userId = 1; userId <= 6; userId += 1) {
      cookie = deviceCookieAfterSignIn(KEY, cookie, userId, now);
    }
    expect(knownDevice(KEY, cookie, 1, now)).toBeNull();
    const ids = [2, 3, 4, 5, 6].map((userId) => knownDevice(KEY, cookie, userId, now));
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(5);
    // Account 2 signs in again: its entry moves first, account 3 stays.
    cookie = deviceCookieAfterSignIn(KEY, cookie, 2, now);
    cookie = deviceCookieAfterSignIn(KEY, cookie, 7, now);
    expect(knownDevice(KEY, cookie, 2, now)).toBe(ids[0]);
    expect(knownDevice(KEY, cookie, 3, now)).toBeNull();
    expect(knownDevice(KEY, cookie, 4, now)).toBe(ids[2]);
  });
});
