// Mutation testing (`npm run mutate`): how many deliberate bugs in the access rules and the
// authentication code the tests notice. Not part of `npm test` or CI: it runs for tens of minutes.
// scripts/mutation-score.mjs turns Stryker's JSON report into reports/mutation/score.json.
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  mutate: [
    'packages/shared/src/access.ts',
    'packages/shared/src/grants.ts',
    'apps/api/src/auth/**/*.ts',
    '!apps/api/src/auth/**/*.test.ts',
  ],
  coverageAnalysis: 'perTest',
  // The machines have 2 cores, shared with the other engineers.
  concurrency: 2,
  // Integration tests open a database per file (~5 s); a slow mutant is not a hung one.
  timeoutMS: 60_000,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Later runs re-test only the mutants whose code or covering tests changed (`-- --force`: all).
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
