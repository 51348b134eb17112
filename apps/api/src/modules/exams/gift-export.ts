import type { QuestionAnswerKey, QuestionKind } from '../../db/schema/index.ts';

/** A question as the exports read it (a stored row, or what an import would store). */
export interface ExportedQuestion {
  kind: QuestionKind;
  prompt: string;
  format: 'plain' | 'html';
  title: string | null;
  choices: string[];
  options: string[];
  answer_key: QuestionAnswerKey | null;
  points: number;
}

/** GIFT's special characters, escaped with a backslash wherever they are text. */
const escaped = (text: string) =>
  text.replace(/[\\~=#{}:]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');

/** A fraction as GIFT's percentage (`%33.33333%`), to Moodle's seven decimals of a fraction. */
const percent = (weight: number) => `%${Number((weight * 100).toFixed(5))}%`;

const feedback = (key: QuestionAnswerKey, index: number) => {
  const text = key.feedback?.[index];
  return text ? ` #${escaped(text)}` : '';
};
const general = (key: QuestionAnswerKey) => (key.general ? ` ####${escaped(key.general)}` : '');

/** What goes between the braces: the answers with their weights and feedback. */
function answersOf(question: ExportedQuestion, key: QuestionAnswerKey): string {
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const right = new Set(key.choices ?? []);
      return question.choices
        .map((choice, index) => {
          const weight = key.weights?.[index];
          // A single choice's full-credit answer is `=`; any other weight is written out.
          const mark =
            weight === undefined
              ? question.kind === 'single' && right.has(index)
                ? '='
                : question.kind === 'multiple'
                  ? `~${percent(right.has(index) ? 1 / right.size : -1)}`
                  : '~'
              : question.kind === 'single' && weight === 1
                ? '='
                : weight === 0
                  ? '~'
                  : `~${percent(weight)}`;
          return `${mark}${escaped(choice)}${feedback(key, index)}`;
        })
        .join(' ');
    }
    case 'short':
      return (key.accepted ?? [])
        .map((answer, index) => {
          const weight = key.weights?.[index] ?? 1;
          return `=${weight === 1 ? '' : percent(weight)}${escaped(answer)}${feedback(key, index)}`;
        })
        .join(' ');
    case 'numerical': {
      const numbers = key.numbers ?? [];
      const [only] = numbers;
      if (numbers.length === 1 && !key.weights && !key.feedback && only) {
        return `#${only.value}:${only.tolerance}`;
      }
      return `#${numbers
        .map((number, index) => {
          const weight = key.weights?.[index] ?? 1;
          return ` =${percent(weight)}${number.value}:${number.tolerance}${feedback(key, index)}`;
        })
        .join('')}`;
    }
    case 'matching': {
      const paired = new Set(key.pairs ?? []);
      const pairs = question.choices.map(
        (item, index) =>
          `=${escaped(item)} -> ${escaped(question.options[key.pairs?.[index] ?? 0] ?? '')}`,
      );
      // An answer no item takes is a distractor.
      const distractors = question.options
        .filter((_, index) => !paired.has(index))
        .map((answer) => `= -> ${escaped(answer)}`);
      return [...pairs, ...distractors].join(' ');
    }
    default:
      return '';
  }
}

/**
 * One question as GIFT (decision 187): `::title::`, `[html]` before an HTML prompt, the answers in
 * braces (inside the sentence where a missing word's blank stands), per-answer feedback `#…` and
 * general feedback `####…`. A description is its text alone. GIFT has no points: they are left
 * out (Moodle XML keeps them), as is a short answer's case sensitivity.
 */
function questionToGift(question: ExportedQuestion): string {
  const key = question.answer_key ?? {};
  const title = question.title ? `::${escaped(question.title)}::` : '';
  const format = question.format === 'html' ? '[html]' : '';
  if (question.kind === 'description') return `${title}${format}${escaped(question.prompt)}`;
  const braces = `{${answersOf(question, key)}${general(key)}}`;
  const inline =
    question.kind === 'single' || question.kind === 'short' || question.kind === 'numerical';
  const blank = inline ? question.prompt.indexOf('_____') : -1;
  if (blank >= 0) {
    const before = escaped(question.prompt.slice(0, blank));
    const after = escaped(question.prompt.slice(blank + 5));
    return `${title}${format}${before}${braces}${after}`;
  }
  return `${title}${format}${escaped(question.prompt)} ${braces}`;
}

/** Questions under one category (none: the file's default). */
export interface ExportedSection {
  category: string | null;
  questions: readonly ExportedQuestion[];
}

/**
 * Questions as a GIFT file: each section's `$CATEGORY:` line then its questions in order, a blank
 * line between two.
 */
export function writeGift(sections: readonly ExportedSection[]): string {
  const lines = sections.flatMap((section) => [
    ...(section.category ? [`$CATEGORY: ${section.category}`] : []),
    ...section.questions.map(questionToGift),
  ]);
  return `${lines.join('\n\n')}\n`;
}
