import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { routeAccessPlugin } from './route-access.ts';

const { app } = await createTestApp();

describe('route access declarations', () => {
  it('refuses to start when an API route declares no access', async () => {
    const bare = Fastify();
    await bare.register(routeAccessPlugin);
    expect(() => bare.get('/api/forgotten', async () => 'open')).toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    await bare.close();
  });

  it('lets un-enrolled staff call only the sign-in, account-security and contact routes', () => {
    const open = app.routeRegistry
      .filter((route) => route.beforeMfaEnrolment)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(open).toEqual(
      [
        'GET /api/auth/info',
        'GET /api/auth/logout',
        'GET /api/auth/verify-email/:token',
        'GET /api/auth/verify-token/:token',
        'GET /api/me/sessions',
        'GET /api/me/settings',
        'PATCH /api/me/settings',
        'DELETE /api/me/sessions/:id',
        'POST /api/auth/change-password',
        'POST /api/auth/client-request',
        'POST /api/auth/forgot-password',
        'POST /api/auth/login',
        'POST /api/auth/login/mfa',
        'POST /api/auth/logout',
        'POST /api/auth/reset-password/:token',
        'POST /api/auth/user-request',
        'POST /api/auth/verify-email-request',
        'POST /api/auth/verify-email/:token',
        'POST /api/auth/verify-password-request',
        'POST /api/auth/verify-token-validity/:token',
        'POST /api/me/mfa/disable',
        'POST /api/me/mfa/enable',
        'POST /api/me/mfa/setup',
        'POST /api/me/sessions/revoke-others',
      ].sort(),
    );
  });

  it('asks a step-up on the edits of people, institutions, programs and the own profile only', () => {
    const stepUp = app.routeRegistry
      .filter((route) => route.stepUp)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    // Ending sessions too (ASVS 7.5.2 and 7.4.5): another of one's own, or a person's.
    expect(stepUp).toEqual([
      'DELETE /api/me/sessions/:id',
      'PATCH /api/institutions/:id',
      'PATCH /api/me/profile',
      'PATCH /api/programs/:id',
      'PATCH /api/students/:id',
      'PATCH /api/teachers/:id',
      'PATCH /api/users/:id',
      'POST /api/me/sessions/revoke-others',
      'POST /api/students/:id/sessions/revoke',
      'POST /api/teachers/:id/sessions/revoke',
      'POST /api/users/:id/sessions/revoke',
    ]);
  });

  it('answers 401 to a guest before reading the body', async () => {
    const guest = await app.inject({ method: 'POST', url: '/api/groups', payload: { bad: true } });
    expect(guest.statusCode).toBe(401);
  });
});
