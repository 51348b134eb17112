import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { RateLimits } from '../src/auth/rate-limit.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { systemClock } from '../src/time.ts';

/**
 * Runs `use` on the real app, built in this process on an in-memory database, never listening.
 * Development settings, as the web app's own dev server sees it (the /api/dev routes included).
 */
export async function withBuiltApp<T>(use: (app: FastifyInstance) => T | Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'skolar-openapi-'));
  const database = await openDatabase({ kind: 'memory' });
  try {
    const app = await buildApp(
      {
        config: loadConfig({
          NODE_ENV: 'development',
          LOG_LEVEL: 'silent',
          SEED: 'none',
          DATA_DIR: dataDir,
          // The web's dev server calls /api/dev/*: the document describes them too.
          DEV_ROUTES: '1',
        }),
        db: database.db,
        clock: systemClock,
        limits: new RateLimits(),
      },
      { webRoot: null },
    );
    try {
      await app.ready();
      return await use(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The OpenAPI document the API serves at /api/openapi.json. */
export function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  return withBuiltApp((app) => app.swagger() as unknown as Record<string, unknown>);
}
