import { afterAll, describe, expect, it } from 'vitest';
import { questions } from '../src/db/schema/index.ts';
import { localDay, minuteOfDay } from '../src/time.ts';
import { TEST_PASSWORD } from './credentials.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from './factories.ts';
import { freePort, killed, serverStore, startServer } from './processes.ts';

// The server as a separate process, killed with SIGKILL while answers are being saved, then
// started again on the same data: every answer it acknowledged is there. On a PGlite folder by
// default; on a PostgreSQL database of its own when TEST_DATABASE_URL is set (decision 113).
// Nothing here waits for a fixed time: it polls until the server answers (generously).

const store = await serverStore('exam-crash');
afterAll(store.drop);

/** A zone where the wall clock is now between 01:00 and 22:00, so that an exam window fits in today. */
function zoneWithRoom(now: Date): string {
  const zones = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'];
  return zones.find((zone) => {
    const minute = minuteOfDay(now, zone);
    return minute >= 60 && minute <= 22 * 60;
  })!;
}

/** A student of a promotion whose exam, with four long questions, is open all day today. */
async function prepare() {
  const database = await store.open();
  const now = new Date();
  const zone = zoneWithRoom(now);
  const school = await createInstitution(database.db, { timezone: zone });
  const student = await createUser(database.db, 'student', school.id);
  const promotion = await createPromotion(database.db, school.id, { students: [student.id] });
  const training = await createTraining(database.db, promotion);
  const subject = await createSubject(database.db, school.id);
  const exam = await createEvaluation(database.db, training, subject.id, {
    date: localDay(now, zone),
    start_time: '00:00',
    end_time: '23:59:59',
    duration_minutes: 120,
    has_quiz: true,
  });
  await database.db.insert(questions).values(
    [1, 2, 3, 4].map((position) => ({
      evaluation_id: exam.id,
      kind: 'long' as const,
      prompt: `Question ${position}`,
      position,
    })),
  );
  await database.close();
  return { email: student.email, examId: exam.id };
}

describe('an exam server killed while answers are saved', () => {
  it('keeps every answer it acknowledged', { timeout: 300_000 }, async () => {
    const { email, examId } = await prepare();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(port, store.env);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const auth = {
      authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
    };
    const started = await fetch(`${base}/api/evaluations/${examId}/attempts`, {
      method: 'POST',
      headers: auth,
    });
    expect(started.status).toBe(201);
    const attempt = (await started.json()) as { id: number; questions: { id: number }[] };
    const ids = attempt.questions.map((q) => q.id);

    /** Write number `n` goes to question n mod 4 with the text `answer n`. */
    const write = (n: number) =>
      fetch(`${base}/api/attempts/${attempt.id}/answers`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          answers: [
            {
              question_id: ids[n % 4],
              value: { text: `answer ${n}` },
              typed_at: new Date().toISOString(),
            },
          ],
        }),
      });
    const acknowledged = new Map<number, number>();
    for (let n = 0; n < 40; n += 1) {
      const response = await write(n);
      expect(response.status).toBe(200);
      acknowledged.set(ids[n % 4]!, n);
    }
    // More writes in flight, and the server killed under them.
    const inFlight = [40, 41, 42, 43, 44, 45].map((n) =>
      write(n).then(
        (response) => {
          if (response.status === 200)
            acknowledged.set(ids[n % 4]!, Math.max(acknowledged.get(ids[n % 4]!) ?? 0, n));
        },
        () => undefined,
      ),
    );
    await new Promise((done) => setImmediate(done));
    await killed(server.child);
    await Promise.all(inFlight);

    // The killed process's folder lock is left behind: the restart takes it over.
    server = await startServer(port, store.env);
    const login2 = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const auth2 = {
      authorization: `Bearer ${((await login2.json()) as { accessToken: string }).accessToken}`,
    };
    const resumed = await fetch(`${base}/api/attempts/${attempt.id}`, { headers: auth2 });
    const view = (await resumed.json()) as {
      answers: { question_id: number; value: { text: string } }[];
    };
    for (const [questionId, n] of acknowledged) {
      const saved = view.answers.find((answer) => answer.question_id === questionId);
      // The acknowledged write, or a later one to the same question that was in flight.
      expect(Number(saved?.value.text.replace('answer ', ''))).toBeGreaterThanOrEqual(n);
    }
    expect(acknowledged.size).toBe(4);
    await killed(server.child);
  });
});
