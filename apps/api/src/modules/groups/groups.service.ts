import { type GroupBody, roleMay } from '@skolar/shared';
import { archiveEvent, audited, deleteEvent } from '../../audit/audit.ts';
import { can, requireAccess, withPermission, withPermissions } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { splitOptions } from '../students/people.service.ts';
import {
  addGroupStudents,
  addGroupSubjects,
  deleteGroup,
  groupById,
  groupStudentOptions,
  groupSubjectOptions,
  insertGroup,
  institutionOfPromotion,
  institutionStudentsAmong,
  institutionSubjectsAmong,
  listGroups,
  removeGroupStudent,
  removeGroupSubject,
  studentsOfGroup,
  subjectsOfGroup,
  updateGroup,
} from './groups.queries.ts';

type Row = Awaited<ReturnType<typeof groupById>>;
const present = (db: DbOrTx, actor: Actor, row: Row) => withPermission(db, actor, 'group', row);

/** Admins and super-teachers: the institution's groups; teachers: the groups of their promotions. */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery, promotionId?: number) {
  if (promotionId !== undefined)
    await requireAccess(ctx.db, actor, 'read', 'promotion', promotionId);
  const { rows, total } = await listGroups(
    ctx.db,
    can(actor, 'list', 'group').where,
    query,
    promotionId,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'group', rows), total);
}

/** The subjects the viewer may open: the screen links only those (a teacher's own); null: none. */
const readableSubjects = (actor: Actor) =>
  roleMay(actor.role, 'read', 'subject') ? can(actor, 'read', 'subject').where : null;

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'group', id);
  const [row, students, subjectRows] = await Promise.all([
    groupById(ctx.db, id),
    studentsOfGroup(ctx.db, id),
    subjectsOfGroup(ctx.db, id, readableSubjects(actor)),
  ]);
  return { ...(await present(ctx.db, actor, row)), students, subjects: subjectRows };
}

export async function create(ctx: AppContext, actor: Actor, body: GroupBody) {
  await requireAccess(ctx.db, actor, 'update', 'promotion', body.promotion_id);
  const institutionId = await institutionOfPromotion(ctx.db, body.promotion_id);
  const id = await insertGroup(ctx.db, {
    institution_id: institutionId,
    promotion_id: body.promotion_id,
    name: body.name,
  });
  return present(ctx.db, actor, await groupById(ctx.db, id));
}

export async function rename(ctx: AppContext, actor: Actor, id: number, name?: string) {
  await requireAccess(ctx.db, actor, 'update', 'group', id);
  if (name !== undefined) await updateGroup(ctx.db, id, { name });
  return present(ctx.db, actor, await groupById(ctx.db, id));
}

/** A group owns only links (its students and subjects), which go with it. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'group', id);
  await audited(ctx, actor, deleteEvent('group', id), (tx) => deleteGroup(tx, id));
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'group', id);
  await audited(ctx, actor, archiveEvent('group', id, archived), (tx) =>
    updateGroup(tx, id, { archived_at: archived ? ctx.clock.now() : null }),
  );
  return present(ctx.db, actor, await groupById(ctx.db, id));
}

/** `/:promotionId/group-student/:groupId`: the group's students and the promotion's others. */
export async function studentsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const group = await groupById(ctx.db, id);
  const rows = await groupStudentOptions(ctx.db, id, group.promotion_id);
  return splitOptions({ id, label: group.name }, rows);
}

/**
 * Only students of the group's promotion: an id of another institution answers 404 (as if it did
 * not exist), a student of the institution outside the promotion 422; nothing changes either way.
 */
export async function assignStudents(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const group = await groupById(ctx.db, id);
  const unique = [...new Set(ids)];
  const found = await institutionStudentsAmong(
    ctx.db,
    unique,
    group.institution_id,
    group.promotion_id,
  );
  if (found.length !== unique.length) throw notFound();
  if (found.some((row) => !row.inPromotion)) {
    throw validationFailed({ ids: ['cohorts.not_in_promotion'] });
  }
  await addGroupStudents(ctx.db, id, unique);
  return studentsOf(ctx, actor, id);
}

export async function dissociateStudent(
  ctx: AppContext,
  actor: Actor,
  id: number,
  studentId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const removed = await removeGroupStudent(ctx.db, id, studentId);
  if (!removed) throw notFound();
}

/** Subjects to group: the group's subjects and the institution's others. */
export async function subjectsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const group = await groupById(ctx.db, id);
  const rows = await groupSubjectOptions(ctx.db, id, group.institution_id);
  return splitOptions({ id, label: group.name }, rows);
}

export async function assignSubjects(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const group = await groupById(ctx.db, id);
  const unique = [...new Set(ids)];
  const found = await institutionSubjectsAmong(ctx.db, unique, group.institution_id);
  if (found.length !== unique.length) throw notFound();
  await addGroupSubjects(ctx.db, id, unique);
  return subjectsOf(ctx, actor, id);
}

export async function dissociateSubject(
  ctx: AppContext,
  actor: Actor,
  id: number,
  subjectId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const removed = await removeGroupSubject(ctx.db, id, subjectId);
  if (!removed) throw notFound();
}
