import { describe, expect, it } from 'vitest';
import { promotionLabel } from './promotion-label.ts';

describe('promotionLabel', () => {
  it('does not repeat the year or the level the name already holds', () => {
    expect(
      promotionLabel({
        name: 'Licence Informatique L3 2026-2027',
        academic_year: '2026-2027',
        level: 'L3',
      }),
    ).toBe('Licence Informatique L3 2026-2027');
  });
  it('adds the year and the level the name lacks', () => {
    expect(
      promotionLabel({ name: 'Promo Lovelace', academic_year: '2026-2027', level: 'M1' }),
    ).toBe('Promo Lovelace · 2026-2027 · M1');
    expect(promotionLabel({ name: 'B2', academic_year: '2025-2026', level: null }, ' - ')).toBe(
      'B2 - 2025-2026',
    );
  });
});
