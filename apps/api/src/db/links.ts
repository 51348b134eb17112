import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

// The links of a many-to-many table (a promotion's students, a training's modules…), added or
// removed the same way by every module that owns one.
/** Adds the links owner → each id that do not exist yet (one statement). */
export async function link(
  db: DbOrTx,
  table: PgTable,
  ownerColumn: PgColumn,
  otherColumn: PgColumn,
  ownerId: number,
  ids: readonly number[],
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await db
    .insert(table)
    .values(unique.map((id) => ({ [ownerColumn.name]: ownerId, [otherColumn.name]: id })))
    .onConflictDoNothing();
}

/** Removes one link; answers whether it existed. */
export async function unlink(
  db: DbOrTx,
  table: PgTable,
  ownerColumn: PgColumn,
  otherColumn: PgColumn,
  ownerId: number,
  otherId: number,
): Promise<boolean> {
  const removed = await db
    .delete(table)
    .where(and(eq(ownerColumn, ownerId), inArray(otherColumn, [otherId])))
    .returning();
  return removed.length > 0;
}
