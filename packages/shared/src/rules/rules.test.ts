import { describe, expect, it } from 'vitest';
import { CARD, cardHeading, cutDescription, hoursLabel } from './catalogue.ts';
import { COUNTRIES, countriesFor, countryName, DEFAULT_COUNTRY, findCountry } from './countries.ts';

describe('catalogue card', () => {
  it('reads program, level, " - ", title', () => {
    expect(cardHeading({ program: 'Informatique', level: 'L3', title: 'Algorithmique' })).toBe(
      'Informatique L3 - Algorithmique',
    );
    expect(cardHeading({ program: '', level: '', title: 'Seul' })).toBe('Seul');
  });

  it('shows hours as (Nh), 0 by default', () => {
    expect(hoursLabel(42)).toBe('(42h)');
    expect(hoursLabel(0)).toBe('(0h)');
    expect(hoursLabel(null)).toBe('(0h)');
    expect(hoursLabel(undefined)).toBe('(0h)');
  });

  it('cuts the description to 10 words and adds " ..." only when longer', () => {
    const ten = 'un deux trois quatre cinq six sept huit neuf dix';
    expect(cutDescription(ten)).toBe(ten);
    expect(cutDescription(`${ten} onze douze`)).toBe(`${ten} ...`);
    expect(cutDescription('  court   texte ')).toBe('court texte');
    expect(cutDescription('')).toBe('');
  });

  it('keeps the spec sizes', () => {
    expect(CARD).toMatchObject({ width: 250, coverHeight: 130, bodyHeight: 220, gap: 25 });
  });
});

describe('countries', () => {
  it('ships about 240 entries with two-letter codes and dial codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(235);
    expect(COUNTRIES.length).toBeLessThanOrEqual(250);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[a-z]{2}$/);
      expect(country.dialCode).toMatch(/^\+\d+(-\d+)?$/);
      expect(country.name).not.toBe('');
    }
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(findCountry('AS')?.dialCode).toBe('+1-684');
  });

  it('is sorted by French name and its 65th entry, the default, is France', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'fr'))).toEqual(names);
    expect(COUNTRIES[64]).toBe(DEFAULT_COUNTRY);
    expect(DEFAULT_COUNTRY).toEqual({ code: 'fr', dialCode: '+33', name: 'France' });
  });

  it('names countries in three languages', () => {
    expect(countryName('de', 'fr')).toBe('Allemagne');
    expect(countryName('de', 'en')).toBe('Germany');
    expect(countryName('de', 'de')).toBe('Deutschland');
    expect(countriesFor('en')[0]?.label).toBe('Afghanistan');
  });
});
