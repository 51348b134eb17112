import type { SessionItem, SettingsAnswer, SettingsBody } from '@skolar/shared';
import {
  type Actor,
  revokeSession,
  revokeUserSessions,
  SESSION_IDLE_MS,
} from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { changes } from '../../http/patch.ts';
import { openSessionsOf, ownLiveSession, updateUser, userWithPolicy } from './account.queries.ts';
import { describeUserAgent } from './user-agent.ts';

/** True when the user's institution requires MFA for their role (every role but student). */
export function mfaRequiredFor(role: Actor['role'], institutionRequires: boolean | null): boolean {
  return Boolean(institutionRequires) && role !== 'student';
}

/** The signed-in user's preferences and MFA state. */
export async function getSettings(ctx: AppContext, actor: Actor): Promise<SettingsAnswer> {
  const row = await userWithPolicy(ctx.db, actor.userId);
  if (!row) throw notFound();
  const { user } = row;
  return {
    locale: user.locale,
    theme: user.theme,
    notify_email: user.notify_email,
    notify_offers: user.notify_offers,
    mfa_enabled: Boolean(user.mfa_enabled_at),
    mfa_required: mfaRequiredFor(user.role, row.mfaRequiredForStaff),
  };
}

/** Saves the preferences of the signed-in user. */
export async function updateSettings(
  ctx: AppContext,
  actor: Actor,
  body: Partial<SettingsBody>,
): Promise<SettingsAnswer> {
  const set = changes(body);
  if (set) await updateUser(ctx.db, actor.userId, set);
  return getSettings(ctx, actor);
}

/** The user's open sessions, the current one marked, with a rough device description. */
export async function listSessions(ctx: AppContext, actor: Actor): Promise<SessionItem[]> {
  const now = ctx.clock.now();
  const rows = await openSessionsOf(ctx.db, actor.userId, now);
  return rows
    .filter((row) => row.last_seen_at.getTime() + SESSION_IDLE_MS > now.getTime())
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.user_agent),
      ip: row.ip,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      current: row.id === actor.sessionId,
    }));
}

/** Signs out one of the user's own sessions; another user's session answers 404. */
export async function endSession(ctx: AppContext, actor: Actor, sessionId: number) {
  const row = await ownLiveSession(ctx.db, actor.userId, sessionId);
  if (!row) throw notFound();
  await revokeSession(ctx.db, row.id, ctx.clock.now());
  return { current: row.id === actor.sessionId };
}

/** Signs out every session of the user but this one. */
export async function endOtherSessions(ctx: AppContext, actor: Actor) {
  return revokeUserSessions(ctx.db, actor.userId, ctx.clock.now(), actor.sessionId);
}
