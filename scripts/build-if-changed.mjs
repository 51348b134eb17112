// `npm start`'s prestart: builds the web app and the API only when their sources changed since the
// last build made here (a hash of the sources against a stamp), or when a build output is missing.
// `npm run build` (tests, CI) always builds; a bare clone has no stamp, so it builds once.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const STAMP = join(root, 'node_modules', '.cache', 'skolar', 'build-stamp');
const OUTPUTS = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];
// What the two builds read: sources, configs, the lockfile (dependency versions end up bundled).
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
];
const SKIPPED = new Set(['node_modules', 'dist', '.vite']);

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (!SKIPPED.has(name)) yield* files(join(path, name));
  }
}

/** One hash of every input file's path and content. */
function sourcesHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const current = sourcesHash();
const stamped = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
const built = OUTPUTS.every((output) => existsSync(join(root, output)));
if (built && stamped === current) {
  console.log('build: sources unchanged since the last build, starting it as is');
} else {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${current}\n`);
}
