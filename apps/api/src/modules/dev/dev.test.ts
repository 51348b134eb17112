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

  it('does not exist in production', async () => {
    const production = await buildApp(
      { ...ctx, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }) },
      { webRoot: null },
    );
    const response = await production.inject({ url: '/api/dev/demo-accounts' });
    expect(response.statusCode).toBe(404);
    await production.close();
  });
});
