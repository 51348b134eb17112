import { describe, expect, it } from 'vitest';
import { pointsFor } from './scoring.ts';

// Each case is Moodle's grading of the question type (qtype_multichoice single and multi,
// qtype_shortanswer), on a question worth 20 points.
const single = (weights: number[]) => ({
  kind: 'single' as const,
  points: 20,
  answer_key: { weights },
});
const multiple = (weights: number[]) => ({
  kind: 'multiple' as const,
  points: 20,
  answer_key: { weights },
});
const short = (accepted: string[], weights?: number[]) => ({
  kind: 'short' as const,
  points: 20,
  answer_key: weights ? { accepted, weights } : { accepted },
});

describe('pointsFor, as Moodle scores a question', () => {
  it('gives a single choice the weight of the chosen answer, negative ones included', () => {
    const question = single([1, 0.5, 0, -0.25]);
    expect(pointsFor(question, { choices: [0] })).toBe(20);
    expect(pointsFor(question, { choices: [1] })).toBe(10);
    expect(pointsFor(question, { choices: [2] })).toBe(0);
    expect(pointsFor(question, { choices: [3] })).toBe(-5);
    expect(pointsFor(question, { choices: [] })).toBe(0);
  });

  it('sums the chosen weights of a multiple choice, kept between nothing and full marks', () => {
    const question = multiple([0.5, 0.5, -1, 0]);
    expect(pointsFor(question, { choices: [0, 1] })).toBe(20);
    expect(pointsFor(question, { choices: [0] })).toBe(10);
    expect(pointsFor(question, { choices: [0, 3] })).toBe(10);
    expect(pointsFor(question, { choices: [0, 1, 2] })).toBe(0);
    expect(pointsFor(question, { choices: [2] })).toBe(0);
    // Thirds written to five decimals still reach full marks, to the hundredth.
    const thirds = multiple([0.33333, 0.33333, 0.33334, -1]);
    expect(pointsFor(thirds, { choices: [0, 1, 2] })).toBe(20);
    expect(pointsFor(thirds, { choices: [0] })).toBe(6.67);
  });

  it('gives a short answer the weight of the first accepted answer it matches', () => {
    const question = short(['Bethlehem', 'Jerusalem', '*salem'], [1, 0.25, 0.1]);
    expect(pointsFor(question, { text: '  bethlehem ' })).toBe(20);
    expect(pointsFor(question, { text: 'Jerusalem' })).toBe(5);
    expect(pointsFor(question, { text: 'Old Salem' })).toBe(2);
    expect(pointsFor(question, { text: 'Nazareth' })).toBe(0);
    expect(pointsFor(question, { text: '' })).toBe(0);
  });

  it('reads a star as any text, and an escaped star as a star', () => {
    expect(pointsFor(short(['O(n*)']), { text: 'O(n log n)' })).toBe(20);
    expect(pointsFor(short(['a\\*b']), { text: 'a*b' })).toBe(20);
    expect(pointsFor(short(['a\\*b']), { text: 'axxb' })).toBe(0);
  });

  it('scores a key without weights all or nothing', () => {
    const question = { kind: 'multiple' as const, points: 20, answer_key: { choices: [0, 2] } };
    expect(pointsFor(question, { choices: [2, 0] })).toBe(20);
    expect(pointsFor(question, { choices: [0] })).toBe(0);
    expect(pointsFor(short(['Paris']), { text: 'paris' })).toBe(20);
    expect(pointsFor({ kind: 'long', points: 20, answer_key: null }, { text: 'essay' })).toBeNull();
  });
});
