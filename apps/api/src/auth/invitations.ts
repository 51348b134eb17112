import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { institutions } from '../db/schema/index.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { issueToken } from './one-time-tokens.ts';

/** An invitation link stays valid a week: people do not read their mail every day. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Invitee {
  id: number;
  email: string;
  first_name: string;
  locale: 'fr' | 'en' | 'de';
  institution_id: number | null;
}

/**
 * Invites an account created by an admin: a verification token and its mail, written in the
 * caller's transaction so a rolled-back creation sends nothing. The link lets the person verify
 * their address and choose a password.
 */
export async function inviteUser(
  ctx: Pick<AppContext, 'clock'> & { config: Pick<AppContext['config'], 'PUBLIC_URL'> },
  db: DbOrTx,
  user: Invitee,
): Promise<void> {
  const now = ctx.clock.now();
  const token = await issueToken(db, user.id, 'verify_email', now, INVITATION_TTL_MS);
  const [institution] = user.institution_id
    ? await db
        .select({ name: institutions.name, color_code: institutions.color_code })
        .from(institutions)
        .where(eq(institutions.id, user.institution_id))
    : [];
  const link = new URL(`/verify-email/${token}`, ctx.config.PUBLIC_URL);
  link.searchParams.set('email', user.email);
  await enqueueMail(db, {
    at: now,
    to: user.email,
    template: 'invitation',
    locale: user.locale,
    payload: {
      first_name: user.first_name,
      link: link.toString(),
      institution_name: institution?.name ?? 'Skolar',
      color_code: institution?.color_code ?? '#144E5E',
    },
  });
}
