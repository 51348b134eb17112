// Row factories shared by the demo seed and the tests (test/factories.ts re-exports them): plausible
// defaults, a random suffix where a value must be unique, and every column open to an override.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../client.ts';
import {
  evaluations,
  institutionPrograms,
  institutions,
  programs,
  subjects,
  teacherSubjects,
  trainings,
} from '../schema/index.ts';

/** A short random suffix for names and e-mails that must not collide. */
export const unique = () => randomBytes(4).toString('hex');

/** An institution with plausible defaults. */
export async function createInstitution(
  db: DbOrTx,
  overrides: Partial<typeof institutions.$inferInsert> = {},
) {
  const suffix = unique();
  const [row] = await db
    .insert(institutions)
    .values({
      name: `Institut ${suffix}`,
      diminutive: `I${suffix.slice(0, 3).toUpperCase()}`,
      kind: 'school',
      color_code: '#336699',
      url: `https://${suffix}.example.test`,
      address: '1 rue de la Paix, Paris',
      email: `contact@${suffix}.example.test`,
      phone: 'fr0102030405',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A program linked to the institution. */
export async function createProgram(
  db: DbOrTx,
  institutionId: number,
  overrides: Partial<typeof programs.$inferInsert> = {},
) {
  const [program] = await db
    .insert(programs)
    .values({
      name: `Programme ${unique()}`,
      sector: 'Informatique',
      levels: ['L1', 'L2'],
      ...overrides,
    })
    .returning();
  await db
    .insert(institutionPrograms)
    .values({ institution_id: institutionId, program_id: program!.id });
  return program!;
}

/** A training of the promotion. */
export async function createTraining(
  db: DbOrTx,
  promotion: { id: number; institution_id: number },
  overrides: Partial<typeof trainings.$inferInsert> = {},
) {
  const [training] = await db
    .insert(trainings)
    .values({
      institution_id: promotion.institution_id,
      promotion_id: promotion.id,
      title: `Formation ${unique()}`,
      program: 'Licence',
      level: 'L1',
      ...overrides,
    })
    .returning();
  return training!;
}

/** A subject of the institution, taught by the given teachers. */
export async function createSubject(
  db: DbOrTx,
  institutionId: number,
  teacherIds: number[] = [],
  overrides: Partial<typeof subjects.$inferInsert> = {},
) {
  const [subject] = await db
    .insert(subjects)
    .values({
      institution_id: institutionId,
      name: `Matière ${unique()}`,
      coefficient: 2,
      ...overrides,
    })
    .returning();
  if (teacherIds.length) {
    await db
      .insert(teacherSubjects)
      .values(teacherIds.map((teacher_id) => ({ teacher_id, subject_id: subject!.id })));
  }
  return subject!;
}

/** An evaluation of the subject in the training: an exam from 09:00 to 11:00 unless overridden. */
export async function createEvaluation(
  db: DbOrTx,
  training: { id: number; institution_id: number },
  subjectId: number,
  overrides: Partial<typeof evaluations.$inferInsert> = {},
) {
  // A project has a deadline instead of a window.
  const examWindow =
    overrides.type === 'project'
      ? {}
      : { start_time: '09:00', end_time: '11:00', duration_minutes: 90 };
  const [evaluation] = await db
    .insert(evaluations)
    .values({
      institution_id: training.institution_id,
      training_id: training.id,
      subject_id: subjectId,
      type: 'exam',
      title: `Examen ${unique()}`,
      date: '2026-12-01',
      ...examWindow,
      percentage: 40,
      ...overrides,
    })
    .returning();
  return evaluation!;
}
