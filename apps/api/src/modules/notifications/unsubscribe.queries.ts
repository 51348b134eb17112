import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  institutions,
  notificationPreferences,
  oneTimeTokens,
  users,
} from '../../db/schema/index.ts';

/** Marks the token used; false when it already was (a replay, or a concurrent click). */
export async function useToken(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.used_at)))
    .returning({ id: oneTimeTokens.id });
  return rows.length > 0;
}

/** The name of the person's institution (none for the super-admin). */
export async function institutionNameOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ name: institutions.name })
    .from(users)
    .innerJoin(institutions, eq(institutions.id, users.institution_id))
    .where(eq(users.id, userId));
  return row?.name;
}

/** Keeps these types in the application only, for the person. */
export async function keepInApp(db: DbOrTx, userId: number, types: readonly string[]) {
  for (const type of types) {
    await db
      .insert(notificationPreferences)
      .values({ user_id: userId, type, delivery: 'app' })
      .onConflictDoUpdate({
        target: [notificationPreferences.user_id, notificationPreferences.type],
        set: { delivery: 'app' },
      });
  }
}
