import type { FirstRunBody } from '@skolar/shared';
import type { FastifyBaseLogger } from 'fastify';
import { refuseWeakPassword } from '../../auth/common-passwords.ts';
import { hashPassword } from '../../auth/password.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, validationFailed } from '../../http/errors.ts';
import {
  consumeSetupToken,
  hasSuperAdmin,
  insertSetupToken,
  insertUser,
  liveSetupToken,
  lockFirstRun,
  retireSetupTokens,
  userWithEmail,
} from './setup.queries.ts';

/** A first-run link lasts an hour; a restart prints a new one while no super-admin exists. */
export const SETUP_TTL_MS = 60 * 60 * 1000;

/** Why the first super-admin was not created; `npm run create-admin` prints it. */
export class SuperAdminExistsError extends Error {}

/** The setup link and route answer this once a super-admin exists, or for a bad token. */
const setupClosed = () => new HttpError(404, 'setup.link_invalid');

/**
 * Creates a super-admin with the password they chose (verified address, no invitation), in one
 * transaction under a lock, so two concurrent setups create one. Refuses while an active
 * super-admin exists unless `allowExisting` (create-admin's `--force`); with `token`, consumes
 * that setup link in the same transaction.
 */
export async function createSuperAdmin(
  db: Db,
  input: FirstRunBody,
  now: Date,
  options: { token?: string; allowExisting?: boolean } = {},
): Promise<number> {
  refuseWeakPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockFirstRun(tx);
    if (options.token !== undefined) {
      const used = await consumeSetupToken(tx, hashToken(options.token), now);
      if (!used) throw setupClosed();
    }
    if (!options.allowExisting && (await hasSuperAdmin(tx))) {
      if (options.token !== undefined) throw setupClosed();
      throw new SuperAdminExistsError('a super-admin already exists');
    }
    const email = input.email.toLowerCase();
    if (await userWithEmail(tx, email)) {
      throw validationFailed({ email: ['manage.validation.emailTaken'] });
    }
    const id = await insertUser(tx, {
      role: 'super-admin',
      institution_id: null,
      first_name: input.first_name,
      last_name: input.last_name,
      email,
      email_verified_at: now,
      password_hash: passwordHash,
      locale: input.locale,
      created_at: now,
      updated_at: now,
    });
    // Every other setup link dies with the first use.
    await retireSetupTokens(tx, now);
    return id;
  });
}

/** Answers whether the setup link still works (the page asks before showing its form). */
export async function checkSetupToken(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  const live = await liveSetupToken(ctx.db, hashToken(token), now);
  if (!live || (await hasSuperAdmin(ctx.db))) throw setupClosed();
}

/**
 * At start, on a database without a super-admin: a new one-time setup link, valid an hour,
 * answered for the log. Null once a super-admin exists.
 */
async function issueSetupLink(ctx: AppContext): Promise<URL | null> {
  if (await hasSuperAdmin(ctx.db)) return null;
  const token = newToken();
  const now = ctx.clock.now();
  await insertSetupToken(ctx.db, {
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + SETUP_TTL_MS),
    created_at: now,
  });
  return new URL(`/setup/${token}`, ctx.config.PUBLIC_URL);
}

/**
 * While no super-admin exists, the first-run setup link in the log (decision 109); start calls it
 * once the database is ready (`ops/prepare.ts`).
 */
export async function announceFirstRun(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const link = await issueSetupLink(ctx);
  if (link) {
    log.warn(
      `first-run setup: no super-admin yet. Open ${link} within 60 minutes to create one (single use), or run \`npm run create-admin\`.`,
    );
  }
}
