import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';

// The migrated schema, opened before the tests (a cold PGlite start is slow on a loaded machine).
const database = await openTestDatabase();
afterAll(() => database.close());

import { queryRows } from './client.ts';

// Every instant the application compares comes from `ctx.clock` (decision 27): a tests' clock
// pinned to one day, or a machine whose clock is years off, must see the same behaviour. These
// checks refuse the two ways the database's own clock creeps back in.

/** Bookkeeping columns: written by the database, shown, sorted, never compared with the clock. */
const BOOKKEEPING = new Set(['created_at', 'updated_at']);

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Lines of the API's sources (tests and migrations aside) that match, as `file:line: text`. */
function linesMatching(pattern: RegExp, allowed: readonly string[] = []): string[] {
  return sources(SRC).flatMap((path) => {
    const file = relative(SRC, path);
    if (allowed.includes(file)) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('the clock', () => {
  it('gives no column a default from the database clock, bookkeeping columns aside', async () => {
    const columns = await queryRows<{ table: string; column: string }>(
      database.db,
      sql`
      select table_name as "table", column_name as "column"
      from information_schema.columns
      where table_schema = 'public'
        and (column_default ilike '%now()%' or column_default ilike '%current_%')
      order by 1, 2`,
    );
    expect(columns.filter((c) => !BOOKKEEPING.has(c.column))).toEqual([]);
  });

  it('never reads the database clock in a query', () => {
    expect(
      linesMatching(/(?<![.\w])now\(\)(?!\s*:)|current_(timestamp|date|time)\b|localtimestamp/i),
    ).toEqual([]);
  });

  it('never compares a bookkeeping column with an instant', () => {
    expect(linesMatching(/\b(lt|lte|gt|gte|between)\([^)]*\.(created_at|updated_at)\b/)).toEqual(
      [],
    );
  });

  it('does calendar maths in one place only, time.ts', () => {
    expect(
      linesMatching(/date-fns|Intl\.DateTimeFormat|toISOString\(\)\.slice|getTimezoneOffset/, [
        'time.ts',
      ]),
    ).toEqual([]);
  });

  it('reads the machine clock in one place only, the system clock of time.ts', () => {
    expect(
      linesMatching(/new Date\(\)|Date\.now\(\)/, ['time.ts', join('db', 'schema', 'common.ts')]),
    ).toEqual([]);
  });
});
