import type { QuestionBody } from '@skolar/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { MessageKey } from '../../i18n/messages.ts';
import { percentToFraction, plainOf, promptOf } from './prompt.ts';
import type { ReadQuestion } from './question-file.ts';

/** A node of the parsed XML: its attributes (`@_name`), its text (`#text`) and children. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // Every element that may repeat is a list, even when it appears once.
  isArray: (name) => ['question', 'answer', 'subquestion', 'tag'].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: false,
  processEntities: true,
  htmlEntities: true,
});

/** Moodle's format names as GIFT's (`prompt.ts` reads both). */
const FORMATS: Record<string, string> = {
  html: 'html',
  moodle_auto_format: 'moodle',
  plain_text: 'plain',
  markdown: 'markdown',
};

/** The text of an element (`<x><text>…</text></x>`), with its format. */
function textOf(node: unknown, fallbackFormat = 'html'): { format: string; text: string } {
  if (node === undefined || node === null || typeof node !== 'object') {
    return { format: 'plain', text: typeof node === 'string' ? node : '' };
  }
  const element = node as XmlNode;
  const format = FORMATS[String(element['@_format'] ?? '')] ?? fallbackFormat;
  const inner = element.text;
  const text =
    typeof inner === 'string'
      ? inner
      : inner && typeof inner === 'object'
        ? String((inner as XmlNode)['#text'] ?? '')
        : '';
  return { format, text };
}

/** An element's own text (`<defaultgrade>2</defaultgrade>`), trimmed. */
const ownText = (node: unknown): string =>
  typeof node === 'string'
    ? node.trim()
    : node && typeof node === 'object'
      ? String((node as XmlNode)['#text'] ?? '').trim()
      : '';

const answersOf = (question: XmlNode) => (question.answer as XmlNode[] | undefined) ?? [];

/** An answer's fraction of the points (its `fraction` attribute is a percentage). */
const fractionOf = (answer: XmlNode) => percentToFraction(Number(answer['@_fraction'] ?? 0));

/** The feedback texts of answers ('' for none), or nothing when none has any. */
function feedbackOf(answers: XmlNode[], general: string) {
  const feedback = answers.map((answer) => plainOf(textOf(answer.feedback)));
  return {
    ...(feedback.some((text) => text !== '') ? { feedback } : {}),
    ...(general !== '' ? { general } : {}),
  };
}

/**
 * One `<question>` of a Moodle XML export as a quiz question (decision 187), scored as Moodle
 * scores it: multichoice single or multiple with each answer's fraction as its weight, truefalse,
 * shortanswer (its `usecase` kept), numerical (each answer's tolerance; the `*` answer that catches
 * any other number is left out), matching (a subquestion with no text is a distractor), essay,
 * description. `defaultgrade` gives the points.
 */
