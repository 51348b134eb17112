import { count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createPromotion, createUser } from '../../../test/factories.ts';
import { auditLog, imports, mailOutbox, promotionStudents, users } from '../../db/schema/index.ts';
import { IMPORT_BATCH_SIZE } from './imports.service.ts';

const { app, db } = await createTestApp();

let round = 0;

async function setup() {
  round += 1;
  const institution = await createInstitution(db);
  const admin = await createUser(db, 'admin', institution.id);
  const promotion = await createPromotion(db, institution.id);
  const known = await createUser(db, 'student', institution.id, {
    email: `known${round}@example.test`,
  });
  const teacher = await createUser(db, 'teacher', institution.id, {
    email: `prof${round}@example.test`,
  });
  const { accessToken } = await signIn(app, admin.email);
  return {
    admin,
    institution,
    promotion,
    known,
    teacher,
    headers: { ...bearer(accessToken), 'accept-language': 'en' },
  };
}

/** A step-up token of the signed-in admin, as the password dialog gets it. */
async function stepUp(headers: Record<string, string>) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-password-request',
    headers,
    payload: { password: TEST_PASSWORD },
  });
  return answer.json().token as string;
}

const csv = (promotion: string, n = 1) =>
  [
    'Prénom;Nom;E-mail;Civilité;Téléphone;Promotion',
    `Ada;Lovelace;ada@example.test;Mme;fr0612345678;${promotion}`,
    `Known;Student;KNOWN${n}@example.test;Mr;;${promotion}`,
    'Bad;Mail;not-an-email;Mme;;',
    'Twice;Again;ada@example.test;;;',
    `Wrong;Promo;wrong@example.test;Mr;;Nowhere`,
    `Prof;Role;prof${n}@example.test;;;`,
  ].join('\n');

