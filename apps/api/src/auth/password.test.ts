import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('are argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane) and a salt of their own', async () => {
    const first = await hashPassword('Corr3ct#Horse');
    const second = await hashPassword('Corr3ct#Horse');
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
  });

  it('accept the password they were made from, and no other', async () => {
    const stored = await hashPassword('Corr3ct#Horse');
    expect(await verifyPassword(stored, 'Corr3ct#Horse')).toBe(true);
    expect(await verifyPassword(stored, 'corr3ct#Horse')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('count a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-phc-string', 'Corr3ct#Horse')).toBe(false);
    expect(await verifyPassword('', 'Corr3ct#Horse')).toBe(false);
  });

  it('burn a real check for an unknown e-mail, and answer nothing', async () => {
    await expect(burnPasswordCheck('Corr3ct#Horse')).resolves.toBeUndefined();
    await expect(burnPasswordCheck('not-a-real-account-password')).resolves.toBeUndefined();
  });
});
