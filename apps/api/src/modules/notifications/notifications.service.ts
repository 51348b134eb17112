import type { NotificationType, notificationListQuery } from '@skolar/shared';
import type { z } from 'zod';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { KNOWN_TYPES, signalLive } from '../../notify/notify.queries.ts';
import { hasNotification, markRead, notificationPage, unreadIn } from './notifications.queries.ts';

// The notification centre's reads and marks (issue 33, decision 200): a person's own rows only
// (`can(actor, …, 'notification')`), whatever their role.

interface Row {
  id: number;
  type: string;
  params: Record<string, string>;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

/** A row as the API answers it; a type this version does not know (rolled back) never leaves. */
export function present(row: Row) {
  return {
    id: row.id,
    type: row.type as NotificationType,
    params: row.params,
    link: row.link,
    created_at: row.created_at,
    read_at: row.read_at,
  };
}

/** `GET /api/notifications`: the latest first, by pages, with the unread count. */
export async function list(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof notificationListQuery>,
) {
  const { before, unread, limit } = query;
  const scope = can(actor, 'list', 'notification').where;
  const [rows, count] = await Promise.all([
    notificationPage(ctx.db, scope, { before, unread, limit }),
    unreadIn(ctx.db, scope),
  ]);
  const page = rows.slice(0, limit);
  return {
    data: page.filter((row) => KNOWN_TYPES.has(row.type)).map(present),
    unread: count,
    has_more: rows.length > limit,
  };
}

/**
 * Marks one or all read and answers the count left; the person's other tabs and devices hear it
 * on their live stream.
 */
async function mark(ctx: AppContext, actor: Actor, id?: number) {
  const scope = can(actor, 'update', 'notification').where;
  return ctx.db.transaction(async (tx) => {
    if (id !== undefined && !(await hasNotification(tx, scope, id))) throw notFound();
    const changed = await markRead(tx, scope, ctx.clock.now(), id);
    if (changed > 0) await signalLive(tx);
    return { unread: await unreadIn(tx, scope) };
  });
}

/** `POST /api/notifications/:id/read`. */
export const readOne = (ctx: AppContext, actor: Actor, id: number) => mark(ctx, actor, id);

/** `POST /api/notifications/read-all`. */
export const readAll = (ctx: AppContext, actor: Actor) => mark(ctx, actor);
