import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/sessions.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import type { Clock } from '../time.ts';

/**
 * The audit log (decision 132): one row per sensitive event, written by `record` in the same
 * transaction as the change, so a rolled-back change leaves no row and a committed one always
 * has its row. Rows are append-only (a trigger refuses updates and deletes but the retention's).
 */

/** Who acted: a signed-in actor, a user known by id (a sign-in), or nobody (a guest). */
type Who = Pick<Actor, 'userId'> & { institutionId?: number | null };
export type AuditWho = Who;

export interface AuditEvent {
  /** What happened, as `<verb>` or `<area>.<verb>`: `delete`, `archive`, `auth.login`, … */
  action: string;
  /** The kind of row it happened to (`user`, `result`, `evaluation`, …). */
  entity: string;
  entityId?: number | null;
  before?: object | null;
  after?: object | null;
  /** The institution of the row; defaults to the row's `institution_id`, then the actor's. */
  institutionId?: number | null;
}

/** Keys whose values are secrets: never written to the log, only that they were there. */
const SECRET_KEY = /pass(word)?|secret|token|hash|recovery|totp|^code$/i;
const REDACTED = '[redacted]';

/** A copy of a row fit for the log: secrets replaced, dates as ISO text, depth bounded. */
function redactSecrets(value: unknown, depth = 0): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object' || depth > 6) return value ?? null;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) && inner !== null && inner !== undefined
        ? REDACTED
        : redactSecrets(inner, depth + 1),
    ]),
  );
}

/** "First Last <e-mail>" of a user as the database holds them now, or "user #id". */
export const userLabel = (userId: SQL | number): SQL<string> =>
  sql<string>`coalesce((select ${users.first_name} || ' ' || ${users.last_name} || ' <' || ${users.email} || '>' from ${users} where ${users.id} = ${userId}), 'user #' || ${userId}::text)`;

function institutionOf(event: AuditEvent, who: Who | null): number | null {
  if (event.institutionId !== undefined) return event.institutionId;
  for (const row of [event.after, event.before]) {
    const id = (row as { institution_id?: unknown } | null | undefined)?.institution_id;
    if (typeof id === 'number') return id;
  }
  return who?.institutionId ?? null;
}

/** An archive or unarchive of a row, with the row as it was (`institution_id` taken from it). */
export const archiveEvent = (
  entity: string,
  entityId: number,
  archived: boolean,
  before?: object | null,
): AuditEvent => ({ action: archived ? 'archive' : 'unarchive', entity, entityId, before });

/** Writes one audit row, in the caller's transaction (pass `tx`) so it commits with the change. */
export async function record(
  db: DbOrTx,
  ctx: { clock: Clock },
  who: Who | null,
  event: AuditEvent,
): Promise<void> {
  await db.insert(auditLog).values({
    actor_id: who?.userId ?? null,
    actor_label: who ? userLabel(who.userId) : null,
    institution_id: institutionOf(event, who),
    action: event.action,
    entity: event.entity,
    entity_id: event.entityId ?? null,
    before: (redactSecrets(event.before ?? null) as Record<string, unknown> | null) ?? null,
    after: (redactSecrets(event.after ?? null) as Record<string, unknown> | null) ?? null,
    at: ctx.clock.now(),
  });
}

/**
 * Runs a change and writes its audit row in one transaction, so that both commit or neither does
 * (decision 132): a failed audit insert rolls the change back. Every service that deletes, archives or unarchives a row
 * goes through here or calls `record` in its own transaction; the authorization matrix test
 * checks that each successful delete/archive route leaves its row.
 */
export async function audited<T>(
  ctx: { db: Db; clock: Clock },
  who: Who | null,
  event: AuditEvent,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await change(tx);
    await record(tx, ctx, who, event);
    return result;
  });
}

/** The deletion of a row, as the audit log keeps it. */
export const deleteEvent = (entity: string, entityId: number | null): AuditEvent => ({
  action: 'delete',
  entity,
  entityId,
});
