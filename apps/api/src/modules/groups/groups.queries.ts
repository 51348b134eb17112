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
  groupSubjects,
  groups,
  promotionStudents,
  promotions,
  subjects,
  users,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"groups"."id"');

const nbStudents = sql<number>`(select count(*)::int from ${groupStudents} where ${groupStudents.group_id} = ${outerId})`;
const nbSubjects = sql<number>`(select count(*)::int from ${groupSubjects} where ${groupSubjects.group_id} = ${outerId})`;

const groupColumns = {
  id: groups.id,
  institution_id: groups.institution_id,
  promotion_id: groups.promotion_id,
  promotion_name: promotions.name,
  program_id: promotions.program_id,
  academic_year: promotions.academic_year,
  name: groups.name,
  created_at: groups.created_at,
  archived_at: groups.archived_at,
  nb_students: nbStudents,
  nb_subjects: nbSubjects,
};

export async function listGroups(db: DbOrTx, scope: SQL, query: ListQuery, promotionId?: number) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(groups.archived_at) : isNull(groups.archived_at),
    promotionId === undefined ? undefined : eq(groups.promotion_id, promotionId),
    pattern ? or(ilike(groups.name, pattern), ilike(promotions.name, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: groups.name,
            promotion_name: promotions.name,
            nb_students: nbStudents,
            nb_subjects: nbSubjects,
          },
          [asc(promotions.name), asc(groups.name), asc(groups.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: count() })
      .from(groups)
      .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function groupById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
    .where(eq(groups.id, id));
  return row!;
}

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

/** The students of a group, by name. */
export function studentsOfGroup(db: DbOrTx, id: number) {
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
    })
    .from(groupStudents)
    .innerJoin(users, eq(users.id, groupStudents.student_id))
    .where(eq(groupStudents.group_id, id))
    .orderBy(asc(users.last_name), asc(users.first_name));
}

/**
 * The subjects of a group, by name, each saying whether the viewer may open it: whether it lies
 * within `readable` (the policy's scope of readable subjects; null: none is).
 */
export function subjectsOfGroup(db: DbOrTx, id: number, readable: SQL | null) {
  return db
    .select({
      id: subjects.id,
      name: subjects.name,
      readable: readable
        ? sql<boolean>`${subjects.id} in (select ${subjects.id} from ${subjects} where ${readable})`
        : sql<boolean>`false`,
    })
    .from(groupSubjects)
    .innerJoin(subjects, eq(subjects.id, groupSubjects.subject_id))
    .where(eq(groupSubjects.group_id, id))
    .orderBy(asc(subjects.name));
}

/** The institution of a promotion (it exists). */
export async function institutionOfPromotion(db: DbOrTx, promotionId: number) {
  const [promotion] = await db
    .select({ institution_id: promotions.institution_id })
    .from(promotions)
    .where(eq(promotions.id, promotionId));
  return promotion!.institution_id;
}

/** Inserts a group; answers its id. */
export async function insertGroup(db: DbOrTx, row: typeof groups.$inferInsert) {
  const [inserted] = await db.insert(groups).values(row).returning({ id: groups.id });
  return inserted!.id;
}

/** Changes the columns `set` of group `id`. */
export async function updateGroup(
  db: DbOrTx,
  id: number,
  set: Partial<typeof groups.$inferInsert>,
) {
  await db.update(groups).set(set).where(eq(groups.id, id));
}

export async function deleteGroup(db: DbOrTx, id: number) {
  await db.delete(groups).where(eq(groups.id, id));
}

/** The promotion's students not archived, by name, each saying whether group `id` has them. */
export function groupStudentOptions(db: DbOrTx, id: number, promotionId: number) {
  return db
    .select({
      id: users.id,
      label: fullName,
      detail: users.email,
      assigned: sql<boolean>`${users.id} in (select ${groupStudents.student_id} from ${groupStudents} where ${groupStudents.group_id} = ${id})`,
    })
    .from(promotionStudents)
    .innerJoin(users, eq(users.id, promotionStudents.student_id))
    .where(and(eq(promotionStudents.promotion_id, promotionId), isNull(users.archived_at)))
    .orderBy(asc(users.last_name), asc(users.first_name));
}

/**
 * The students among `ids` of the institution, each saying whether they are in the promotion
 * `promotionId`.
 */
export function institutionStudentsAmong(
  db: DbOrTx,
  ids: number[],
  institutionId: number,
  promotionId: number,
) {
  return db
    .select({
      id: users.id,
      inPromotion: sql<boolean>`${users.id} in (select ${promotionStudents.student_id} from ${promotionStudents} where ${promotionStudents.promotion_id} = ${promotionId})`,
    })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.role, 'student'),
        eq(users.institution_id, institutionId),
      ),
    );
}

/** The institution's subjects not archived, by name, each saying whether group `id` has them. */
export function groupSubjectOptions(db: DbOrTx, id: number, institutionId: number) {
  return db
    .select({
      id: subjects.id,
      label: subjects.name,
      assigned: sql<boolean>`${subjects.id} in (select ${groupSubjects.subject_id} from ${groupSubjects} where ${groupSubjects.group_id} = ${id})`,
    })
    .from(subjects)
    .where(and(eq(subjects.institution_id, institutionId), isNull(subjects.archived_at)))
    .orderBy(asc(subjects.name));
}

/** The subjects among `ids` of the institution. */
export function institutionSubjectsAmong(db: DbOrTx, ids: number[], institutionId: number) {
  return db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, ids), eq(subjects.institution_id, institutionId)));
}

/** Adds students to a group (those in it already stay). */
export function addGroupStudents(db: DbOrTx, id: number, studentIds: readonly number[]) {
  return link(db, groupStudents, groupStudents.group_id, groupStudents.student_id, id, studentIds);
}

/** Takes a student out of a group; answers whether they were in it. */
export function removeGroupStudent(db: DbOrTx, id: number, studentId: number) {
  return unlink(db, groupStudents, groupStudents.group_id, groupStudents.student_id, id, studentId);
}

/** Adds subjects to a group (those it has already stay). */
export function addGroupSubjects(db: DbOrTx, id: number, subjectIds: readonly number[]) {
  return link(db, groupSubjects, groupSubjects.group_id, groupSubjects.subject_id, id, subjectIds);
}

/** Takes a subject from a group; answers whether it had it. */
export function removeGroupSubject(db: DbOrTx, id: number, subjectId: number) {
  return unlink(db, groupSubjects, groupSubjects.group_id, groupSubjects.subject_id, id, subjectId);
}
