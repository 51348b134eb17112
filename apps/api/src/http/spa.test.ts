import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';

const webRoot = mkdtempSync(join(tmpdir(), 'skolar-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html lang="fr"><title>Skolar</title></html>',
);
writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log("skolar")');

const { ctx } = await createTestApp();
const app = await buildApp(ctx, { webRoot });
afterAll(async () => {
  await app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the built SPA, served by the API process', () => {
  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/dashboard', '/public-trainings/12?x=1', '/3/promotions/4']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Skolar</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await app.inject({ url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for the API and for non-GET requests', async () => {
    const api = await app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('message');
    const post = await app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toHaveProperty('message');
  });
});
