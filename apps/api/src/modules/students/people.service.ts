import type { PersonBody } from '@skolar/shared';
import { archiveEvent, record } from '../../audit/audit.ts';
import { inviteUser } from '../../auth/invitations.ts';
import {
  allowedIds,
  can,
  requireAccess,
  withPermission,
  withPermissions,
} from '../../auth/policy.ts';
import { type Actor, revokeUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import {
  addressOwner,
  addStudentToGroups,
  addStudentToPromotion,
  fullNameOf,
  groupOptions,
  groupsOfStudentPromotions,
  insertPerson,
  linkTeacherSubjects,
  listPeople,
  personById,
  personLinks,
  personRow,
  setPersonArchived,
  subjectOptions,
  unlinkStudentGroup,
  unlinkTeacherSubject,
  updatePerson,
} from './people.queries.ts';

export type PersonKind = 'student' | 'teacher';

/**
 * The person's e-mail must not be used by any other account. Addresses are unique across Skolar,
 * so the answer cannot hide that an address exists elsewhere; it does not say where, and each such
 * answer about an account outside the actor's institution is charged to the actor
 * (`address-taken:account`) and recorded in the audit log, so probing addresses through the
 * person forms is slow and seen (decision 161). Checked before the write's transaction (so the
 * record stays), and again inside it, against a concurrent request.
 */
async function assertEmailFree(
  ctx: AppContext,
  actor: Actor,
  kind: PersonKind,
  email: string,
  exceptId?: number,
) {
  const owner = await addressOwner(ctx.db, email, exceptId);
  if (!owner) return;
  // Held in another institution: charged and recorded (the platform's account, of none, sees all).
  if (actor.institutionId !== null && owner.institution_id !== actor.institutionId) {
    await ctx.limits.hit('address-taken:account', String(actor.userId));
    await record(ctx.db, ctx, actor, {
      action: 'person.address_taken',
      entity: kind,
      entityId: exceptId ?? null,
      after: { email },
    });
  }
  throw validationFailed({ email: ['cohorts.email_taken'] });
}

async function assertEmailStillFree(tx: DbOrTx, email: string, exceptId?: number) {
  if (await addressOwner(tx, email, exceptId)) {
    throw validationFailed({ email: ['cohorts.email_taken'] });
  }
}

const present = <T extends { id: number }>(db: DbOrTx, actor: Actor, kind: PersonKind, row: T) =>
  withPermission(db, actor, kind, row);

export async function list(
  ctx: AppContext,
  actor: Actor,
  kind: PersonKind,
  query: ListQuery,
  promotionId?: number,
) {
  if (promotionId !== undefined)
    await requireAccess(ctx.db, actor, 'read', 'promotion', promotionId);
  const { rows, total } = await listPeople(ctx.db, kind, can(actor, 'list', kind).where, query, {
    promotionId,
  });
  return pageOf(query, await withPermissions(ctx.db, actor, kind, rows), total);
}

export async function read(ctx: AppContext, actor: Actor, kind: PersonKind, id: number) {
  await requireAccess(ctx.db, actor, 'read', kind, id);
  const row = await personById(ctx.db, id);
  const links = await personLinks(ctx.db, id);
  return {
    ...(await present(ctx.db, actor, kind, row)),
    promotions: kind === 'student' ? links.studentOf : links.teacherOf,
    groups: links.groups,
    subjects: links.subjects,
  };
}

interface NewPerson extends PersonBody {
  role?: 'teacher' | 'super-teacher';
  promotion_id?: number | null;
}

/** Creates the account in the admin's institution and sends the invitation, in one transaction. */
export async function create(ctx: AppContext, actor: Actor, kind: PersonKind, body: NewPerson) {
  if (actor.institutionId === null) throw notFound();
  const institutionId = actor.institutionId;
  if (kind === 'student' && body.promotion_id) {
    await requireAccess(ctx.db, actor, 'assign', 'promotion', body.promotion_id);
  }
  await assertEmailFree(ctx, actor, kind, body.email);
  return ctx.db.transaction(async (tx) => {
    await assertEmailStillFree(tx, body.email);
    const row = await insertPerson(tx, {
      institution_id: institutionId,
      role: kind === 'student' ? 'student' : (body.role ?? 'teacher'),
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email.toLowerCase(),
      gender: body.gender,
      phone: body.phone ?? null,
      locale: body.locale ?? 'fr',
    });
    if (kind === 'student' && body.promotion_id) {
      await addStudentToPromotion(tx, body.promotion_id, row.id);
    }
    await inviteUser(ctx, tx, {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      locale: row.locale,
      institution_id: institutionId,
    });
    return present(tx, actor, kind, row);
  });
}

/** A sensitive edit: needs a live step-up token of the admin (X-Confirm-Token). */
export async function update(
  ctx: AppContext,
  actor: Actor,
  kind: PersonKind,
  id: number,
  body: Partial<NewPerson>,
) {
  await requireAccess(ctx.db, actor, 'update', kind, id);
  if (body.email !== undefined) await assertEmailFree(ctx, actor, kind, body.email, id);
  return ctx.db.transaction(async (tx) => {
    if (body.email !== undefined) await assertEmailStillFree(tx, body.email, id);
    const set = changes({
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email?.toLowerCase(),
      gender: body.gender,
      phone: body.phone,
      locale: body.locale,
      role: kind === 'teacher' ? body.role : undefined,
    });
    if (set?.role) {
      const before = await personRow(tx, id);
      // The edited teacher's role, not the actor's: only a change is written to the audit log.
      if (before?.role !== set.role) {
        await record(tx, ctx, actor, {
          action: 'role.change',
          entity: 'user',
          entityId: id,
          institutionId: before?.institution_id ?? null,
          before: { role: before?.role },
          after: { role: set.role },
        });
      }
    }
    if (set) await updatePerson(tx, id, set);
    const row = await personRow(tx, id);
    return present(tx, actor, kind, row!);
  });
}

/**
 * Archives or restores a person. Archiving revokes their sessions in the same transaction, so a
 * later restore brings none of them back: the person signs in again.
 */
export async function setArchived(
  ctx: AppContext,
  actor: Actor,
  kind: PersonKind,
  id: number,
  archived: boolean,
) {
  await requireAccess(ctx.db, actor, 'archive', kind, id);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await setPersonArchived(tx, id, archived ? now : null);
    if (archived) await revokeUserSessions(tx, id, now);
    await record(tx, ctx, actor, archiveEvent('user', id, archived, updated));
    return updated;
  });
  return present(ctx.db, actor, kind, row!);
}

