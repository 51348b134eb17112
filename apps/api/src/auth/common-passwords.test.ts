import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';

describe('the common-password list', () => {
  it('holds 10,000 entries and matches regardless of case', () => {
    expect(commonPasswordCount()).toBe(10_000);
    expect(isCommonPassword('P@ssw0rd')).toBe(true);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('N3w#Passw0rd!x')).toBe(false);
  });
});