describe('CSV import of students', () => {
  it('dry-runs every line with its errors, then refuses to import until the file is clean', async () => {
    const { promotion, headers, known } = await setup();
    const snapshot = async () =>
      (await db.execute(sql`select count(*)::int as n from users`)) as unknown;
    const before = JSON.stringify(await snapshot());
    const dry = await app.inject({
      method: 'POST',
      url: '/api/imports/dry-run',
      headers,
      payload: { kind: 'student', file_name: 'year.csv', content: csv(promotion.name) },
    });
    expect(dry.statusCode).toBe(200);
    const report = dry.json();
    expect(report.mapping).toEqual({
      first_name: 'Prénom',
      last_name: 'Nom',
      email: 'E-mail',
      gender: 'Civilité',
      phone: 'Téléphone',
      promotion: 'Promotion',
    });
    expect(report.counts).toEqual({ create: 1, update: 1, error: 4 });
    expect(report.lines.map((l: { line: number; action: string }) => [l.line, l.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(report.lines[2].errors).toEqual({ email: ['Enter a valid e-mail address.'] });
    expect(report.lines[3].errors).toEqual({ email: ['E-mail address repeated in the file.'] });
    expect(report.lines[4].errors).toEqual({ promotion: ['Unknown promotion.'] });
    expect(report.lines[5].errors.email).toHaveLength(1);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers,
      payload: { kind: 'student', file_name: 'year.csv', content: csv(promotion.name) },
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(await snapshot())).toBe(before);

    const clean = csv(promotion.name).split('\n').slice(0, 3).join('\n');
    const done = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...headers, 'x-confirm-token': await stepUp(headers) },
      payload: { kind: 'student', file_name: 'year.csv', content: clean },
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ total: 2, created: 1, updated: 1, invited: 1 });
    const [ada] = await db.select().from(users).where(eq(users.email, 'ada@example.test'));
    expect(ada).toMatchObject({ role: 'student', gender: 'Mme', phone: 'fr0612345678' });
    const [knownRow] = await db.select().from(users).where(eq(users.id, known.id));
    expect(knownRow).toMatchObject({ first_name: 'Known', last_name: 'Student', gender: 'Mr' });
    const links = await db
      .select()
      .from(promotionStudents)
      .where(eq(promotionStudents.promotion_id, promotion.id));
    expect(links).toHaveLength(2);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'ada@example.test'));
    expect(mails).toHaveLength(1);
    const mailsKnown = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, 'known1@example.test'));
    expect(mailsKnown).toHaveLength(0);

    const historyList = await app.inject({
      method: 'GET',
      url: '/api/imports?kind=student',
      headers,
    });
    expect(historyList.json()).toMatchObject({
      meta: { total: 1 },
      data: [{ file_name: 'year.csv', total: 2, created: 1, updated: 1 }],
    });
    expect(await db.select().from(imports)).toHaveLength(1);
  });

  it('uses an explicit mapping and refuses other roles and guests', async () => {
    const { headers, institution } = await setup();
    const dry = await app.inject({
      method: 'POST',
      url: '/api/imports/dry-run',
      headers,
      payload: {
        kind: 'teacher',
        file_name: 't.csv',
        content: 'a,b,c\nGrace,Hopper,grace@example.test',
        mapping: { first_name: 'a', last_name: 'b', email: 'c' },
      },
    });
    expect(dry.json().counts).toEqual({ create: 1, update: 0, error: 0 });
    const teacher = await createUser(db, 'super-teacher', institution.id);
    const session = await signIn(app, teacher.email);
    const forbidden = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: bearer(session.accessToken),
      payload: { kind: 'student', file_name: 'x.csv', content: 'email\nx@example.test' },
    });
    expect(forbidden.statusCode).toBe(403);
    const guest = await app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: { kind: 'student', file_name: 'x.csv', content: 'email\nx@example.test' },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('CSV import: load, validation and step-up (issue 15)', () => {
  it('a 2,000-line import lets another institution be served between its batches', async () => {
    const other = await setup();
    const { headers } = await setup();
    const prefix = `bulk${round}-`;
    const content = [
      'first_name;last_name;email',
      ...Array.from({ length: 2000 }, (_, i) => `Bulk;Person ${i};${prefix}${i}@example.test`),
    ].join('\n');
    const order: string[] = [];
    let settled = false;
    const running = app
      .inject({
        method: 'POST',
        url: '/api/imports',
        headers,
        payload: { kind: 'student', file_name: 'bulk.csv', content },
      })
      .then((answer) => {
        settled = true;
        order.push('import');
        return answer;
      });
    // Wait (by asking the database, no sleep) until the import has written its first lines.
    for (;;) {
      // PGlite answers within microtasks: give the request's own I/O a turn between two polls.
      await new Promise((resolve) => setImmediate(resolve));
      const [written] = await db
        .select({ n: count() })
        .from(users)
        .where(like(users.email, `${prefix}%`));
      if (settled || Number(written!.n) > 0) break;
    }
    // Another institution's admin lists their students while the import goes on.
    const list = await app
      .inject({ method: 'GET', url: '/api/students', headers: other.headers })
      .then((answer) => {
        order.push('other institution');
        return answer;
      });
    const done = await running;
    expect(order).toEqual(['other institution', 'import']);
    expect(list.statusCode).toBe(200);
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ total: 2000, created: 2000, invited: 2000, refused: [] });
    const [stored] = await db
      .select({ n: count() })
      .from(users)
      .where(like(users.email, `${prefix}%`));
    expect(Number(stored!.n)).toBe(2000);
    expect(2000).toBeGreaterThan(IMPORT_BATCH_SIZE * 2);
  }, 300_000);

  it('checks every line with the rules of the person form, field by field', async () => {
    const { headers } = await setup();
    const content = [
      'first_name;last_name;email;phone',
      `${'A'.repeat(101)};Long;long${round}@example.test;`,
      `Huge;${'B'.repeat(5000)};huge${round}@example.test;`,
      `Bad;Phone;phone${round}@example.test;12`,
      `Long;Mail;${'m'.repeat(250)}@example.test;`,
      `Fine;Person;fine${round}@example.test;fr0612345678`,
    ].join('\n');
    const dry = await app.inject({
      method: 'POST',
      url: '/api/imports/dry-run',
      headers,
      payload: { kind: 'student', file_name: 'long.csv', content },
    });
    expect(dry.statusCode).toBe(200);
    const lines = dry.json().lines as { action: string; errors: Record<string, string[]> }[];
    expect(lines.map((line) => line.action)).toEqual([
      'error',
      'error',
      'error',
      'error',
      'create',
    ]);
    expect(lines[0]!.errors).toEqual({ first_name: ['This text is too long.'] });
    expect(lines[1]!.errors).toEqual({ last_name: ['This text is too long.'] });
    expect(lines[2]!.errors).toEqual({ phone: ['Enter a valid phone number.'] });
    expect(lines[3]!.errors).toEqual({ email: ['Enter a valid e-mail address.'] });

    const refused = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers,
      payload: { kind: 'student', file_name: 'long.csv', content },
    });
    expect(refused.statusCode).toBe(422);
    const [long] = await db
      .select({ n: count() })
      .from(users)
      .where(sql`length(${users.first_name}) > 100 or length(${users.last_name}) > 100`);
    expect(Number(long!.n)).toBe(0);
  });

  it('updating people who exist needs the step-up of their edit form', async () => {
    const { headers, known } = await setup();
    const content = `first_name;last_name;email\nRenamed;By Import;${known.email}`;
    const payload = { kind: 'student', file_name: 'update.csv', content };
    const dry = await app.inject({
      method: 'POST',
      url: '/api/imports/dry-run',
      headers,
      payload,
    });
    expect(dry.json().counts).toEqual({ create: 0, update: 1, error: 0 });
    for (const token of [undefined, 'not-a-token']) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/imports',
        headers: token ? { ...headers, 'x-confirm-token': token } : headers,
        payload,
      });
      expect(refused.statusCode).toBe(403);
    }
    const [untouched] = await db.select().from(users).where(eq(users.id, known.id));
    expect(untouched!.first_name).toBe(known.first_name);

    const done = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...headers, 'x-confirm-token': await stepUp(headers) },
      payload,
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ updated: 1, created: 0 });
    const [renamed] = await db.select().from(users).where(eq(users.id, known.id));
    expect(renamed).toMatchObject({ first_name: 'Renamed', last_name: 'By Import' });
  });

  it('refuses a file over the line or size limit with a clear message', async () => {
    const { headers } = await setup();
    const tooMany = [
      'first_name;last_name;email',
      ...Array.from({ length: 5001 }, (_, i) => `A;B;many${i}@example.test`),
    ].join('\n');
    for (const url of ['/api/imports/dry-run', '/api/imports']) {
      const answer = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: { kind: 'student', file_name: 'many.csv', content: tooMany },
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toEqual({
        content: ['The file has too many lines: 5,000 at most per import.'],
      });
    }
    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/imports/dry-run',
      headers,
      payload: {
        kind: 'student',
        file_name: 'long.csv',
        content: `first_name;last_name;email\nA;B;${'x'.repeat(900_000)}`,
      },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      content: ['The file is too large: 900,000 characters at most.'],
    });
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/imports/dry-run',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        kind: 'student',
        file_name: 'big.csv',
        content: 'x'.repeat(1_100_000),
      }),
    });
    expect(tooBig.statusCode).toBe(413);
    const [many] = await db
      .select({ n: count() })
      .from(users)
      .where(like(users.email, 'many%@example.test'));
    expect(Number(many!.n)).toBe(0);
  });
});

