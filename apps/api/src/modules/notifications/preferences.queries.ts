import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  institutions,
  notificationPreferences,
  notificationSettings,
  users,
} from '../../db/schema/index.ts';

type Delivery = 'app' | 'instant' | 'digest' | 'off';

/** A person's own deliveries (the types they changed). */
export function deliveriesOf(db: DbOrTx, userId: number) {
  return db
    .select({ type: notificationPreferences.type, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId));
}

/** A person's digest hour and zone (theirs, or their institution's), and their e-mail switch. */
export async function digestOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      digest_hour: sql<number>`coalesce(${notificationSettings.digest_hour}, 7)`,
      time_zone: sql<string>`coalesce(${notificationSettings.time_zone}, ${institutions.timezone}, 'Europe/Paris')`,
      email_enabled: users.notify_email,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.user_id, users.id))
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(eq(users.id, userId));
  return row;
}

/** Sets one type's delivery; the type's default removes the row. */
export async function setDelivery(
  db: DbOrTx,
  userId: number,
  type: string,
  delivery: Delivery,
  isDefault: boolean,
) {
  if (isDefault) {
    await db
      .delete(notificationPreferences)
      .where(
        and(eq(notificationPreferences.user_id, userId), eq(notificationPreferences.type, type)),
      );
    return;
  }
  await db
    .insert(notificationPreferences)
    .values({ user_id: userId, type, delivery })
    .onConflictDoUpdate({
      target: [notificationPreferences.user_id, notificationPreferences.type],
      set: { delivery },
    });
}

/** Sets the digest's hour or zone, the other kept. */
export async function setDigest(
  db: DbOrTx,
  userId: number,
  change: { digest_hour?: number; time_zone?: string },
) {
  await db
    .insert(notificationSettings)
    .values({ user_id: userId, ...change })
    .onConflictDoUpdate({ target: notificationSettings.user_id, set: change });
}
