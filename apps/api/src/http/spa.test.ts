import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';

const webRoot = mkdtempSync(join(tmpdir(), 'skolar-web-'));
mkdirSync(join(webRoot, 'assets'));
const page = '<!doctype html><html lang="fr"><title>Skolar</title></html>';
writeFileSync(join(webRoot, 'index.html'), page);
writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log("skolar")');
// As apps/web/build.mjs leaves them: the main script and the page precompressed beside the originals.
const script = `console.log(${JSON.stringify('skolar '.repeat(200))});`;
writeFileSync(join(webRoot, 'assets', 'index-abcd.js'), script);
writeFileSync(join(webRoot, 'assets', 'index-abcd.js.br'), brotliCompressSync(script));
writeFileSync(join(webRoot, 'assets', 'index-abcd.js.gz'), gzipSync(script));
writeFileSync(join(webRoot, 'index.html.br'), brotliCompressSync(page));
writeFileSync(join(webRoot, 'index.html.gz'), gzipSync(page));

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

  it('serves the precompressed script the browser accepts (brotli, then gzip), else the original', async () => {
    const url = '/assets/index-abcd.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const identity = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(script);
    const none = await app.inject({ url });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(script);
  });

  it('serves the page itself compressed on client routes too, still never cached', async () => {
    for (const url of ['/', '/dashboard']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    }
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
