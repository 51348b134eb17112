import type { Role } from '@skolar/shared';
import { hashPassword } from '../src/auth/password.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { promotionStudents, promotions, promotionTeachers, users } from '../src/db/schema/index.ts';
import { createProgram, unique } from '../src/ops/seed/factories.ts';
import { TEST_PASSWORD } from './credentials.ts';

// The factories the demo seed also uses live beside it; the test-only ones are below.
export {
  createChapter,
  createEpisode,
  createEvaluation,
  createGroup,
  createInstitution,
  createLesson,
  createModule,
  createProgram,
  createSeminar,
  createSubject,
  createTraining,
} from '../src/ops/seed/factories.ts';

let passwordHash: Promise<string> | undefined;

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
