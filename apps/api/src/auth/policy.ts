// The policy: which rows of an entity an actor may see or change (`can`), and the checks built
// on it. Each domain's rules are in policy/ (structure, teaching, assessment, calendar, files),
// the only place of the API that names roles; the grants (which role may perform an action on an
// entity at all) are `@skolar/shared`'s, checked by a route's declared access.
import { type Action, type Entity, roleMay } from '@skolar/shared';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { assessmentRules } from './policy/assessment.ts';
import { attendanceRules } from './policy/attendance.ts';
import { calendarRules } from './policy/calendar.ts';
import { communicationRules } from './policy/communication.ts';
import { fileRules } from './policy/files.ts';
import type { EntityRule } from './policy/scope.ts';
import { structureRules } from './policy/structure.ts';
import { teachingRules } from './policy/teaching.ts';
import type { Actor } from './sessions.ts';

export type { Action, Entity } from '@skolar/shared';
export { bankSubjectScope } from './policy/assessment.ts';
export {
  announcementAudienceScope,
  blockableScope,
  contactScope,
  mayAnnounceToInstitution,
  mentionScope,
} from './policy/communication.ts';
export { publicFiles } from './policy/files.ts';
export { seminarPromotions } from './policy/teaching.ts';

/** 403 unless the actor's role may perform the action on that kind of row at all. */
export function authorize(actor: Actor, action: Action, entity: Entity): void {
  if (!roleMay(actor.role, action, entity)) throw forbidden();
}

/** Every entity's rule; the typecheck fails when an entity has none. */
const RULES: Record<Entity, EntityRule> = {
  ...structureRules,
  ...teachingRules,
  ...assessmentRules,
  ...calendarRules,
  ...fileRules,
  ...attendanceRules,
  ...communicationRules,
};

interface Scoped {
  table: PgTable;
  id: PgColumn;
  where: SQL;
}

const READS: ReadonlySet<Action> = new Set(['list', 'read']);

/**
 * The rows of an entity on which the actor may perform the action, as one SQL condition on the
 * entity's table: tenancy (another institution's rows are never in it), the role's scope (a
 * teacher's promotions and subjects, a student's own rows), and what the action needs beyond
 * seeing the row (only the owner writes a personal event). Every handler reaches rows through it,
 * with `requireAccess`, `allowedIds`, `permissionsOf` or as the `where` of its list query.
 * The role's grant itself is checked by the route's declared access (403 before any row is read).
 */
export function can(actor: Actor, action: Action, entity: Entity): Scoped {
  const rule = RULES[entity];
  const visible = rule.visible(actor);
  const writable = READS.has(action) ? undefined : rule.writable?.(actor, action);
  return { table: rule.table, id: rule.id, where: writable ? and(visible, writable)! : visible };
}
/**
 * Set-based access check for bulk operations: answers which of the ids the actor may act on.
 * A role that may not perform the action at all gets 403 before any row is read.
 */
export async function allowedIds(
  db: DbOrTx,
  actor: Actor,
  action: Action,
  entity: Entity,
  ids: readonly number[],
): Promise<Set<number>> {
  authorize(actor, action, entity);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const scope = can(actor, action, entity);
  const rows = await db
    .select({ id: scope.id })
    .from(scope.table)
    .where(and(inArray(scope.id, unique), scope.where));
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Every id must be visible to the actor, or the whole request answers 404: a row of another
 * institution, or outside the actor's scope, is indistinguishable from a row that does not exist.
 */
export async function requireAccess(
  db: DbOrTx,
  actor: Actor,
  action: Action,
  entity: Entity,
  ids: number | readonly number[],
): Promise<void> {
  const list = typeof ids === 'number' ? [ids] : ids;
  const allowed = await allowedIds(db, actor, action, entity, list);
  if (list.some((id) => !allowed.has(id))) throw notFound();
}

/** What the current user may do with a row: the screens show only these actions. */
export interface RowPermissions {
  update: boolean;
  delete: boolean;
  archive: boolean;
}

const ROW_ACTIONS = ['update', 'delete', 'archive'] as const;

/**
 * The permissions of the actor on each of the rows, in one query, from the same `can` that the
 * write will ask: a teacher's own event says yes, a colleague's says no.
 */
export async function permissionsOf(
  db: DbOrTx,
  actor: Actor,
  entity: Entity,
  ids: readonly number[],
): Promise<Map<number, RowPermissions>> {
  const none: RowPermissions = { update: false, delete: false, archive: false };
  const answer = new Map<number, RowPermissions>(ids.map((id) => [id, { ...none }]));
  const granted = ROW_ACTIONS.filter((action) => roleMay(actor.role, action, entity));
  if (ids.length === 0 || granted.length === 0) return answer;
  const scope = can(actor, 'read', entity);
  const columns = Object.fromEntries(
    granted.map((action) => [
      action,
      sql<boolean>`coalesce((${can(actor, action, entity).where}), false)`,
    ]),
  );
  const rows = (await db
    .select({ id: scope.id, ...columns })
    .from(scope.table)
    .where(inArray(scope.id, [...new Set(ids)]))) as unknown as Array<
    { id: number } & Partial<Record<(typeof ROW_ACTIONS)[number], boolean | string>>
  >;
  for (const row of rows) {
    const flags = { ...none };
    for (const action of granted) flags[action] = row[action] === true || row[action] === 't';
    answer.set(Number(row.id), flags);
  }
  return answer;
}

type Refine<T> = (row: T, can: RowPermissions) => RowPermissions;

/**
 * The rows with their `can` flags (permissionsOf), optionally refined by a rule of the row itself
 * (a program still used by promotions cannot be deleted).
 */
export async function withPermissions<T extends { id: number }>(
  db: DbOrTx,
  actor: Actor,
  entity: Entity,
  rows: readonly T[],
  refine: Refine<T> = (_row, can) => can,
): Promise<Array<T & { can: RowPermissions }>> {
  const ids = rows.map((row) => row.id);
  const permissions = await permissionsOf(db, actor, entity, ids);
  return rows.map((row) => ({ ...row, can: refine(row, permissions.get(row.id)!) }));
}

/** One row with its `can` flags. */
export async function withPermission<T extends { id: number }>(
  db: DbOrTx,
  actor: Actor,
  entity: Entity,
  row: T,
  refine?: Refine<T>,
): Promise<T & { can: RowPermissions }> {
  return (await withPermissions(db, actor, entity, [row], refine))[0]!;
}
