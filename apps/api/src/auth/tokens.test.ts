import { describe, expect, it } from 'vitest';
import { hashToken, newToken, safeEqual, xsrfFor } from './tokens.ts';

describe('session and mail tokens', () => {
  it('are 256 random bits written as 43 URL-safe characters, never twice the same', () => {
    const tokens = Array.from({ length: 50 }, () => newToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(50);
  });

  it('are stored as their SHA-256 in hexadecimal', () => {
    // FIPS 180-2's example: SHA-256("abc").
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashToken('abd')).not.toBe(hashToken('abc'));
  });
});

describe('the XSRF value of a session', () => {
  it('is the HMAC-SHA256 of "skolar-xsrf" keyed by the session token, in base64url', () => {
    // printf skolar-xsrf | openssl dgst -sha256 -hmac session-token-1 -binary | base64 (URL-safe)
    expect(xsrfFor('session-token-1')).toBe('qRDGfiraFcCek3xqUnqpy_NAyKk4GuuF-nSTamzCXX8');
  });

  it('differs from one session to another', () => {
    expect(xsrfFor('session-token-2')).not.toBe(xsrfFor('session-token-1'));
  });
});

describe('safeEqual', () => {
  it('is true for the same text only', () => {
    expect(safeEqual('same-value', 'same-value')).toBe(true);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('same-value', 'same-valuE')).toBe(false);
  });

  it('is false, without throwing, when the lengths differ', () => {
    expect(safeEqual('short', 'shorter')).toBe(false);
    expect(safeEqual('shorter', 'short')).toBe(false);
  });
});
