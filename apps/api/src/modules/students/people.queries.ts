import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { link, unlink } from '../../db/links.ts';
import {
  groupStudents,
  groups,
  promotionStudents,
  promotions,
  promotionTeachers,
  subjects,
  teacherSubjects,
  users,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"users"."id"');

const personColumns = {
  id: users.id,
  institution_id: users.institution_id,
  role: users.role,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  email_verified_at: users.email_verified_at,
  gender: users.gender,
  phone: users.phone,
  locale: users.locale,
  created_at: users.created_at,
  archived_at: users.archived_at,
};

/** The promotion names of a student, as one correlated sub-select of the list query. */
const studentPromotionNames = sql<string[]>`coalesce((
  select array_agg(${promotions.name} order by ${promotions.name}) from ${promotionStudents}
  join ${promotions} on ${promotions.id} = ${promotionStudents.promotion_id}
  where ${promotionStudents.student_id} = ${outerId}), '{}')`;
const teacherPromotionNames = sql<string[]>`coalesce((
  select array_agg(${promotions.name} order by ${promotions.name}) from ${promotionTeachers}
  join ${promotions} on ${promotions.id} = ${promotionTeachers.promotion_id}
  where ${promotionTeachers.teacher_id} = ${outerId}), '{}')`;
const nbSubjects = sql<number>`(select count(*)::int from ${teacherSubjects} where ${teacherSubjects.teacher_id} = ${outerId})`;
const nbGroups = sql<number>`(select count(*)::int from ${groupStudents} where ${groupStudents.student_id} = ${outerId})`;

export interface PeopleFilter {
  promotionId?: number;
}

/** One page of students or teachers in the scope, with their counts in the same query. */
export async function listPeople(
  db: DbOrTx,
  kind: 'student' | 'teacher',
  scope: SQL,
  query: ListQuery,
  filter: PeopleFilter = {},
) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const inPromotion =
    filter.promotionId === undefined
      ? undefined
      : kind === 'student'
        ? sql`${users.id} in (select ${promotionStudents.student_id} from ${promotionStudents} where ${promotionStudents.promotion_id} = ${filter.promotionId})`
        : sql`${users.id} in (select ${promotionTeachers.teacher_id} from ${promotionTeachers} where ${promotionTeachers.promotion_id} = ${filter.promotionId})`;
  const where = and(
    scope,
    query.archived ? isNotNull(users.archived_at) : isNull(users.archived_at),
    inPromotion,
    pattern
      ? or(
          ilike(users.first_name, pattern),
          ilike(users.last_name, pattern),
          ilike(users.email, pattern),
          sql`(${users.first_name} || ' ' || ${users.last_name}) ilike ${pattern}`,
        )
      : undefined,
  );
  const extra =
    kind === 'student'
      ? { promotions: studentPromotionNames, nb_groups: nbGroups, nb_subjects: sql<number>`0` }
      : { promotions: teacherPromotionNames, nb_groups: sql<number>`0`, nb_subjects: nbSubjects };
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...personColumns, ...extra })
      .from(users)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            last_name: users.last_name,
            first_name: users.first_name,
            email: users.email,
            created_at: users.created_at,
            nb_subjects: extra.nb_subjects,
            nb_groups: extra.nb_groups,
          },
          [asc(users.last_name), asc(users.first_name), asc(users.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** The promotions, groups and subjects of one person, for the detail screens. */
export async function personLinks(db: DbOrTx, id: number) {
  const [studentOf, teacherOf, groupRows, subjectRows] = await Promise.all([
    db
      .select({
        id: promotions.id,
        name: promotions.name,
        academic_year: promotions.academic_year,
        level: promotions.level,
        program_id: promotions.program_id,
      })
      .from(promotionStudents)
      .innerJoin(promotions, eq(promotions.id, promotionStudents.promotion_id))
      .where(eq(promotionStudents.student_id, id))
      .orderBy(asc(promotions.name)),
    db
      .select({
        id: promotions.id,
        name: promotions.name,
        academic_year: promotions.academic_year,
        level: promotions.level,
        program_id: promotions.program_id,
      })
      .from(promotionTeachers)
      .innerJoin(promotions, eq(promotions.id, promotionTeachers.promotion_id))
      .where(eq(promotionTeachers.teacher_id, id))
      .orderBy(asc(promotions.name)),
    db
      .select({ id: groups.id, name: groups.name, promotion_id: groups.promotion_id })
      .from(groupStudents)
      .innerJoin(groups, eq(groups.id, groupStudents.group_id))
      .where(eq(groupStudents.student_id, id))
      .orderBy(asc(groups.name)),
    db
      .select({ id: subjects.id, name: subjects.name })
      .from(teacherSubjects)
      .innerJoin(subjects, eq(subjects.id, teacherSubjects.subject_id))
      .where(eq(teacherSubjects.teacher_id, id))
      .orderBy(asc(subjects.name)),
  ]);
  return { studentOf, teacherOf, groups: groupRows, subjects: subjectRows };
}

/** The account other than `exceptId` that uses the address, whatever its case. */
export async function addressOwner(db: DbOrTx, email: string, exceptId?: number) {
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

/** The person with their picture (the person exists: the caller checked access). */
export async function personById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...personColumns, picture_link: users.picture_link })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

/** The person's row as the lists show it; undefined when there is none. */
export async function personRow(tx: DbOrTx, id: number) {
  const [row] = await tx.select(personColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Inserts an account; answers its row as the lists show it. */
export async function insertPerson(tx: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning(personColumns);
  return row!;
}

/** Puts the student in the promotion. */
export async function addStudentToPromotion(tx: DbOrTx, promotionId: number, studentId: number) {
  await tx.insert(promotionStudents).values({ promotion_id: promotionId, student_id: studentId });
}

export async function updatePerson(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof users.$inferInsert>,
) {
  await tx.update(users).set(set).where(eq(users.id, id));
}

/** Archives the person from `archivedAt`, or restores them (null); answers their row. */
export async function setPersonArchived(tx: DbOrTx, id: number, archivedAt: Date | null) {
  const [updated] = await tx
    .update(users)
    .set({ archived_at: archivedAt })
    .where(eq(users.id, id))
    .returning(personColumns);
  return updated;
}

const fullName = sql<string>`${users.first_name} || ' ' || ${users.last_name}`;

/** "First Last" of a user (who exists: the caller checked access). */
export async function fullNameOf(db: DbOrTx, id: number): Promise<string> {
  const [user] = await db.select({ label: fullName }).from(users).where(eq(users.id, id));
  return user!.label;
}

/** The non-archived subjects in `scope`, each marked taught by the teacher or not. */
export function subjectOptions(db: DbOrTx, teacherId: number, scope: SQL) {
  return db
    .select({
      id: subjects.id,
      label: subjects.name,
      assigned: sql<boolean>`${subjects.id} in (select ${teacherSubjects.subject_id} from ${teacherSubjects} where ${teacherSubjects.teacher_id} = ${teacherId})`,
    })
    .from(subjects)
    .where(and(scope, isNull(subjects.archived_at)))
    .orderBy(asc(subjects.name));
}

/** Makes the teacher teach the subjects (those they already teach stay). */
export function linkTeacherSubjects(db: DbOrTx, teacherId: number, subjectIds: readonly number[]) {
  return link(
    db,
    teacherSubjects,
    teacherSubjects.teacher_id,
    teacherSubjects.subject_id,
    teacherId,
    subjectIds,
  );
}

/** The teacher no longer teaches the subject; answers whether they did. */
export function unlinkTeacherSubject(db: DbOrTx, teacherId: number, subjectId: number) {
  return unlink(
    db,
    teacherSubjects,
    teacherSubjects.teacher_id,
    teacherSubjects.subject_id,
    teacherId,
    subjectId,
  );
}

/** The groups of the student's promotions. */
const ofStudentPromotions = (studentId: number) =>
  sql`${groups.promotion_id} in (select ${promotionStudents.promotion_id} from ${promotionStudents} where ${promotionStudents.student_id} = ${studentId})`;

/** The non-archived groups of the student's promotions, each marked as theirs or not. */
export function groupOptions(db: DbOrTx, studentId: number) {
  return db
    .select({
      id: groups.id,
      label: groups.name,
      detail: promotions.name,
      assigned: sql<boolean>`${groups.id} in (select ${groupStudents.group_id} from ${groupStudents} where ${groupStudents.student_id} = ${studentId})`,
    })
    .from(groups)
    .innerJoin(promotions, eq(promotions.id, groups.promotion_id))
    .where(and(isNull(groups.archived_at), ofStudentPromotions(studentId)))
    .orderBy(asc(promotions.name), asc(groups.name));
}

/** Of `ids`, the groups of the student's promotions. */
export function groupsOfStudentPromotions(db: DbOrTx, studentId: number, ids: number[]) {
  return db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, ids), ofStudentPromotions(studentId)));
}

/** Puts the student in the groups (those they are in already stay). */
export async function addStudentToGroups(db: DbOrTx, studentId: number, groupIds: number[]) {
  await db
    .insert(groupStudents)
    .values([...new Set(groupIds)].map((group_id) => ({ group_id, student_id: studentId })))
    .onConflictDoNothing();
}

/** Takes the student out of the group; answers whether they were in it. */
export function unlinkStudentGroup(db: DbOrTx, studentId: number, groupId: number) {
  return unlink(
    db,
    groupStudents,
    groupStudents.student_id,
    groupStudents.group_id,
    studentId,
    groupId,
  );
}
