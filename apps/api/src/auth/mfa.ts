import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashToken, safeEqual } from './tokens.ts';

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** The sign-in's second step must come this soon after the password. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;

function totp(secret: string, label: string) {
  return new TOTP({
    issuer: 'Skolar',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
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

/** True when the 6-digit code fits the secret at this time (one step of drift either way). */
export function checkTotp(secret: string, code: string, now: Date): boolean {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return false;
  return (
    totp(secret, 'check').validate({ token: digits, timestamp: now.getTime(), window: 1 }) !== null
  );
}

/** The current code of a secret (tests play the authenticator app). */
export function currentTotp(secret: string, now: Date): string {
  return totp(secret, 'check').generate({ timestamp: now.getTime() });
}

/** Ten recovery codes like `k3f9-2xq7`, and the hashes that are stored. */
export function newRecoveryCodes() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  return { codes, hashes: codes.map((code) => hashToken(code)) };
}

/** The stored hashes without the one this recovery code matches, or null when none matches. */
export function spendRecoveryCode(hashes: readonly string[], code: string): string[] | null {
  const hash = hashToken(code.trim().toLowerCase());
  const index = hashes.findIndex((stored) => safeEqual(stored, hash));
  if (index === -1) return null;
  return hashes.filter((_, i) => i !== index);
}
