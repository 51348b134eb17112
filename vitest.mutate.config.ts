import { defineConfig } from 'vitest/config';
import { apiProject, sharedProject } from './vitest.config.ts';

/**
 * The tests Stryker runs against its mutants (stryker.config.mjs): the shared access rules and
 * the API's authentication tests, never the web project. The API project keeps its setup but runs
 * only the tests beside src/auth/: each mutant re-runs the test files that cover it, and the HTTP
 * journeys of src/modules/ open a database and build the app per file, which made a run take a
 * day on two cores (see docs/decisions.md, issue 9).
 */
export default defineConfig({
  test: {
    projects: [
      sharedProject,
      {
        test: {
          ...apiProject.test,
          include: ['src/auth/**/*.test.ts'],
        },
      },
    ],
  },
});
