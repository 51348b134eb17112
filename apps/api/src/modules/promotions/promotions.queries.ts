import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
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
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"promotions"."id"');

const nbStudents = sql<number>`(select count(*)::int from ${promotionStudents} where ${promotionStudents.promotion_id} = ${outerId})`;
const nbTeachers = sql<number>`(select count(*)::int from ${promotionTeachers} where ${promotionTeachers.promotion_id} = ${outerId})`;
const nbTrainings = sql<number>`(select count(*)::int from ${trainings} where ${trainings.promotion_id} = ${outerId} and ${trainings.archived_at} is null)`;
const nbGroups = sql<number>`(select count(*)::int from ${groups} where ${groups.promotion_id} = ${outerId} and ${groups.archived_at} is null)`;

const promotionColumns = {
  id: promotions.id,
  institution_id: promotions.institution_id,
  program_id: promotions.program_id,
  program_name: programs.name,
  name: promotions.name,
  academic_year: promotions.academic_year,
  level: promotions.level,
  created_at: promotions.created_at,
  archived_at: promotions.archived_at,
  nb_students: nbStudents,
  nb_teachers: nbTeachers,
  nb_trainings: nbTrainings,
  nb_groups: nbGroups,
};

/** One page of promotions with their counts, computed by sub-selects of the same query. */
export async function listPromotions(db: DbOrTx, scope: SQL, query: ListQuery, programId?: number) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(promotions.archived_at) : isNull(promotions.archived_at),
    programId === undefined ? undefined : eq(promotions.program_id, programId),
    pattern
      ? or(
          ilike(promotions.name, pattern),
          ilike(promotions.academic_year, pattern),
          ilike(promotions.level, pattern),
          ilike(programs.name, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(promotionColumns)
      .from(promotions)
      .innerJoin(programs, eq(programs.id, promotions.program_id))
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: promotions.name,
            academic_year: promotions.academic_year,
            level: promotions.level,
            program_name: programs.name,
            nb_students: nbStudents,
            nb_trainings: nbTrainings,
          },
          [sql`${promotions.academic_year} desc`, asc(promotions.name), asc(promotions.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(promotions)
      .innerJoin(programs, eq(programs.id, promotions.program_id))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function promotionById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(promotionColumns)
    .from(promotions)
    .innerJoin(programs, eq(programs.id, promotions.program_id))
    .where(eq(promotions.id, id));
  return row!;
}

/** The levels of a program, or undefined. */
export async function programLevels(db: DbOrTx, programId: number) {
  const [program] = await db
    .select({ levels: programs.levels })
    .from(programs)
    .where(eq(programs.id, programId));
  return program;
}

/** Inserts a promotion; answers its id. */
export async function insertPromotion(db: DbOrTx, row: typeof promotions.$inferInsert) {
  const [inserted] = await db.insert(promotions).values(row).returning({ id: promotions.id });
  return inserted!.id;
}

/** The program and level of a promotion (it exists). */
export async function programAndLevelOf(db: DbOrTx, id: number) {
  const [current] = await db
    .select({ program_id: promotions.program_id, level: promotions.level })
    .from(promotions)
    .where(eq(promotions.id, id));
  return current!;
}

/** Changes the columns `set` of promotion `id`. */
export async function updatePromotion(
  db: DbOrTx,
  id: number,
  set: Partial<typeof promotions.$inferInsert>,
) {
  await db.update(promotions).set(set).where(eq(promotions.id, id));
}

/** How many students and trainings depend on the promotion (0 when it does not exist). */
export async function dependantsOfPromotion(db: DbOrTx, id: number) {
  const [dependants] = await db
    .select({
      n: sql<number>`(select count(*)::int from ${promotionStudents} where ${promotionStudents.promotion_id} = ${id})
          + (select count(*)::int from ${trainings} where ${trainings.promotion_id} = ${id})`,
    })
    .from(promotions)
    .where(eq(promotions.id, id));
  return dependants?.n ?? 0;
}

export async function deletePromotion(db: DbOrTx, id: number) {
  await db.delete(promotions).where(eq(promotions.id, id));
}

/** The people a promotion links to: its students and its teachers. */
export const PEOPLE_LINKS = {
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
export type PeopleKind = keyof typeof PEOPLE_LINKS;

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

/**
 * The people within `scope` (the policy's readable students or teachers) not archived, by name,
 * each saying whether the promotion `id` already links to them.
 */
export function peopleOptions(db: DbOrTx, kind: PeopleKind, id: number, scope: SQL) {
  const { table, owner, other } = PEOPLE_LINKS[kind];
  return db
    .select({
      id: users.id,
      label: fullName,
      detail: users.email,
      assigned: sql<boolean>`${users.id} in (select ${other} from ${table} where ${owner} = ${id})`,
    })
    .from(users)
    .where(and(scope, isNull(users.archived_at)))
    .orderBy(asc(users.last_name), asc(users.first_name));
}

/** Links the promotion to these people (those linked already stay). */
export function linkPeople(db: DbOrTx, kind: PeopleKind, id: number, ids: readonly number[]) {
  const { table, owner, other } = PEOPLE_LINKS[kind];
  return link(db, table, owner, other, id, ids);
}

/** Unlinks one person from the promotion; answers whether they were linked. */
export function unlinkPerson(db: DbOrTx, kind: PeopleKind, id: number, personId: number) {
  const { table, owner, other } = PEOPLE_LINKS[kind];
  return unlink(db, table, owner, other, id, personId);
}

/** The archived users among `ids`. */
export function archivedUsersAmong(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), sql`${users.archived_at} is not null`));
}

/** Takes a student out of every group of the promotion. */
export async function removeFromPromotionGroups(
  db: DbOrTx,
  studentId: number,
  promotionId: number,
) {
  await db
    .delete(groupStudents)
    .where(
      and(
        eq(groupStudents.student_id, studentId),
        sql`${groupStudents.group_id} in (select ${groups.id} from ${groups} where ${groups.promotion_id} = ${promotionId})`,
      ),
    );
}

/** The programs within `scope` (the policy's readable ones) not archived, by name. */
export function programOptionsIn(db: DbOrTx, scope: SQL) {
  return db
    .select({ id: programs.id, name: programs.name, levels: programs.levels })
    .from(programs)
    .where(and(scope, isNull(programs.archived_at)))
    .orderBy(asc(programs.name));
}
