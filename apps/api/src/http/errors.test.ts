import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../test/app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { contactRequests } from '../db/schema/index.ts';
import { loggableError } from './errors.ts';

const { app, db } = await createTestApp();
const institution = await createInstitution(db);
const admin = await createUser(db, 'admin', institution.id);
const auth = bearer((await signIn(app, admin.email)).accessToken);

describe('a NUL character in a request', () => {
  it('gets a 422 on the query field that carries it, not a 500', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/students?q=%00',
      headers: { ...auth, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      q: ['This text contains a forbidden invisible character (NUL).'],
    });
  });

  it('gets a 422 on the body field that carries it, and nothing is stored', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/client-request',
      payload: {
        first_name: 'Ana',
        last_name: 'Lopes',
        email: 'ana.lopes@example.test',
        phone: '',
        need: 'contact',
        object: 'Question',
        message: 'Bonjour\u0000',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['message']);
    expect(response.body).not.toContain('at ');
    const stored = await db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.email, 'ana.lopes@example.test'));
    expect(stored).toHaveLength(0);
  });
});

describe('the log of an unexpected error', () => {
  it("keeps a failed query's text but not its parameters", () => {
    const error = new Error(
      'Failed query: update users set email = $1 where id = $2\nparams: jean.dupont@example.test,12',
    );
    const logged = loggableError(error);
    expect(logged.message).toBe(
      'Failed query: update users set email = $1 where id = $2\nparams: [redacted]',
    );
    expect(JSON.stringify(logged)).not.toContain('jean.dupont');
  });
});

describe('API answers', () => {
  it('are never cached: the sign-in answer with its token, and a list of people', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('private, no-store');
    const list = await app.inject({ method: 'GET', url: '/api/students', headers: auth });
    expect(list.headers['cache-control']).toBe('private, no-store');
  });
});
