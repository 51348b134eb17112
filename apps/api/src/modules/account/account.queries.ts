import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files, institutions, oneTimeTokens, sessions, users } from '../../db/schema/index.ts';

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

/** The user's row; undefined when there is none. */
export async function userById(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** Saves the given fields of the user's own row (preferences, profile). */
export async function updateUser(
  db: DbOrTx,
  userId: number,
  set: Partial<typeof users.$inferInsert>,
) {
  await db.update(users).set(set).where(eq(users.id, userId));
}

/** The user's session, when it is not revoked; undefined otherwise (another user's included). */
export async function ownLiveSession(db: DbOrTx, userId: number, sessionId: number) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.user_id, userId), isNull(sessions.revoked_at)),
    );
  return row;
}

// MFA enrolment and its mailed confirmation codes (mfa.service.ts).

/** Keeps a new MFA secret (sealed, not active yet) for the user. */
export async function setPendingMfaSecret(tx: DbOrTx, userId: number, sealedSecret: string) {
  await tx
    .update(users)
    .set({ mfa_secret: sealedSecret, mfa_last_step: null })
    .where(eq(users.id, userId));
}

/** Spends the user's unused enrolment codes: a new one replaces them. */
export async function voidEnrolmentCodes(tx: DbOrTx, userId: number, now: Date) {
  await tx
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(oneTimeTokens.user_id, userId),
        eq(oneTimeTokens.purpose, 'mfa_enrolment'),
        isNull(oneTimeTokens.used_at),
      ),
    );
}

/** Stores the hash of a mailed enrolment code, bound to the session that asked for it. */
export async function insertEnrolmentCode(
  tx: DbOrTx,
  code: { userId: number; sessionId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await tx.insert(oneTimeTokens).values({
    user_id: code.userId,
    purpose: 'mfa_enrolment',
    token_hash: code.tokenHash,
    expires_at: code.expiresAt,
    created_at: code.createdAt,
    session_id: code.sessionId,
  });
}

/**
 * Spends the live enrolment code the session asked for (unused, not expired) and answers it;
 * undefined when there is none.
 */
export async function spendEnrolmentCode(
  tx: DbOrTx,
  of: { userId: number; sessionId: number },
  now: Date,
) {
  const [confirmation] = await tx
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(oneTimeTokens.user_id, of.userId),
        eq(oneTimeTokens.purpose, 'mfa_enrolment'),
        eq(oneTimeTokens.session_id, of.sessionId),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, now),
      ),
    )
    .returning();
  return confirmation;
}

/** Turns the user's MFA on from `at`, with the hashes of their recovery codes. */
export async function enableUserMfa(
  tx: DbOrTx,
  userId: number,
  at: Date,
  recoveryHashes: string[],
) {
  await tx
    .update(users)
    .set({ mfa_enabled_at: at, mfa_recovery_codes: recoveryHashes })
    .where(eq(users.id, userId));
}

/** Marks the session MFA-verified from `at`. */
export async function markSessionMfaVerified(tx: DbOrTx, sessionId: number, at: Date) {
  await tx.update(sessions).set({ mfa_verified_at: at }).where(eq(sessions.id, sessionId));
}

/** Turns the user's MFA off: its secret, recovery codes and last step go. */
export async function disableUserMfa(tx: DbOrTx, userId: number) {
  await tx
    .update(users)
    .set({ mfa_enabled_at: null, mfa_secret: null, mfa_recovery_codes: [], mfa_last_step: null })
    .where(eq(users.id, userId));
}

// The profile picture (picture.service.ts).

/** Sets (or clears) the address of the user's picture. */
export async function setPictureLink(tx: DbOrTx, userId: number, link: string | null) {
  await tx.update(users).set({ picture_link: link }).where(eq(users.id, userId));
}

/**
 * Deletes the rows of a user's pictures (all of them, or all but `keep`); answers their storage
 * keys, for the caller to delete the bytes once the transaction has committed.
 */
export function deletePicturesOf(tx: DbOrTx, userId: number, keep?: number) {
  return tx
    .delete(files)
    .where(
      and(
        eq(files.kind, 'user/picture'),
        eq(files.owner_id, userId),
        keep === undefined ? undefined : ne(files.id, keep),
      ),
    )
    .returning({ key: files.storage_key });
}
