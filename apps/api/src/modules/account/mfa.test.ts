import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { currentTotp, MFA_CHALLENGE_TTL_MS } from '../../auth/mfa.ts';
import { users } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

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
  const wrong = await post('/api/me/mfa/enable', { code: '000000' }, auth);
  expect(wrong.statusCode).toBe(422);
  const enable = await post('/api/me/mfa/enable', { code: currentTotp(secret, clock.now()) }, auth);
  expect(enable.statusCode).toBe(200);
  const codes: string[] = enable.json().recovery_codes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
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
    expect(ok.cookies.map((c) => c.name)).toContain('skolar_session');
    // The challenge works once.
    const replay = await post('/api/auth/login/mfa', {
      mfa_token: first.json().mfa_token,
      code: currentTotp(secret, clock.now()),
    });
    expect(replay.statusCode).toBe(400);
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
    const off = await post('/api/me/mfa/disable', { code: currentTotp(secret, clock.now()) }, auth);
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
    expect((await post('/api/me/mfa/enable', { code }, auth)).statusCode).toBe(200);
    expect((await get('/api/me/dashboard')).statusCode).toBe(200);

    const studentAuth = bearer((await signIn(app, student.email)).accessToken);
    expect((await get('/api/me/dashboard', studentAuth)).statusCode).toBe(200);
  });
});
