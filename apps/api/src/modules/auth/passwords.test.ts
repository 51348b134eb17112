import { and, desc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { inviteUser } from '../../auth/invitations.ts';
import { verifyPassword } from '../../auth/password.ts';
import { mailOutbox, oneTimeTokens, sessions, users } from '../../db/schema/index.ts';
import { processOutbox } from '../../jobs/outbox-worker.ts';
import { devTransport } from '../../mail/transport.ts';
import { RESET_TTL_MS } from './passwords.service.ts';

const { app, db, ctx, clock } = await createTestApp();
const STRONG = 'N3w#Passw0rd!x';
const RULE_EN =
  'The new password must have at least 8 characters with lowercase, uppercase, digit and special character.';

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

/** Runs the outbox worker once: it resolves the reset and verification requests. */
const deliver = () => processOutbox(ctx, { transport: devTransport });

/** The newest mail to the address, with its template and link, once the worker has run. */
async function lastMail(to: string) {
  await deliver();
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}
const tokenOf = (link: unknown) => new URL(String(link)).pathname.split('/').pop()!;

async function freshUser(overrides: Parameters<typeof createUser>[3] = {}) {
  const institution = await createInstitution(db, { name: 'Lycée Hoche', color_code: '#AA3377' });
  return createUser(db, 'student', institution.id, overrides);
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same message whether or not the address exists, and mails only a real account', async () => {
    const user = await freshUser({ locale: 'de' });
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toMatch(/60 minutes/);
    const mail = await lastMail(user.email);
    expect(mail).toMatchObject({ template: 'reset-password', locale: 'de', status: 'sent' });
    expect(mail?.payload).toMatchObject({ institution_name: 'Lycée Hoche', color_code: '#AA3377' });
    expect(await lastMail('nobody@example.test')).toBeUndefined();
    // Only the hash of the token is stored.
    const token = tokenOf(mail?.payload.link);
    const rows = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.user_id, user.id));
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it.each([
    ['/api/auth/forgot-password', 'reset-password'],
    ['/api/auth/verify-email-request', 'verify-email'],
  ])('%s does the same work whether or not the address has an account', async (url, template) => {
    // An unverified active account (the one case both routes mail), a disabled one and no account.
    const user = await freshUser({ email_verified_at: null });
    const disabled = await freshUser({ email_verified_at: null, disabled_at: new Date() });
    const addresses = [user.email, disabled.email, 'nobody-at-all@example.test'];
    const [before] = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const answers = [];
    for (const email of addresses) answers.push(await post(url, { email }));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    // The request path wrote one row of the same shape per address, and no token yet.
    const queued = await db
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.id, before?.id ?? 0))
      .orderBy(mailOutbox.id);
    expect(queued.map((row) => row.to_address)).toEqual(addresses);
    const shape = ({ template, locale, status, payload, attempts }: (typeof queued)[0]) => ({
      template,
      locale,
      status,
      payload,
      attempts,
    });
    expect(new Set(queued.map((row) => JSON.stringify(shape(row)))).size).toBe(1);
    expect(shape(queued[0]!)).toMatchObject({ template, status: 'pending' });
    expect(await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.user_id, user.id))).toEqual(
      [],
    );
    // The worker then mails the account only, and forgets the other addresses.
    await deliver();
    const after = await db
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.id, before?.id ?? 0));
    expect(after.map((row) => [row.to_address, row.template, row.status])).toEqual([
      [user.email, template, 'sent'],
    ]);
    expect(after[0]!.payload.link).toMatch(new RegExp(`/${template}/`));
  });

  it('sends nothing for a disabled account, with the same answer', async () => {
    const user = await freshUser({ disabled_at: new Date() });
    const response = await post('/api/auth/forgot-password', { email: user.email });
    expect(response.statusCode).toBe(200);
    expect(await lastMail(user.email)).toBeUndefined();
  });

  it('rate-limits per account with Retry-After', async () => {
    const user = await freshUser();
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    }
    const limited = await post('/api/auth/forgot-password', { email: user.email });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/\d+ secondes/);
  });
});

