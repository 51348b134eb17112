import type { QuestionBody } from '@skolar/shared';
import { type GIFTQuestion, type NumericalFormat, parse, type TextFormat } from 'gift-pegjs';
import type { MessageKey } from '../../i18n/messages.ts';
import { percentToFraction, plainOf, promptOf } from './prompt.ts';
import type { ReadQuestion, TrueFalseLabels } from './question-file.ts';

/**
 * GIFT text (Moodle's question format) to quiz questions, each read alone: a faulty one is
 * reported at its own line and the others still read (the import decides what to take).
 * The text is cut into questions at blank lines, as GIFT writes them, and each is parsed by
 * `gift-pegjs`. Mapping, scored as Moodle scores it (decision 184): multiple choice with an answer
 * marked `=` → single, else → multiple, each choice worth its `%w%` weight (`=` 100%, `~` 0%);
 * short answer → short, every answer accepted for its weight (100% unless written); essay → long;
 * true/false → single with the two choices `labels.true`, `labels.false`. A single choice with one
 * answer worth 100% and the others nothing, and a short answer whose answers are all worth 100%,
 * are stored without weights (all or nothing scores them the same); numerical → numerical, each
 * accepted number with its tolerance; matching → matching (decision 186), a description → a
 * description. Titles are kept, per-answer and general feedback go into the key (released with
 * the answers), the prompt keeps its `[format]` (prompt.ts), `$CATEGORY:` names the category of
 * the questions after it.
 */
export function readGift(text: string, labels: TrueFalseLabels): ReadQuestion[] {
  const read: ReadQuestion[] = [];
  let category: string | null = null;
  // A file saved by a Windows editor may start with a byte order mark.
  for (const block of blocksOf(text.replace(/^\uFEFF/, ''))) {
    let parsed: GIFTQuestion[];
    try {
      parsed = parse(`${literalOutsideAnswers(block.text)}\n`);
    } catch {
      // The parser's own words are English and name its grammar's tokens: the teacher gets a
      // translated hint instead, at the line of the question.
      read.push({ line: block.line, question: null, problem: 'exams.gift.syntax', category });
      continue;
    }
    for (const item of parsed) {
      if (item.type === 'Category') {
        category = item.title.trim() || null;
        continue;
      }
      const mapped = questionOf(item, labels);
      read.push(
        typeof mapped === 'string'
          ? { line: block.line, question: null, problem: mapped, category }
          : { line: block.line, question: mapped, problem: null, category },
      );
    }
  }
  return read;
}

/**
 * Moodle reads `=`, `~` and `#` outside the answers' braces as plain text (its own sample file
 * asks `1+1=2 {T}`); gift-pegjs wants them escaped there, so they are escaped before it reads.
 */
function literalOutsideAnswers(text: string): string {
  let depth = 0;
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '\\') {
      out += char + (text[index + 1] ?? '');
      index += 1;
      continue;
    }
    if (char === '{') depth += 1;
    if (char === '}') depth = Math.max(0, depth - 1);
    out += depth === 0 && (char === '=' || char === '~' || char === '#') ? `\\${char}` : char;
  }
  return out;
}

/** Runs of non-blank lines, each with the line of its first line that is not a comment. */
function blocksOf(text: string): Array<{ line: number; text: string }> {
  const blocks: Array<{ line: number; text: string }> = [];
  let current: { line: number; lines: string[] } | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') {
      if (current) blocks.push({ line: current.line, text: current.lines.join('\n') });
      current = null;
      return;
    }
    const comment = raw.trimStart().startsWith('//');
    if (!current) {
      if (comment) return;
      current = { line: index + 1, lines: [] };
    }
    current.lines.push(raw);
  });
  if (current) {
    const last = current as { line: number; lines: string[] };
    blocks.push({ line: last.line, text: last.lines.join('\n') });
  }
  return blocks;
}

/** Drops the answer-key fields a question does not use: no empty feedback, no empty list. */
function extras(feedback: Array<TextFormat | null>, general: TextFormat | null) {
  const texts = feedback.map((item) => (item ? plainOf(item) : ''));
  const overall = general ? plainOf(general) : '';
  return {
    ...(texts.some((text) => text !== '') ? { feedback: texts } : {}),
    ...(overall !== '' ? { general: overall } : {}),
  };
}

