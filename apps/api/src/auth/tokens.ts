import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The XSRF value bound to a session: an HMAC keyed by the session's secret token, which only the
 * server and the HttpOnly cookie know, so a page on another site can neither read nor forge it.
 */
export function xsrfFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('skolar-xsrf').digest('base64url');
}

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
