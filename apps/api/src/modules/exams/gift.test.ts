import { describe, expect, it } from 'vitest';
import { parseGift } from './gift.ts';

const labels = { true: 'Vrai', false: 'Faux' };

describe('parseGift', () => {
  it('maps multiple choice, short answer, essay and true/false to the quiz kinds', () => {
    const text = [
      '// a comment before the first question',
      '::Q1:: Binary search is in {=O(log n) ~O(n) ~O(1)}',
      '',
      'Which sorts are O(n log n)? {~%50%Merge sort ~%50%Heap sort ~%-100%Insertion sort}',
      '',
      '$CATEGORY: algorithms',
      '',
      'Capital of France? {=Paris =Lutèce}',
      '',
      'Explain recursion. {}',
      '',
      'The sun is a star. {F}',
    ].join('\n');
    const outcome = parseGift(text, labels);
    expect(outcome).toEqual({
      ok: true,
      questions: [
        {
          line: 2,
          kind: 'single',
          prompt: 'Binary search is in',
          choices: ['O(log n)', 'O(n)', 'O(1)'],
          answer_key: { choices: [0] },
        },
        {
          line: 4,
          kind: 'multiple',
          prompt: 'Which sorts are O(n log n)?',
          choices: ['Merge sort', 'Heap sort', 'Insertion sort'],
          answer_key: { weights: [0.5, 0.5, -1] },
        },
        {
          line: 8,
          kind: 'short',
          prompt: 'Capital of France?',
          choices: [],
          answer_key: { accepted: ['Paris', 'Lutèce'] },
        },
        { line: 10, kind: 'long', prompt: 'Explain recursion.', choices: [], answer_key: null },
        {
          line: 12,
          kind: 'single',
          prompt: 'The sun is a star.',
          choices: ['Vrai', 'Faux'],
          answer_key: { choices: [1] },
        },
      ],
    });
  });

  it('reports every faulty question at the line where it starts, and returns none', () => {
    const text = [
      'Good {=a ~b}',
      '',
      'Unclosed {=a ~b',
      '',
      '',
      'Numbers {#3:1}',
      '',
      'Matching {=a -> 1 =b -> 2}',
      '',
      'No right answer {~a ~b}',
    ].join('\n');
    const outcome = parseGift(text, labels);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => e.line)).toEqual([3, 8, 10]);
    expect(outcome.errors.map((e) => e.message)).toEqual([
      'exams.gift.syntax',
      'exams.gift.matching',
      'exams.validation.multipleKey',
    ]);
  });

  it('refuses text with no question at all, and plain garbage', () => {
    expect(parseGift('// only a comment\n\n', labels)).toMatchObject({
      ok: false,
      errors: [{ line: 1 }],
    });
    expect(parseGift('}}} {{{', labels).ok).toBe(false);
  });

  it('keeps partial credit as Moodle reads it: one `=` makes a single choice, `%w%` its weight', () => {
    const text = [
      'Half credit {=full credit ~%50%half credit ~wrong}',
      '',
      'Where was he born? {=Bethlehem =%25%Jerusalem}',
      '',
      'Pick the primes {~%50%2 ~%50%3 ~%-100%4}',
      '',
      'Also right {=a =b ~c}',
    ].join('\n');
    const outcome = parseGift(text, labels);
    expect(
      outcome.ok && outcome.questions.map(({ kind, answer_key }) => ({ kind, answer_key })),
    ).toEqual([
      { kind: 'single', answer_key: { weights: [1, 0.5, 0] } },
      { kind: 'short', answer_key: { accepted: ['Bethlehem', 'Jerusalem'], weights: [1, 0.25] } },
      { kind: 'multiple', answer_key: { weights: [0.5, 0.5, -1] } },
      { kind: 'single', answer_key: { weights: [1, 1, 0] } },
    ]);
  });

  it('reads a file saved by a Windows editor: a byte order mark and CRLF line ends', () => {
    const outcome = parseGift('\uFEFF// exported\r\nQ1 {=a ~b}\r\n\r\nQ2 {T}\r\n', labels);
    expect(outcome).toMatchObject({
      ok: true,
      questions: [
        { line: 2, prompt: 'Q1', answer_key: { choices: [0] } },
        { line: 4, prompt: 'Q2', answer_key: { choices: [0] } },
      ],
    });
  });

  it('reads numerical questions: a tolerance, a range, an exact value, weighted answers', () => {
    const text = [
      'Gravity? {#9.81:0.005}',
      '',
      'Between one and five {#1..5}',
      '',
      'Exactly {#2}',
      '',
      'When was Ulysses S. Grant born? {#',
      '  =1822:0',
      '  =%50%1822:2',
      '}',
    ].join('\n');
    const outcome = parseGift(text, labels);
    expect(
      outcome.ok && outcome.questions.map(({ kind, answer_key }) => ({ kind, answer_key })),
    ).toEqual([
      { kind: 'numerical', answer_key: { numbers: [{ value: 9.81, tolerance: 0.005 }] } },
      { kind: 'numerical', answer_key: { numbers: [{ value: 3, tolerance: 2 }] } },
      { kind: 'numerical', answer_key: { numbers: [{ value: 2, tolerance: 0 }] } },
      {
        kind: 'numerical',
        answer_key: {
          numbers: [
            { value: 1822, tolerance: 0 },
            { value: 1822, tolerance: 2 },
          ],
          weights: [1, 0.5],
        },
      },
    ]);
  });
});
