import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { attempts, mailOutbox } from '../src/db/schema/index.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import { TEST_PASSWORD } from './credentials.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from './factories.ts';
import {
  eventually,
  freePort,
  type ServerProcess,
  scratchPostgres,
  startServer,
} from './processes.ts';

// Two API processes on one PostgreSQL database and one Redis, as behind a load balancer: what one
// node does, the other sees; what must happen once (a mail, an exam's closing) happens once.

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(
  Boolean,
);
if (missing.length > 0) {
  console.info(
    `two-nodes.test.ts skipped: ${missing.join(' and ')} not set (CI's PostgreSQL step sets both)`,
  );
}

/**
 * A real SMTP server that counts what it receives, by sender. Each node sends with its own
 * MAIL_FROM, so the sink knows which node sent what. It holds its answer to every message until
 * both nodes have sent one: the node that claimed a batch first is still sending it when the other
 * claims the rest, so the two outbox workers really run at the same time.
 */
async function startSink() {
  const received: Array<{ from: string; to: string }> = [];
  const senders = new Set<string>();
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        for (const to of session.envelope.rcptTo) received.push({ from, to: to.address });
        senders.add(from);
        held.push(() => callback());
        if (senders.size >= 2) for (const release of held.splice(0)) release();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The cookies a sign-in answer sets, as a Cookie header, and the XSRF value to echo. */
function cookiesOf(response: Response) {
  const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  const xsrf = pairs.find((pair) => pair.includes('XSRF'))?.split('=')[1];
  return { cookie: pairs.join('; '), xsrf: xsrf ?? '' };
}

const login = (node: ServerProcess, email: string, password: string) =>
  fetch(`${node.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

// Needs a PostgreSQL server and a Redis the two processes share: skipped (with the line above
// printed) when either is not configured; CI's PostgreSQL step runs it.
describe.skipIf(missing.length > 0)('two API nodes on one PostgreSQL and one Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  let sink: Awaited<ReturnType<typeof startSink>>;
  let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;

  beforeAll(async () => {
    scratch = await scratchPostgres(databaseUrl!, '2n');
    const url = scratch.url;
    sink = await startSink();
    const [portA, portB] = [await freePort(), await freePort()];
    const node = (port: number, name: string) =>
      startServer(port, {
        DATABASE_URL: url,
        REDIS_URL: redisUrl!,
        SMTP_URL: sink.url,
        MAIL_FROM: `Node ${name} <node-${name}@skolar.test>`,
        LOG_LEVEL: 'info',
      });
    // Both started at once on the empty database: both migrate it, one after the other.
    [a, b] = await Promise.all([node(portA, 'a'), node(portB, 'b')]);
    database = await openDatabase({ kind: 'postgres', url, max: 2 });
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
    await sink?.close();
  });

  it('start together on an empty database: one migrates it, the other finds it done', async () => {
    for (const node of [a, b]) {
      expect((await fetch(`${node.base}/api/health`)).status).toBe(200);
    }
  });

  it('share sessions: one made on A works on B, and logging out on A ends it on B', async () => {
    const school = await createInstitution(database.db);
    const teacher = await createUser(database.db, 'teacher', school.id);

    const signedIn = await login(a, teacher.email, TEST_PASSWORD);
    expect(signedIn.status).toBe(200);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const { cookie, xsrf } = cookiesOf(signedIn);
    const bearer = { authorization: `Bearer ${accessToken}` };

    const onB = await fetch(`${b.base}/api/auth/info`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe(teacher.email);
    expect((await fetch(`${b.base}/api/auth/info`, { headers: bearer })).status).toBe(200);

    const out = await fetch(`${a.base}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    expect(out.status).toBe(204);
    expect((await fetch(`${b.base}/api/auth/info`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${b.base}/api/auth/info`, { headers: bearer })).status).toBe(401);
    expect((await fetch(`${a.base}/api/auth/info`, { headers: bearer })).status).toBe(401);
  });

  it('share rate limits: wrong passwords on A and B add up to one limit', async () => {
    const school = await createInstitution(database.db);
    const student = await createUser(database.db, 'student', school.id);
    // One address has 5 guesses at the account: 3 on A and 2 on B use them up.
    for (const node of [a, b, a, b, a]) {
      expect((await login(node, student.email, 'Wrong#Horse1')).status).toBe(401);
    }
    // Each node alone has seen at most 3: only a shared counter refuses now, on both.
    expect((await login(b, student.email, 'Wrong#Horse1')).status).toBe(429);
    expect((await login(a, student.email, TEST_PASSWORD)).status).toBe(429);
    expect((await login(b, student.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('carry a notification made on A to a browser streaming from B, live', async () => {
    const school = await createInstitution(database.db);
    const teacher = await createUser(database.db, 'teacher', school.id);
    const student = await createUser(database.db, 'student', school.id);
    const promotion = await createPromotion(database.db, school.id, {
      students: [student.id],
      teachers: [teacher.id],
    });
    const tokenOf = async (node: ServerProcess, email: string) =>
      ((await (await login(node, email, TEST_PASSWORD)).json()) as { accessToken: string })
        .accessToken;
    const studentToken = await tokenOf(b, student.email);
    const controller = new AbortController();
    const stream = await fetch(`${b.base}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${studentToken}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    let received = '';
    const reading = (async () => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          received += decoder.decode(value, { stream: true });
        }
      } catch {
        // aborted
      }
    })();
    await eventually('the stream sends its count', async () => received.includes('event: unread'));
    const posted = await fetch(`${a.base}/api/announcements`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenOf(a, teacher.email)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        title: 'Posted on A',
        body: '<p>Hello</p>',
        audience: 'promotion',
        audience_id: promotion.id,
      }),
    });
    expect(posted.status).toBe(201);
    await eventually('B streams the notification made on A', async () =>
      received.includes('Posted on A'),
    );
    expect(received).toMatch(/event: notification\ndata: \{[^\n]*"type":"announcement"/);
    controller.abort();
    await reading;
  });

  it('send each outbox mail exactly once, with both nodes sending', async () => {
    const tag = Date.now().toString(36);
    const recipients = Array.from({ length: 40 }, (_, i) => `two-nodes-${tag}-${i}@example.test`);
    // One transaction: the first worker run that sees the mails sees all 40 and claims 20 of
    // them (its batch); the other node's run claims the other 20.
    await database.db.transaction(async (tx) => {
      for (const to of recipients) {
        await enqueueMail(tx, {
          at: new Date(Date.now() - 1000),
          to,
          template: 'password-changed',
          locale: 'en',
          payload: { first_name: 'Ada' },
        });
      }
    });

    await eventually('every mail marked sent', async () => {
      const rows = await database.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(inArray(mailOutbox.to_address, recipients));
      return rows.every((row) => row.status === 'sent');
    });
    const delivered = sink.received.filter((mail) => recipients.includes(mail.to));
    expect(delivered.map((mail) => mail.to).sort()).toEqual([...recipients].sort());
    expect(new Set(delivered.map((mail) => mail.from))).toEqual(
      new Set(['node-a@skolar.test', 'node-b@skolar.test']),
    );
  });

  it('close each overdue exam attempt exactly once', async () => {
    const school = await createInstitution(database.db);
    const students = [];
    for (let i = 0; i < 120; i += 1) {
      students.push(await createUser(database.db, 'student', school.id));
    }
    const promotion = await createPromotion(database.db, school.id, {
      students: students.map((student) => student.id),
    });
    const training = await createTraining(database.db, promotion);
    const subject = await createSubject(database.db, school.id);
    // An exam long over (no reminder is due for it), whose attempts were left open.
    const exam = await createEvaluation(database.db, training, subject.id, { date: '2020-01-01' });
    const deadline = new Date(Date.now() - 10 * 60 * 1000);
    const opened = await database.db
      .insert(attempts)
      .values(
        students.map((student) => ({
          evaluation_id: exam.id,
          student_id: student.id,
          started_at: new Date(deadline.getTime() - 60 * 60 * 1000),
          deadline_at: deadline,
        })),
      )
      .returning({ id: attempts.id });
    const ids = opened.map((row) => row.id);

    // Each node logs the attempts it closed once they are committed: wait until every one has
    // been logged, then each must appear exactly once over both logs.
    const closedBy = (node: ServerProcess) =>
      node.stdout
        .filter((line) => line.includes('exam attempts closed at their deadline'))
        .flatMap((line) => (JSON.parse(line) as { attempts: number[] }).attempts)
        .filter((id) => ids.includes(id));
    const closings = await eventually('every attempt closed and logged', async () => {
      const all = [...closedBy(a), ...closedBy(b)];
      return ids.every((id) => all.includes(id)) && all;
    });
    expect(closings.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const rows = await database.db
      .select()
      .from(attempts)
      .where(eq(attempts.evaluation_id, exam.id));
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row).toMatchObject({ finished_by: 'timeout', finished_at: deadline, score: 0 });
    }
  });
});
