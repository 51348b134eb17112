import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { safeEqual } from './tokens.ts';

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** The sign-in's second step must come this soon after the password. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
const PERIOD_S = 30;

function totp(secret: string, label: string) {
  return new TOTP({
    issuer: 'Skolar',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, base32), its otpauth:// URI and a QR code drawn locally (SVG). */
export async function newMfaSecret(label: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, label).toString();
  const qr_svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: uri, qr_svg };
}

/**
 * The time-step of the code when it fits the secret at this time (one step of drift either way)
 * and comes after `lastStep` (the step of the code accepted last, so a code works once); else null.
 */
export function checkTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null = null,
): number | null {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totp(secret, 'check').validate({
    token: digits,
    timestamp: now.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The current code of a secret (tests play the authenticator app). */
export function currentTotp(secret: string, now: Date): string {
  return totp(secret, 'check').generate({ timestamp: now.getTime() });
}

// --- The secret at rest: AES-256-GCM under a key derived from MFA_ENCRYPTION_KEY. ---

const SECRET_PREFIX = 'v1:';

function derive(key: string, use: string): Buffer {
  return createHash('sha256').update(`skolar-mfa:${use}:`).update(key).digest();
}

/** The stored form of a TOTP secret: `v1:` + base64url(iv ‖ tag ‖ ciphertext). */
export function sealMfaSecret(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(key, 'secret'), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SECRET_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/**
 * The TOTP secret of a stored value. A value written before encryption (no `v1:` prefix) is
 * answered as it is, with `legacy` set so the caller re-seals it; a tampered one throws.
 */
export function openMfaSecret(key: string, stored: string): { secret: string; legacy: boolean } {
  if (!stored.startsWith(SECRET_PREFIX)) return { secret: stored, legacy: true };
  const raw = Buffer.from(stored.slice(SECRET_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', derive(key, 'secret'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const secret = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString();
  return { secret, legacy: false };
}

// --- Recovery codes: 120 random bits each (over ASVS's 112), stored as a salted HMAC keyed by
// the server key, so neither a copy of the database nor the key alone lets anyone test guesses. ---

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function recoveryMac(key: string, salt: string, code: string): string {
  return createHmac('sha256', derive(key, 'recovery'))
    .update(`${salt}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}

/**
 * Ten recovery codes like `k3f9-2xq7-mb4a-zz5r-p2dd-7hqa` (24 base32 characters, 120 bits) and
 * what is stored.
 */
export function newRecoveryCodes(key: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    base32(randomBytes(15)).match(/.{4}/g)!.join('-'),
  );
  const hashes = codes.map((code) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}$${recoveryMac(key, salt, code)}`;
  });
  return { codes, hashes };
}

/**
 * The stored hashes without the one this recovery code matches, or null when none matches.
 * Unsalted hashes of the former short codes never match: those codes are retired.
 */
export function spendRecoveryCode(
  key: string,
  hashes: readonly string[],
  code: string,
): string[] | null {
  const index = hashes.findIndex((stored) => {
    const [salt, mac] = stored.split('$');
    return Boolean(salt && mac) && safeEqual(mac!, recoveryMac(key, salt!, code));
  });
  if (index === -1) return null;
  return hashes.filter((_, i) => i !== index);
}

// --- One check for every place that takes a code (sign-in, enrolment, disabling). ---

interface MfaUser {
  id: number;
  mfa_secret: string | null;
  mfa_last_step: number | null;
  mfa_recovery_codes: string[];
}

/**
 * Checks a code of the user's authenticator app (or, with `recovery`, one of their recovery
 * codes) and spends it atomically: the accepted time-step is recorded and a code at or before it
 * refused, even by a concurrent request; a recovery code is removed. A secret still stored in
 * clear is sealed on the way. Answers how the code matched, or null.
 */
export async function spendMfaCode(
  db: DbOrTx,
  key: string,
  user: MfaUser,
  code: string,
  now: Date,
  options: { recovery: boolean },
): Promise<'totp' | 'recovery' | null> {
  if (!user.mfa_secret) return null;
  const { secret, legacy } = openMfaSecret(key, user.mfa_secret);
  if (legacy) {
    await db
      .update(users)
      .set({ mfa_secret: sealMfaSecret(key, secret) })
      .where(and(eq(users.id, user.id), eq(users.mfa_secret, user.mfa_secret)));
  }
  const step = checkTotp(secret, code, now, user.mfa_last_step);
  if (step !== null) {
    const [won] = await db
      .update(users)
      .set({ mfa_last_step: step })
      .where(
        and(eq(users.id, user.id), or(isNull(users.mfa_last_step), lt(users.mfa_last_step, step))),
      )
      .returning({ id: users.id });
    return won ? 'totp' : null;
  }
  if (!options.recovery) return null;
  const remaining = spendRecoveryCode(key, user.mfa_recovery_codes, code);
  if (!remaining) return null;
  const spent = user.mfa_recovery_codes.find((stored) => !remaining.includes(stored))!;
  const [won] = await db
    .update(users)
    .set({ mfa_recovery_codes: sql`array_remove(${users.mfa_recovery_codes}, ${spent})` })
    .where(and(eq(users.id, user.id), sql`${spent} = ANY(${users.mfa_recovery_codes})`))
    .returning({ id: users.id });
  return won ? 'recovery' : null;
}
