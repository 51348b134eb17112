import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves `schema` and `out` against the current directory, so both are made
// relative to wherever it is run from (the repo root with `npm run db:generate`, or apps/api).
const here = dirname(fileURLToPath(import.meta.url));
const fromCwd = (path: string) => relative(process.cwd(), resolve(here, path)) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: fromCwd('src/db/schema/index.ts'),
  out: fromCwd('src/db/migrations'),
  strict: true,
  verbose: true,
});
