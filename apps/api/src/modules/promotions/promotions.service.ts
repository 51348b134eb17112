import type { PromotionBody } from '@skolar/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { archiveEvent, audited, deleteEvent, record } from '../../audit/audit.ts';
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
  groups,
  programs,
  promotionStudents,
  promotions,
  promotionTeachers,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import { splitOptions } from '../students/people.service.ts';
import { listPromotions, promotionById } from './promotions.queries.ts';

type Row = Awaited<ReturnType<typeof promotionById>>;
const present = (db: DbOrTx, actor: Actor, row: Row) => withPermission(db, actor, 'promotion', row);

export async function list(ctx: AppContext, actor: Actor, query: ListQuery, programId?: number) {
  authorize(actor, 'list', 'promotion');
  const { rows, total } = await listPromotions(
    ctx.db,
    can(actor, 'list', 'promotion').where,
    query,
    programId,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'promotion', rows), total);
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'promotion', id);
  return present(ctx.db, actor, await promotionById(ctx.db, id));
}

/** The program must be offered by the institution, and the level one of the program's. */
async function checkProgram(
  ctx: AppContext,
  actor: Actor,
  body: Pick<PromotionBody, 'program_id' | 'level'>,
) {
  await requireAccess(ctx.db, actor, 'read', 'program', body.program_id);
  const [program] = await ctx.db
    .select({ levels: programs.levels })
    .from(programs)
    .where(eq(programs.id, body.program_id));
  if (program && program.levels.length > 0 && !program.levels.includes(body.level.trim())) {
    throw validationFailed({ level: ['cohorts.level_unknown'] });
  }
}

export async function create(ctx: AppContext, actor: Actor, body: PromotionBody) {
  authorize(actor, 'create', 'promotion');
  if (actor.institutionId === null) throw notFound();
  await checkProgram(ctx, actor, body);
  const [row] = await ctx.db
    .insert(promotions)
    .values({ ...body, institution_id: actor.institutionId })
    .returning({ id: promotions.id });
  return present(ctx.db, actor, await promotionById(ctx.db, row!.id));
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: Partial<PromotionBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'promotion', id);
  const set = changes(body);
  if (set) {
    // The level must exist in the program: checked on the promotion as it will be.
    const [current] = await ctx.db
      .select({ program_id: promotions.program_id, level: promotions.level })
      .from(promotions)
      .where(eq(promotions.id, id));
    await checkProgram(ctx, actor, { ...current!, ...set });
    await ctx.db.update(promotions).set(set).where(eq(promotions.id, id));
  }
  return present(ctx.db, actor, await promotionById(ctx.db, id));
}

/** Refused with 409 while students or trainings depend on the promotion: archive it instead. */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'promotion', id);
  await ctx.db.transaction(async (tx) => {
    const [dependants] = await tx
      .select({
        n: sql<number>`(select count(*)::int from ${promotionStudents} where ${promotionStudents.promotion_id} = ${id})
          + (select count(*)::int from ${trainings} where ${trainings.promotion_id} = ${id})`,
      })
      .from(promotions)
      .where(eq(promotions.id, id));
    if ((dependants?.n ?? 0) > 0) throw conflict('cohorts.promotion_in_use');
    await tx.delete(promotions).where(eq(promotions.id, id));
    await record(tx, ctx, actor, deleteEvent('promotion', id));
  });
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'promotion', id);
  await audited(ctx, actor, archiveEvent('promotion', id, archived), (tx) =>
    tx
      .update(promotions)
      .set({ archived_at: archived ? ctx.clock.now() : null })
      .where(eq(promotions.id, id)),
  );
  return present(ctx.db, actor, await promotionById(ctx.db, id));
}

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

type Kind = 'students' | 'teachers';
const LINKS = {
  students: {
    table: promotionStudents,
    owner: promotionStudents.promotion_id,
    other: promotionStudents.student_id,
    entity: 'student' as const,
  },
  teachers: {
    table: promotionTeachers,
    owner: promotionTeachers.promotion_id,
    other: promotionTeachers.teacher_id,
    entity: 'teacher' as const,
  },
};

/** `/:id/promotion-student/:promotionId` and `/promotion-teacher/`: assigned people and others. */
export async function people(ctx: AppContext, actor: Actor, id: number, kind: Kind) {
  await requireAccess(ctx.db, actor, 'assign', 'promotion', id);
  const { table, owner, other, entity } = LINKS[kind];
  const promotion = await promotionById(ctx.db, id);
  const rows = await ctx.db
    .select({
      id: users.id,
      label: fullName,
      detail: users.email,
      assigned: sql<boolean>`${users.id} in (select ${other} from ${table} where ${owner} = ${id})`,
    })
    .from(users)
    .where(and(can(actor, 'read', entity).where, isNull(users.archived_at)))
    .orderBy(asc(users.last_name), asc(users.first_name));
  return splitOptions({ id, label: `${promotion.name} (${promotion.academic_year})` }, rows);
}

/** Set-based: one person outside the institution fails the whole request (404), nothing changes. */
export async function assignPeople(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: Kind,
  ids: number[],
) {
  await requireAccess(ctx.db, actor, 'assign', 'promotion', id);
  const { table, owner, other, entity } = LINKS[kind];
  await requireAccess(ctx.db, actor, 'assign', entity, ids);
  const archived = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.archived_at} is not null`));
  if (archived.length > 0) throw notFound();
  await link(ctx.db, table, owner, other, id, ids);
  return people(ctx, actor, id, kind);
}

export async function dissociate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: Kind,
  personId: number,
) {
  await requireAccess(ctx.db, actor, 'assign', 'promotion', id);
  const { table, owner, other } = LINKS[kind];
  await ctx.db.transaction(async (tx) => {
    if (!(await unlink(tx, table, owner, other, id, personId))) throw notFound();
    // A student who leaves the promotion leaves its groups too.
    if (kind === 'students') {
      await tx
        .delete(groupStudents)
        .where(
          and(
            eq(groupStudents.student_id, personId),
            sql`${groupStudents.group_id} in (select ${groups.id} from ${groups} where ${groups.promotion_id} = ${id})`,
          ),
        );
    }
  });
}

/** The programs offered by the institution, for the promotion form. */
export async function programOptions(ctx: AppContext, actor: Actor) {
  authorize(actor, 'create', 'promotion');
  return ctx.db
    .select({ id: programs.id, name: programs.name, levels: programs.levels })
    .from(programs)
    .where(and(can(actor, 'read', 'program').where, isNull(programs.archived_at)))
    .orderBy(asc(programs.name));
}
