import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MATRIX } from './authz-matrix.ts';
import { GRADING_MATRIX } from './grading-matrix.ts';

/**
 * docs/security.md maps each ASVS requirement to the test that proves it. These checks keep the
 * page honest as tests are renamed or removed: every row cites a test (or says why none applies,
 * or is marked as pending work), and every cited `file › describe › it` exists in that file (the
 * per-route tests of the matrix, the grading matrix and the fuzzer by their route).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = readFileSync(resolve(root, 'docs/security.md'), 'utf8');

/** The requirement rows: table lines whose first cell is an ASVS number. */
const rows = doc.split('\n').filter((line) => /^\| \d+\.\d/.test(line));
/** Every `file › describe › it` in back quotes. */
const citations = [...doc.matchAll(/`([^`]*›[^`]*)`/g)]
  .map((match) => match[1]!)
  .filter((citation) => /^(apps|packages|e2e)\//.test(citation));

/** Whether `name` is a whole string literal of the source (a test or describe title). */
const quoted = (source: string, name: string) =>
  ["'", '"', '`'].some((quote) => source.includes(`${quote}${name}${quote}`));

describe('docs/security.md', () => {
  it('gives every ASVS row a test, pending work, or the reason none applies', () => {
    expect(rows.length).toBeGreaterThan(100);
    const unproven = rows.filter(
      (row) =>
        !row.includes('›') &&
        !row.includes('<!-- pending: helper -->') &&
        !row.includes('N/A') &&
        !row.includes('**Not met**'),
    );
    expect(unproven).toEqual([]);
  });

  it('names only tests that exist, each in its file with its describe blocks', () => {
    expect(citations.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const citation of citations) {
      const [path, ...names] = citation.split(' › ');
      const file = resolve(root, path!);
      if (!existsSync(file)) {
        missing.push(citation);
        continue;
      }
      if (
        path === 'apps/api/test/authz-matrix.test.ts' &&
        names[0] === 'the authorization matrix'
      ) {
        const route = names[1]!;
        // The matrix's routes are shared among three files that call one suite.
        const test =
          readFileSync(file, 'utf8') +
          readFileSync(resolve(root, 'apps/api/test/authz-matrix-suite.ts'), 'utf8');
        if (!(route in MATRIX) && !test.includes(route)) missing.push(citation);
        continue;
      }
      // The fuzzer has one test per route of the registry, named `METHOD /url` like the matrix's
      // rows (the matrix test keeps both lists equal).
      if (
        path === 'apps/api/test/fuzz.test.ts' &&
        names[0] === 'fuzzed requests' &&
        names.length === 2 &&
        names[1]! in MATRIX
      ) {
        continue;
      }
      const source = readFileSync(file, 'utf8');
      // The grading matrix has one test per route of its reviewed table, named `METHOD /url`.
      if (
        path === 'apps/api/test/grading-matrix.test.ts' &&
        names.length === 2 &&
        quoted(source, names[0]!) &&
        names[1]! in GRADING_MATRIX
      ) {
        continue;
      }
      if (names.length === 0 || names.some((name) => !quoted(source, name))) {
        missing.push(citation);
      }
    }
    expect(missing).toEqual([]);
  });
});
