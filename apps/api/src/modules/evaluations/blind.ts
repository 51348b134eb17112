import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import {
  insertParticipantNumbers,
  participantNumbersOf,
  studentOfParticipant,
} from './evaluations.queries.ts';

/** What tells whether an evaluation hides its students from its markers (decision 196). */
export interface BlindState {
  id: number;
  blind_marking: boolean;
  identities_revealed_at: Date | null;
}

/** Names are hidden while the project is marked blind and its identities are not revealed. */
export const isBlind = (evaluation: BlindState) =>
  evaluation.blind_marking && evaluation.identities_revealed_at === null;

interface Person {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * How the students of one evaluation are shown to its staff: as themselves, or, while it is
 * marked blind, as their participant number in place of their id, with no name and no address.
 * The number is the student's id in every answer and path of the evaluation's marking (`resolve`
 * turns it back), so nothing a marker receives names the student.
 */
export interface IdentityMask {
  blind: boolean;
  person<P extends Person>(person: P): P;
  /** The participant number (blind) or the id of a student, for a file or entry name. */
  label(studentId: number): string;
}

const SHOWN: IdentityMask = {
  blind: false,
  person: (person) => person,
  label: (studentId) => String(studentId),
};

/** Draws numbers for the students who have none yet; a number already taken is drawn again. */
async function numbersFor(db: DbOrTx, evaluationId: number, studentIds: readonly number[]) {
  let numbers = new Map(
    (await participantNumbersOf(db, evaluationId)).map((row) => [row.student_id, row.number]),
  );
  for (let round = 0; round < 5; round++) {
    const missing = [...new Set(studentIds)].filter((id) => !numbers.has(id));
    if (missing.length === 0) return numbers;
    await insertParticipantNumbers(
      db,
      missing.map((studentId) => ({
        evaluation_id: evaluationId,
        student_id: studentId,
        number: randomInt(100_000, 1_000_000),
      })),
    );
    numbers = new Map(
      (await participantNumbersOf(db, evaluationId)).map((row) => [row.student_id, row.number]),
    );
  }
  throw new Error('participant numbers could not be drawn');
}

/** The mask for the students `studentIds` of `evaluation` (numbers drawn when first needed). */
export async function identityMask(
  db: DbOrTx,
  evaluation: BlindState,
  studentIds: readonly number[],
): Promise<IdentityMask> {
  if (!isBlind(evaluation)) return SHOWN;
  const numbers = await numbersFor(db, evaluation.id, studentIds);
  const numberOf = (studentId: number) => {
    const number = numbers.get(studentId);
    if (number === undefined) throw new Error(`no participant number for ${studentId}`);
    return number;
  };
  return {
    blind: true,
    person: (person) => ({
      ...person,
      id: numberOf(person.id),
      first_name: '',
      last_name: '',
      email: '',
    }),
    label: (studentId) => String(numberOf(studentId)),
  };
}

/**
 * The student a path or a body names at `evaluation`: their participant number while it is marked
 * blind (404 for a number it did not give), their id otherwise.
 */
export async function resolveStudent(db: DbOrTx, evaluation: BlindState, id: number) {
  if (!isBlind(evaluation)) return id;
  const studentId = await studentOfParticipant(db, evaluation.id, id);
  if (studentId === undefined) throw notFound();
  return studentId;
}

/** `resolveStudent` for many (a batch of grades, a publication), one query. */
export async function resolveStudents(db: DbOrTx, evaluation: BlindState, ids: readonly number[]) {
  if (!isBlind(evaluation)) return new Map(ids.map((id) => [id, id]));
  const byNumber = new Map(
    (await participantNumbersOf(db, evaluation.id)).map((row) => [row.number, row.student_id]),
  );
  return new Map(
    ids.map((id) => {
      const studentId = byNumber.get(id);
      if (studentId === undefined) throw notFound();
      return [id, studentId];
    }),
  );
}

/**
 * Rows in the order a marker reads them: by name as given, or by participant number while blind
 * (an alphabetical order would tell who is who).
 */
export function inMarkingOrder<R extends { student: { id: number } }>(
  mask: IdentityMask,
  rows: R[],
) {
  return mask.blind ? [...rows].sort((a, b) => a.student.id - b.student.id) : rows;
}
