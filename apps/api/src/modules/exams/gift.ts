import type { QuestionBody } from '@skolar/shared';
import { type GIFTQuestion, type NumericalFormat, parse } from 'gift-pegjs';
import type { MessageKey } from '../../i18n/messages.ts';

/** How the import names true and false, in the language of the teacher who imports. */
export interface TrueFalseLabels {
  true: string;
  false: string;
}

/**
 * A faulty question: the line where it starts (1-based) and what is wrong with it, as a message
 * key the import translates into the teacher's language.
 */
interface GiftProblem {
  line: number;
  message: MessageKey;
}

export type GiftOutcome =
  | { ok: true; questions: Array<QuestionBody & { line: number }> }
  | { ok: false; errors: GiftProblem[] };

/**
 * GIFT text (Moodle's question format) to quiz questions, all or nothing (decision 46).
 * The text is cut into questions at blank lines, as GIFT writes them, and each is parsed alone by
 * `gift-pegjs`, so one faulty question is reported at its own line and the others still get checked.
 * Mapping, scored as Moodle scores it (decision 184): multiple choice with an answer marked `=` →
 * single, else → multiple, each choice worth its `%w%` weight (`=` 100%, `~` 0%); short answer →
 * short, every answer accepted for its weight (100% unless written); essay → long; true/false →
 * single with the two choices `labels.true`, `labels.false`. A single choice with one answer
 * worth 100% and the others nothing, and a short answer whose answers are all worth 100%, are
 * stored without weights (all or nothing scores them the same); numerical → numerical, each
 * accepted number with its tolerance. Categories and descriptions are skipped; matching
 * questions are refused (the quiz has no such kind yet).
 */
export function parseGift(text: string, labels: TrueFalseLabels): GiftOutcome {
  const questions: Array<QuestionBody & { line: number }> = [];
  const errors: GiftProblem[] = [];
  // A file saved by a Windows editor may start with a byte order mark.
  for (const block of blocksOf(text.replace(/^\uFEFF/, ''))) {
    let parsed: GIFTQuestion[];
    try {
      parsed = parse(`${block.text}\n`);
    } catch {
      // The parser's own words are English and name its grammar's tokens: the teacher gets a
      // translated hint instead, at the line of the question.
      errors.push({ line: block.line, message: 'exams.gift.syntax' });
      continue;
    }
    for (const item of parsed) {
      const mapped = questionOf(item, labels);
      if (mapped === null) continue;
      if (typeof mapped === 'string') errors.push({ line: block.line, message: mapped });
      else questions.push({ ...mapped, line: block.line });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (questions.length === 0)
    return { ok: false, errors: [{ line: 1, message: 'exams.gift.empty' }] };
  return { ok: true, questions };
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

/** One parsed GIFT item as a question, null when it is not a question, a message when refused. */
function questionOf(item: GIFTQuestion, labels: TrueFalseLabels): QuestionBody | null | MessageKey {
  switch (item.type) {
    case 'Category':
    case 'Description':
      return null;
    case 'Essay':
      return { kind: 'long', prompt: item.stem.text.trim(), choices: [], answer_key: null };
    case 'TF':
      return {
        kind: 'single',
        prompt: item.stem.text.trim(),
        choices: [labels.true, labels.false],
        answer_key: { choices: [item.isTrue ? 0 : 1] },
      };
    case 'Short': {
      // Every answer of a short-answer question is accepted, for its weight (100% unless `%w%`).
      const accepted = item.choices.map((choice) => String(choice.text.text).trim());
      if (accepted.length === 0) return 'exams.validation.shortKey';
      const weights = item.choices.map((choice) => fractionOf(choice.weight, 1));
      return {
        kind: 'short',
        prompt: item.stem.text.trim(),
        choices: [],
        answer_key: {
          accepted,
          ...(weights.every((weight) => weight === 1) ? {} : { weights }),
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
          }))
        : [{ number: numberOf(item.choices), weight: 1 }];
      const weights = answers.map((answer) => answer.weight);
      return {
        kind: 'numerical',
        prompt: item.stem.text.trim(),
        choices: [],
        answer_key: {
          numbers: answers.map((answer) => answer.number),
          ...(weights.every((weight) => weight === 1) ? {} : { weights }),
        },
      };
    }
    case 'MC': {
      // Moodle: one right answer when any is marked `=` (worth 100%), the others worth their
      // `%w%`; several (checkboxes) when none is, each worth its `%w%`.
      const choices = item.choices.map((choice) => String(choice.text.text).trim());
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
        kind: single ? 'single' : 'multiple',
        prompt: item.stem.text.trim(),
        choices,
        answer_key: plain ? { choices: [weights.indexOf(1)] } : { weights },
      };
    }
    default:
      return 'exams.gift.matching';
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
  return weight === null ? fallback : weight / 100;
}
