import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, cookieJar, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  STAFF_SESSION_ABSOLUTE_MS,
} from '../../auth/sessions.ts';
import { sessions, users } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

describe('POST /api/auth/login', () => {
  let institution: Awaited<ReturnType<typeof createInstitution>>;
  let student: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    institution = await createInstitution(db, { color_code: '#AA3377' });
    student = await createUser(db, 'student', institution.id, { first_name: 'Léa' });
  });

  it('answers the session fields and sets the HttpOnly session cookie and the XSRF cookie', async () => {
    const response = await login({ email: student.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      verify_email: false,
      userId: student.id,
      role: 'student',
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const session = response.cookies.find((c) => c.name === '__Host-skolar_session');
    const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    // `__Host-`: Secure, Path=/ and no Domain, or the browser drops it.
    expect(session).toMatchObject({
      value: body.accessToken,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
    expect(session?.domain).toBeUndefined();
    expect(xsrf?.secure).toBe(true);
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value).not.toBe(body.accessToken);

    const stored = await db.select().from(sessions).where(eq(sessions.user_id, student.id));
    expect(stored.some((s) => s.token_hash === body.accessToken)).toBe(false);
    expect(stored.some((s) => s.token_hash.length === 64)).toBe(true);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const wrong = await login({ email: student.email, password: 'Nope#12345' });
    const unknown = await login({ email: 'nobody@example.test', password: 'Nope#12345' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Ces identifiants ne correspondent à aucun compte.' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('translates messages with Accept-Language', async () => {
    const response = await login(
      { email: 'nobody@example.test', password: 'x' },
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    );
    expect(response.json().message).toBe('Diese Zugangsdaten stimmen mit keinem Konto überein.');
  });

  it('answers { verify_email: true } and opens no session for an unverified address', async () => {
    const pending = await createUser(db, 'teacher', institution.id, { email_verified_at: null });
    const response = await login({ email: pending.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ verify_email: true });
    expect(response.cookies).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.user_id, pending.id))).toHaveLength(
      0,
    );
  });

  it('refuses a disabled or archived account like a wrong password', async () => {
    const disabled = await createUser(db, 'teacher', institution.id, { disabled_at: new Date() });
    const archived = await createUser(db, 'teacher', institution.id, { archived_at: new Date() });
    for (const user of [disabled, archived]) {
      const response = await login({ email: user.email, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 422 with a message per field for bad input', async () => {
    const response = await login({ email: 'not-an-email' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['Enter a valid e-mail address.'], password: ['This field is required.'] },
    });
  });
});

describe('GET /api/auth/info', () => {
  it('answers the user, their role and their institution, by bearer token or by cookie', async () => {
    const institution = await createInstitution(db, { name: 'Lycée Hoche', color_code: '#F2C14E' });
    const teacher = await createUser(db, 'teacher', institution.id, {
      first_name: 'Marc',
      locale: 'en',
    });
    const session = await signIn(app, teacher.email);

    const byBearer = await app.inject({
      url: '/api/auth/info',
      headers: bearer(session.accessToken),
    });
    const byCookie = await app.inject({ url: '/api/auth/info', cookies: session.cookies });
    expect(byBearer.statusCode).toBe(200);
    expect(byCookie.json()).toEqual(byBearer.json());
    expect(byBearer.json()).toMatchObject({
      id: teacher.id,
      first_name: 'Marc',
      email: teacher.email,
      locale: 'en',
      theme: 'light',
      roles: [{ name: 'teacher' }],
      institution: { id: institution.id, name: 'Lycée Hoche', color_code: '#F2C14E' },
    });
  });

  it('answers institution null for the super-admin', async () => {
    const admin = await createUser(db, 'super-admin', null);
    const session = await signIn(app, admin.email);
    const response = await app.inject({
      url: '/api/auth/info',
      headers: bearer(session.accessToken),
    });
    expect(response.json()).toMatchObject({ roles: [{ name: 'super-admin' }], institution: null });
  });

  it('answers 401 with a message when signed out or with an unknown token', async () => {
    for (const headers of [{}, bearer('forged-token')]) {
      const response = await app.inject({ url: '/api/auth/info', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Vous devez être connecté.' });
    }
  });
});

describe('logout and expiry', () => {
  it('revokes the session: the same token answers 401 afterwards', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'admin', institution.id);
    const session = await signIn(app, user.email);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.accessToken),
    });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({ url: '/api/auth/info', headers: bearer(session.accessToken) });
    expect(after.statusCode).toBe(401);
    const [row] = await db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(row?.revoked_at).not.toBeNull();
  });

  it('GET /logout with the cookie revokes it and clears both cookies', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const session = await signIn(app, user.email);
    const out = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      cookies: session.cookies,
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.filter((c) => c.value === '' || (c.maxAge ?? 1) <= 0);
    expect(cleared.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', '__Host-skolar_session']);
    expect((await app.inject({ url: '/api/auth/info', cookies: session.cookies })).statusCode).toBe(
      401,
    );
  });

  it('GET /logout from another site (a link or an image elsewhere) signs nobody out', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const session = await signIn(app, user.email);
    for (const site of ['cross-site', 'same-site']) {
      const out = await app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        cookies: session.cookies,
        headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' },
      });
      expect(out.statusCode).toBe(403);
      expect(out.cookies).toEqual([]);
    }
    expect((await app.inject({ url: '/api/auth/info', cookies: session.cookies })).statusCode).toBe(
      200,
    );
    // Typed in the address bar or followed from Skolar's own page, it signs out.
    const own = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      cookies: session.cookies,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/auth/info', cookies: session.cookies })).statusCode).toBe(
      401,
    );
  });

  it('ends a session left idle too long, and any session past its absolute lifetime', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'teacher', institution.id);
    const idle = await signIn(app, user.email);
    clock.advance(SESSION_IDLE_MS + 1000);
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(idle.accessToken) })).statusCode,
    ).toBe(401);

    const busy = await signIn(app, user.email);
    const step = SESSION_IDLE_MS / 2;
    for (let elapsed = 0; elapsed < STAFF_SESSION_ABSOLUTE_MS - step; elapsed += step) {
      clock.advance(step);
      const response = await app.inject({
        url: '/api/auth/info',
        headers: bearer(busy.accessToken),
      });
      expect(response.statusCode).toBe(200);
    }
    clock.advance(step + 1000);
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(busy.accessToken) })).statusCode,
    ).toBe(401);
  });

  it('ends the sessions of a user who is disabled', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const session = await signIn(app, user.email);
    await db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, user.id));
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(session.accessToken) }))
        .statusCode,
    ).toBe(401);
  });
});

