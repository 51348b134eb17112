import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../test/app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';

const { app, db } = await createTestApp();

describe('API conventions', () => {
  it('answers an unknown /api route with 404 in the error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Cette adresse de l'API n'existe pas." });
    }
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request is malformed.' });
  });

  it('answers 422 with errors per field, in the request language', async () => {
    const root = await signIn(app, (await createUser(db, 'super-admin', null)).email);
    const response = await app.inject({
      method: 'GET',
      url: '/api/institutions?per_page=7&page=0',
      headers: { ...bearer(root.accessToken), 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('Les données envoyées ne sont pas valides.');
    expect(Object.keys(body.errors).sort()).toEqual(['page', 'per_page']);
    expect(body.errors.page[0]).toMatch(/1/);
  });

  it('answers 401, 403 and 404 in the error shape', async () => {
    const mine = await createInstitution(db);
    const other = await createInstitution(db);
    const admin = await signIn(app, (await createUser(db, 'admin', mine.id)).email);
    const teacher = await signIn(app, (await createUser(db, 'teacher', mine.id)).email);
    const headers = { ...bearer(admin.accessToken), 'accept-language': 'en' };

    const guest = await app.inject({
      url: `/api/institutions/${mine.id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: 'You must be signed in.' });

    const forbidden = await app.inject({
      url: `/api/institutions/${mine.id}`,
      headers: { ...bearer(teacher.accessToken), 'accept-language': 'en' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You are not allowed to do this.' });

    const own = await app.inject({ url: `/api/institutions/${mine.id}`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: mine.id, can: { update: false, delete: false } });

    for (const id of [other.id, 999_999]) {
      const hidden = await app.inject({ url: `/api/institutions/${id}`, headers });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('lists with the { data, meta } envelope, search and pagination', async () => {
    await createInstitution(db, { name: 'Conservatoire Zéphyr' });
    const root = await signIn(app, (await createUser(db, 'super-admin', null)).email);
    const response = await app.inject({
      url: '/api/institutions?q=zéphyr&per_page=10',
      headers: bearer(root.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: [{ name: 'Conservatoire Zéphyr', can: { update: true, delete: true, archive: true } }],
      meta: { page: 1, per_page: 10, total: 1 },
    });
  });

  it('sends security headers: CSP without inline scripts, nosniff, frame-ancestors', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    // Frames only for chapter videos.
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    // Workers of this origin only, and the QR scanner's, started from a blob of its script.
    expect(csp).toContain("worker-src 'self' blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes an OpenAPI document listing every route, and its docs UI', async () => {
    const response = await app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const routes = app.printRoutes({ commonPrefix: false });
    for (const path of [
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/info',
      '/api/health',
      '/api/institutions/{id}',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(document.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(routes).toContain('/api/docs');
    const docs = await app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('ids and path parameters (review, issue 28)', () => {
  it('reads an id from its decimal digits only: 0x1, " 1", 1e3, 01 name no row (400), nor do they in a filter (422)', async () => {
    const institution = await createInstitution(db);
    const admin = await createUser(db, 'admin', institution.id);
    const headers = {
      ...bearer((await signIn(app, admin.email)).accessToken),
      'accept-language': 'en',
    };
    for (const written of ['0x1', '%201', '1e3', '01', '1.0', '-1', '+1']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/promotions/${written}`,
        headers,
      });
      expect(response.statusCode, written).toBe(400);
      expect(response.json(), written).toEqual({ message: 'The request is malformed.' });
    }
    // A well-written id of no row of theirs stays a 404.
    const absent = await app.inject({ method: 'GET', url: '/api/promotions/999999', headers });
    expect(absent.statusCode).toBe(404);
    const filtered = await app.inject({
      method: 'GET',
      url: '/api/trainings?promotion_id=0x1',
      headers,
    });
    expect(filtered.statusCode).toBe(422);
    expect(filtered.json().errors.promotion_id).toEqual(['Enter a valid id (digits only).']);
  });

  it('answers a path parameter over 100 characters with 400 in the error shape, not echoing it', async () => {
    const long = '1'.repeat(101);
    for (const url of [`/api/promotions/${long}`, `/api/verify/${'A'.repeat(150)}`]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: 'The request is malformed.' });
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe('HSTS in production', () => {
  it('is sent only when NODE_ENV=production', async () => {
    const { loadConfig } = await import('../config.ts');
    const { buildApp } = await import('../app.ts');
    const production = await buildApp(
      {
        ...app.ctx,
        config: loadConfig({
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          MFA_ENCRYPTION_KEY: 'k'.repeat(32),
        }),
      },
      { webRoot: null },
    );
    const response = await production.inject({ url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(response.headers['strict-transport-security']).toContain('includeSubDomains');
    await production.close();
  });
});

describe('browser protections on every answer', () => {
  it('sends nosniff, no referrer and a CSP without eval or plugins, on errors as on answers', async () => {
    const root = await signIn(app, (await createUser(db, 'super-admin', null)).email);
    for (const request of [
      { url: '/api/health' },
      { url: '/api/no-such-thing' },
      { url: '/api/institutions', headers: bearer(root.accessToken) },
      { url: '/api/institutions' },
    ]) {
      const response = await app.inject(request);
      expect(response.headers['x-content-type-options'], request.url).toBe('nosniff');
      expect(response.headers['referrer-policy'], request.url).toBe('no-referrer');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('grants no other origin a CORS read, with or without credentials', async () => {
    const root = await signIn(app, (await createUser(db, 'super-admin', null)).email);
    const origin = 'https://attacker.example';
    const read = await app.inject({
      url: '/api/institutions',
      headers: { ...bearer(root.accessToken), origin },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/institutions',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('refuses a JSON body that tries to pollute the prototype, and changes nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/client-request',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload:
        '{"first_name":"Ana","last_name":"Lopes","email":"ana@example.test","phone":"","need":"contact","object":"Q","message":"Hi","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request is malformed.' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('list sorting', () => {
  it('sorts by an allowed column and refuses an unknown one with 422 on sort', async () => {
    const root = await signIn(app, (await createUser(db, 'super-admin', null)).email);
    await createInstitution(db, { name: 'Aaa Académie' });
    await createInstitution(db, { name: 'Zzz Zentrum' });
    const headers = { ...bearer(root.accessToken), 'accept-language': 'en' };
    const names = async (sort: string) =>
      (await app.inject({ url: `/api/institutions?per_page=100&sort=${sort}`, headers }))
        .json()
        .data.map((row: { name: string }) => row.name);
    const ascending = await names('name');
    expect(ascending[0]).toBe('Aaa Académie');
    expect((await names('-name'))[0]).toBe('Zzz Zentrum');
    const refused = await app.inject({ url: '/api/institutions?sort=password_hash', headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ sort: ['This list cannot be sorted that way.'] });
  });
});
