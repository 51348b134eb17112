import { describe, expect, it } from 'vitest';
import { changePasswordBody, newPasswordBody } from '../schemas/account.ts';
import { meetsPasswordRule } from './password.ts';

describe('the password rule', () => {
  it('needs 8 characters with lowercase, uppercase, digit and special character', () => {
    expect(meetsPasswordRule('Abcdef1!')).toBe(true);
    expect(meetsPasswordRule('Éléphant9 ')).toBe(true);
    for (const weak of ['Abcde1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1', '']) {
      expect(meetsPasswordRule(weak)).toBe(false);
    }
  });

  it('refuses a mismatched confirmation and more than 128 characters, with catalogue keys', () => {
    const mismatch = newPasswordBody.safeParse({
      password: 'Abcdef1!',
      password_confirmation: 'Abcdef1?',
    });
    expect(mismatch.error?.issues).toMatchObject([
      { path: ['password_confirmation'], message: 'account.rules.passwordMismatch' },
    ]);
    const long = `Aa1!${'x'.repeat(125)}`;
    const tooLong = newPasswordBody.safeParse({ password: long, password_confirmation: long });
    expect(tooLong.error?.issues[0]?.message).toBe('account.rules.passwordTooLong');
    const weak = changePasswordBody.safeParse({
      current_password: '',
      password: 'abc',
      password_confirmation: 'abc',
    });
    expect(weak.error?.issues.map((i) => i.message).sort()).toEqual([
      'account.rules.password',
      'validation.required',
    ]);
  });

  it('takes a passphrase of 64 to 128 characters exactly as typed: spaces and accents kept', () => {
    for (const length of [64, 128]) {
      const phrase = ` Très longue phrase de passe 1 ! ${'é'.repeat(length - 34)} `;
      expect(phrase).toHaveLength(length);
      const parsed = newPasswordBody.safeParse({ password: phrase, password_confirmation: phrase });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.password).toBe(phrase);
    }
  });
});
