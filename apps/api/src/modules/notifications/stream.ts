import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../auth/sessions.ts';
import { resolveSession } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { LiveHub, LiveRow } from '../../notify/live.ts';
import { latestId } from '../../notify/notify.queries.ts';
import { present } from './notifications.service.ts';

/** A comment line this often keeps proxies from closing an idle stream, and rechecks the session. */
const HEARTBEAT_MS = 25_000;
/** Streams one person may hold open on one node (a few tabs and devices). */
const MAX_STREAMS = 8;

/**
 * `GET /api/notifications/stream`: server-sent events of the actor's own notifications. What the
 * browser missed since `Last-Event-ID` (or `after`) comes first, then each new one as it is
 * committed on any node, and the unread count whenever it changes. The stream ends when the
 * session does (signed out, revoked, expired).
 */
export async function openStream(
  ctx: AppContext,
  live: LiveHub,
  request: FastifyRequest<{ Querystring: { after?: number } }>,
  reply: FastifyReply,
  actor: Actor,
) {
  if (live.openCount(actor.userId) >= MAX_STREAMS) throw tooManyRequests(HEARTBEAT_MS / 1000);
  // The browser may leave while the first reads run: the stream then ends at once.
  let closed = false;
  let remove: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let started = false;
  const close = () => {
    if (closed) return;
    closed = true;
    if (heartbeat) clearInterval(heartbeat);
    remove?.();
    if (started) reply.raw.end();
  };
  request.raw.on('close', close);
  const header = Number(request.headers['last-event-id']);
  const after =
    Number.isInteger(header) && header >= 0
      ? header
      : (request.query.after ?? (await latestId(ctx.db, actor.userId)));
  const token = request.sessionToken;

  reply.hijack();
  started = true;
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store',
    connection: 'keep-alive',
    // nginx and its kin buffer answers unless told not to.
    'x-accel-buffering': 'no',
  });
  const write = (text: string) => {
    if (!raw.destroyed) raw.write(text);
  };
  write('retry: 3000\n\n');

  if (closed) {
    raw.end();
    return;
  }
  heartbeat = setInterval(async () => {
    write(': ping\n\n');
    const still = token ? await resolveSession(ctx.db, token, ctx.clock.now()) : null;
    if (!still || still.userId !== actor.userId) close();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  remove = await live.add({
    userId: actor.userId,
    lastId: after,
    unread: null,
    notification: (row: LiveRow) =>
      write(`id: ${row.id}\nevent: notification\ndata: ${JSON.stringify(present(row))}\n\n`),
    count: (unread) => write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`),
    end: close,
  });
  if (closed) remove();
}
