import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

const { app, db, ctx } = await createTestApp();

describe('GET /api/dev/demo-accounts', () => {
  it('lists only the demo accounts this database holds', async () => {
    const institution = await createInstitution(db);
    await createUser(db, 'student', institution.id, { email: 'student@uni.skolar.test' });
    const response = await app.inject({ url: '/api/dev/demo-accounts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { role: 'student', email: 'student@uni.skolar.test', institution: 'ULC' },
    ]);
  });

  it('does not exist unless DEV_ROUTES=1, in development as in production', async () => {
    for (const NODE_ENV of ['development', 'production'] as const) {
      const plain = await buildApp(
        {
          ...ctx,
          config: loadConfig({ NODE_ENV, LOG_LEVEL: 'silent', MFA_ENCRYPTION_KEY: 'k'.repeat(32) }),
        },
        { webRoot: null },
      );
      for (const url of ['/api/dev/demo-accounts', '/api/dev/mail']) {
        expect((await plain.inject({ url })).statusCode).toBe(404);
      }
      await plain.close();
    }
  });

  it('cannot be turned on in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: '1' })).toThrow(
      /^Invalid DEV_ROUTES="1"/,
    );
    expect(loadConfig({ NODE_ENV: 'development', DEV_ROUTES: '1' }).DEV_ROUTES).toBe(true);
    expect(loadConfig({}).DEV_ROUTES).toBe(false);
  });
});
