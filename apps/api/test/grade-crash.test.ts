import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { gradeChanges, results, users } from '../src/db/schema/index.ts';
import { TEST_PASSWORD } from './credentials.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from './factories.ts';
import { freePort, killed, type ServerProcess, serverStore, startServer } from './processes.ts';

// The server as a separate process, killed with SIGKILL while batches of grades are being saved,
// then started again on the same data: each batch is there entirely or not at all, and every batch
// it acknowledged is there. On a PGlite folder by default; on a PostgreSQL database of its own when
// TEST_DATABASE_URL is set. Nothing here sleeps to wait for something: it polls (generously); the
// only timed waits are the chosen moments of the kills.

const STUDENTS = 200;
/**
 * When each round kills the server: at a fraction of the time a whole save took, or the moment
 * the first of its batches is acknowledged (the other one is still being written).
 */
const KILL_AT: Array<number | 'first acknowledged'> = [0.15, 0.6, 'first acknowledged'];
const BATCHES_PER_ROUND = 2;

const store = await serverStore('grade-crash');
afterAll(store.drop);

/** An admin, a promotion of STUDENTS students, and one ungraded exam per batch to save. */
async function prepare() {
  const database = await store.open();
  const school = await createInstitution(database.db);
  const admin = await createUser(database.db, 'admin', school.id);
  const template = await createUser(database.db, 'student', school.id);
  const students = await database.db
    .insert(users)
    .values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        role: 'student' as const,
        institution_id: school.id,
        first_name: 'Élève',
        last_name: `${i}`,
        email: `crash.${i}.${template.email}`,
        email_verified_at: template.email_verified_at,
        password_hash: template.password_hash,
        gender: template.gender,
      })),
    )
    .returning({ id: users.id });
  const promotion = await createPromotion(database.db, school.id, {
    students: students.map((student) => student.id),
  });
  const training = await createTraining(database.db, promotion);
  const subject = await createSubject(database.db, school.id);
  const exams = [];
  for (let i = 0; i < 1 + KILL_AT.length * BATCHES_PER_ROUND; i += 1) {
    exams.push(await createEvaluation(database.db, training, subject.id, { date: '2020-01-01' }));
  }
  await database.close();
  return {
    email: admin.email,
    studentIds: students.map((s) => s.id),
    examIds: exams.map((e) => e.id),
  };
}

async function signIn(server: ServerProcess, email: string) {
  const response = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** What a batch of one exam holds: a grade and a comment for every student. */
const batchOf = (examId: number, studentIds: number[]) => ({
  results: studentIds.map((student_id, i) => ({
    student_id,
    grade: (i % 21) as number,
    comment: `exam ${examId}, line ${i}`,
  })),
});

describe('a server killed while a batch of grades is saved', () => {
  it('keeps each batch entirely or not at all, and every acknowledged one entirely', {
    timeout: 600_000,
  }, async () => {
    const { email, studentIds, examIds } = await prepare();
    const port = await freePort();
    let server = await startServer(port, store.env);
    const save = (auth: Record<string, string>, examId: number) =>
      fetch(`${server.base}/api/evaluations/${examId}/results`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(batchOf(examId, studentIds)),
      });

    // One batch saved to the end: acknowledged, and how long a whole save takes here.
    let auth = await signIn(server, email);
    const began = performance.now();
    const full = await save(auth, examIds[0]!);
    const fullSaveMs = performance.now() - began;
    expect(full.status).toBe(200);
    const acknowledged = new Set([examIds[0]!]);

    // Each round: batches in flight together, the server killed at a different moment.
    const rounds = KILL_AT.map((_, round) =>
      examIds.slice(1 + round * BATCHES_PER_ROUND, 1 + (round + 1) * BATCHES_PER_ROUND),
    );
    for (const [round, moment] of KILL_AT.entries()) {
      if (round > 0) {
        server = await startServer(port, store.env);
        auth = await signIn(server, email);
      }
      let firstAcknowledged: () => void = () => undefined;
      const acknowledgement = new Promise<void>((done) => {
        firstAcknowledged = done;
      });
      const inFlight = rounds[round]!.map((examId) =>
        save(auth, examId).then(
          (response) => {
            // An answer that arrived is the acknowledgement.
            expect(response.status).toBe(200);
            acknowledged.add(examId);
            firstAcknowledged();
          },
          () => undefined, // the connection died with the server
        ),
      );
      await (moment === 'first acknowledged'
        ? Promise.race([acknowledgement, Promise.all(inFlight)])
        : new Promise((done) => setTimeout(done, fullSaveMs * moment)));
      await killed(server.child);
      await Promise.all(inFlight);
    }

    // The data as the last killed process left it (the server is down: the test reads it).
    const database = await store.open();
    const counts = async (table: typeof results | typeof gradeChanges, examId: number) => {
      const [row] =
        table === results
          ? await database.db
              .select({ n: count() })
              .from(results)
              .where(eq(results.evaluation_id, examId))
          : await database.db
              .select({ n: count() })
              .from(gradeChanges)
              .innerJoin(results, eq(results.id, gradeChanges.result_id))
              .where(eq(results.evaluation_id, examId));
      return Number(row!.n);
    };
    const outcome: string[] = [];
    for (const examId of examIds) {
      const lines = await counts(results, examId);
      const history = await counts(gradeChanges, examId);
      outcome.push(`${examId}:${lines}${acknowledged.has(examId) ? '(ack)' : ''}`);
      // All or nothing, each line with its one history row; acknowledged means all.
      expect([0, STUDENTS]).toContain(lines);
      expect(history).toBe(lines);
      if (acknowledged.has(examId)) expect(lines).toBe(STUDENTS);
      if (lines > 0) {
        const saved = await database.db
          .select({
            student_id: results.student_id,
            grade: results.grade,
            comment: results.comment,
          })
          .from(results)
          .where(inArray(results.evaluation_id, [examId]));
        const expected = batchOf(examId, studentIds).results;
        expect(saved.sort((x, y) => x.student_id - y.student_id)).toEqual(
          expected.sort((x, y) => x.student_id - y.student_id),
        );
      }
    }
    await database.close();
    console.info(
      `grade-crash (${store.kind}): a full save took ${Math.round(fullSaveMs)} ms; batches ${outcome.join(' ')}`,
    );
  });
});
