import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, TEST_PASSWORD } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { RateLimits } from '../../auth/rate-limit.ts';

// Small per-IP limits so a test can reach them; the per-account ones stay as shipped.
const small = { points: 2, duration: 60 };
const { app, db } = await createTestApp({
  limits: new RateLimits(undefined, {
    'forgot-password:ip': small,
    'verify-email:ip': small,
    'reset-password:ip': small,
    'step-up:ip': small,
  }),
});

const STRONG = 'N3w#Passw0rd!x';

describe('per-IP limits of the account routes', () => {
  it('limit forgot-password, verify-email-request and reset-password per IP, with Retry-After', async () => {
    const routes = [
      ['/api/auth/forgot-password', (i: number) => ({ email: `a${i}@example.test` })],
      ['/api/auth/verify-email-request', (i: number) => ({ email: `b${i}@example.test` })],
      [
        '/api/auth/reset-password/not-a-token',
        () => ({ password: STRONG, password_confirmation: STRONG }),
      ],
    ] as const;
    for (const [url, body] of routes) {
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push(
          await app.inject({ method: 'POST', url, payload: body(i), remoteAddress: '10.0.0.9' }),
        );
      }
      expect(answers.map((a) => a.statusCode).slice(0, 2)).not.toContain(429);
      expect(answers[2]!.statusCode).toBe(429);
      expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const other = await app.inject({
        method: 'POST',
        url,
        payload: body(9),
        remoteAddress: '10.0.0.10',
      });
      expect(other.statusCode).not.toBe(429);
    }
  });

  it('limit step-up confirmations per IP across accounts', async () => {
    const institution = await createInstitution(db);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await createUser(db, 'admin', institution.id);
      const session = await signIn(app, user.email);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-password-request',
        headers: bearer(session.accessToken),
        payload: { password: TEST_PASSWORD },
        remoteAddress: '10.0.0.20',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
