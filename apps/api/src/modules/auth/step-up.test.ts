import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, stepUpFor, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { requireStepUp, STEP_UP_TTL_MS } from '../../auth/step-up.ts';

const { app, db, ctx, clock } = await createTestApp();

async function signedInAdmin() {
  const institution = await createInstitution(db);
  const user = await createUser(db, 'admin', institution.id);
  const session = await signIn(app, user.email);
  const me = await app.inject({ url: '/api/me/sessions', headers: bearer(session.accessToken) });
  const actor = {
    userId: user.id,
    role: 'admin' as const,
    institutionId: institution.id,
    sessionId: me.json()[0].id as number,
    locale: 'en' as const,
    timeZone: 'Europe/Paris',
  };
  const student = await createUser(db, 'student', institution.id);
  return { user, session, actor, institution, student, auth: bearer(session.accessToken) };
}

const rename = (url: string, headers: Record<string, string>, first_name = 'Renamed') =>
  app.inject({ method: 'PATCH', url, headers, payload: { first_name } });

describe('step-up tokens at the edit routes', () => {
  it('serve one edit: the same token is refused the second time', async () => {
    const { auth, student } = await signedInAdmin();
    const url = `/api/students/${student.id}`;
    const token = await stepUpFor(app, auth, url);
    expect((await rename(url, { ...auth, ...token })).statusCode).toBe(200);
    const again = await rename(url, { ...auth, ...token }, 'Again');
    expect(again.statusCode).toBe(403);
  });

  it('serve only the person they were asked for', async () => {
    const { auth, student, institution } = await signedInAdmin();
    const other = await createUser(db, 'student', institution.id);
    const token = await stepUpFor(app, auth, `/api/students/${student.id}`);
    expect((await rename(`/api/students/${other.id}`, { ...auth, ...token })).statusCode).toBe(403);
    // A token asked for no row (the own profile) edits nobody else either.
    const noRow = await stepUpFor(app, auth, '/api/me/profile');
    expect((await rename(`/api/students/${other.id}`, { ...auth, ...noRow })).statusCode).toBe(403);
    expect((await rename(`/api/students/${student.id}`, { ...auth, ...token })).statusCode).toBe(
      200,
    );
  });

  it('serve only the session that asked, and end with it', async () => {
    const { auth, student, user } = await signedInAdmin();
    const url = `/api/students/${student.id}`;
    const other = bearer((await signIn(app, user.email)).accessToken);
    const token = await stepUpFor(app, auth, url);
    expect((await rename(url, { ...other, ...token })).statusCode).toBe(403);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect((await rename(url, { ...other, ...token })).statusCode).toBe(403);
    expect((await rename(url, { ...auth, ...token })).statusCode).toBe(401);
  });

  it('are given back when the edit is refused, so the corrected form can be sent again', async () => {
    const { auth, student, institution } = await signedInAdmin();
    const taken = await createUser(db, 'student', institution.id);
    const url = `/api/students/${student.id}`;
    const token = await stepUpFor(app, auth, url);
    const clash = await app.inject({
      method: 'PATCH',
      url,
      headers: { ...auth, ...token },
      payload: { email: taken.email },
    });
    expect(clash.statusCode).toBeGreaterThanOrEqual(400);
    expect(clash.statusCode).toBeLessThan(500);
    expect((await rename(url, { ...auth, ...token })).statusCode).toBe(200);
  });
});

describe('step-up (verify-password-request)', () => {
  it('answers a token for the right password, valid 15 minutes for that session only', async () => {
    const { session, actor } = await signedInAdmin();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password-request',
      headers: bearer(session.accessToken),
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    const validity = await app.inject({
      method: 'POST',
      url: `/api/auth/verify-token-validity/${token}`,
      headers: bearer(session.accessToken),
    });
    expect(validity.json()).toEqual({ valid: true });

    const other = await signedInAdmin();
    await expect(requireStepUp(ctx, other.actor, token, null)).rejects.toMatchObject({
      statusCode: 403,
    });

    clock.advance(STEP_UP_TTL_MS + 1000);
    await expect(requireStepUp(ctx, actor, token, null)).rejects.toMatchObject({ statusCode: 403 });
    const expired = await app.inject({
      method: 'POST',
      url: `/api/auth/verify-token-validity/${token}`,
      headers: bearer(session.accessToken),
    });
    expect(expired.json()).toEqual({ valid: false });
  });

  it('checks a token asked for one row against that row, as the edit page asks it (?entity=&id=)', async () => {
    const { session, student } = await signedInAdmin();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password-request',
      headers: bearer(session.accessToken),
      payload: { password: TEST_PASSWORD, target: { entity: 'student', id: student.id } },
    });
    expect(asked.statusCode).toBe(200);
    const check = async (query: string) =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/auth/verify-token-validity/${asked.json().token}?${query}`,
          headers: bearer(session.accessToken),
        })
      ).json();
    expect(await check(`entity=student&id=${student.id}`)).toEqual({ valid: true });
    expect(await check(`entity=student&id=${student.id + 1}`)).toEqual({ valid: false });
  });

  it('refuses a wrong password with 422 on the password field, and rate-limits guesses', async () => {
    const { session } = await signedInAdmin();
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/verify-password-request',
        headers: { ...bearer(session.accessToken), 'accept-language': 'en' },
        payload: { password },
      });
    const wrong = await attempt('nope');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { password: ['Incorrect password.'] },
    });
    for (let i = 0; i < 4; i += 1) await attempt('nope');
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('requires a session, and a token to be sent at all', async () => {
    const guest = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password-request',
      payload: { password: TEST_PASSWORD },
    });
    expect(guest.statusCode).toBe(401);
    const { actor } = await signedInAdmin();
    await expect(requireStepUp(ctx, actor, undefined, null)).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
