// `npm run lint:openapi`: builds the OpenAPI document in this process (no server listens), writes
// it to a temporary file and runs `redocly lint` on it with the repository's redocly.yaml. Exits
// with Redocly's code: non-zero on any error-level problem.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildOpenApiDocument } from './openapi-document.ts';

const root = resolve(import.meta.dirname, '../../..');
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

// One line per rule by default; `npm run lint:openapi -- --format stylish` lists every problem.
const args = process.argv.slice(2);
const format = args.some((arg) => arg.startsWith('--format')) ? [] : ['--format', 'summary'];
const maxProblems = args.some((arg) => arg.startsWith('--max-problems'))
  ? []
  : ['--max-problems', '1000'];

const dir = mkdtempSync(join(tmpdir(), 'skolar-openapi-lint-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
  const result = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), ...format, ...maxProblems, ...args],
    {
      stdio: 'inherit',
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