/** One parsed GIFT question as a quiz question, or a message when refused. */
function questionOf(
  item: Exclude<GIFTQuestion, { type: 'Category' }>,
  labels: TrueFalseLabels,
): QuestionBody | MessageKey {
  const base = { title: item.title?.trim() || null, ...promptOf(item.stem) };
  switch (item.type) {
    case 'Description':
      return { ...base, kind: 'description', choices: [], answer_key: null, points: 0 };
    case 'Essay': {
      const key = extras([], item.globalFeedback);
      return { ...base, kind: 'long', choices: [], answer_key: key.general ? key : null };
    }
    case 'TF':
      // Moodle reads `{T#a#b}` as a: the feedback of a wrong answer, b: of the right one;
      // gift-pegjs hands them over in that order as trueFeedback and falseFeedback.
      return {
        ...base,
        kind: 'single',
        choices: [labels.true, labels.false],
        answer_key: {
          choices: [item.isTrue ? 0 : 1],
          ...extras(
            item.isTrue
              ? [item.falseFeedback, item.trueFeedback]
              : [item.trueFeedback, item.falseFeedback],
            item.globalFeedback,
          ),
        },
      };
    case 'Short': {
      // Every answer of a short-answer question is accepted, for its weight (100% unless `%w%`).
      const accepted = item.choices.map((choice) => plainOf(choice.text));
      if (accepted.length === 0) return 'exams.validation.shortKey';
      const weights = item.choices.map((choice) => fractionOf(choice.weight, 1));
      return {
        ...base,
        kind: 'short',
        choices: [],
        answer_key: {
          accepted,
          ...(weights.every((weight) => weight === 1) ? {} : { weights }),
          ...extras(
            item.choices.map((choice) => choice.feedback),
            item.globalFeedback,
          ),
        },
      };
    }
    case 'Numerical': {
      // `#3.14:0.01` (a value and its tolerance), `#1..5` (a range), `#2` (exact), or several
      // `=` answers, each worth its `%w%` (100% unless written), tried in order as Moodle does.
      const answers = Array.isArray(item.choices)
        ? item.choices.map((choice) => ({
            number: numberOf(choice.text),
            weight: fractionOf(choice.weight, choice.isCorrect ? 1 : 0),
            feedback: choice.feedback,
          }))
        : [{ number: numberOf(item.choices), weight: 1, feedback: null }];
      const weights = answers.map((answer) => answer.weight);
      return {
        ...base,
        kind: 'numerical',
        choices: [],
        answer_key: {
          numbers: answers.map((answer) => answer.number),
          ...(weights.every((weight) => weight === 1) ? {} : { weights }),
          ...extras(
            answers.map((answer) => answer.feedback),
            item.globalFeedback,
          ),
        },
      };
    }
    case 'MC': {
      // Moodle: one right answer when any is marked `=` (worth 100%), the others worth their
      // `%w%`; several (checkboxes) when none is, each worth its `%w%`. A missing word question
      // is one whose answers stand inside its sentence: the stem keeps the blank where they stood.
      const choices = item.choices.map((choice) => plainOf(choice.text));
      if (choices.length < 2) return 'exams.validation.choices';
      const single = item.choices.some((choice) => choice.isCorrect);
      const weights = item.choices.map((choice) =>
        fractionOf(choice.weight, choice.isCorrect ? 1 : 0),
      );
      if (!weights.some((weight) => weight > 0)) return 'exams.validation.multipleKey';
      // One choice worth 100%, the others nothing: all or nothing scores the same.
      const plain =
        single &&
        weights.filter((weight) => weight === 1).length === 1 &&
        weights.every((weight) => weight === 0 || weight === 1);
      return {
        ...base,
        kind: single ? 'single' : 'multiple',
        choices,
        answer_key: {
          ...(plain ? { choices: [weights.indexOf(1)] } : { weights }),
          ...extras(
            item.choices.map((choice) => choice.feedback),
            item.globalFeedback,
          ),
        },
      };
    }
    case 'Matching': {
      // Items with their answer, `= -> answer` (no item) a distractor; an answer written twice is
      // offered once, as Moodle does. Each right pair earns its share of the points.
      const options: string[] = [];
      const choices: string[] = [];
      const pairs: number[] = [];
      for (const pair of item.matchPairs) {
        const answer = pair.subanswer.trim();
        if (answer === '') return 'exams.validation.matchingKey';
        if (!options.includes(answer)) options.push(answer);
        const text = plainOf(pair.subquestion);
        if (text === '') continue;
        choices.push(text);
        pairs.push(options.indexOf(answer));
      }
      return {
        ...base,
        kind: 'matching',
        choices,
        options,
        answer_key: { pairs, ...extras([], item.globalFeedback) },
      };
    }
  }
}

/** A GIFT number as a value and a tolerance: a range `1..5` is its middle, give or take half. */
function numberOf(format: NumericalFormat): { value: number; tolerance: number } {
  if (format.type === 'high-low') {
    const low = format.numberLow ?? 0;
    const high = format.numberHigh ?? 0;
    return { value: (low + high) / 2, tolerance: Math.abs(high - low) / 2 };
  }
  return {
    value: format.number ?? 0,
    tolerance: format.type === 'range' ? (format.range ?? 0) : 0,
  };
}

/** A GIFT weight (`%50%`, a percentage) as a fraction, or the fallback when none is written. */
function fractionOf(weight: number | null, fallback: number): number {
  return weight === null ? fallback : percentToFraction(weight);
}
