import { idText } from '@skolar/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { errorBody } from '../auth/auth.schemas.ts';

// Helpers shared by the people, promotion, training and group modules (issue 5, part B).

export const errorResponses = {
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

/** `/:id/<others>/:otherId` of a dissociation. */
export const pairParams = z.object({
  id: idText,
  otherId: idText,
});

export function pageOf<T>(query: ListQuery, data: T[], total: number) {
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}

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
