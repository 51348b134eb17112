import { describe, expect, it } from 'vitest';
import { feedbackFor, pointsFor, typedNumber } from './scoring.ts';

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

  it('gives a number the weight of the first accepted number it is within the tolerance of', () => {
    const grant = {
      kind: 'numerical' as const,
      points: 20,
      answer_key: {
        numbers: [
          { value: 1822, tolerance: 0 },
          { value: 1822, tolerance: 2 },
        ],
        weights: [1, 0.5],
      },
    };
    expect(pointsFor(grant, { text: '1822' })).toBe(20);
    expect(pointsFor(grant, { text: '1824' })).toBe(10);
    expect(pointsFor(grant, { text: '1825' })).toBe(0);
    expect(pointsFor(grant, { text: 'eighteen' })).toBe(0);
    const gravity = {
      kind: 'numerical' as const,
      points: 20,
      answer_key: { numbers: [{ value: 9.81, tolerance: 0.005 }] },
    };
    expect(pointsFor(gravity, { text: ' 9,812 ' })).toBe(20);
    expect(pointsFor(gravity, { text: '9.816' })).toBe(0);
    // Both ends of a tolerance count, whatever binary fractions make of them.
    const tenth = {
      kind: 'numerical' as const,
      points: 20,
      answer_key: { numbers: [{ value: 0.3, tolerance: 0.1 }] },
    };
    expect(pointsFor(tenth, { text: '0.4' })).toBe(20);
    expect(pointsFor(tenth, { text: '0.2' })).toBe(20);
  });

  it('reads a typed number with a decimal point or comma, a sign and an exponent, and nothing else', () => {
    expect(['3.14', '3,14', '-2', '+.5', '1e3', '12.'].map(typedNumber)).toEqual([
      3.14, 3.14, -2, 0.5, 1000, 12,
    ]);
    expect(['', '3.1.4', '1 000', '3,14,1', 'NaN', 'Infinity', '0x10'].map(typedNumber)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('matching and description, as Moodle scores them (qtype_match, qtype_description)', () => {
  // Three items; four answers offered, the last a distractor.
  const matching = { kind: 'matching' as const, points: 6, answer_key: { pairs: [0, 1, 2] } };

  it('gives each right pair its share of the points, unanswered items nothing', () => {
    expect(pointsFor(matching, { pairs: [0, 1, 2] })).toBe(6);
    expect(pointsFor(matching, { pairs: [0, 3, 2] })).toBe(4);
    expect(pointsFor(matching, { pairs: [1, 0, null] })).toBe(0);
    expect(pointsFor(matching, { pairs: [0, null, null] })).toBe(2);
    expect(pointsFor(matching, {})).toBe(0);
    // Seven items worth 1 point: two right is 0.29 (to the hundredth).
    const seven = {
      kind: 'matching' as const,
      points: 1,
      answer_key: { pairs: [0, 1, 2, 3, 4, 5, 6] },
    };
    expect(pointsFor(seven, { pairs: [0, 1, 0, 0, 0, 0, 0] })).toBe(0.29);
  });

  it('scores no description and no essay', () => {
    expect(pointsFor({ kind: 'description', points: 0, answer_key: null }, {})).toBeNull();
    expect(pointsFor({ kind: 'long', points: 5, answer_key: null }, { text: 'x' })).toBeNull();
  });
});

describe('feedbackFor, the feedback Moodle shows with a reviewed answer', () => {
  it('gives the feedback of each chosen choice, of the matched answer or number, none elsewhere', () => {
    const choice = {
      kind: 'multiple' as const,
      points: 1,
      answer_key: { weights: [0.5, 0.5, -1], feedback: ['Yes', '', 'No'] },
    };
    expect(feedbackFor(choice, { choices: [2, 0, 1] })).toEqual(['Yes', 'No']);
    const typed = {
      kind: 'short' as const,
      points: 1,
      answer_key: { accepted: ['Paris', 'Par*'], feedback: ['Right', 'Close'] },
    };
    expect(feedbackFor(typed, { text: 'paris ' })).toEqual(['Right']);
    expect(feedbackFor(typed, { text: 'Parma' })).toEqual(['Close']);
    expect(feedbackFor(typed, { text: 'Lyon' })).toEqual([]);
    const number = {
      kind: 'numerical' as const,
      points: 1,
      answer_key: {
        numbers: [
          { value: 1822, tolerance: 0 },
          { value: 1822, tolerance: 2 },
        ],
        feedback: ['Exact', 'Close'],
      },
    };
    expect(feedbackFor(number, { text: '1823' })).toEqual(['Close']);
    expect(
      feedbackFor({ kind: 'matching', points: 1, answer_key: { pairs: [0] } }, { pairs: [0] }),
    ).toEqual([]);
  });
});
