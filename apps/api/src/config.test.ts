import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED: 'demo',
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    const key = 'k'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', MFA_ENCRYPTION_KEY: key }).HOST).toBe('0.0.0.0');
  });

  it('requires MFA_ENCRYPTION_KEY (32 characters or more) in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MFA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ MFA_ENCRYPTION_KEY: 'short' })).toThrow(/MFA_ENCRYPTION_KEY/);
    const key = 'k'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', MFA_ENCRYPTION_KEY: key }).MFA_ENCRYPTION_KEY).toBe(
      key,
    );
    expect(loadConfig({}).MFA_ENCRYPTION_KEY.length).toBeGreaterThanOrEqual(32);
  });

  it('seeds the demo by default in development and test only, and when asked in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).SEED).toBe('demo');
    const production = { NODE_ENV: 'production', MFA_ENCRYPTION_KEY: 'k'.repeat(32) };
    expect(loadConfig(production).SEED).toBe('none');
    expect(loadConfig({ ...production, SEED: 'demo' }).SEED).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development', SEED: 'none' }).SEED).toBe('none');
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SEED', 'everything'],
    ['REDIS_URL', 'localhost:6379'],
    ['NODE_ENV', 'staging'],
  ])('stops with one line naming %s when its value is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      const message = (error as Error).message;
      expect(message.startsWith(`Invalid ${name}=`)).toBe(true);
      expect(message).not.toContain('\n');
    }
  });

  it('reads the clamd address: a socket, or a host with port 3310 unless told', () => {
    expect(loadConfig({}).CLAMD_SOCKET).toBeUndefined();
    expect(loadConfig({}).CLAMD_HOST).toBeUndefined();
    expect(loadConfig({ CLAMD_SOCKET: ' ' }).CLAMD_SOCKET).toBeUndefined();
    expect(loadConfig({ CLAMD_SOCKET: '/run/clamav/clamd.ctl' }).CLAMD_SOCKET).toBe(
      '/run/clamav/clamd.ctl',
    );
    expect(loadConfig({ CLAMD_HOST: 'clamav' })).toMatchObject({
      CLAMD_HOST: 'clamav',
      CLAMD_PORT: 3310,
      CLAMD_TIMEOUT_MS: 30_000,
    });
    expect(
      loadConfig({ CLAMD_HOST: 'clamav', CLAMD_PORT: '3311', CLAMD_TIMEOUT_MS: '5000' }),
    ).toMatchObject({ CLAMD_PORT: 3311, CLAMD_TIMEOUT_MS: 5000 });
  });

  it.each([
    [{ CLAMD_HOST: 'clamav', CLAMD_PORT: 'clam' }, /CLAMD_PORT/],
    [{ CLAMD_HOST: 'clamav', CLAMD_PORT: '70000' }, /CLAMD_PORT/],
    [{ CLAMD_PORT: '3310' }, /CLAMD_PORT.*CLAMD_HOST/],
    [{ CLAMD_HOST: 'clamav', CLAMD_SOCKET: '/run/clamav/clamd.ctl' }, /not both/],
    [{ CLAMD_HOST: 'clamav', CLAMD_TIMEOUT_MS: '0' }, /CLAMD_TIMEOUT_MS/],
  ])('refuses the clamd settings %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses a partial S3 configuration', () => {
    expect(() => loadConfig({ S3_BUCKET: 'skolar' })).toThrow(/S3_/);
  });
});
