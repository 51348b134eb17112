import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, sessions, users } from '../../db/schema/index.ts';

/** The open sessions of a user (not revoked, not past their absolute end), latest first. */
export async function openSessionsOf(db: DbOrTx, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, now)),
    )
    .orderBy(desc(sessions.last_seen_at), desc(sessions.id));
}

/** The user with the MFA policy of their institution. */
export async function userWithPolicy(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ user: users, mfaRequiredForStaff: institutions.mfa_required_for_staff })
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