describe('CSV import and person creation: another institution’s addresses (issue 15)', () => {
  it('the dry run answers another institution’s address as a fresh one; the run refuses it without saying where', async () => {
    const theirs = await setup();
    const { headers } = await setup();
    const fresh = `fresh${round}@example.test`;
    const content = [
      'first_name;last_name;email',
      `Fresh;Person;${fresh}`,
      `Their;Student;${theirs.known.email.toUpperCase()}`,
      `Their;Teacher;${theirs.teacher.email}`,
    ].join('\n');
    const dry = await app.inject({
      method: 'POST',
      url: '/api/imports/dry-run',
      headers,
      payload: { kind: 'student', file_name: 'mixed.csv', content },
    });
    expect(dry.statusCode).toBe(200);
    const lines = dry.json().lines as { action: string; errors: object }[];
    expect(lines.map(({ action, errors }) => ({ action, errors }))).toEqual([
      { action: 'create', errors: {} },
      { action: 'create', errors: {} },
      { action: 'create', errors: {} },
    ]);
    expect(dry.json().counts).toEqual({ create: 3, update: 0, error: 0 });

    const done = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers,
      payload: { kind: 'student', file_name: 'mixed.csv', content },
    });
    expect(done.statusCode).toBe(201);
    const message = 'This address cannot be used for a new account: the line was not imported.';
    expect(done.json()).toMatchObject({
      total: 3,
      created: 1,
      invited: 1,
      refused: [
        { line: 3, email: theirs.known.email, errors: { email: [message] } },
        { line: 4, email: theirs.teacher.email, errors: { email: [message] } },
      ],
    });
    // Their people are untouched and nobody of theirs got a mail.
    const [student] = await db.select().from(users).where(eq(users.id, theirs.known.id));
    expect(student).toMatchObject({
      institution_id: theirs.institution.id,
      first_name: theirs.known.first_name,
    });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.to_address} in (${theirs.known.email}, ${theirs.teacher.email})`);
    expect(mails).toHaveLength(0);
  });

  it('creating a person answers another institution’s address as one of its own that is taken', async () => {
    const theirs = await setup();
    const { headers, admin } = await setup();
    for (const url of ['/api/students', '/api/teachers']) {
      const answer = async (email: string) => {
        const response = await app.inject({
          method: 'POST',
          url,
          headers,
          payload: { first_name: 'A', last_name: 'B', email, gender: 'Mme' },
        });
        return { status: response.statusCode, body: response.json() };
      };
      // The admin's own address (an account of their institution that no list of theirs shows)
      // and another institution's student get the same answer.
      const own = await answer(admin.email);
      expect(own.status).toBe(422);
      expect(await answer(theirs.known.email)).toEqual(own);
      expect(await answer(theirs.teacher.email.toUpperCase())).toEqual(own);
      expect(JSON.stringify(own.body)).not.toMatch(/institution/i);
    }
  });

  it('an import pays for the addresses it finds elsewhere as the person form does: budget and audit (review, issue 28)', async () => {
    const theirs = await setup();
    const people = await Promise.all(
      Array.from({ length: 11 }, (_, index) =>
        createUser(db, 'student', theirs.institution.id, {
          email: `their${round}-${index}@example.test`,
        }),
      ),
    );
    const { headers, admin } = await setup();
    const file = (lines: string[]) => ['first_name;last_name;email', ...lines].join('\n');
    const line = (email: string) => `A;B;${email}`;
    const run = (content: string) =>
      app.inject({
        method: 'POST',
        url: '/api/imports',
        headers,
        payload: { kind: 'student', file_name: 'probe.csv', content },
      });
    const audited = async () =>
      (
        await db
          .select({ n: count() })
          .from(auditLog)
          .where(
            sql`${auditLog.actor_id} = ${admin.id} and ${auditLog.action} = 'person.address_taken'`,
          )
      )[0]!.n;

    const first = await run(
      file([line(`new${round}@example.test`), line(people[0]!.email), line(people[1]!.email)]),
    );
    expect(first.statusCode).toBe(201);
    expect(await audited()).toBe(2);

    // Nine more would pass the ten an hour: refused before anything is written.
    const fresh = `later${round}@example.test`;
    const probe = await run(file([line(fresh), ...people.slice(2).map((p) => line(p.email))]));
    expect(probe.statusCode).toBe(429);
    expect(probe.headers['retry-after']).toBeDefined();
    expect(await db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
    expect(await audited()).toBe(2);

    // The person form draws on the same budget, now spent.
    const form = await app.inject({
      method: 'POST',
      url: '/api/students',
      headers,
      payload: { first_name: 'A', last_name: 'B', email: people[5]!.email, gender: 'Mme' },
    });
    expect(form.statusCode).toBe(429);
  });
});
