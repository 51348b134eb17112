import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Every process that loads this file (the runner and its workers) must agree on one fresh data
// folder: the runner creates it and the workers inherit it through the environment.
process.env.SKOLAR_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'skolar-e2e-'));

// Parallel checkouts of the repository pick their own port with E2E_PORT.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

/** Playwright journeys against the built app (`npm run build` first), on Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node apps/api/dist/server.js',
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.SKOLAR_E2E_DATA_DIR,
      NODE_ENV: 'test',
      SEED: 'demo',
      DEV_ROUTES: '1',
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
