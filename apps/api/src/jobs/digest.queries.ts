import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { institutions, notificationSettings, notifications, users } from '../db/schema/index.ts';

/**
 * Those with notifications waiting for the digest: their hour, their zone (theirs or their
 * institution's), when their last digest went out, and what the mail needs.
 */
export function digestCandidates(db: DbOrTx) {
  return db
    .select({
      user_id: users.id,
      email: users.email,
      first_name: users.first_name,
      locale: users.locale,
      mail_on: users.notify_email,
      digest_hour: sql<number>`coalesce(${notificationSettings.digest_hour}, 7)`,
      time_zone: sql<string>`coalesce(${notificationSettings.time_zone}, ${institutions.timezone}, 'Europe/Paris')`,
      digest_sent_at: notificationSettings.digest_sent_at,
      institution_name: institutions.name,
      color_code: institutions.color_code,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.user_id, users.id))
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(
      inArray(
        users.id,
        db
          .selectDistinct({ id: notifications.user_id })
          .from(notifications)
          .where(eq(notifications.mail, 'digest')),
      ),
    );
}

/**
 * Claims the person's digest of `slot`: moves `digest_sent_at` to it unless it is there already
 * (another node took it). True when this call claimed it.
 */
export async function claimDigest(db: DbOrTx, userId: number, slot: Date): Promise<boolean> {
  const rows = await db
    .insert(notificationSettings)
    .values({ user_id: userId, digest_sent_at: slot })
    .onConflictDoUpdate({
      target: notificationSettings.user_id,
      set: { digest_sent_at: slot },
      setWhere: sql`${notificationSettings.digest_sent_at} is null or ${notificationSettings.digest_sent_at} < ${slot}`,
    })
    .returning({ user_id: notificationSettings.user_id });
  return rows.length > 0;
}

/** Marks digested the person's waiting notifications made by `slot`, and answers them, oldest first. */
export function takeDigested(db: DbOrTx, userId: number, slot: Date) {
  return db
    .update(notifications)
    .set({ mail: 'digested' })
    .where(
      and(
        eq(notifications.user_id, userId),
        eq(notifications.mail, 'digest'),
        lte(notifications.notified_at, slot),
      ),
    )
    .returning({
      id: notifications.id,
      type: notifications.type,
      params: notifications.params,
      link: notifications.link,
    });
}