describe('POST /api/auth/reset-password/:token', () => {
  async function resetLinkFor(user: { email: string }) {
    await post('/api/auth/forgot-password', { email: user.email });
    return tokenOf((await lastMail(user.email))?.payload.link);
  }

  it('sets the password once, revokes every session, and mails a notice', async () => {
    const user = await freshUser();
    const a = await signIn(app, user.email);
    const b = await signIn(app, user.email);
    const token = await resetLinkFor(user);
    expect((await app.inject({ url: `/api/auth/verify-token/${token}` })).json()).toEqual({
      valid: true,
    });

    const response = await post(
      `/api/auth/reset-password/${token}`,
      { password: STRONG, password_confirmation: STRONG },
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been reset. Sign in with the new one.',
    });
    const [stored] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(stored!.password_hash!, STRONG)).toBe(true);
    for (const session of [a, b]) {
      const info = await app.inject({
        url: '/api/auth/info',
        headers: bearer(session.accessToken),
      });
      expect(info.statusCode).toBe(401);
    }
    const open = await db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(open.every((s) => s.revoked_at)).toBe(true);
    expect((await lastMail(user.email))?.template).toBe('password-changed');

    // The same link a second time: refused, nothing changes.
    const replay = await post(`/api/auth/reset-password/${token}`, {
      password: 'An0ther#Secret',
      password_confirmation: 'An0ther#Secret',
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/invalide/);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.password_hash).toBe(stored!.password_hash);
    await signIn(app, user.email, STRONG);
  });

  it('refuses an expired link (60 minutes)', async () => {
    const user = await freshUser();
    const token = await resetLinkFor(user);
    clock.advance(RESET_TTL_MS + 1000);
    expect((await app.inject({ url: `/api/auth/verify-token/${token}` })).json()).toEqual({
      valid: false,
    });
    const response = await post(`/api/auth/reset-password/${token}`, {
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(response.statusCode).toBe(400);
    await signIn(app, user.email);
  });

  it('refuses a weak password with the rule message, a mismatch, a common or personal password, an overlong one; the link stays usable', async () => {
    const user = await freshUser();
    const token = await resetLinkFor(user);
    const attempt = (password: string, confirmation = password) =>
      post(
        `/api/auth/reset-password/${token}`,
        { password, password_confirmation: confirmation },
        { 'accept-language': 'en' },
      );
    const weak = await attempt('password');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([RULE_EN]);
    const mismatch = await attempt(STRONG, `${STRONG}x`);
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['The confirmation does not match the password.'],
    });
    const common = await attempt('P@ssw0rd');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual([
      'This password is too common: choose another one.',
    ]);
    // Skolar's name, the owner's name or address, their institution's name (ASVS 6.2.11).
    for (const personal of [
      'Skolar#2026x',
      `${user.email.split('@')[0]}#A1`,
      `Zz9!${user.last_name.split(' ')[0]}`,
      'Zz9!HOCHE', // Lycée Hoche
    ]) {
      const refused = await attempt(personal);
      expect(refused.statusCode, personal).toBe(422);
      expect(refused.json().errors.password).toEqual([
        'This password contains your name, your e-mail address, or the name of Skolar or of your institution: choose another one.',
      ]);
    }
    const long = `Aa1#${'x'.repeat(125)}`;
    expect((await attempt(long)).json().errors.password).toEqual([
      'The password may not be longer than 128 characters.',
    ]);
    await signIn(app, user.email);
    expect((await attempt(STRONG)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const response = await post('/api/auth/reset-password/not-a-token', {
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('e-mail verification', () => {
  it('lets an invited user verify and choose a password with the invitation link, once', async () => {
    const institution = await createInstitution(db, { name: 'Université Lumière' });
    const invited = await createUser(db, 'teacher', institution.id, {
      email_verified_at: null,
      password_hash: null,
      locale: 'en',
    });
    await db.transaction((tx) => inviteUser(ctx, tx, invited));
    const mail = await lastMail(invited.email);
    expect(mail?.template).toBe('invitation');
    const link = new URL(String(mail?.payload.link));
    expect(link.pathname).toMatch(/^\/verify-email\//);
    expect(link.searchParams.get('email')).toBe(invited.email);
    const token = tokenOf(link.toString());

    const look = await app.inject({ url: `/api/auth/verify-email/${token}` });
    expect(look.json()).toMatchObject({ password_required: true });
    // Looking does not use the link up.
    const weak = await post(`/api/auth/verify-email/${token}`, {
      password: 'weak',
      password_confirmation: 'weak',
    });
    expect(weak.statusCode).toBe(422);
    const done = await post(`/api/auth/verify-email/${token}`, {
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(done.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, invited.id));
    expect(row?.email_verified_at).not.toBeNull();
    await signIn(app, invited.email, STRONG);

    const replay = await post(`/api/auth/verify-email/${token}`, {
      password: 'An0ther#Secret',
      password_confirmation: 'An0ther#Secret',
    });
    expect(replay.statusCode).toBe(400);
    await signIn(app, invited.email, STRONG);
  });

  it('verifies a self-requested address with GET alone; the same answer for unknown addresses', async () => {
    const user = await freshUser({ email_verified_at: null });
    const login = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.json()).toEqual({ verify_email: true });
    const known = await post('/api/auth/verify-email-request', { email: user.email });
    const unknown = await post('/api/auth/verify-email-request', { email: 'ghost@example.test' });
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toMatch(/indésirables/);
    const mail = await lastMail(user.email);
    expect(mail?.template).toBe('verify-email');
    const token = tokenOf(mail?.payload.link);
    const verified = await app.inject({ url: `/api/auth/verify-email/${token}` });
    expect(verified.json()).toMatchObject({ password_required: false });
    expect((await app.inject({ url: `/api/auth/verify-email/${token}` })).statusCode).toBe(400);
    await signIn(app, user.email);
  });

  it('a new link retires the previous ones', async () => {
    const user = await freshUser({ email_verified_at: null });
    await post('/api/auth/verify-email-request', { email: user.email });
    const first = tokenOf((await lastMail(user.email))?.payload.link);
    await post('/api/auth/verify-email-request', { email: user.email });
    await deliver();
    expect((await app.inject({ url: `/api/auth/verify-email/${first}` })).statusCode).toBe(400);
  });

  it('rate-limits verification requests per address', async () => {
    const user = await freshUser({ email_verified_at: null });
    for (let i = 0; i < 3; i += 1)
      await post('/api/auth/verify-email-request', { email: user.email });
    const limited = await post('/api/auth/verify-email-request', { email: user.email });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await freshUser();
    const current = await signIn(app, user.email);
    const other = await signIn(app, user.email);
    const change = (payload: object) =>
      post('/api/auth/change-password', payload, {
        ...bearer(current.accessToken),
        'accept-language': 'en',
      });
    const wrong = await change({
      current_password: 'nope',
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['Incorrect password.'] });
    const weak = await change({
      current_password: TEST_PASSWORD,
      password: 'abcdefgh',
      password_confirmation: 'abcdefgh',
    });
    expect(weak.json().errors.password).toEqual([RULE_EN]);

    const ok = await change({
      current_password: TEST_PASSWORD,
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(current.accessToken) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(other.accessToken) })).statusCode,
    ).toBe(401);
    expect((await lastMail(user.email))?.template).toBe('password-changed');
    await signIn(app, user.email, STRONG);
  });

  it('requires a session', async () => {
    const response = await post('/api/auth/change-password', {
      current_password: TEST_PASSWORD,
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(response.statusCode).toBe(401);
  });

  it('slows the session after 5 wrong current passwords, the right one too', async () => {
    const user = await freshUser();
    const session = await signIn(app, user.email);
    const attempt = (current_password: string) =>
      post(
        '/api/auth/change-password',
        { current_password, password: STRONG, password_confirmation: STRONG },
        bearer(session.accessToken),
      );
    for (let i = 0; i < 5; i += 1) expect((await attempt('nope')).statusCode).toBe(422);
    const slowed = await attempt(TEST_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(3 * 60);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.password_hash!, TEST_PASSWORD)).toBe(true);
  });
});

describe('sessions of disabled or archived users', () => {
  it('end at once', async () => {
    const user = await freshUser();
    const session = await signIn(app, user.email);
    await db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, user.id));
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(session.accessToken) }))
        .statusCode,
    ).toBe(401);
    const other = await freshUser();
    const otherSession = await signIn(app, other.email);
    await db.update(users).set({ archived_at: clock.now() }).where(eq(users.id, other.id));
    expect(
      (await app.inject({ url: '/api/auth/info', headers: bearer(otherSession.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect(
      await db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.user_id, user.id))),
    ).toHaveLength(0);
  });
});
