import { describe, expect, it } from 'vitest';
import { seededShuffle, shuffleAround } from './shuffle.ts';

describe('shuffleAround', () => {
  const items = ['intro', 'q1', 'q2', 'q3', 'part two', 'q4', 'q5'];
  const fixed = (item: string) => !item.startsWith('q');

  it('keeps descriptions where the teacher put them and shuffles the questions around them', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed <= 20; seed += 1) {
      const order = shuffleAround(items, seed, fixed);
      expect(order[0]).toBe('intro');
      expect(order[4]).toBe('part two');
      expect([...order].sort()).toEqual([...items].sort());
      orders.add(order.join());
    }
    // Twenty attempts do not all get the same order.
    expect(orders.size).toBeGreaterThan(1);
  });

  it('gives the same order for the same seed, and seededShuffle’s when nothing is fixed', () => {
    expect(shuffleAround(items, 42, fixed)).toEqual(shuffleAround(items, 42, fixed));
    expect(shuffleAround(items, 42, () => false)).toEqual(seededShuffle(items, 42));
  });
});
