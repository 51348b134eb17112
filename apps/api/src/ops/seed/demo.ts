import { DEMO_PASSWORD } from '@skolar/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { academicYear } from '../../time.ts';
import { seedAttendance } from './attendance.ts';
import { seedCalendar } from './calendar.ts';
import { seedCohorts } from './cohorts.ts';
import { seedCommunication } from './communication.ts';
import { seedContactRequests } from './contact.ts';
import { seedCurriculum } from './curriculum.ts';
import { seedEvaluations, seedHandedInQuiz } from './evaluations.ts';
import { seedInstitutions } from './institutions.ts';
import { dayOf } from './keys.ts';
import { type StoreFile, seedLessons } from './lessons.ts';
import { seedBlindReview, seedMarking } from './marking.ts';
import { inviteNewcomer, seedPeople } from './people.ts';
import { seedQuestionBank } from './question-bank.ts';
import { seedResults } from './results.ts';
import { seedSeminars } from './seminars.ts';
import { seedSubmissions } from './submissions.ts';

export { DEMO_NEWCOMER_EMAIL } from './people.ts';

/** Any 64-bit key shared by every process that may seed: two nodes never seed twice. */
const SEED_LOCK_KEY = 7_265_431_002;

/**
 * Seeds the demo data when the database has no user yet, in one transaction (a crash leaves
 * nothing half-written). Dates are placed around `now`: past, today (an exam open right now),
 * and upcoming evaluations, seminar episodes and events.
 */
export async function seedDemo(
  db: Db,
  options: { now: Date; publicUrl?: string; storeFile?: StoreFile },
): Promise<'seeded' | 'skipped'> {
  if (await hasAnyUser(db)) return 'skipped';
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasAnyUser(tx)) return 'skipped';
    await insertDemo(tx, {
      now: options.now,
      passwordHash,
      publicUrl: options.publicUrl ?? 'http://localhost:3000',
      storeFile: options.storeFile,
    });
    return 'seeded';
  });
}

async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/**
 * One seeder per domain (a file each, beside this one), in the order of their dependencies; each
 * answers the ids of its rows by the demo's keys for the ones after it.
 */
async function insertDemo(
  tx: Tx,
  options: { now: Date; passwordHash: string; publicUrl: string; storeFile?: StoreFile },
): Promise<void> {
  const { now } = options;
  const institution = await seedInstitutions(tx);
  const user = await seedPeople(tx, { now, passwordHash: options.passwordHash, institution });
  const curriculum = await seedCurriculum(tx, { institution, user });
  const year = academicYear(dayOf(now, 'ulc'));
  const cohorts = await seedCohorts(tx, {
    ...curriculum,
    now,
    academicYear: year,
    institution,
    user,
  });
  await seedLessons(tx, {
    institution,
    subject: curriculum.subject,
    storeFile: options.storeFile,
  });
  await seedSeminars(tx, {
    now,
    institution,
    promotion: cohorts.promotion,
    storeFile: options.storeFile,
  });
  const evaluation = await seedEvaluations(tx, {
    now,
    institution,
    training: cohorts.training,
    subject: curriculum.subject,
  });
  await seedHandedInQuiz(tx, { now, user, evaluation });
  await seedQuestionBank(tx, { now, institution, subject: curriculum.subject, user });
  await seedResults(tx, { now, user, evaluation });
  await seedSubmissions(tx, {
    now,
    institution,
    user,
    evaluation,
    storeFile: options.storeFile,
  });
  await seedMarking(tx, {
    now,
    institution,
    subject: curriculum.subject,
    user,
    evaluation,
    storeFile: options.storeFile,
  });
  await seedBlindReview(tx, { now, institution, user, evaluation, storeFile: options.storeFile });
  await seedCalendar(tx, { now, institution, user, ...cohorts });
  await seedAttendance(tx, { now, institution, user, ...cohorts, storeFile: options.storeFile });
  await seedContactRequests(tx, { institution, user });
  await seedCommunication(tx, {
    now,
    institution,
    user,
    ...cohorts,
    evaluation,
    subject: curriculum.subject,
  });
  await inviteNewcomer(tx, { now, publicUrl: options.publicUrl, institution });
}
