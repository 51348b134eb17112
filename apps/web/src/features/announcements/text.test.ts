import { afterEach, describe, expect, it } from 'vitest';
import { excerpt, instantOfLocal, localOfInstant, plainText } from './text.ts';

const zone = process.env.TZ;

/** Runs the test on the clock of another zone (Node reads TZ again when it changes). */
function inZone(name: string) {
  process.env.TZ = name;
}

afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('publish later, on the browser’s clock', () => {
  it('sends the day and time typed with the offset of that day in the browser’s zone', () => {
    inZone('Europe/Paris');
    expect(instantOfLocal('2026-11-23T09:30')).toBe('2026-11-23T09:30:00+01:00');
    expect(instantOfLocal('2027-06-01T18:05')).toBe('2027-06-01T18:05:00+02:00');
    inZone('America/New_York');
    expect(instantOfLocal('2026-11-23T09:30')).toBe('2026-11-23T09:30:00-05:00');
    inZone('Asia/Kolkata');
    expect(instantOfLocal('2026-11-23T09:30')).toBe('2026-11-23T09:30:00+05:30');
  });

  it('moves a time the clock skips to the hour after, as the browser reads it', () => {
    inZone('Europe/Paris');
    // 28 March 2027: 02:00 becomes 03:00.
    expect(instantOfLocal('2027-03-28T02:30')).toBe('2027-03-28T03:30:00+02:00');
  });

  it('refuses what is not a day and a time', () => {
    for (const value of ['', '2026-11-31T09:00', '2026-11-23T25:00', '2026-11-23', 'demain']) {
      expect(instantOfLocal(value), value).toBeNull();
    }
  });

  it('shows a stored instant back on the browser’s clock', () => {
    inZone('Europe/Paris');
    expect(localOfInstant('2026-11-23T08:30:00Z')).toBe('2026-11-23T09:30');
    expect(localOfInstant(instantOfLocal('2027-06-01T18:05')!)).toBe('2027-06-01T18:05');
  });
});

describe('the first words of an announcement', () => {
  it('keeps the words of its blocks apart, without tags or entities', () => {
    expect(
      plainText(
        '<h2>Rentrée</h2><p>Le <strong>lundi</strong> &amp; le mardi.</p><ul><li>A</li><li>B</li></ul>',
      ),
    ).toBe('Rentrée Le lundi & le mardi. A B');
    expect(plainText('<p></p>')).toBe('');
    expect(plainText('<p>un<br>deux</p>')).toBe('un deux');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    expect(excerpt('court')).toBe('court');
    const long = 'mot '.repeat(60).trim();
    const cut = excerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(51);
    expect(cut).toMatch(/^(mot )+mot…$/);
    expect(excerpt('Une phrase, puis une autre qui dépasse', 12)).toBe('Une phrase…');
  });
});
