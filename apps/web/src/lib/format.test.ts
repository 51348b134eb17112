import { describe, expect, it } from 'vitest';
import {
  formatAcademicYear,
  formatDay,
  formatDelay,
  formatFileSize,
  formatHours,
  formatInstant,
  formatMinutesAsHours,
  formatPromotion,
  formatRate,
  formatRelative,
  promotionYear,
} from './format.ts';

// Intl separates some parts with narrow or thin no-break spaces; the reader sees spaces.
const plain = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

describe('formatHours', () => {
  it('writes hours one way per language, with its digit grouping', () => {
    expect(plain(formatHours(40, 'fr'))).toBe('40 h');
    expect(plain(formatHours(1840, 'fr'))).toBe('1 840 h');
    expect(plain(formatHours(40, 'en'))).toBe('40 hr');
    expect(plain(formatHours(40, 'de'))).toBe('40 Std.');
  });
});

describe('formatAcademicYear', () => {
  it('writes the stored 2026-2027 as a range of years in each language', () => {
    expect(formatAcademicYear('2026-2027', 'fr')).toBe('2026–2027');
    expect(formatAcademicYear('2026-2027', 'de')).toBe('2026–2027');
    expect(plain(formatAcademicYear('2026-2027', 'en'))).toBe('2026 – 2027');
  });

  it('leaves a value that is not two years as it is', () => {
    expect(formatAcademicYear('2026', 'fr')).toBe('2026');
  });
});

describe('formatPromotion', () => {
  it('says the year once when the name already holds it', () => {
    expect(
      formatPromotion(
        { name: 'Licence Informatique L3 2026-2027', academic_year: '2026-2027' },
        'fr',
      ),
    ).toBe('Licence Informatique L3 2026-2027');
  });

  it('adds the year the name lacks, in the language’s form', () => {
    expect(formatPromotion({ name: 'Promo Lovelace', academic_year: '2026-2027' }, 'fr')).toBe(
      'Promo Lovelace · 2026–2027',
    );
  });
});

describe('promotionYear', () => {
  it('gives the year to show beside the name, or nothing when the name says it', () => {
    expect(promotionYear({ name: 'M1 2026–2027', academic_year: '2026-2027' }, 'de')).toBeNull();
    expect(promotionYear({ name: 'M1', academic_year: '2026-2027' }, 'de')).toBe('2026–2027');
  });
});

describe('formatDay', () => {
  it('keeps French day and month names in lower case', () => {
    expect(formatDay('2026-11-23', 'fr', { weekday: 'short', day: 'numeric', month: 'long' })).toBe(
      'lun. 23 novembre',
    );
    expect(formatDay('2026-11-23', 'de', { weekday: 'short', day: 'numeric', month: 'long' })).toBe(
      'Mo., 23. November',
    );
  });

  it('shows the stored day whatever the reader’s zone', () => {
    expect(formatDay('2026-01-01', 'fr')).toBe('1 janv. 2026');
    expect(formatDay('2026-01-01T00:00:00Z', 'en')).toBe('Jan 1, 2026');
  });
});

describe('formatInstant', () => {
  it('writes a medium date and a short time in the language', () => {
    const text = plain(formatInstant('2026-11-23T09:05:00', 'fr'));
    expect(text).toBe('23 nov. 2026, 09:05');
  });
});

describe('formatFileSize', () => {
  it('uses binary units as the limits do, with the language’s abbreviation', () => {
    expect(plain(formatFileSize(2 * 1024 * 1024, 'fr'))).toBe('2 Mo');
    expect(plain(formatFileSize(2 * 1024 * 1024, 'en'))).toBe('2 MB');
    expect(plain(formatFileSize(800 * 1024, 'de'))).toBe('800 kB');
    expect(plain(formatFileSize(1536 * 1024, 'en'))).toBe('1.5 MB');
  });
});

describe('formatDelay', () => {
  it('says a delay in minutes, hours or days, in the reader’s language', () => {
    expect(formatDelay(45, 'en')).toBe('45 min');
    expect(formatDelay(125, 'en')).toBe('2 hr 5 min');
    expect(formatDelay(25 * 60, 'en')).toBe('1 day 1 hr');
    expect(plain(formatDelay(2 * 1440, 'fr'))).toBe('2 j');
  });
});

describe('formatMinutesAsHours and formatRate', () => {
  it('write attended and planned time as hours to the hundredth, and a rate to the tenth', () => {
    expect(plain(formatMinutesAsHours(750, 'fr'))).toBe('12,5 h');
    expect(plain(formatMinutesAsHours(50, 'fr'))).toBe('0,83 h');
    expect(plain(formatMinutesAsHours(840, 'en'))).toBe('14 hr');
    expect(plain(formatMinutesAsHours(750, 'de'))).toBe('12,5 Std.');
    expect(plain(formatRate(750 / 840, 'fr'))).toBe('89,3 %');
    expect(formatRate(1, 'en')).toBe('100%');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it('says how long ago in each language, to the minute, the hour, then the day', () => {
    expect(formatRelative(ago(0.5), 'fr', now)).toBe('maintenant');
    expect(plain(formatRelative(ago(5), 'fr', now))).toBe('il y a 5 min');
    expect(plain(formatRelative(ago(5), 'en', now))).toBe('5 min. ago');
    expect(plain(formatRelative(ago(5), 'de', now))).toBe('vor 5 Min.');
    expect(plain(formatRelative(ago(3 * 60 + 20), 'fr', now))).toBe('il y a 3 h');
    expect(formatRelative(ago(30 * 60), 'fr', now)).toBe('hier');
    expect(formatRelative(ago(30 * 60), 'en', now)).toBe('yesterday');
    expect(plain(formatRelative(ago(4 * 24 * 60), 'de', now))).toBe('vor 4 Tagen');
  });

  it('writes the date beyond a week', () => {
    expect(plain(formatRelative(ago(10 * 24 * 60), 'fr', now))).toBe('13 nov. 2026');
    expect(formatRelative(ago(10 * 24 * 60), 'en', now)).toBe('Nov 13, 2026');
  });
});
