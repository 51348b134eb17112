import { XMLBuilder } from 'fast-xml-parser';
import type { QuestionAnswerKey } from '../../db/schema/index.ts';
import type { ExportedQuestion, ExportedSection } from './gift-export.ts';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  cdataPropName: '__cdata',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
});

/** A text element: `{ text }`, HTML in a CDATA section. */
const text = (value: string, format?: string) => ({
  ...(format ? { '@_format': format } : {}),
  text: format === 'html' ? { __cdata: value } : value,
});

/** A fraction as Moodle's percentage, to its seven decimals of a fraction. */
const fraction = (weight: number) => String(Number((weight * 100).toFixed(5)));

const feedbackOf = (key: QuestionAnswerKey, index: number) =>
  text(key.feedback?.[index] ?? '', 'plain_text');

/** The weight of each choice of a single or multiple choice (Moodle has no all-or-nothing). */
function choiceWeights(question: ExportedQuestion, key: QuestionAnswerKey): number[] {
  if (key.weights) return key.weights;
  const right = new Set(key.choices ?? []);
  return question.choices.map((_, index) =>
    right.has(index)
      ? question.kind === 'single'
        ? 1
        : 1 / right.size
      : question.kind === 'single'
        ? 0
        : -1,
  );
}

/** The type-specific elements of one question. */
function bodyOf(question: ExportedQuestion, key: QuestionAnswerKey): [string, object] {
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const weights = choiceWeights(question, key);
      return [
        'multichoice',
        {
          single: question.kind === 'single' ? 'true' : 'false',
          shuffleanswers: 'true',
          answernumbering: 'abc',
          answer: question.choices.map((choice, index) => ({
            '@_fraction': fraction(weights[index] ?? 0),
            '@_format': 'plain_text',
            text: choice,
            feedback: feedbackOf(key, index),
          })),
        },
      ];
    }
    case 'short':
      return [
        'shortanswer',
        {
          usecase: key.case_sensitive ? '1' : '0',
          answer: (key.accepted ?? []).map((accepted, index) => ({
            '@_fraction': fraction(key.weights?.[index] ?? 1),
            '@_format': 'plain_text',
            text: accepted,
            feedback: feedbackOf(key, index),
          })),
        },
      ];
    case 'numerical':
      return [
        'numerical',
        {
          answer: (key.numbers ?? []).map((number, index) => ({
            '@_fraction': fraction(key.weights?.[index] ?? 1),
            text: String(number.value),
            tolerance: String(number.tolerance),
            feedback: feedbackOf(key, index),
          })),
          unitgradingtype: '0',
          showunits: '3',
        },
      ];
    case 'matching': {
      const paired = new Set(key.pairs ?? []);
      const items = question.choices.map((item, index) => ({
        '@_format': 'plain_text',
        text: item,
        answer: { text: question.options[key.pairs?.[index] ?? 0] ?? '' },
      }));
      const distractors = question.options
        .filter((_, index) => !paired.has(index))
        .map((answer) => ({ '@_format': 'plain_text', text: '', answer: { text: answer } }));
      return ['matching', { shuffleanswers: 'true', subquestion: [...items, ...distractors] }];
    }
    case 'long':
      return [
        'essay',
        { responseformat: 'editor', responserequired: '1', responsefieldlines: '15' },
      ];
    default:
      return ['description', {}];
  }
}

/** One question as Moodle XML's `<question>`. */
function questionOf(question: ExportedQuestion) {
  const key = question.answer_key ?? {};
  const [type, body] = bodyOf(question, key);
  return {
    '@_type': type,
    // Moodle names an unnamed question after its text when it imports it.
    name: { text: question.title ?? '' },
    questiontext: text(question.prompt, question.format === 'html' ? 'html' : 'plain_text'),
    generalfeedback: text(key.general ?? '', 'plain_text'),
    defaultgrade: String(question.points),
    penalty: '0',
    hidden: '0',
    ...body,
  };
}

/**
 * Questions as a Moodle XML file (decision 187): each section's category question (when it has
 * one), then each question with its points (`defaultgrade`), feedback and weights as fractions.
 * A multiple choice scored all or nothing has no Moodle equivalent: each right choice is written
 * worth its share and each wrong one -100%, so any wrong choice loses the question.
 */
export function writeMoodleXml(sections: readonly ExportedSection[]): string {
  const question = sections.flatMap((section) => [
    ...(section.category ? [{ '@_type': 'category', category: { text: section.category } }] : []),
    ...section.questions.map(questionOf),
  ]);
  const xml = builder.build({ quiz: { question } });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}
