import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import { queryRows } from './client.ts';
import { TRIGGERS } from './triggers.ts';

/** The events of a trigger, from pg_trigger.tgtype's bits. */
function eventsOf(type: number): string[] {
  const events: string[] = [];
  if (type & 4) events.push('insert');
  if (type & 8) events.push('delete');
  if (type & 16) events.push('update');
  if (type & 32) events.push('truncate');
  return events;
}

describe('database triggers', () => {
  it('are the ones db/triggers.ts lists, table by table, with their function and events', async () => {
    const database = await openTestDatabase();
    const rows = await queryRows<{ table: string; function: string; type: number }>(
      database.db,
      sql`
      select c.relname as "table", p.proname as "function", t.tgtype::int as "type"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal`,
    );
    await database.close();
    const found = new Map<string, Set<string>>();
    for (const row of rows) {
      const key = `${row.function} on ${row.table}`;
      found.set(key, new Set([...(found.get(key) ?? []), ...eventsOf(row.type)]));
    }
    const listed = new Map<string, Set<string>>();
    for (const trigger of TRIGGERS) {
      for (const [table, events] of Object.entries(trigger.tables)) {
        listed.set(`${trigger.function} on ${table}`, new Set(events));
      }
    }
    const sorted = (map: Map<string, Set<string>>) =>
      Object.fromEntries([...map].sort().map(([key, events]) => [key, [...events].sort()]));
    expect(sorted(found)).toEqual(sorted(listed));
  }, 120_000);
});
