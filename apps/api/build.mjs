// Bundles the API (with @skolar/shared) into dist/server.js; npm packages stay external.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The workspace package is TypeScript source: bundle it instead of leaving it external.
  plugins: [
    {
      name: 'bundle-workspace',
      setup(b) {
        b.onResolve({ filter: /^@skolar\/shared/ }, async (args) => {
          const path = args.path.replace('@skolar/shared', '../../packages/shared/src');
          const target = path.endsWith('shared/src') ? `${path}/index.ts` : `${path}.ts`;
          return b.resolve(target.startsWith('.') ? target : `./${target}`, {
            resolveDir: process.cwd(),
            kind: args.kind,
          });
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __skolarRequire } from 'node:module'; const require = __skolarRequire(import.meta.url);",
  },
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/auth/common-passwords.txt', 'dist/common-passwords.txt');
cpSync('src/ops/seed/assets', 'dist/assets', { recursive: true });
cpSync('src/ops/seed/demo-syllabus.pdf', 'dist/demo-syllabus.pdf');
console.log('api: built dist/server.js');