function questionOf(
  question: XmlNode,
  labels: { true: string; false: string },
): QuestionBody | MessageKey {
  const type = String(question['@_type'] ?? '');
  const title = ownText((question.name as XmlNode | undefined)?.text) || null;
  const prompt = promptOf(textOf(question.questiontext));
  const general = plainOf(textOf(question.generalfeedback));
  const grade = Number(ownText(question.defaultgrade) || '1');
  const base = { title, ...prompt, points: Number.isFinite(grade) ? grade : 1 };
  const answers = answersOf(question);
  switch (type) {
    case 'description':
      return { ...base, kind: 'description', choices: [], answer_key: null, points: 0 };
    case 'essay':
      return {
        ...base,
        kind: 'long',
        choices: [],
        answer_key: general !== '' ? { general } : null,
      };
    case 'truefalse': {
      // Moodle's two answers are the words "true" and "false", each with its fraction.
      const truth = answers.find((answer) => ownText((answer as XmlNode).text) === 'true');
      const falsity = answers.find((answer) => ownText((answer as XmlNode).text) === 'false');
      if (!truth || !falsity) return 'exams.validation.choices';
      const isTrue = fractionOf(truth) > 0;
      return {
        ...base,
        kind: 'single',
        choices: [labels.true, labels.false],
        answer_key: { choices: [isTrue ? 0 : 1], ...feedbackOf([truth, falsity], general) },
      };
    }
    case 'multichoice': {
      const single = ownText(question.single) !== 'false' && ownText(question.single) !== '0';
      const choices = answers.map((answer) => plainOf(textOf(answer, 'html')));
      const weights = answers.map(fractionOf);
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
          ...feedbackOf(answers, general),
        },
      };
    }
    case 'shortanswer': {
      const accepted = answers.map((answer) => plainOf(textOf(answer, 'plain')));
      const weights = answers.map(fractionOf);
      return {
        ...base,
        kind: 'short',
        choices: [],
        answer_key: {
          accepted,
          ...(weights.every((weight) => weight === 1) ? {} : { weights }),
          ...(ownText(question.usecase) === '1' ? { case_sensitive: true } : {}),
          ...feedbackOf(answers, general),
        },
      };
    }
    case 'numerical': {
      const numbered = answers.filter((answer) => ownText(answer.text) !== '*');
      const numbers = numbered.map((answer) => ({
        value: Number(ownText(answer.text).replace(',', '.')),
        tolerance: Math.abs(Number(ownText(answer.tolerance) || '0')),
      }));
      if (
        numbers.some(
          (number) => !Number.isFinite(number.value) || !Number.isFinite(number.tolerance),
        )
      ) {
        return 'exams.validation.number';
      }
      const weights = numbered.map(fractionOf);
      return {
        ...base,
        kind: 'numerical',
        choices: [],
        answer_key: {
          numbers,
          ...(weights.every((weight) => weight === 1) ? {} : { weights }),
          ...feedbackOf(numbered, general),
        },
      };
    }
    case 'matching': {
      const options: string[] = [];
      const choices: string[] = [];
      const pairs: number[] = [];
      for (const sub of (question.subquestion as XmlNode[] | undefined) ?? []) {
        const answer = plainOf(textOf((sub.answer as XmlNode[] | undefined)?.[0], 'plain'));
        if (answer === '') return 'exams.validation.matchingKey';
        if (!options.includes(answer)) options.push(answer);
        const item = plainOf(textOf(sub));
        if (item === '') continue;
        choices.push(item);
        pairs.push(options.indexOf(answer));
      }
      return {
        ...base,
        kind: 'matching',
        choices,
        options,
        answer_key: { pairs, ...(general !== '' ? { general } : {}) },
      };
    }
    default:
      return 'exams.import.unsupported';
  }
}

/** The line (1-based) of each `<question` tag of the text, in order. */
function questionLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of text.matchAll(/<question\b/g)) {
    for (let index = from; index < match.index; index += 1) if (text[index] === '\n') line += 1;
    from = match.index;
    lines.push(line);
  }
  return lines;
}

/**
 * A Moodle XML question export (`<quiz>` of `<question>`s) to quiz questions, each read alone; a
 * category question names the category of those after it. Text that is not well-formed XML, or
 * has no quiz, is one problem at line 1 (or the parser's line).
 */
export function readMoodleXml(
  text: string,
  labels: { true: string; false: string },
): ReadQuestion[] {
  const source = text.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    return [{ line: valid.err.line, question: null, problem: 'exams.import.xml', category: null }];
  }
  const quiz = (parser.parse(source) as XmlNode).quiz as XmlNode | undefined;
  if (!quiz || typeof quiz !== 'object') {
    return [{ line: 1, question: null, problem: 'exams.import.xml', category: null }];
  }
  const lines = questionLines(source);
  let category: string | null = null;
  const read: ReadQuestion[] = [];
  ((quiz.question as XmlNode[] | undefined) ?? []).forEach((question, index) => {
    const line = lines[index] ?? 1;
    if (question['@_type'] === 'category') {
      category = plainOf(textOf(question.category, 'plain')) || null;
      return;
    }
    const mapped = questionOf(question, labels);
    read.push(
      typeof mapped === 'string'
        ? { line, question: null, problem: mapped, category }
        : { line, question: mapped, problem: null, category },
    );
  });
  return read;
}