/** `/teacher-subject/:id`: the subjects the teacher teaches, and the institution's others. */
export async function teacherSubjectsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'teacher', id);
  const label = await fullNameOf(ctx.db, id);
  const rows = await subjectOptions(ctx.db, id, can(actor, 'read', 'subject').where);
  return splitOptions({ id, label }, rows);
}

export function splitOptions(
  owner: { id: number; label: string },
  rows: { id: number; label: string; detail?: string | null; assigned: boolean }[],
) {
  const item = ({ id, label, detail }: (typeof rows)[number]) => ({
    id,
    label,
    detail: detail ?? null,
  });
  return {
    owner,
    assigned: rows.filter((row) => row.assigned).map(item),
    options: rows.filter((row) => !row.assigned).map(item),
  };
}

/** Set-based: one subject outside the admin's institution fails the whole request with 404. */
export async function assignTeacherSubjects(
  ctx: AppContext,
  actor: Actor,
  id: number,
  ids: number[],
) {
  await requireAccess(ctx.db, actor, 'assign', 'teacher', id);
  await requireAccess(ctx.db, actor, 'assign', 'subject', ids);
  await linkTeacherSubjects(ctx.db, id, ids);
  return teacherSubjectsOf(ctx, actor, id);
}

export async function dissociateTeacherSubject(
  ctx: AppContext,
  actor: Actor,
  id: number,
  subjectId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'teacher', id);
  const removed = await unlinkTeacherSubject(ctx.db, id, subjectId);
  if (!removed) throw notFound();
}

/** `/:promotionId/student-group/:id`: the student's groups, among the groups of their promotions. */
export async function studentGroupsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'student', id);
  const label = await fullNameOf(ctx.db, id);
  const rows = await groupOptions(ctx.db, id);
  return splitOptions({ id, label }, rows);
}

/** Only groups of the student's own promotions; any other id fails the whole request. */
export async function assignStudentGroups(
  ctx: AppContext,
  actor: Actor,
  id: number,
  ids: number[],
) {
  await requireAccess(ctx.db, actor, 'assign', 'student', id);
  const allowed = await allowedIds(ctx.db, actor, 'assign', 'group', ids);
  if (ids.some((groupId) => !allowed.has(groupId))) throw notFound();
  const inPromotion = await groupsOfStudentPromotions(ctx.db, id, ids);
  if (new Set(inPromotion.map((row) => row.id)).size !== new Set(ids).size) {
    throw validationFailed({ ids: ['cohorts.not_in_promotion'] });
  }
  await addStudentToGroups(ctx.db, id, ids);
  return studentGroupsOf(ctx, actor, id);
}

export async function dissociateStudentGroup(
  ctx: AppContext,
  actor: Actor,
  id: number,
  groupId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'student', id);
  const removed = await unlinkStudentGroup(ctx.db, id, groupId);
  if (!removed) throw notFound();
}
