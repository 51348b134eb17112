import { describe, expect, it } from 'vitest';
import {
  commonPasswordCount,
  contextWords,
  isCommonPassword,
  usesContextWord,
} from './common-passwords.ts';

describe('the common-password list', () => {
  it('holds 10,000 entries and matches regardless of case', () => {
    expect(commonPasswordCount()).toBe(10_000);
    expect(isCommonPassword('P@ssw0rd')).toBe(true);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('N3w#Passw0rd!x')).toBe(false);
  });
});

describe('the words of the context', () => {
  const context = {
    first_name: 'Élodie',
    last_name: 'Dubois-Martin',
    email: 'e.dubois1987@lycee-hugo.fr',
    institution_name: 'Lycée Victor Hugo',
  };

  it('are Skolar, the names, the address and the institution, folded', () => {
    expect(contextWords(context).sort()).toEqual(
      ['skolar', 'elodie', 'dubois', 'martin', 'e.dubois1987', 'lycee', 'hugo', 'victor'].sort(),
    );
  });

  it.each([
    'Elodie#2026!',
    'x-ÉLODIE-x1A!',
    'Dubois!2026a',
    'My-Martin-9z',
    'lycée#Hugo77',
    'Skolar#2026',
    'Me=e.dubois1987',
  ])('refuse %s', (password) => {
    expect(usesContextWord(password, context)).toBe(true);
  });

  it('accept a password with none of them, and short names do not refuse everything', () => {
    expect(usesContextWord('Tr0mbone!Vert', context)).toBe(false);
    expect(usesContextWord('Tr0mbone!Vert', { first_name: 'Li', last_name: 'Wu' })).toBe(false);
    expect(usesContextWord('N3w#Passw0rd!x', {})).toBe(false);
    expect(usesContextWord('Born1987!Aa', context)).toBe(false);
  });
});
