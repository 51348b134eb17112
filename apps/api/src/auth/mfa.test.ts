import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  currentTotp,
  newMfaSecret,
  newRecoveryCodes,
  RECOVERY_CODE_COUNT,
  spendRecoveryCode,
} from './mfa.ts';
import { hashToken } from './tokens.ts';

// RFC 6238, appendix B: the SHA-1 key "12345678901234567890" (base32 below) and its codes; an
// authenticator app shows the last six digits of the eight given there.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP codes', () => {
  it('are the RFC 6238 codes of the secret at that instant', () => {
    expect(currentTotp(RFC_SECRET, at(59))).toBe('287082');
    expect(currentTotp(RFC_SECRET, at(1_111_111_109))).toBe('081804');
    expect(currentTotp(RFC_SECRET, at(1_234_567_890))).toBe('005924');
    expect(currentTotp(RFC_SECRET, at(2_000_000_000))).toBe('279037');
  });

  it('are accepted at their instant', () => {
    expect(checkTotp(RFC_SECRET, '287082', at(59))).toBe(true);
    expect(checkTotp(RFC_SECRET, '005924', at(1_234_567_890))).toBe(true);
    expect(checkTotp(RFC_SECRET, '005925', at(1_234_567_890))).toBe(false);
  });

  it('are accepted one 30-second step early or late, not two', () => {
    // 1,111,111,109 s lies in step 37,037,036 (from 1,111,111,080 s to 1,111,111,109 s).
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 + 30))).toBe(true);
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 - 30))).toBe(true);
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 + 60))).toBe(false);
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 - 60))).toBe(false);
  });

  it('may be typed with spaces, but must be six digits', () => {
    expect(checkTotp(RFC_SECRET, '287 082', at(59))).toBe(true);
    expect(checkTotp(RFC_SECRET, ' 287082 ', at(59))).toBe(true);
    expect(checkTotp(RFC_SECRET, '28708', at(59))).toBe(false);
    expect(checkTotp(RFC_SECRET, '2870820', at(59))).toBe(false);
    expect(checkTotp(RFC_SECRET, '28708a', at(59))).toBe(false);
    expect(checkTotp(RFC_SECRET, 'x287082', at(59))).toBe(false);
  });
});

describe('enrolment', () => {
  it('hands out a 160-bit base32 secret, its otpauth URI for Skolar and a QR code', async () => {
    const enrolment = await newMfaSecret('ada@example.test');
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Skolar:ada@example.test');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Skolar',
      secret: enrolment.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(enrolment.qr_svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const code = currentTotp(enrolment.secret, at(1_800_000_000));
    expect(checkTotp(enrolment.secret, code, at(1_800_000_000))).toBe(true);
  });

  it('gives each enrolment its own secret', async () => {
    const [first, second] = await Promise.all([newMfaSecret('a'), newMfaSecret('a')]);
    expect(first.secret).not.toBe(second.secret);
  });
});

describe('recovery codes', () => {
  it('are ten codes like k3f9-2xq7 without look-alike characters, stored as their SHA-256', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    expect(hashes).toEqual(codes.map((code) => hashToken(code)));
  });

  it('use the whole alphabet over many codes', () => {
    const letters = new Set(
      Array.from({ length: 20 }, () => newRecoveryCodes().codes.join('').replaceAll('-', ''))
        .join('')
        .split(''),
    );
    expect([...letters].sort().join('')).toBe('23456789abcdefghjkmnpqrstuvwxyz');
  });

  it('can each be spent once, typed in any case and with spaces around', () => {
    const codes = ['k3f9-2xq7', 'ab23-cd45', 'zz99-yy88'];
    const hashes = codes.map((code) => hashToken(code));
    const left = spendRecoveryCode(hashes, '  K3F9-2XQ7 ');
    expect(left).toEqual([hashToken('ab23-cd45'), hashToken('zz99-yy88')]);
    expect(spendRecoveryCode(left!, 'k3f9-2xq7')).toBeNull();
    expect(spendRecoveryCode(left!, 'zz99-yy88')).toEqual([hashToken('ab23-cd45')]);
  });

  it('refuses a code that was never handed out', () => {
    const hashes = [hashToken('ab23-cd45')];
    expect(spendRecoveryCode(hashes, 'ab23-cd46')).toBeNull();
    expect(spendRecoveryCode([], 'ab23-cd45')).toBeNull();
  });
});
