import { describe, expect, it } from 'vitest';
import { readGift } from './gift.ts';
import type { TrueFalseLabels } from './question-file.ts';

const labels = { true: 'Vrai', false: 'Faux' };

/** The questions read with their line, or every problem when any (an all-or-nothing view). */
function parseGift(text: string, names: TrueFalseLabels) {
  const read = readGift(text, names);
  const errors = read.flatMap((item) =>
    item.problem ? [{ line: item.line, message: item.problem }] : [],
  );
  if (errors.length > 0) return { ok: false as const, errors };
  if (read.length === 0) return { ok: false as const, errors: [{ line: 1, message: 'empty' }] };
  return {
    ok: true as const,
    questions: read.map((item) => ({ ...item.question!, line: item.line })),
  };
}

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
          title: 'Q1',
          format: 'plain',
          kind: 'single',
          prompt: 'Binary search is in',
          choices: ['O(log n)', 'O(n)', 'O(1)'],
          answer_key: { choices: [0] },
        },
        {
          line: 4,
          title: null,
          format: 'plain',
          kind: 'multiple',
          prompt: 'Which sorts are O(n log n)?',
          choices: ['Merge sort', 'Heap sort', 'Insertion sort'],
          answer_key: { weights: [0.5, 0.5, -1] },
        },
        {
          line: 8,
          title: null,
          format: 'plain',
          kind: 'short',
          prompt: 'Capital of France?',
          choices: [],
          answer_key: { accepted: ['Paris', 'Lutèce'] },
        },
        {
          line: 10,
          title: null,
          format: 'plain',
          kind: 'long',
          prompt: 'Explain recursion.',
          choices: [],
          answer_key: null,
        },
        {
          line: 12,
          title: null,
          format: 'plain',
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
    expect(outcome.errors.map((e) => e.line)).toEqual([3, 10]);
    expect(outcome.errors.map((e) => e.message)).toEqual([
      'exams.gift.syntax',
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

  it('reads Moodle’s own sample file: every question, none refused', () => {
    // The examples of Moodle's GIFT documentation, as a teacher copies them into a file.
    const text = [
      '// true/false',
      '::Q1:: 1+1=2 {T}',
      '',
      '// multiple choice with specified feedback for right and wrong answers',
      "::Q2:: What's between orange and green in the spectrum?",
      "{ =yellow # right; good! ~red # wrong, it's yellow ~blue # wrong, it's yellow }",
      '',
      '// fill-in-the-blank',
      '::Q3:: Two plus {=two =2} equals four.',
      '',
      '// matching',
      '::Q4:: Which animal eats which food? { =cat -> cat food =dog -> dog food }',
      '',
      '// math range question',
      '::Q5:: What is a number from 1 to 5? {#3:2}',
      '',
      '// math range specified with interval end points',
      '::Q6:: What is a number from 1 to 5? {#1..5}',
      '',
      '// multiple numeric answers with partial credit and feedback',
      '::Q7:: When was Ulysses S. Grant born? {#',
      '         =1822:0      # Correct! Full credit.',
      '         =%50%1822:2  # He was born in 1822. Half credit for being close.',
      '}',
      '',
      '// essay',
      '::Q8:: How are you? {}',
      '',
      '// description',
      '::Q9:: Read the next questions carefully.',
      '',
      '// missing word',
      '::Q10:: Moodle costs {~lots of money =nothing ~a small amount} to download, use, modify.',
    ].join('\n');
    const outcome = parseGift(text, labels);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.questions.map((q) => `${q.title}:${q.kind}`)).toEqual([
      'Q1:single',
      'Q2:single',
      'Q3:short',
      'Q4:matching',
      'Q5:numerical',
      'Q6:numerical',
      'Q7:numerical',
      'Q8:long',
      'Q9:description',
      'Q10:single',
    ]);
    const [, q2, q3, q4, , , q7, , q9, q10] = outcome.questions;
    expect(q2!.answer_key).toEqual({
      choices: [0],
      feedback: ['right; good!', "wrong, it's yellow", "wrong, it's yellow"],
    });
    expect(q3!.prompt).toBe('Two plus _____ equals four.');
    expect(q4).toMatchObject({
      choices: ['cat', 'dog'],
      options: ['cat food', 'dog food'],
      answer_key: { pairs: [0, 1] },
    });
    expect(q7!.answer_key).toMatchObject({
      feedback: ['Correct! Full credit.', 'He was born in 1822. Half credit for being close.'],
    });
    expect(q9).toMatchObject({ kind: 'description', points: 0, answer_key: null });
    expect(q10).toMatchObject({
      prompt: 'Moodle costs _____ to download, use, modify.',
      choices: ['lots of money', 'nothing', 'a small amount'],
      answer_key: { choices: [1] },
    });
  });

  it('reads matching distractors and answers shared by two items', () => {
    const outcome = parseGift(
      'Match {=Paris -> France =Lyon -> France =Berlin -> Germany = -> Spain}',
      labels,
    );
    expect(outcome).toMatchObject({
      ok: true,
      questions: [
        {
          kind: 'matching',
          choices: ['Paris', 'Lyon', 'Berlin'],
          options: ['France', 'Germany', 'Spain'],
          answer_key: { pairs: [0, 0, 1] },
        },
      ],
    });
  });

  it('keeps the formats: HTML cleaned, Markdown rendered, Moodle and plain as text', () => {
    const text = [
      '[html]<p>Which is <b>bold</b>?<script>alert(1)</script></p> {=<b>this</b> ~that}',
      '',
      '[markdown]Which is **bold**? {=this ~that}',
      '',
      '[moodle]Plain <b>kept</b> as typed {T}',
    ].join('\n');
    const outcome = parseGift(text, labels);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(
      outcome.questions.map(({ format, prompt, choices }) => ({ format, prompt, choices })),
    ).toEqual([
      { format: 'html', prompt: '<p>Which is <b>bold</b>?</p>', choices: ['this', 'that'] },
      {
        format: 'html',
        prompt: '<p>Which is <strong>bold</strong>?</p>',
        choices: ['this', 'that'],
      },
      { format: 'plain', prompt: 'Plain <b>kept</b> as typed', choices: ['Vrai', 'Faux'] },
    ]);
  });

  it('gives true/false feedback as Moodle does: the first for a wrong answer, the second for the right one', () => {
    const outcome = parseGift(
      'The sun is a star {T#No, it is.#Yes. ####Stars shine by fusion.}\n\nThe moon is a star {F#Wrong#Right}',
      labels,
    );
    expect(outcome.ok && outcome.questions.map((q) => q.answer_key)).toEqual([
      { choices: [0], feedback: ['Yes.', 'No, it is.'], general: 'Stars shine by fusion.' },
      { choices: [1], feedback: ['Wrong', 'Right'] },
    ]);
  });

  it('names the category each question stands in', () => {
    const read = readGift('Q0 {T}\n\n$CATEGORY: $course$/Algo/Tri\n\nQ1 {T}\n\nQ2 {F}', labels);
    expect(read.map((item) => item.category)).toEqual([
      null,
      '$course$/Algo/Tri',
      '$course$/Algo/Tri',
    ]);
  });
});
