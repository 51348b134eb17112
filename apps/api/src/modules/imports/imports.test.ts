import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import { createInstitution, createPromotion, createUser } from '../../../test/factories.ts';
import { imports, mailOutbox, promotionStudents, users } from '../../db/schema/index.ts';

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
    institution,
    promotion,
    known,
    teacher,
    headers: { ...bearer(accessToken), 'accept-language': 'en' },
  };
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
      headers,
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
