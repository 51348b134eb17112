import { type GroupBody, roleMay } from '@skolar/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { archiveEvent, audited, deleteEvent } from '../../audit/audit.ts';
import {
  authorize,
  can,
  requireAccess,
  withPermission,
  withPermissions,
} from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { link, unlink } from '../../db/links.ts';
import {
  groupStudents,
  groupSubjects,
  groups,
  promotionStudents,
  promotions,
  subjects,
  users,
} from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { splitOptions } from '../students/people.service.ts';
import { groupById, listGroups } from './groups.queries.ts';

type Row = Awaited<ReturnType<typeof groupById>>;
const present = (db: DbOrTx, actor: Actor, row: Row) => withPermission(db, actor, 'group', row);

/** Admins and super-teachers: the institution's groups; teachers: the groups of their promotions. */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery, promotionId?: number) {
  authorize(actor, 'list', 'group');
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

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

/** Whether the viewer may open the subject: the screen links only those (a teacher's own). */
const readableSubject = (actor: Actor) =>
  roleMay(actor.role, 'read', 'subject')
    ? sql<boolean>`${subjects.id} in (select ${subjects.id} from ${subjects} where ${can(actor, 'read', 'subject').where})`
    : sql<boolean>`false`;

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'group', id);
  const [row, students, subjectRows] = await Promise.all([
    groupById(ctx.db, id),
    ctx.db
      .select({
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
      })
      .from(groupStudents)
      .innerJoin(users, eq(users.id, groupStudents.student_id))
      .where(eq(groupStudents.group_id, id))
      .orderBy(asc(users.last_name), asc(users.first_name)),
    ctx.db
      .select({ id: subjects.id, name: subjects.name, readable: readableSubject(actor) })
      .from(groupSubjects)
      .innerJoin(subjects, eq(subjects.id, groupSubjects.subject_id))
      .where(eq(groupSubjects.group_id, id))
      .orderBy(asc(subjects.name)),
  ]);
  return { ...(await present(ctx.db, actor, row)), students, subjects: subjectRows };
}

export async function create(ctx: AppContext, actor: Actor, body: GroupBody) {
  authorize(actor, 'create', 'group');
  await requireAccess(ctx.db, actor, 'update', 'promotion', body.promotion_id);
  const [promotion] = await ctx.db
    .select({ institution_id: promotions.institution_id })
    .from(promotions)
    .where(eq(promotions.id, body.promotion_id));
  const [row] = await ctx.db
    .insert(groups)
    .values({
      institution_id: promotion!.institution_id,
      promotion_id: body.promotion_id,
      name: body.name,
    })
    .returning({ id: groups.id });
  return present(ctx.db, actor, await groupById(ctx.db, row!.id));
}

export async function rename(ctx: AppContext, actor: Actor, id: number, name?: string) {
  await requireAccess(ctx.db, actor, 'update', 'group', id);
  if (name !== undefined) await ctx.db.update(groups).set({ name }).where(eq(groups.id, id));
  return present(ctx.db, actor, await groupById(ctx.db, id));
}

/** A group owns only links (its students and subjects), which go with it. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'group', id);
  await audited(ctx, actor, deleteEvent('group', id), (tx) =>
    tx.delete(groups).where(eq(groups.id, id)),
  );
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'group', id);
  await audited(ctx, actor, archiveEvent('group', id, archived), (tx) =>
    tx
      .update(groups)
      .set({ archived_at: archived ? ctx.clock.now() : null })
      .where(eq(groups.id, id)),
  );
  return present(ctx.db, actor, await groupById(ctx.db, id));
}

/** `/:promotionId/group-student/:groupId`: the group's students and the promotion's others. */
export async function studentsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const group = await groupById(ctx.db, id);
  const rows = await ctx.db
    .select({
      id: users.id,
      label: fullName,
      detail: users.email,
      assigned: sql<boolean>`${users.id} in (select ${groupStudents.student_id} from ${groupStudents} where ${groupStudents.group_id} = ${id})`,
    })
    .from(promotionStudents)
    .innerJoin(users, eq(users.id, promotionStudents.student_id))
    .where(and(eq(promotionStudents.promotion_id, group.promotion_id), isNull(users.archived_at)))
    .orderBy(asc(users.last_name), asc(users.first_name));
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
  const found = await ctx.db
    .select({
      id: users.id,
      inPromotion: sql<boolean>`${users.id} in (select ${promotionStudents.student_id} from ${promotionStudents} where ${promotionStudents.promotion_id} = ${group.promotion_id})`,
    })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        eq(users.role, 'student'),
        eq(users.institution_id, group.institution_id),
      ),
    );
  if (found.length !== unique.length) throw notFound();
  if (found.some((row) => !row.inPromotion)) {
    throw validationFailed({ ids: ['cohorts.not_in_promotion'] });
  }
  await link(ctx.db, groupStudents, groupStudents.group_id, groupStudents.student_id, id, unique);
  return studentsOf(ctx, actor, id);
}

export async function dissociateStudent(
  ctx: AppContext,
  actor: Actor,
  id: number,
  studentId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const removed = await unlink(
    ctx.db,
    groupStudents,
    groupStudents.group_id,
    groupStudents.student_id,
    id,
    studentId,
  );
  if (!removed) throw notFound();
}

/** Subjects to group: the group's subjects and the institution's others. */
export async function subjectsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const group = await groupById(ctx.db, id);
  const rows = await ctx.db
    .select({
      id: subjects.id,
      label: subjects.name,
      assigned: sql<boolean>`${subjects.id} in (select ${groupSubjects.subject_id} from ${groupSubjects} where ${groupSubjects.group_id} = ${id})`,
    })
    .from(subjects)
    .where(and(eq(subjects.institution_id, group.institution_id), isNull(subjects.archived_at)))
    .orderBy(asc(subjects.name));
  return splitOptions({ id, label: group.name }, rows);
}

export async function assignSubjects(ctx: AppContext, actor: Actor, id: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const group = await groupById(ctx.db, id);
  const unique = [...new Set(ids)];
  const found = await ctx.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, unique), eq(subjects.institution_id, group.institution_id)));
  if (found.length !== unique.length) throw notFound();
  await link(ctx.db, groupSubjects, groupSubjects.group_id, groupSubjects.subject_id, id, unique);
  return subjectsOf(ctx, actor, id);
}

export async function dissociateSubject(
  ctx: AppContext,
  actor: Actor,
  id: number,
  subjectId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'group', id);
  const removed = await unlink(
    ctx.db,
    groupSubjects,
    groupSubjects.group_id,
    groupSubjects.subject_id,
    id,
    subjectId,
  );
  if (!removed) throw notFound();
}
