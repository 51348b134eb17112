import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

/**
 * Issues a token for the purpose, valid `ttlMs` from now; only its hash is stored. A step-up
 * token is bound to the session that asked for it and to what it unlocks (`binding`).
 */
export async function issueToken(
  db: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
  ttlMs: number,
  binding: { sessionId?: number; target?: string | null } = {},
): Promise<string> {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    user_id: userId,
    purpose,
    session_id: binding.sessionId ?? null,
    target: binding.target ?? null,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + ttlMs),
    created_at: now,
  });
  return token;
}

/** The token row for this purpose whatever its state (used, expired), or undefined. */
export async function findToken(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.token_hash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** The unused, unexpired token row for this purpose, or undefined. */
export async function findLiveToken(db: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks a live token used and answers its row; a second call (a replay, or a concurrent request)
 * answers undefined because the update only matches an unused token.
 */
export async function consumeToken(db: DbOrTx, token: string, purpose: TokenPurpose, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, now),
      ),
    )
    .returning();
  return row;
}
