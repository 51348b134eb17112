import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import { queryRows } from './client.ts';

describe('schema indexes', () => {
  it('indexes every foreign key column (as the leading column of some index)', async () => {
    const database = await openTestDatabase();
    const missing = await queryRows(
      database.db,
      sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )
      order by 1, 2`,
    );
    await database.close();
    expect(missing).toEqual([]);
  }, 120_000); // a cold start of PGlite with every migration: slow on a busy machine
});
