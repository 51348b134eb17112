import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/reset-password/abcDEF_123', '/api/auth/reset-password/[redacted]'],
    ['/api/auth/verify-email/tok?email=a%40b.c', '/api/auth/verify-email/[redacted]?email=a%40b.c'],
    ['/api/auth/verify-token/tok', '/api/auth/verify-token/[redacted]'],
    ['/api/auth/verify-token-validity/tok', '/api/auth/verify-token-validity/[redacted]'],
    ['/reset-password/tok', '/reset-password/[redacted]'],
    ['/edit-profile/12/tok', '/edit-profile/12/[redacted]'],
    ['/students/edit/12/tok', '/students/edit/12/[redacted]'],
    ['/start-evaluation/7/tok#top', '/start-evaluation/7/[redacted]#top'],
    ['/api/calendar-feeds/abc-DEF_12.ics', '/api/calendar-feeds/[redacted].ics'],
  ])('hides the token of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without a token as they are', () => {
    for (const url of ['/api/students/12', '/students/edit', '/api/auth/login', '/verify-email']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('the request log', () => {
  it('never holds a reset token, whatever the answer', async () => {
    const { ctx } = await createTestApp();
    let log = '';
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const app = await buildApp(
      { ...ctx, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED: 'none' }) },
      { webRoot: null, logStream },
    );
    const token = 'S3cretResetToken_0123456789abcdef';
    await app.inject({ method: 'GET', url: `/api/auth/verify-token/${token}` });
    await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'x' },
    });
    await app.close();
    expect(log).toContain('/api/auth/verify-token/[redacted]');
    expect(log).not.toContain(token);
  });

  it('writes one JSON line per event, a forged line break and the credentials included', async () => {
    const { ctx } = await createTestApp();
    let log = '';
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const app = await buildApp(
      { ...ctx, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED: 'none' }) },
      { webRoot: null, logStream },
    );
    const forged = '{"level":30,"msg":"admin signed in"}';
    await app.inject({
      method: 'GET',
      url: `/api/health?x=%0A${encodeURIComponent(forged)}`,
      headers: {
        authorization: 'Bearer SessionTokenNeverLogged',
        cookie: 'skolar_session=Cookie1',
      },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.test', password: 'PasswordNeverLogged!1' },
    });
    await app.close();
    const lines = log.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(lines.some((line) => line.startsWith(forged))).toBe(false);
    expect(log).not.toContain('SessionTokenNeverLogged');
    expect(log).not.toContain('Cookie1');
    expect(log).not.toContain('PasswordNeverLogged');
  });
});
