import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { safeEqual } from './tokens.ts';

/**
 * The browsers an account signed in from (decision "a lockout that never ends", issue 28): after
 * each sign-in that opens a session, the browser keeps a signed entry for that account, and a
 * guess from it counts against that browser rather than against every unknown source of the
 * account, so strangers hammering the account do not keep its owner out.
 *
 * No table holds them: an entry is `<device id>.<issued, base36 seconds>.<mac>`, the mac an
 * HMAC-SHA256 of the account id, the device id and the time, under a key derived from
 * MFA_ENCRYPTION_KEY, so the server checks it without storing anything and the cookie names no
 * account. The cookie keeps the entries of the last five accounts signed in on the browser (a
 * shared computer), `~`-separated, newest first. An entry only ever changes how guesses are
 * counted: it opens nothing by itself.
 */
export const DEVICE_COOKIE = '__Host-skolar_device';
/** An entry counts this long after the sign-in that wrote it; each sign-in writes it anew. */
export const DEVICE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 5;

interface Entry {
  deviceId: string;
  issuedS: number;
  mac: string;
}

const deviceKey = (secret: string) =>
  createHash('sha256').update('skolar-device-cookie:').update(secret).digest();

function macOf(secret: string, userId: number, deviceId: string, issuedS: number): string {
  return createHmac('sha256', deviceKey(secret))
    .update(`v1:${userId}:${deviceId}:${issuedS}`)
    .digest('base64url')
    .slice(0, 22);
}

function parse(cookie: string | undefined): Entry[] {
  if (!cookie || cookie.length > 1000) return [];
  return cookie.split('~', MAX_ENTRIES).flatMap((text) => {
    const match = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/.exec(text);
    if (!match) return [];
    return [{ deviceId: match[1]!, issuedS: Number.parseInt(match[2]!, 36), mac: match[3]! }];
  });
}

const format = (entry: Entry) => `${entry.deviceId}.${entry.issuedS.toString(36)}.${entry.mac}`;

function isFor(secret: string, entry: Entry, userId: number, now: Date): boolean {
  const fresh = now.getTime() - entry.issuedS * 1000 < DEVICE_TTL_MS;
  return fresh && safeEqual(entry.mac, macOf(secret, userId, entry.deviceId, entry.issuedS));
}

/** The id of this browser for the account, when its cookie holds a valid, fresh entry for it. */
export function knownDevice(
  secret: string,
  cookie: string | undefined,
  userId: number,
  now: Date,
): string | null {
  return parse(cookie).find((entry) => isFor(secret, entry, userId, now))?.deviceId ?? null;
}

/**
 * The cookie after a sign-in of `userId`: its entry written anew (same device id, so the browser
 * stays the same source), first; the other accounts' entries kept, up to five in all.
 */
export function deviceCookieAfterSignIn(
  secret: string,
  cookie: string | undefined,
  userId: number,
  now: Date,
): string {
  const entries = parse(cookie);
  const own = entries.find((entry) => isFor(secret, entry, userId, now));
  const deviceId = own?.deviceId ?? randomBytes(16).toString('base64url');
  const issuedS = Math.floor(now.getTime() / 1000);
  const entry = { deviceId, issuedS, mac: macOf(secret, userId, deviceId, issuedS) };
  const others = entries.filter((other) => other !== own).slice(0, MAX_ENTRIES - 1);
  return [entry, ...others].map(format).join('~');
}

/**
 * Sets the device cookie: HttpOnly (no script reads it), SameSite=Lax, and `__Host-` like the
 * session cookie, so Secure, Path=/ and no Domain (browsers treat http://localhost as secure).
 */
export function setDeviceCookie(reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: true,
    path: '/',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}
