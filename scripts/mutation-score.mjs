#!/usr/bin/env node
// Reads Stryker's JSON report (reports/mutation/mutation.json) and writes the mutation score per
// file and in total to reports/mutation/score.json as `{ files: { path: score }, total }`, then
// prints it as a Markdown table. Score = detected / (detected + undetected), in percent with one
// decimal, as Stryker counts it: killed and timed-out mutants are detected; survived and
// not-covered ones are not; compile and runtime errors and ignored mutants do not count.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const input = resolve(root, process.argv[2] ?? 'reports/mutation/mutation.json');
const output = resolve(root, process.argv[3] ?? 'reports/mutation/score.json');

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const report = JSON.parse(readFileSync(input, 'utf8'));
const counts = Object.entries(report.files)
  .map(([file, { mutants }]) => {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
    const projectRoot = report.projectRoot ?? root;
    const path = relative(projectRoot, resolve(projectRoot, file)).replaceAll('\\', '/');
    return { path, detected, undetected };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

const score = (detected, undetected) =>
  detected + undetected === 0 ? null : Math.round((1000 * detected) / (detected + undetected)) / 10;
const sum = (key) => counts.reduce((total, file) => total + file[key], 0);

const result = {
  files: Object.fromEntries(counts.map((c) => [c.path, score(c.detected, c.undetected)])),
  total: score(sum('detected'), sum('undetected')),
};
writeFileSync(output, `${JSON.stringify(result, null, 2)}\n`);

console.log('| file | score | detected | undetected |');
console.log('|---|---:|---:|---:|');
for (const c of counts) {
  console.log(`| ${c.path} | ${result.files[c.path] ?? '–'} | ${c.detected} | ${c.undetected} |`);
}
console.log(`| **total** | **${result.total}** | ${sum('detected')} | ${sum('undetected')} |`);
console.log(`\nwritten to ${relative(root, output)}`);
