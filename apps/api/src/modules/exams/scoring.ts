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
  kind: 'single' | 'multiple' | 'short' | 'long';
  points: number;
  answer_key: QuestionAnswerKey | null;
}

/** How short answers compare: trimmed, inner spaces collapsed, case-insensitive (decision 47). */
function normaliseShort(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * The points an answer earns, or null when a teacher grades it (long text). Choices score all or
 * nothing: the exact set of right choices (a single question: the one right choice). A short
 * answer scores when it matches one accepted answer (normaliseShort on both sides).
 */
function pointsFor(question: Scorable, value: AnswerValue): number | null {
  const key = question.answer_key ?? {};
  switch (question.kind) {
    case 'long':
      return null;
    case 'short': {
      const given = normaliseShort(value.text ?? '');
      const accepted = (key.accepted ?? []).map(normaliseShort);
      return given !== '' && accepted.includes(given) ? question.points : 0;
    }
    case 'single':
    case 'multiple': {
      const chosen = [...new Set(value.choices ?? [])].sort((a, b) => a - b);
      const right = [...new Set(key.choices ?? [])].sort((a, b) => a - b);
      const same = chosen.length === right.length && chosen.every((c, i) => c === right[i]);
      return same && right.length > 0 ? question.points : 0;
    }
  }
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
  await setAttemptScore(tx, attemptId, total);
  return total;
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
