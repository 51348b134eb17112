import type { DbOrTx } from '../../db/client.ts';
import type { AnswerValue, QuestionAnswerKey } from '../../db/schema/index.ts';
import { RECONNECT_GRACE_MS } from '../evaluations/window.ts';
import {
  answersToScore,
  markAttemptFinished,
  setAnswerPoints,
  setAttemptScore,
} from './exams.queries.ts';

/** The instant from which an attempt takes no write at all (its deadline and the grace after it). */
export const graceEndOf = (attempt: { deadline_at: Date }) =>
  new Date(attempt.deadline_at.getTime() + RECONNECT_GRACE_MS);

interface Scorable {
  kind: 'single' | 'multiple' | 'short' | 'numerical' | 'long';
  points: number;
  answer_key: QuestionAnswerKey | null;
}

/** How short answers compare: trimmed, inner spaces collapsed, case-insensitive (decision 47). */
function normaliseShort(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
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

/** Points of a fraction of the question, to the hundredth the grades keep. */
const share = (fraction: number, points: number) => Math.round(fraction * points * 100) / 100;

/**
 * The fraction of the points an answer earns, by Moodle's rules when the key is weighted: a
 * single choice earns its choice's weight (a negative one takes points off); a multiple choice the
 * sum of its chosen weights, kept between 0 and 1; a short answer the weight of the first accepted
 * answer it matches; a number the weight of the first accepted number it is within the tolerance
 * of. Without weights, all or nothing: the exact set of right choices, or any
 * accepted answer.
 */
function fractionFor(question: Scorable, value: AnswerValue): number {
  const key = question.answer_key ?? {};
  const weights = key.weights;
  if (question.kind === 'short') {
    const given = normaliseShort(value.text ?? '');
    if (given === '') return 0;
    const accepted = (key.accepted ?? []).map(normaliseShort);
    const found = accepted.findIndex((answer) => matchesShort(given, answer));
    if (found < 0) return 0;
    return weights ? (weights[found] ?? 0) : 1;
  }
  if (question.kind === 'numerical') {
    const given = typedNumber(value.text ?? '');
    if (given === null) return 0;
    const found = (key.numbers ?? []).findIndex((accepted) => within(given, accepted));
    if (found < 0) return 0;
    return weights ? (weights[found] ?? 0) : 1;
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

/** The points an answer earns, or null when a teacher grades it (long text). */
export function pointsFor(question: Scorable, value: AnswerValue): number | null {
  if (question.kind === 'long') return null;
  return share(fractionFor(question, value), question.points);
}

/**
 * Scores a closed attempt, in the caller's transaction: each saved answer gets its points (long
 * ones stay null for the teacher), the attempt the sum of the points given.
 */
async function scoreAttempt(tx: DbOrTx, attemptId: number): Promise<number> {
  const rows = await answersToScore(tx, attemptId);
  let total = 0;
  for (const row of rows) {
    const awarded = pointsFor(row, row.value);
    total += awarded ?? 0;
    await setAnswerPoints(tx, row.id, awarded);
  }
  // A negative choice takes points off its question, never the exam below zero (decision 184).
  const score = Math.max(Math.round(total * 100) / 100, 0);
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
