import { describe, expect, it } from 'vitest';
import { latePenalty, penalizedGrade } from './late-penalty.ts';

describe('the late penalty (decision 195)', () => {
  it('counts each day late, or part of one, as a share of the scale', () => {
    expect(latePenalty(0, 10, 20)).toEqual({ days: 0, points: 0 });
    expect(latePenalty(1, 10, 20)).toEqual({ days: 1, points: 2 });
    expect(latePenalty(24 * 60, 10, 20)).toEqual({ days: 1, points: 2 });
    expect(latePenalty(24 * 60 + 1, 10, 20)).toEqual({ days: 2, points: 4 });
    expect(latePenalty(90, 12.5, 15)).toEqual({ days: 1, points: 1.88 });
  });
  it('takes nothing without a rule, and never more than the whole scale', () => {
    expect(latePenalty(3000, null, 20)).toEqual({ days: 3, points: 0 });
    expect(latePenalty(20 * 24 * 60, 25, 20)).toEqual({ days: 20, points: 20 });
  });
  it('takes the penalty off the rubric’s grade, down to zero at most', () => {
    expect(penalizedGrade(15.5, 4)).toBe(11.5);
    expect(penalizedGrade(3, 4)).toBe(0);
    expect(penalizedGrade(null, 4)).toBeNull();
  });
});
