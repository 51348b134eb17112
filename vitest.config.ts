import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** packages/shared: pure rules and data. */
export const sharedProject = {
  test: {
    name: 'shared',
    root: 'packages/shared',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
} satisfies TestProjectInlineConfiguration;

/** apps/api: unit tests and integration tests on a fresh in-memory database per file. */
export const apiProject = {
  test: {
    name: 'api',
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;

// One runner for the whole repository; each workspace is a project (`--project api` runs one).
// vitest.mutate.config.ts reuses the shared and api projects for mutation testing.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [sharedProject, apiProject, 'apps/web/vitest.config.ts'],
  },
});
