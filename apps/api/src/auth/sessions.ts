import type { Role } from '@skolar/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { institutions, sessions, users } from '../db/schema/index.ts';
import type { Locale } from '../i18n/messages.ts';
import { DEFAULT_TIME_ZONE } from '../time.ts';
import { hashToken, newToken } from './tokens.ts';

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** …and in any case this long after sign-in: 12 hours for staff (ASVS 7.3.2, decision 118)… */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** …and 7 days for a student, whose session reaches only their own work. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

/** How long a session of this role may last after sign-in, whatever its activity. */
export function sessionLifetimeMs(role: Role): number {
  return role === 'student' ? SESSION_ABSOLUTE_MS : STAFF_SESSION_ABSOLUTE_MS;
}
/** last_seen_at is written at most this often, so reads do not become writes. */
const TOUCH_EVERY_MS = 60 * 1000;

/** Who is making the request, as every service and policy check sees it. */
export interface Actor {
  userId: number;
  role: Role;
  institutionId: number | null;
  sessionId: number;
  locale: Locale;
  /** The zone of the actor's institution (the platform's default without one): their calendar. */
  timeZone: string;
  /** Staff of an institution that requires MFA, not enrolled yet: only enrolment is open. */
  mfaEnrolmentRequired?: boolean;
}

/**
 * What makes a user row an Actor: select these from `users` left-joined to their institution and
 * pass the row to `actorOf` (sessions; the private calendar feed, which acts as its user).
 */
export const actorColumns = {
  userId: users.id,
  role: users.role,
  institutionId: users.institution_id,
  locale: users.locale,
  disabledAt: users.disabled_at,
  archivedAt: users.archived_at,
  mfaEnabledAt: users.mfa_enabled_at,
  mfaRequired: institutions.mfa_required_for_staff,
  timeZone: institutions.timezone,
};

/**
 * The actor of a row selected with `actorColumns`; null for a disabled or archived user, and for
 * a session (`session` given) that never proved a second factor while the account has MFA on.
 */
export function actorOf(
  row: {
    userId: number;
    role: Role;
    institutionId: number | null;
    locale: Locale;
    disabledAt: Date | null;
    archivedAt: Date | null;
    mfaEnabledAt: Date | null;
    mfaRequired: boolean | null;
    timeZone: string | null;
  },
  sessionId: number,
  session?: { mfaVerifiedAt: Date | null },
): Actor | null {
  if (row.disabledAt || row.archivedAt) return null;
  if (session && row.mfaEnabledAt && !session.mfaVerifiedAt) return null;
  return {
    userId: row.userId,
    role: row.role,
    institutionId: row.institutionId,
    sessionId,
    locale: row.locale,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    mfaEnrolmentRequired: row.role !== 'student' && row.mfaRequired === true && !row.mfaEnabledAt,
  };
}

/**
 * Opens a session for the user and answers the raw token, which is never stored. `mfaVerified`:
 * the sign-in passed the MFA step (a session without it stops working once MFA is on).
 */
export async function createSession(
  db: DbOrTx,
  userId: number,
  now: Date,
  client: { userAgent?: string; ip?: string },
  options: { mfaVerified?: boolean } = {},
) {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const lifetime = sessionLifetimeMs(user?.role ?? 'student');
  const token = newToken();
  const [session] = await db
    .insert(sessions)
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + lifetime),
      mfa_verified_at: options.mfaVerified ? now : null,
      user_agent: client.userAgent?.slice(0, 400) ?? null,
      ip: client.ip ?? null,
    })
    .returning();
  return { token, session: session! };
}

/** The session lookup: every signed-in request runs it. */
const sessionLookup = preparedQuery((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.last_seen_at,
      expiresAt: sessions.expires_at,
      revokedAt: sessions.revoked_at,
      mfaVerifiedAt: sessions.mfa_verified_at,
      ...actorColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(institutions, eq(institutions.id, users.institution_id))
    .where(eq(sessions.token_hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('resolve_session'),
);

/** The actor behind a token, or null when the session is unknown, revoked, expired or idle. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<Actor | null> {
  const [row] = await sessionLookup(db).execute({ hash: hashToken(token) });
  if (!row || row.revokedAt) return null;
  const actor = actorOf(row, row.sessionId, row);
  if (!actor) return null;
  const time = now.getTime();
  if (row.expiresAt.getTime() <= time) return null;
  if (row.lastSeenAt.getTime() + SESSION_IDLE_MS <= time) return null;
  if (time - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, row.sessionId));
  }
  return actor;
}

/** Revokes one session. */
export async function revokeSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Revokes every open session of a user, except the one given (the current one, on a password change). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  now: Date,
  exceptSessionId?: number,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        exceptSessionId === undefined ? sql`true` : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
