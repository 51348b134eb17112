// Builds the SPA for production whatever NODE_ENV says, precompresses it (brotli and gzip, served by
// @fastify/static with preCompressed) and prints the gzip JavaScript each top-level route needs.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Before Vite loads: React, the router and Vite's own conditions follow NODE_ENV.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');

const root = import.meta.dirname;
const dist = join(root, 'dist');
await build({ root, configFile: join(root, 'vite.config.ts'), mode: 'production' });

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|pfb)$/;
/** Writes `file.br` and `file.gz` beside every text asset worth compressing. */
function precompress(directory) {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) {
      if (name !== '.vite') precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const source = readFileSync(path);
    if (source.length < 512) continue;
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${path}.br`, br);
    if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
  }
}
precompress(dist);

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The JS files a manifest entry needs before it runs: itself and its static imports. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

/** The registries whose pages come with the first load's texts (router.tsx, FIRST_LOAD_PAGES). */
const FIRST_LOAD_REGISTRIES = new Set(['public.ts', 'account.ts']);
/** Route path → its page module (manifest key), and the routes that also await the signed-in texts. */
const signedInRoutes = new Set();
function routePages() {
  const pagesDir = join(root, 'src', 'app', 'pages');
  const routes = new Map();
  for (const name of readdirSync(pagesDir)) {
    const source = readFileSync(join(pagesDir, name), 'utf8');
    const key = (specifier) => relative(root, resolve(pagesDir, specifier));
    const named = new Map();
    for (const m of source.matchAll(/const (\w+)(?::[^=]+)? = \(\) =>\s*import\('([^']+)'\)/g)) {
      named.set(m[1], key(m[2]));
    }
    const routeRe = /'(\/[^']*)':\s*(?:\(\) =>\s*import\('([^']+)'\)|\(\) =>\s*(\w+)\(\)|(\w+))/g;
    for (const m of source.matchAll(routeRe)) {
      const page = m[2] ? key(m[2]) : named.get(m[3] ?? m[4]);
      if (page && !routes.has(m[1])) routes.set(m[1], page);
      if (!FIRST_LOAD_REGISTRIES.has(name)) signedInRoutes.add(m[1]);
    }
  }
  return routes;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = closure(entryKey);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);

const byPage = new Map();
for (const [route, page] of routePages()) {
  if (!manifest[page]) continue;
  byPage.set(page, [...(byPage.get(page) ?? []), route]);
}
// The signed-in pages' French texts: a chunk the router awaits beside those pages.
const signedInTexts = 'src/i18n/fr-signed-in.ts';
const rows = [...byPage].map(([page, routes]) => {
  const files = closure(page, new Set(entryFiles));
  if (routes.some((route) => signedInRoutes.has(route))) closure(signedInTexts, files);
  return { routes, bytes: total(files) };
});
rows.sort((a, b) => a.bytes - b.bytes);

console.log(`\nGzip JS before a route shows (entry ${kB(total(entryFiles))}):`);
for (const row of rows) {
  const label =
    row.routes.length > 2 ? `${row.routes.slice(0, 2).join(', ')}, …` : row.routes.join(', ');
  console.log(`  ${kB(row.bytes).padStart(9)}  ${label}`);
}
