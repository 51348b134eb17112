#!/usr/bin/env node
// Lint for the test suites, beside Biome's noFocusedTests and noSkippedTests: a conditional skip
// (`skipIf`, `runIf`, `test.fixme`, `test.skip(condition, …)`) must say why on the line above, in a
// comment, so that a skipped test is always a decision someone can read.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const IGNORED = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'test-results',
  'playwright-report',
]);
const CONDITIONAL = /\.(skipIf|runIf|fixme)\(|\btest\.skip\(/;

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(path);
    else if (/\.(test|spec)\.tsx?$/.test(entry.name)) yield path;
  }
}

const problems = [];
for (const path of testFiles(root)) {
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!CONDITIONAL.test(line)) return;
    const above = (lines[i - 1] ?? '').trim();
    if (!above.startsWith('//')) {
      problems.push(
        `${relative(root, path)}:${i + 1}: a conditional skip needs a comment saying why`,
      );
    }
  });
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
