import type { DbOrTx } from '../../db/client.ts';
import type { AnswerValue, QuestionAnswerKey, QuestionKind } from '../../db/schema/index.ts';
import { RECONNECT_GRACE_MS } from '../evaluations/window.ts';
import {
  answersToScore,
  markAttemptFinished,
  type Question,
  setAnswerPoints,
  setAttemptScore,
} from './exams.queries.ts';

/** The instant from which an attempt takes no write at all (its deadline and the grace after it). */
export const graceEndOf = (attempt: { deadline_at: Date }) =>
  new Date(attempt.deadline_at.getTime() + RECONNECT_GRACE_MS);

interface Scorable {
  kind: QuestionKind;
  points: number;
  answer_key: QuestionAnswerKey | null;
}

/**
 * How short answers compare: trimmed, inner spaces collapsed, case-insensitive (decision 47)
 * unless the key says the case counts (Moodle's `usecase`).
 */
function normaliseShort(text: string, caseSensitive = false): string {
  const spaced = text.trim().replace(/\s+/g, ' ');
  return caseSensitive ? spaced : spaced.toLocaleLowerCase();
}

/**
 * Whether a given short answer matches an accepted one, both normalised; `*` in the accepted one
 * stands for any run of characters, as in Moodle's short answers (`\*` is a literal star).
 */
function matchesShort(given: string, accepted: string): boolean {
  if (!accepted.includes('*')) return given === accepted;
  const pattern = accepted
    .split(/(\\\*|\*)/)
    .map((part) =>
      part === '*' ? '.*' : part === '\\*' ? '\\*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${pattern}$`, 'su').test(given);
}

/** A typed number: `3.14` or `3,14` (a decimal comma), a sign and an exponent; null otherwise. */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * Whether a number is within an accepted one's tolerance (Moodle's nominal tolerance, both ends
 * included), allowing for the rounding of binary fractions (0.1 + 0.2 is 0.3).
 */
function within(given: number, accepted: { value: number; tolerance: number }): boolean {
  const slack = 1e-9 * Math.max(1, Math.abs(accepted.value));
  return Math.abs(given - accepted.value) <= accepted.tolerance + slack;
}

/**
 * Which accepted answer a typed answer matches first (-1: none): a short answer's text, a
 * numerical answer's number within its tolerance.
 */
function acceptedIndex(question: Scorable, value: AnswerValue): number {
  const key = question.answer_key ?? {};
  if (question.kind === 'numerical') {
    const given = typedNumber(value.text ?? '');
    if (given === null) return -1;
    return (key.numbers ?? []).findIndex((accepted) => within(given, accepted));
  }
  const cased = key.case_sensitive === true;
  const given = normaliseShort(value.text ?? '', cased);
  if (given === '') return -1;
  return (key.accepted ?? []).findIndex((answer) =>
    matchesShort(given, normaliseShort(answer, cased)),
  );
}

/**
 * The feedback an answer gets, as Moodle gives it: that of each chosen choice, of the accepted
 * answer or number it matched; none for the other kinds (their feedback is the general one).
 */
export function feedbackFor(question: Scorable, value: AnswerValue): string[] {
  const feedback = question.answer_key?.feedback ?? [];
  if (question.kind === 'short' || question.kind === 'numerical') {
    const found = acceptedIndex(question, value);
    return found >= 0 && feedback[found] ? [feedback[found]] : [];
  }
  if (question.kind !== 'single' && question.kind !== 'multiple') return [];
  return [...new Set(value.choices ?? [])]
    .sort((a, b) => a - b)
    .flatMap((index) => (feedback[index] ? [feedback[index]] : []));
}

/** Points of a fraction of the question, to the hundredth the grades keep. */
const share = (fraction: number, points: number) => Math.round(fraction * points * 100) / 100;

/**
 * The fraction of the points an answer earns, by Moodle's rules when the key is weighted: a
 * single choice earns its choice's weight (a negative one takes points off); a multiple choice the
 * sum of its chosen weights, kept between 0 and 1; a short answer the weight of the first accepted
 * answer it matches; a number the weight of the first accepted number it is within the tolerance
 * of; a matching question its share of right pairs. Without weights, all or nothing: the exact set of right choices, or any
 * accepted answer.
 */
