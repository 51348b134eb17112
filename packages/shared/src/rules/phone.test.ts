import { describe, expect, it } from 'vitest';
import {
  dialPhone,
  formatPhone,
  parsePhone,
  phoneExample,
  readPhone,
  splitInternational,
  storePhone,
} from './phone.ts';

describe('storing a phone', () => {
  it('keeps the country code then the number without separators; nothing without a number', () => {
    expect(storePhone('FR', '612345678')).toBe('fr612345678');
    expect(storePhone('fr', '06 12.34-56 (78)')).toBe('fr0612345678');
    expect(storePhone('fr', '  ')).toBe('');
    expect(parsePhone('fr612345678')).toEqual({ country: 'fr', number: '612345678' });
  });

  it('keeps characters that are not separators, for the server to refuse', () => {
    expect(storePhone('fr', '06abc')).toBe('fr06abc');
  });
});

describe('displaying a phone (dial code, space, number)', () => {
  it('drops the trunk zero of a French mobile and groups it in pairs', () => {
    expect(formatPhone('fr0635904844')).toBe('+33 6 35 90 48 44');
    expect(formatPhone('fr635904844')).toBe('+33 6 35 90 48 44');
  });

  it("keeps the leading zero of an Italian fixed line: it is part of Italy's numbers", () => {
    expect(formatPhone('it0612345678')).toBe('+39 06 1234 5678');
  });

  it('groups a United States number', () => {
    expect(formatPhone('us2125550123')).toBe('+1 212 555 0123');
  });

  it('shows a North American territory with its area code in the dial code, once', () => {
    expect(formatPhone('as6331234')).toBe('+1-684 633 1234');
    expect(formatPhone('as6846331234')).toBe('+1-684 633 1234');
  });

  it('reads a number stored with spaces', () => {
    expect(formatPhone('fr06 35 90 48 44')).toBe('+33 6 35 90 48 44');
    expect(formatPhone('de030 1234567')).toBe('+49 30 1234567');
  });

  it('falls back to the digits without one leading zero when the number cannot be read', () => {
    expect(formatPhone('fr0123')).toBe('+33 123');
    // Pitcairn shares its plan with New Zealand and is not in libphonenumber's metadata.
    expect(formatPhone('pn0123456')).toBe('+64 123456');
  });

  it('gives empty text for an empty value and null for an unknown country code', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('zz123456')).toBeNull();
  });

  it('gives a contact request the dial-code form, or empty text without a number', () => {
    expect(dialPhone(storePhone('de', '030 1234567'))).toBe('+49 30 1234567');
    expect(dialPhone('fr612345678')).toBe('+33 6 12 34 56 78');
    expect(dialPhone(storePhone('de', ''))).toBe('');
    expect(dialPhone('zz612345678')).toBe('');
  });
});

describe('reading a phone into the phone field', () => {
  it('splits a stored value, and falls back to France for an empty or unknown one', () => {
    expect(readPhone('de0301234567')).toEqual({ country: 'de', number: '030 1234567' });
    expect(readPhone('fr635904844')).toEqual({ country: 'fr', number: '06 35 90 48 44' });
    expect(readPhone('as6331234')).toEqual({ country: 'as', number: '6331234' });
    expect(readPhone('fr06ab')).toEqual({ country: 'fr', number: '06ab' });
    expect(readPhone('')).toEqual({ country: 'fr', number: '' });
    expect(readPhone('zz0612')).toEqual({ country: 'fr', number: 'zz0612' });
  });

  it('takes the country of a number written with its international prefix', () => {
    expect(readPhone('+49 30 1234567')).toEqual({ country: 'de', number: '301234567' });
    expect(splitInternational('0033 6 35 90 48 44')).toEqual({
      country: 'fr',
      number: '635904844',
    });
    expect(splitInternational('+1 684 633 1234')).toEqual({ country: 'as', number: '6331234' });
    expect(splitInternational('06 35 90 48 44')).toBeNull();
  });

  it('offers an example number as people type it in the country', () => {
    expect(phoneExample('fr')).toBe('06 12 34 56 78');
    expect(phoneExample('as')).toMatch(/^\d{3} \d{4}$/);
    expect(phoneExample('zz')).toBe('');
  });
});
