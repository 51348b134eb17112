import { randomBytes } from 'node:crypto';
import type { Role } from '@skolar/shared';
import { hashPassword } from '../src/auth/password.ts';
import type { DbOrTx } from '../src/db/client.ts';
import {
  evaluations,
  institutionPrograms,
  institutions,
  programs,
  promotionStudents,
  promotions,
  promotionTeachers,
  subjects,
  teacherSubjects,
  trainings,
  users,
} from '../src/db/schema/index.ts';
import { TEST_PASSWORD } from './credentials.ts';

let passwordHash: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

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

/** A verified user whose password is TEST_PASSWORD (hashed once per test file). */
export async function createUser(
  db: DbOrTx,
  role: Role,
  institutionId: number | null,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = unique();
  const [row] = await db
    .insert(users)
    .values({
      role,
      institution_id: role === 'super-admin' ? null : institutionId,
      first_name: 'Test',
      last_name: `${role} ${suffix}`,
      email: `${role}.${suffix}@example.test`,
      email_verified_at: new Date('2026-01-01T00:00:00Z'),
      password_hash: await passwordHash,
      gender: 'Mme',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A program linked to the institution. */
export async function createProgram(
  db: DbOrTx,
  institutionId: number,
  name = `Programme ${unique()}`,
) {
  const [program] = await db
    .insert(programs)
    .values({ name, sector: 'Informatique', levels: ['L1', 'L2'] })
    .returning();
  await db
    .insert(institutionPrograms)
    .values({ institution_id: institutionId, program_id: program!.id });
  return program!;
}

/** A promotion of a new program of the institution, with its students and teachers. */
export async function createPromotion(
  db: DbOrTx,
  institutionId: number,
  people: { students?: number[]; teachers?: number[] } = {},
) {
  const program = await createProgram(db, institutionId);
  const [promotion] = await db
    .insert(promotions)
    .values({
      institution_id: institutionId,
      program_id: program.id,
      name: `Promo ${unique()}`,
      academic_year: '2026-2027',
      level: 'L1',
    })
    .returning();
  if (people.students?.length) {
    await db
      .insert(promotionStudents)
      .values(people.students.map((student_id) => ({ promotion_id: promotion!.id, student_id })));
  }
  if (people.teachers?.length) {
    await db
      .insert(promotionTeachers)
      .values(people.teachers.map((teacher_id) => ({ promotion_id: promotion!.id, teacher_id })));
  }
  return promotion!;
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
export async function createSubject(db: DbOrTx, institutionId: number, teacherIds: number[] = []) {
  const [subject] = await db
    .insert(subjects)
    .values({ institution_id: institutionId, name: `Matière ${unique()}`, coefficient: 2 })
    .returning();
  if (teacherIds.length) {
    await db
      .insert(teacherSubjects)
      .values(teacherIds.map((teacher_id) => ({ teacher_id, subject_id: subject!.id })));
  }
  return subject!;
}

/** An exam of the subject in the training. */
export async function createEvaluation(
  db: DbOrTx,
  training: { id: number; institution_id: number },
  subjectId: number,
  overrides: Partial<typeof evaluations.$inferInsert> = {},
) {
  const [evaluation] = await db
    .insert(evaluations)
    .values({
      institution_id: training.institution_id,
      training_id: training.id,
      subject_id: subjectId,
      type: 'exam',
      title: `Examen ${unique()}`,
      date: '2026-12-01',
      start_time: '09:00',
      end_time: '11:00',
      duration_minutes: 90,
      percentage: 40,
      ...overrides,
    })
    .returning();
  return evaluation!;
}
