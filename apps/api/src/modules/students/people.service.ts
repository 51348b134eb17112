import type { PersonBody } from '@skolar/shared';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { archiveEvent, record } from '../../audit/audit.ts';
import { inviteUser } from '../../auth/invitations.ts';
import {
  allowedIds,
  authorize,
  can,
  requireAccess,
  withPermission,
  withPermissions,
} from '../../auth/policy.ts';
import { type Actor, revokeUserSessions } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { link, unlink } from '../../db/links.ts';
import {
  groupStudents,
  groups,
  promotionStudents,
  promotions,
  subjects,
  teacherSubjects,
  users,
} from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import { listPeople, personColumns, personLinks } from './people.queries.ts';

export type PersonKind = 'student' | 'teacher';

/** The account other than `exceptId` that uses the address, whatever its case. */
async function addressOwner(db: DbOrTx, email: string, exceptId?: number) {
  const [owner] = await db
    .select({ id: users.id, institution_id: users.institution_id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return owner;
}

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
  if (actor.role !== 'super-admin' && owner.institution_id !== actor.institutionId) {
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
  authorize(actor, 'list', kind);
  if (promotionId !== undefined)
    await requireAccess(ctx.db, actor, 'read', 'promotion', promotionId);
  const { rows, total } = await listPeople(ctx.db, kind, can(actor, 'list', kind).where, query, {
    promotionId,
  });
  return pageOf(query, await withPermissions(ctx.db, actor, kind, rows), total);
}

export async function read(ctx: AppContext, actor: Actor, kind: PersonKind, id: number) {
  await requireAccess(ctx.db, actor, 'read', kind, id);
  const [row] = await ctx.db
    .select({ ...personColumns, picture_link: users.picture_link })
    .from(users)
    .where(eq(users.id, id));
  const links = await personLinks(ctx.db, id);
  return {
    ...(await present(ctx.db, actor, kind, row!)),
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
  authorize(actor, 'create', kind);
  if (actor.institutionId === null) throw notFound();
  const institutionId = actor.institutionId;
  if (kind === 'student' && body.promotion_id) {
    await requireAccess(ctx.db, actor, 'assign', 'promotion', body.promotion_id);
  }
  await assertEmailFree(ctx, actor, kind, body.email);
  return ctx.db.transaction(async (tx) => {
    await assertEmailStillFree(tx, body.email);
    const [row] = await tx
      .insert(users)
      .values({
        institution_id: institutionId,
        role: kind === 'student' ? 'student' : (body.role ?? 'teacher'),
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email.toLowerCase(),
        gender: body.gender,
        phone: body.phone ?? null,
        locale: body.locale ?? 'fr',
      })
      .returning(personColumns);
    if (kind === 'student' && body.promotion_id) {
      await tx
        .insert(promotionStudents)
        .values({ promotion_id: body.promotion_id, student_id: row!.id });
    }
    await inviteUser(ctx, tx, {
      id: row!.id,
      email: row!.email,
      first_name: row!.first_name,
      locale: row!.locale,
      institution_id: institutionId,
    });
    return present(tx, actor, kind, row!);
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
      const [before] = await tx.select(personColumns).from(users).where(eq(users.id, id));
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
    if (set) await tx.update(users).set(set).where(eq(users.id, id));
    const [row] = await tx.select(personColumns).from(users).where(eq(users.id, id));
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
    const [updated] = await tx
      .update(users)
      .set({ archived_at: archived ? now : null })
      .where(eq(users.id, id))
      .returning(personColumns);
    if (archived) await revokeUserSessions(tx, id, now);
    await record(tx, ctx, actor, archiveEvent('user', id, archived, updated));
    return updated;
  });
  return present(ctx.db, actor, kind, row!);
}

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

/** `/teacher-subject/:id`: the subjects the teacher teaches, and the institution's others. */
export async function teacherSubjectsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'teacher', id);
  const [teacher] = await ctx.db.select({ label: fullName }).from(users).where(eq(users.id, id));
  const rows = await ctx.db
    .select({
      id: subjects.id,
      label: subjects.name,
      assigned: sql<boolean>`${subjects.id} in (select ${teacherSubjects.subject_id} from ${teacherSubjects} where ${teacherSubjects.teacher_id} = ${id})`,
    })
    .from(subjects)
    .where(and(can(actor, 'read', 'subject').where, isNull(subjects.archived_at)))
    .orderBy(asc(subjects.name));
  return splitOptions({ id, label: teacher!.label }, rows);
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
  await link(
    ctx.db,
    teacherSubjects,
    teacherSubjects.teacher_id,
    teacherSubjects.subject_id,
    id,
    ids,
  );
  return teacherSubjectsOf(ctx, actor, id);
}

export async function dissociateTeacherSubject(
  ctx: AppContext,
  actor: Actor,
  id: number,
  subjectId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'teacher', id);
  const removed = await unlink(
    ctx.db,
    teacherSubjects,
    teacherSubjects.teacher_id,
    teacherSubjects.subject_id,
    id,
    subjectId,
  );
  if (!removed) throw notFound();
}

/** `/:promotionId/student-group/:id`: the student's groups, among the groups of their promotions. */
export async function studentGroupsOf(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'assign', 'student', id);
  const [student] = await ctx.db.select({ label: fullName }).from(users).where(eq(users.id, id));
  const rows = await ctx.db
    .select({
      id: groups.id,
      label: groups.name,
      detail: promotions.name,
      assigned: sql<boolean>`${groups.id} in (select ${groupStudents.group_id} from ${groupStudents} where ${groupStudents.student_id} = ${id})`,
    })
    .from(groups)
    .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
    .where(
      and(
        isNull(groups.archived_at),
        sql`${groups.promotion_id} in (select ${promotionStudents.promotion_id} from ${promotionStudents} where ${promotionStudents.student_id} = ${id})`,
      ),
    )
    .orderBy(asc(promotions.name), asc(groups.name));
  return splitOptions({ id, label: student!.label }, rows);
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
  const inPromotion = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        inArray(groups.id, ids),
        sql`${groups.promotion_id} in (select ${promotionStudents.promotion_id} from ${promotionStudents} where ${promotionStudents.student_id} = ${id})`,
      ),
    );
  if (new Set(inPromotion.map((row) => row.id)).size !== new Set(ids).size) {
    throw validationFailed({ ids: ['cohorts.not_in_promotion'] });
  }
  await ctx.db
    .insert(groupStudents)
    .values([...new Set(ids)].map((group_id) => ({ group_id, student_id: id })))
    .onConflictDoNothing();
  return studentGroupsOf(ctx, actor, id);
}

export async function dissociateStudentGroup(
  ctx: AppContext,
  actor: Actor,
  id: number,
  groupId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'student', id);
  const removed = await unlink(
    ctx.db,
    groupStudents,
    groupStudents.student_id,
    groupStudents.group_id,
    id,
    groupId,
  );
  if (!removed) throw notFound();
}
