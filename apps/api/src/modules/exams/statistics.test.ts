import { describe, expect, it } from 'vitest';
import { analyse } from './statistics.ts';

// Four students, three questions worth a point each: A got all three, B the first two, C the
// first, D none. Every figure below was computed by hand (sample variances, n − 1 = 3).
const items = [
  { id: 1, max: 1 },
  { id: 2, max: 1 },
  { id: 3, max: 1 },
];
const marks = [
  [1, 1, 1],
  [1, 1, 0],
  [1, 0, 0],
  [0, 0, 0],
];

describe('quiz statistics, as Moodle computes them', () => {
  const stats = analyse(items, marks);

  it('gives the test’s mean, median, standard deviation and Cronbach’s alpha', () => {
    expect(stats.attempts).toBe(4);
    expect(stats.max_points).toBe(3);
    expect(stats.mean).toBe(1.5);
    expect(stats.median).toBe(1.5);
    // Totals 3, 2, 1, 0: variance 5/3.
    expect(stats.sd).toBeCloseTo(Math.sqrt(5 / 3), 10);
    // Item variances 1/4, 1/3, 1/4: alpha = 3/2 × (1 − (5/6) / (5/3)) = 0.75.
    expect(stats.alpha).toBeCloseTo(0.75, 10);
  });

  it('gives each question its facility, spread and discrimination against the rest of the test', () => {
    expect(stats.items.map((item) => item.facility)).toEqual([0.75, 0.5, 0.25]);
    expect(stats.items[0]!.sd).toBeCloseTo(0.5, 10);
    expect(stats.items[1]!.sd).toBeCloseTo(Math.sqrt(1 / 3), 10);
    // Question 1 against the rest (2, 1, 0, 0): cov 1/4, variances 1/4 and 11/12.
    expect(stats.items[0]!.discrimination).toBeCloseTo(0.25 / Math.sqrt(0.25 * (11 / 12)), 10);
    // Question 2 against (2, 1, 1, 0): cov 1/3, variances 1/3 and 2/3, so 1/√2.
    expect(stats.items[1]!.discrimination).toBeCloseTo(Math.SQRT1_2, 10);
    expect(stats.items[2]!.discrimination).toBeCloseTo(0.5222329679, 9);
    expect(stats.items.every((item) => item.flags.length === 0)).toBe(true);
  });

  it('flags a question the stronger students fail, and one everybody gets right', () => {
    const flagged = analyse(
      [...items, { id: 4, max: 2 }, { id: 5, max: 1 }],
      marks.map((row, index) => [...row, index === 3 ? 2 : 0, 1]),
    );
    // Only D, the weakest, got question 4: negative discrimination, likely a wrong key.
    expect(flagged.items[3]!.discrimination).toBeLessThan(0);
    expect(flagged.items[3]!.flags).toEqual(['negative']);
    // Everybody got question 5: no spread, no discrimination to speak of.
    expect(flagged.items[4]).toMatchObject({
      facility: 1,
      discrimination: null,
      flags: ['tooEasy'],
    });
  });

  it('says nothing it cannot compute: no attempt, or a single one', () => {
    expect(analyse(items, [])).toMatchObject({ attempts: 0, mean: null, sd: null, alpha: null });
    const one = analyse(items, [[1, 0, 1]]);
    expect(one).toMatchObject({ attempts: 1, mean: 2, median: 2, sd: null, alpha: null });
    expect(one.items[0]).toMatchObject({
      facility: 1,
      sd: null,
      discrimination: null,
      flags: [],
    });
  });
});
