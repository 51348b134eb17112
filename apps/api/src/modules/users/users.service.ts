import { userBody } from '@skolar/shared';
import type { z } from 'zod';
import { archiveEvent, record } from '../../audit/audit.ts';
import { inviteUser } from '../../auth/invitations.ts';
import {
  can,
  type RowPermissions,
  requireAccess,
  withPermission,
  withPermissions,
} from '../../auth/policy.ts';
import { type Actor, revokeUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  conflict,
  fieldErrorsOf,
  HttpError,
  isReferenced,
  validationFailed,
} from '../../http/errors.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import {
  deleteUser,
  emailOwner,
  findUser,
  insertUser,
  institutionExists,
  institutionOfUser,
  listUsers,
  type UserListQuery,
  updateUser,
} from './users.queries.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findUser>>>;
type Body = z.output<typeof userBody>;

/** Nobody archives or deletes their own account. */
const notSelf = (actor: Actor) => (row: Row, can: RowPermissions) => {
  const self = row.id === actor.userId;
  return { ...can, delete: can.delete && !self, archive: can.archive && !self };
};
const present = (db: DbOrTx, actor: Actor, row: Row) =>
  withPermission(db, actor, 'user', row, notSelf(actor));

export async function list(ctx: AppContext, actor: Actor, query: UserListQuery) {
  const { rows, total } = await listUsers(ctx.db, can(actor, 'list', 'user').where, query);
  return pageOf(query, await withPermissions(ctx.db, actor, 'user', rows, notSelf(actor)), total);
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'user', id);
  return present(ctx.db, actor, (await findUser(ctx.db, id))!);
}

/** The checks a form cannot make alone: the institution exists, the address is free. */
async function checkBody(db: DbOrTx, body: Body, userId?: number) {
  const errors: Record<string, string[]> = {};
  if (body.institution_id !== null && !(await institutionExists(db, body.institution_id))) {
    errors.institution_id = ['manage.validation.unknownInstitution'];
  }
  const owner = await emailOwner(db, body.email);
  if (owner !== undefined && owner !== userId) errors.email = ['manage.validation.emailTaken'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Creates an account and invites it by e-mail in the same transaction. */
export async function create(ctx: AppContext, actor: Actor, body: Body) {
  const id = await ctx.db.transaction(async (tx) => {
    await checkBody(tx, body);
    const row = await insertUser(tx, { ...body, email: body.email.toLowerCase() });
    await inviteUser(ctx, tx, row);
    return row.id;
  });
  return present(ctx.db, actor, (await findUser(ctx.db, id))!);
}

/** Edits an account; the edit route carries a step-up token (X-Confirm-Token). */
export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<Body>) {
  await requireAccess(ctx.db, actor, 'update', 'user', id);
  const set = changes({ ...body, email: body.email?.toLowerCase() });
  if (set) {
    // The rules across fields (role and institution, a free address) hold on the account as it will be.
    const current = (await findUser(ctx.db, id))!;
    const next = userBody.safeParse({
      first_name: current.first_name,
      last_name: current.last_name,
      email: current.email,
      role: current.role,
      institution_id: current.institution_id,
      ...set,
    });
    if (!next.success) throw validationFailed(fieldErrorsOf(next.error));
    // The edited account's role, not the actor's: the platform's last hand cannot demote itself.
    if (id === actor.userId && next.data.role !== 'super-admin') {
      throw conflict('manage.conflict.self');
    }
    await checkBody(ctx.db, next.data, id);
    await ctx.db.transaction(async (tx) => {
      await updateUser(tx, id, set);
      // The edited account's role, not the actor's: a change of role or institution is audited.
      if (next.data.role !== current.role || next.data.institution_id !== current.institution_id) {
        await record(tx, ctx, actor, {
          action: 'role.change',
          entity: 'user',
          entityId: id,
          before: { role: current.role, institution_id: current.institution_id },
          after: { role: next.data.role, institution_id: next.data.institution_id },
        });
      }
    });
  }
  return present(ctx.db, actor, (await findUser(ctx.db, id))!);
}

/** Archives (and signs out at once) or restores an account. */
export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'user', id);
  if (id === actor.userId) throw conflict('manage.conflict.self');
  const now = ctx.clock.now();
  const current = (await findUser(ctx.db, id))!;
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, { archived_at: archived ? now : null });
    if (archived) await revokeUserSessions(tx, id, now);
    await record(tx, ctx, actor, archiveEvent('user', id, archived, current));
  });
  return present(ctx.db, actor, (await findUser(ctx.db, id))!);
}

/**
 * Ends every open session of a person without archiving them (ASVS 7.4.5, decision 142): the
 * super-admin for anyone (`user`), an admin for their institution's students and teachers; never
 * one's own (409: signing out is for that). Recorded in the audit log with the count.
 */
export async function endSessionsOf(
  ctx: AppContext,
  actor: Actor,
  entity: 'user' | 'student' | 'teacher',
  id: number,
): Promise<{ revoked: number }> {
  await requireAccess(ctx.db, actor, 'archive', entity, id);
  if (id === actor.userId) throw conflict('manage.conflict.self');
  const revoked = await ctx.db.transaction(async (tx) => {
    const person = await institutionOfUser(tx, id);
    const count = await revokeUserSessions(tx, id, ctx.clock.now());
    await record(tx, ctx, actor, {
      action: 'sessions.revoke',
      entity: 'user',
      entityId: id,
      institutionId: person?.institution_id ?? null,
      after: { revoked: count },
    });
    return count;
  });
  return { revoked };
}

/** Deletes an account; when rows still depend on it the database refuses and this answers 409. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'user', id);
  if (id === actor.userId) throw conflict('manage.conflict.self');
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await deleteUser(tx, id);
      await record(tx, ctx, actor, { action: 'delete', entity: 'user', entityId: id, before });
    });
  } catch (error) {
    if (isReferenced(error)) throw new HttpError(409, 'manage.conflict.userInUse');
    throw error;
  }
}
