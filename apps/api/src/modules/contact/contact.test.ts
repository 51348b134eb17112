import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { contactRequests, mailOutbox } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const valid = {
  first_name: 'Léa',
  last_name: 'Martin',
  email: 'lea.martin@example.test',
  phone: '+33 612345678',
  need: 'demo',
  object: 'Une démonstration',
  message: 'Bonjour, je voudrais voir la plateforme.',
};

const send = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

describe('POST /api/auth/client-request', () => {
  it('stores the request and queues the notification to the platform', async () => {
    const response = await send('/api/auth/client-request', valid, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.stringContaining('sent') });

    const [row] = await db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.email, valid.email));
    expect(row).toMatchObject({ ...valid, user_id: null, institution_id: null });
    const mails = await db.select().from(mailOutbox);
    const forRequest = mails.filter(
      (mail) => (mail.payload as { request_id?: number }).request_id === row!.id,
    );
    expect(forRequest.map((m) => [m.template, m.to_address, m.locale])).toEqual([
      ['contact-request', 'contact@skolar.test', 'fr'],
    ]);
  });

  it("mails nothing to the address a guest types, so it cannot carry the guest's text to anyone", async () => {
    const victim = 'someone-else@example.test';
    const response = await send('/api/auth/client-request', {
      ...valid,
      first_name: 'Your bank',
      email: victim,
      object: 'Your account is locked: call +33 1 23 45 67 89',
      message: 'Visit https://phishing.example.test to unlock it.',
    });
    expect(response.statusCode).toBe(200);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, victim))).toEqual([]);
  });

  it('answers 422 with the errors of each field (need, object and message included)', async () => {
    const before = (await db.select().from(contactRequests)).length;
    const response = await send('/api/auth/client-request', {
      ...valid,
      email: 'not-an-email',
      phone: 'abc',
      need: 'brochure',
      object: '',
      message: ' ',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'need', 'object', 'phone']);
    expect(errors.email[0]).toBe('Saisissez une adresse e-mail valide.');
    expect(errors.object[0]).toBe('Ce champ est obligatoire.');
    expect((await db.select().from(contactRequests)).length).toBe(before);
  });

  it('sends a request about an institution to that institution', async () => {
    const school = await createInstitution(db);
    const response = await send('/api/auth/client-request', {
      ...valid,
      phone: '',
      institution_id: school.id,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.institution_id, school.id));
    expect(row?.phone).toBe('');
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, school.email));
    expect(mails).toHaveLength(1);
  });

  it('is limited per IP address', async () => {
    const { app: limited } = await createTestApp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/auth/client-request',
        payload: valid,
        remoteAddress: '10.9.8.7',
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('POST /api/auth/user-request', () => {
  let token: string;
  let school: Awaited<ReturnType<typeof createInstitution>>;
  let student: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    school = await createInstitution(db);
    student = await createUser(db, 'student', school.id);
    token = (await signIn(app, student.email)).accessToken;
  });

  it('needs a signed-in user', async () => {
    const response = await send('/api/auth/user-request', valid);
    expect(response.statusCode).toBe(401);
  });

  it("links the request to the user and sends it to the user's institution", async () => {
    const response = await send(
      '/api/auth/user-request',
      { ...valid, need: 'support' },
      bearer(token),
    );
    expect(response.statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.user_id, student.id));
    expect(row).toMatchObject({ need: 'support', institution_id: school.id });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, school.email));
    expect(mails.map((m) => m.template)).toEqual(['contact-request']);
  });

  it("acknowledges at the account's own address, never at the one typed in the form", async () => {
    const typed = 'typed-in-the-form@example.test';
    const response = await send(
      '/api/auth/user-request',
      { ...valid, email: typed, object: 'Mon accès' },
      { ...bearer(token), 'accept-language': 'de' },
    );
    expect(response.statusCode).toBe(200);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, typed))).toEqual([]);
    const acks = (
      await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, student.email))
    ).filter((mail) => mail.payload.object === 'Mon accès');
    expect(acks.map((m) => [m.template, m.locale])).toEqual([['contact-acknowledgement', 'de']]);
    expect(acks[0]!.payload).toMatchObject({
      first_name: student.first_name,
      object: 'Mon accès',
      institution_name: school.name,
    });
  });
});
