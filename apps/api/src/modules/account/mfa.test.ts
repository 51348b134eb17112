import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { currentTotp, MFA_CHALLENGE_TTL_MS } from '../../auth/mfa.ts';
import { createSession } from '../../auth/sessions.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

/** The next 30-second step: a code of the authenticator app is taken once per step. */
const nextStep = () => clock.advance(30_000);

async function lastMail(to: string, template: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to_address, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

/** The confirmation code the setup mailed to the owner. */
const mailedCode = async (email: string) =>
  String((await lastMail(email, 'mfa-enrolment-code'))?.payload.code);

const post = (url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

async function enrolled(role: 'student' | 'teacher' = 'student', requireForStaff = false) {
  const institution = await createInstitution(db, { mfa_required_for_staff: requireForStaff });
  const user = await createUser(db, role, institution.id);
  const session = await signIn(app, user.email);
  const auth = bearer(session.accessToken);
  const setup = await post('/api/me/mfa/setup', undefined, auth);
  expect(setup.statusCode).toBe(200);
  const { secret, qr_svg, otpauth_url } = setup.json();
  expect(qr_svg).toMatch(/^<svg/);
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Skolar:/);
  const email_code = await mailedCode(user.email);
  const wrong = await post('/api/me/mfa/enable', { code: '000000', email_code }, auth);
  expect(wrong.statusCode).toBe(422);
  const enable = await post(
    '/api/me/mfa/enable',
    { code: currentTotp(secret, clock.now()), email_code },
    auth,
  );
  expect(enable.statusCode).toBe(200);
  const codes: string[] = enable.json().recovery_codes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  nextStep();
  return { user, secret, codes, auth };
}

const passwordStep = async (email: string) =>
  (await post('/api/auth/login', { email, password: TEST_PASSWORD })).json();

describe('MFA', () => {
  it('enrols with a QR code and a code, stores only hashed recovery codes, and asks for a code at sign-in', async () => {
    const { user, secret, codes } = await enrolled();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mfa_enabled_at).not.toBeNull();
    expect(row?.mfa_recovery_codes).toHaveLength(10);
    expect(row?.mfa_recovery_codes).not.toContain(codes[0]);

    const first = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(first.json()).toEqual({
      verify_email: false,
      mfa_required: true,
      mfa_token: expect.any(String),
    });
    expect(first.cookies).toHaveLength(0);
    const wrong = await post('/api/auth/login/mfa', {
      mfa_token: first.json().mfa_token,
      code: '123456',
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await post('/api/auth/login/mfa', {
      mfa_token: first.json().mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ verify_email: false, userId: user.id });
    expect(ok.cookies.map((c) => c.name)).toContain('__Host-skolar_session');
    // The challenge works once.
    nextStep();
    const replay = await post('/api/auth/login/mfa', {
      mfa_token: first.json().mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(replay.statusCode).toBe(400);
  });

  it('ends the session the sign-in came with when the second step opens the new one', async () => {
    const { user, secret, auth } = await enrolled();
    expect((await app.inject({ url: '/api/auth/info', headers: auth })).statusCode).toBe(200);
    const { mfa_token } = (
      await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }, auth)
    ).json();
    // The password step alone opens nothing and ends nothing.
    expect((await app.inject({ url: '/api/auth/info', headers: auth })).statusCode).toBe(200);
    const ok = await post(
      '/api/auth/login/mfa',
      { mfa_token, code: currentTotp(secret, clock.now()) },
      auth,
    );
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/info', headers: auth })).statusCode).toBe(401);
    const listed = await app.inject({
      url: '/api/me/sessions',
      headers: bearer(ok.json().accessToken),
    });
    expect(listed.json()).toHaveLength(1);
  });

  it('accepts each recovery code once, and refuses an expired challenge', async () => {
    const { user, codes } = await enrolled();
    const { mfa_token } = await passwordStep(user.email);
    const ok = await post('/api/auth/login/mfa', { mfa_token, code: codes[0]! });
    expect(ok.statusCode).toBe(200);
    const again = await passwordStep(user.email);
    const reused = await post('/api/auth/login/mfa', {
      mfa_token: again.mfa_token,
      code: codes[0]!,
    });
    expect(reused.statusCode).toBe(422);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mfa_recovery_codes).toHaveLength(9);

    const late = await passwordStep(user.email);
    clock.advance(MFA_CHALLENGE_TTL_MS + 1000);
    const expired = await post('/api/auth/login/mfa', {
      mfa_token: late.mfa_token,
      code: codes[1]!,
    });
    expect(expired.statusCode).toBe(400);
  });

  it('locks the second step after 5 wrong codes', async () => {
    const { user, secret } = await enrolled();
    const { mfa_token } = await passwordStep(user.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login/mfa', { mfa_token, code: '000000' })).statusCode).toBe(
        422,
      );
    }
    const locked = await post('/api/auth/login/mfa', {
      mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('turns off with a code, unless the institution requires it for staff', async () => {
    const { user, secret, auth } = await enrolled();
    const { mfa_token } = await passwordStep(user.email);
    const signedIn = await post('/api/auth/login/mfa', {
      mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(signedIn.statusCode).toBe(200);
    nextStep();
    const off = await post(
      '/api/me/mfa/disable',
      { code: currentTotp(secret, clock.now()) },
      bearer(signedIn.json().accessToken),
    );
    void auth;
    expect(off.statusCode).toBe(204);
    expect((await passwordStep(user.email)).userId).toBe(user.id);

    const staff = await enrolled('teacher', true);
    const refused = await post(
      '/api/me/mfa/disable',
      { code: currentTotp(staff.secret, clock.now()) },
      { ...staff.auth, 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Your institution requires two-factor authentication for your role.',
    );
  });

  it('keeps staff who must enrol out of everything but enrolment, until they enrol', async () => {
    const institution = await createInstitution(db, { mfa_required_for_staff: true });
    const teacher = await createUser(db, 'teacher', institution.id);
    const student = await createUser(db, 'student', institution.id);
    const auth = bearer((await signIn(app, teacher.email)).accessToken);
    const get = (url: string, headers = auth) =>
      app.inject({ url, headers: { ...headers, 'accept-language': 'en' } });

    const blocked = await get('/api/me/dashboard');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(
      'Your institution requires two-factor authentication for your role.',
    );
    expect((await get('/api/auth/info')).statusCode).toBe(200);
    expect((await get('/api/me/settings')).statusCode).toBe(200);

    const setup = await post('/api/me/mfa/setup', undefined, auth);
    expect(setup.statusCode).toBe(200);
    const code = currentTotp(setup.json().secret, clock.now());
    const email_code = await mailedCode(teacher.email);
    expect((await post('/api/me/mfa/enable', { code, email_code }, auth)).statusCode).toBe(200);
    expect((await get('/api/me/dashboard')).statusCode).toBe(200);

    const studentAuth = bearer((await signIn(app, student.email)).accessToken);
    expect((await get('/api/me/dashboard', studentAuth)).statusCode).toBe(200);
  });

  it('refuses a session opened with the password alone once the account has MFA, revoked or not', async () => {
    const { user, auth } = await enrolled();
    // The enrolling session proved the code: it keeps working.
    expect((await app.inject({ url: '/api/auth/info', headers: auth })).statusCode).toBe(200);
    // A session that never passed the MFA step (opened before the enrolment and not revoked,
    // or by any path that skips the second step) is not a session any more.
    const { token } = await createSession(db, user.id, clock.now(), {});
    const stale = await app.inject({ url: '/api/auth/info', headers: bearer(token) });
    expect(stale.statusCode).toBe(401);
  });

  it('ends every other session of the owner at enrolment and mails them', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'teacher', institution.id);
    const before = bearer((await signIn(app, user.email)).accessToken);
    const auth = bearer((await signIn(app, user.email)).accessToken);
    const setup = await post('/api/me/mfa/setup', undefined, auth);
    const enable = await post(
      '/api/me/mfa/enable',
      {
        code: currentTotp(setup.json().secret, clock.now()),
        email_code: await mailedCode(user.email),
      },
      auth,
    );
    expect(enable.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/me/sessions', headers: auth })).json()).toHaveLength(1);
    expect((await app.inject({ url: '/api/auth/info', headers: before })).statusCode).toBe(401);
    const mail = await lastMail(user.email, 'mfa-enabled');
    expect(mail).toMatchObject({ status: 'pending', locale: user.locale });
  });

  it('does not enrol with the password alone: the code mailed to the owner is required, once', async () => {
    const institution = await createInstitution(db, { mfa_required_for_staff: true });
    const user = await createUser(db, 'admin', institution.id);
    const auth = bearer((await signIn(app, user.email)).accessToken);
    const setup = await post('/api/me/mfa/setup', undefined, auth);
    const secret = setup.json().secret;
    const mailed = await lastMail(user.email, 'mfa-enrolment-code');
    expect(mailed?.payload.code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const code = currentTotp(secret, clock.now());
    const missing = await post('/api/me/mfa/enable', { code }, auth);
    expect(missing.statusCode).toBe(422);
    const wrong = await post('/api/me/mfa/enable', { code, email_code: 'aaaa-aaaa' }, auth);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.email_code).toBeDefined();
    // The mailed code was spent by the wrong try: a new setup mails a new one.
    const spent = await post(
      '/api/me/mfa/enable',
      { code, email_code: String(mailed?.payload.code) },
      auth,
    );
    expect(spent.statusCode).toBe(422);
    // The code is bound to the session that asked for it.
    await post('/api/me/mfa/setup', undefined, auth);
    const other = bearer((await signIn(app, user.email)).accessToken);
    const elsewhere = await post(
      '/api/me/mfa/enable',
      { code: currentTotp(secret, clock.now()), email_code: await mailedCode(user.email) },
      other,
    );
    expect(elsewhere.statusCode).toBe(422);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mfa_enabled_at).toBeNull();
  });

  it('accepts a code of the app once: the same code twice within its window is refused', async () => {
    const { user, secret } = await enrolled();
    const code = currentTotp(secret, clock.now());
    const first = await passwordStep(user.email);
    const ok = await post('/api/auth/login/mfa', { mfa_token: first.mfa_token, code });
    expect(ok.statusCode).toBe(200);
    const second = await passwordStep(user.email);
    const replay = await post('/api/auth/login/mfa', { mfa_token: second.mfa_token, code });
    expect(replay.statusCode).toBe(422);
    // An older code still inside the drift window is refused too.
    clock.advance(-30_000);
    const older = await post('/api/auth/login/mfa', {
      mfa_token: second.mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(older.statusCode).toBe(422);
    clock.advance(60_000);
    const next = await post('/api/auth/login/mfa', {
      mfa_token: second.mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(next.statusCode).toBe(200);
  });

  it('stores the secret encrypted, and seals a secret left in clear at its next use', async () => {
    const { user, secret } = await enrolled();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mfa_secret).toMatch(/^v1:/);
    expect(row?.mfa_secret).not.toContain(secret);
    await db.update(users).set({ mfa_secret: secret }).where(eq(users.id, user.id));
    const { mfa_token } = await passwordStep(user.email);
    const ok = await post('/api/auth/login/mfa', {
      mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(ok.statusCode).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after?.mfa_secret).toMatch(/^v1:/);
  });

  it('hands out 120-bit recovery codes and stores them salted, never as their plain SHA-256', async () => {
    const { user, codes } = await enrolled();
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const [i, stored] of row!.mfa_recovery_codes.entries()) {
      expect(stored).not.toBe(sha(codes[i]!));
      expect(stored).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/);
    }
  });
});