function fractionFor(question: Scorable, value: AnswerValue): number {
  const key = question.answer_key ?? {};
  const weights = key.weights;
  if (question.kind === 'short' || question.kind === 'numerical') {
    const found = acceptedIndex(question, value);
    if (found < 0) return 0;
    return weights ? (weights[found] ?? 0) : 1;
  }
  if (question.kind === 'matching') {
    // Moodle: each item is an equal share of the question, earned when its answer is the right one.
    const pairs = key.pairs ?? [];
    const given = value.pairs ?? [];
    if (pairs.length === 0) return 0;
    return pairs.filter((right, item) => given[item] === right).length / pairs.length;
  }
  const chosen = [...new Set(value.choices ?? [])].sort((a, b) => a - b);
  if (weights) {
    if (question.kind === 'single') return chosen.length === 1 ? (weights[chosen[0]!] ?? 0) : 0;
    const sum = chosen.reduce((total, index) => total + (weights[index] ?? 0), 0);
    return Math.min(Math.max(sum, 0), 1);
  }
  const right = [...new Set(key.choices ?? [])].sort((a, b) => a - b);
  const same = chosen.length === right.length && chosen.every((c, i) => c === right[i]);
  return same && right.length > 0 ? 1 : 0;
}

/**
 * The points an answer earns, or null when a teacher grades it (long text) or there is nothing to
 * earn (a description).
 */
export function pointsFor(question: Scorable, value: AnswerValue): number | null {
  if (question.kind === 'long' || question.kind === 'description') return null;
  return share(fractionFor(question, value), question.points);
}

/**
 * A value that fits its question's kind: choice indexes in range (one at most for a single
 * choice), text for a typed answer, one answer index or null per item of a matching question;
 * a description takes none.
 */
export function fits(
  question: Pick<Question, 'kind' | 'choices' | 'options'>,
  value: AnswerValue,
): boolean {
  const only = (field: keyof AnswerValue) =>
    (['choices', 'text', 'pairs'] as const).every((other) =>
      other === field ? value[other] !== undefined : value[other] === undefined,
    );
  switch (question.kind) {
    case 'description':
      return false;
    case 'short':
    case 'numerical':
    case 'long':
      // A number is typed as text: a half-typed "3," is saved as it stands and scored at hand-in.
      return only('text');
    case 'matching':
      return (
        only('pairs') &&
        value.pairs!.length === question.choices.length &&
        value.pairs!.every((index) => index === null || index < question.options.length)
      );
    default: {
      if (!only('choices')) return false;
      const chosen = value.choices!;
      const inRange = chosen.every((index) => index < question.choices.length);
      const unique = new Set(chosen).size === chosen.length;
      return inRange && unique && (question.kind === 'single' ? chosen.length <= 1 : true);
    }
  }
}

/**
 * An exam's score from its questions' points: to the hundredth, and never below zero (a negative
 * choice takes points off its question only as far as the exam allows, decision 184).
 */
export const examScore = (points: ReadonlyArray<number | null>) =>
  Math.max(Math.round(points.reduce<number>((sum, value) => sum + (value ?? 0), 0) * 100) / 100, 0);

/**
 * Scores a closed attempt, in the caller's transaction: each saved answer gets its points (long
 * ones stay null for the teacher), the attempt the sum of the points given.
 */
async function scoreAttempt(tx: DbOrTx, attemptId: number): Promise<number> {
  const rows = await answersToScore(tx, attemptId);
  const awarded: Array<number | null> = [];
  for (const row of rows) {
    const points = pointsFor(row, row.value);
    awarded.push(points);
    await setAnswerPoints(tx, row.id, points);
  }
  const score = examScore(awarded);
  await setAttemptScore(tx, attemptId, score);
  return score;
}

/**
 * Closes an open attempt and scores it, in the caller's transaction (which holds its row lock).
 * Answers whether this call closed it (false: somebody else had).
 */
export async function closeAttempt(
  tx: DbOrTx,
  attempt: { id: number; deadline_at: Date },
  by: 'student' | 'timeout',
  now: Date,
): Promise<boolean> {
  // A timeout is dated at the deadline, whenever it is noticed.
  const at = by === 'timeout' && attempt.deadline_at < now ? attempt.deadline_at : now;
  if (!(await markAttemptFinished(tx, attempt.id, { at, by, now }))) return false;
  await scoreAttempt(tx, attempt.id);
  return true;
}
