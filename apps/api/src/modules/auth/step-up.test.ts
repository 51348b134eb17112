import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { requireStepUp, STEP_UP_TTL_MS } from '../../auth/step-up.ts';

const { app, db, ctx, clock } = await createTestApp();

async function signedInAdmin() {
  const institution = await createInstitution(db);
  const user = await createUser(db, 'admin', institution.id);
  const session = await signIn(app, user.email);
  const actor = {
    userId: user.id,
    role: 'admin' as const,
    institutionId: institution.id,
    sessionId: 0,
    locale: 'en' as const,
  };
  return { user, session, actor };
}

describe('step-up (verify-password-request)', () => {
  it('answers a token for the right password, valid 15 minutes for that user only', async () => {
    const { session, actor } = await signedInAdmin();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password-request',
      headers: bearer(session.accessToken),
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    await expect(requireStepUp(ctx, actor, token)).resolves.toBeUndefined();

    const validity = await app.inject({
      method: 'POST',
      url: `/api/auth/verify-token-validity/${token}`,
      headers: bearer(session.accessToken),
    });
    expect(validity.json()).toEqual({ valid: true });

    const other = await signedInAdmin();
    await expect(requireStepUp(ctx, other.actor, token)).rejects.toMatchObject({ statusCode: 403 });

    clock.advance(STEP_UP_TTL_MS + 1000);
    await expect(requireStepUp(ctx, actor, token)).rejects.toMatchObject({ statusCode: 403 });
    const expired = await app.inject({
      method: 'POST',
      url: `/api/auth/verify-token-validity/${token}`,
      headers: bearer(session.accessToken),
    });
    expect(expired.json()).toEqual({ valid: false });
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
    await expect(requireStepUp(ctx, actor, undefined)).rejects.toMatchObject({ statusCode: 403 });
  });
});
