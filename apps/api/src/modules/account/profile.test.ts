import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { STEP_UP_TTL_MS } from '../../auth/step-up.ts';
import { users } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();
const CHANGES = {
  first_name: 'Léa',
  last_name: 'Martin',
  gender: 'Mme',
  phone: 'fr0612345678',
  date_of_birth: '2001-04-05',
};

describe('PATCH /api/me/profile', () => {
  it('refuses the update without a live step-up token of the same user (403), then applies it with one', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'student', institution.id);
    const other = await createUser(db, 'student', institution.id);
    const session = await signIn(app, user.email);
    const auth = bearer(session.accessToken);
    const patch = (headers: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: '/api/me/profile',
        payload: CHANGES,
        headers: { ...auth, ...headers },
      });

    const without = await patch({ 'accept-language': 'en' });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ message: 'Confirm your password to make this change.' });

    const otherSession = await signIn(app, other.email);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password-request',
      headers: bearer(otherSession.accessToken),
      payload: { password: TEST_PASSWORD },
    });
    expect((await patch({ 'x-confirm-token': foreign.json().token })).statusCode).toBe(403);
    const [unchanged] = await db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged?.first_name).toBe('Test');

    const stepUp = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-password-request',
      headers: auth,
      payload: { password: TEST_PASSWORD },
    });
    const token = stepUp.json().token as string;
    const ok = await patch({ 'x-confirm-token': token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject(CHANGES);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject(CHANGES);

    clock.advance(STEP_UP_TTL_MS + 1000);
    expect((await patch({ 'x-confirm-token': token })).statusCode).toBe(403);
  });

  it('validates the fields', async () => {
    const institution = await createInstitution(db);
    const user = await createUser(db, 'teacher', institution.id);
    const session = await signIn(app, user.email);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      payload: { ...CHANGES, first_name: ' ', phone: '+33 <script>' },
      headers: bearer(session.accessToken),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['first_name', 'phone']);
  });
});
