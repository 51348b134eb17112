import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  currentTotp,
  newMfaSecret,
  newRecoveryCodes,
  openMfaSecret,
  RECOVERY_CODE_COUNT,
  sealMfaSecret,
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
    expect(checkTotp(RFC_SECRET, '287082', at(59))).not.toBeNull();
    expect(checkTotp(RFC_SECRET, '005924', at(1_234_567_890))).not.toBeNull();
    expect(checkTotp(RFC_SECRET, '005925', at(1_234_567_890))).toBeNull();
  });

  it('are accepted one 30-second step early or late, not two', () => {
    // 1,111,111,109 s lies in step 37,037,036 (from 1,111,111,080 s to 1,111,111,109 s).
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 + 30))).not.toBeNull();
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 - 30))).not.toBeNull();
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 + 60))).toBeNull();
    expect(checkTotp(RFC_SECRET, '081804', at(1_111_111_109 - 60))).toBeNull();
  });

  it('answer their time-step, and are refused at or before the step accepted last (no replay)', () => {
    // 59 s lies in step 1; the same code is refused once step 1 was accepted, a later one is not.
    expect(checkTotp(RFC_SECRET, '287082', at(59))).toBe(1);
    expect(checkTotp(RFC_SECRET, '287082', at(59), 1)).toBeNull();
    expect(checkTotp(RFC_SECRET, '287082', at(59), 2)).toBeNull();
    expect(checkTotp(RFC_SECRET, '287082', at(59), 0)).toBe(1);
  });

  it('may be typed with spaces, but must be six digits', () => {
    expect(checkTotp(RFC_SECRET, '287 082', at(59))).not.toBeNull();
    expect(checkTotp(RFC_SECRET, ' 287082 ', at(59))).not.toBeNull();
    expect(checkTotp(RFC_SECRET, '28708', at(59))).toBeNull();
    expect(checkTotp(RFC_SECRET, '2870820', at(59))).toBeNull();
    expect(checkTotp(RFC_SECRET, '28708a', at(59))).toBeNull();
    expect(checkTotp(RFC_SECRET, 'x287082', at(59))).toBeNull();
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
    expect(checkTotp(enrolment.secret, code, at(1_800_000_000))).not.toBeNull();
  });

  it('gives each enrolment its own secret', async () => {
    const [first, second] = await Promise.all([newMfaSecret('a'), newMfaSecret('a')]);
    expect(first.secret).not.toBe(second.secret);
  });
});

const KEY = 'a-test-key-of-at-least-thirty-two-characters';

describe('the secret at rest', () => {
  it('is sealed with AES-256-GCM: not readable, opened only with the key, tampering detected', () => {
    const sealed = sealMfaSecret(KEY, RFC_SECRET);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(sealMfaSecret(KEY, RFC_SECRET)).not.toBe(sealed);
    expect(openMfaSecret(KEY, sealed)).toEqual({ secret: RFC_SECRET, legacy: false });
    expect(() => openMfaSecret(`${KEY}-other`, sealed)).toThrow();
    // One character of the ciphertext changed (the one before last, whose bits all count): it
    // becomes another letter whatever it was, so the check never tests an unchanged value.
    const at = sealed.length - 2;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(() => openMfaSecret(KEY, flipped)).toThrow();
  });

  it('written in clear before encryption is still read, flagged for sealing', () => {
    expect(openMfaSecret(KEY, RFC_SECRET)).toEqual({ secret: RFC_SECRET, legacy: true });
  });
});

describe('recovery codes', () => {
  it('are ten codes of 24 base32 characters (120 bits) in groups of four, stored salted', () => {
    const { codes, hashes } = newRecoveryCodes(KEY);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    expect(new Set(codes).size).toBe(10);
    for (const [i, stored] of hashes.entries()) {
      const [salt, mac] = stored.split('$');
      expect(salt).toMatch(/^[0-9a-f]{32}$/);
      expect(mac).toMatch(/^[0-9a-f]{64}$/);
      expect(stored).not.toContain(codes[i]!.replaceAll('-', ''));
      expect(stored).not.toBe(hashToken(codes[i]!));
    }
    // The same code stored twice gives two different values (per-code salt).
    const again = newRecoveryCodes(KEY);
    expect(new Set(again.hashes.map((h) => h.split('$')[1])).size).toBe(10);
  });

  it('use the whole base32 alphabet over many codes', () => {
    const letters = new Set(
      Array.from({ length: 20 }, () => newRecoveryCodes(KEY).codes.join('').replaceAll('-', ''))
        .join('')
        .split(''),
    );
    expect([...letters].sort().join('')).toBe('234567abcdefghijklmnopqrstuvwxyz');
  });

  it('can each be spent once, typed in any case, with or without dashes and spaces', () => {
    const { codes, hashes } = newRecoveryCodes(KEY);
    const left = spendRecoveryCode(KEY, hashes, `  ${codes[0]!.toUpperCase()} `);
    expect(left).toEqual(hashes.slice(1));
    expect(spendRecoveryCode(KEY, left!, codes[0]!)).toBeNull();
    expect(spendRecoveryCode(KEY, left!, codes[2]!.replaceAll('-', ' '))).toHaveLength(8);
    expect(spendRecoveryCode(`${KEY}-other`, hashes, codes[1]!)).toBeNull();
  });

  it('refuses a code that was never handed out, and the former unsalted short codes', () => {
    const { hashes } = newRecoveryCodes(KEY);
    expect(spendRecoveryCode(KEY, hashes, 'aaaa-bbbb-cccc-dddd')).toBeNull();
    expect(spendRecoveryCode(KEY, [], 'aaaa-bbbb-cccc-dddd')).toBeNull();
    expect(spendRecoveryCode(KEY, [hashToken('ab23-cd45')], 'ab23-cd45')).toBeNull();
  });
});
