import { describe, expect, it } from 'vitest';
import { hasText, searchForm, stillEditable, targetOf } from './text.ts';

describe('the discussions’ text helpers', () => {
  it('reads the post an address names', () => {
    expect(targetOf('#post-12')).toBe(12);
    expect(targetOf('#post-')).toBeNull();
    expect(targetOf('#announcement-12')).toBeNull();
    expect(targetOf('')).toBeNull();
  });

  it('tells an empty editor from a text', () => {
    expect(hasText('<p></p>')).toBe(false);
    expect(hasText('<p>   </p><p><br></p>')).toBe(false);
    expect(hasText('<p>Bonjour</p>')).toBe(true);
    expect(hasText('<ul><li>un</li></ul>')).toBe(true);
  });

  it('keeps the edit window open until its end only', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(stillEditable('2026-11-23T10:05:00Z', now)).toBe(true);
    expect(stillEditable('2026-11-23T10:00:00Z', now)).toBe(false);
    expect(stillEditable(null, now)).toBe(false);
  });

  it('finds a name whatever its accents and case', () => {
    expect(searchForm(' Éloïse ')).toBe('eloise');
    expect(searchForm('Éloïse Petit').includes(searchForm('ELO'))).toBe(true);
  });
});
