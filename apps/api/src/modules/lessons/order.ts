import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';

/**
 * Writes the positions 1…n of `ids` in one statement, after checking that `ids` is exactly the
 * current set (`current`): a list with a missing, extra or foreign id answers 422 and changes
 * nothing. Call it inside the transaction that read `current`.
 */
export async function writeOrder(
  tx: DbOrTx,
  table: PgTable,
  idColumn: PgColumn,
  current: readonly number[],
  ids: readonly number[],
): Promise<void> {
  const known = new Set(current);
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw validationFailed({ ids: ['lessons.validation.order'] });
  }
  const values: SQL[] = ids.map((id, index) => sql`(${id}::bigint, ${index + 1}::int)`);
  await tx.execute(
    sql`update ${table} set position = o.position from (values ${sql.join(values, sql`, `)}) as o(id, position) where ${idColumn} = o.id`,
  );
}