describe('cookie sessions and XSRF', () => {
  it('refuses an unsafe cookie request without the XSRF header, or with a wrong one', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const session = await signIn(app, user.email);

    const missing = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: session.cookies,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({
      message: 'Jeton anti-falsification (XSRF) manquant ou invalide.',
    });

    const other = await signIn(app, (await createUser(db, 'student', institution.id)).email);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: session.cookies,
      headers: { 'x-xsrf-token': other.cookies['XSRF-TOKEN']! },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/auth/info', cookies: session.cookies })).statusCode).toBe(
      200,
    );

    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: session.cookies,
      headers: { 'x-xsrf-token': session.cookies['XSRF-TOKEN']! },
    });
    expect(right.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/auth/info', cookies: session.cookies })).statusCode).toBe(
      401,
    );
  });

  it('does not ask bearer clients for the XSRF header', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const session = await signIn(app, user.email);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.accessToken),
    });
    expect(response.statusCode).toBe(204);
  });

  it('lets a browser with a stale cookie sign in again', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      cookies: { '__Host-skolar_session': 'revoked-or-forged' },
    });
    expect(response.statusCode).toBe(200);
    expect(cookieJar(response)['__Host-skolar_session']).toBe(response.json().accessToken);
  });
});

describe('signing in over a live session (ASVS 7.2.4)', () => {
  const mySessions = async (token: string) =>
    (await app.inject({ url: '/api/me/sessions', headers: bearer(token) })).json() as Array<{
      id: number;
      current: boolean;
    }>;

  it('ends the session the browser came with: its cookie answers 401 and is no longer listed', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const first = await signIn(app, user.email);
    const [firstSession] = await mySessions(first.accessToken);
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      cookies: first.cookies,
      headers: { 'x-xsrf-token': first.cookies['XSRF-TOKEN']! },
    });
    expect(second.statusCode).toBe(200);
    const fresh = cookieJar(second)['__Host-skolar_session']!;
    expect(fresh).not.toBe(first.cookies['__Host-skolar_session']);

    const stale = await app.inject({ url: '/api/auth/info', cookies: first.cookies });
    expect(stale.statusCode).toBe(401);
    const listed = await mySessions(fresh);
    expect(listed.map((s) => s.id)).not.toContain(firstSession!.id);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
  });

  it('ends the session of a bearer token sent with the sign-in, and no other', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const kept = await signIn(app, user.email);
    const presented = await signIn(app, user.email);
    const second = await login(
      { email: user.email, password: TEST_PASSWORD },
      bearer(presented.accessToken),
    );
    expect(second.statusCode).toBe(200);
    const info = (token: string) =>
      app.inject({ url: '/api/auth/info', headers: bearer(token) }).then((r) => r.statusCode);
    expect(await info(presented.accessToken)).toBe(401);
    expect(await info(kept.accessToken)).toBe(200);
    expect(await info(second.json().accessToken)).toBe(200);
  });
});
