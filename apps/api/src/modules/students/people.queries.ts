import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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

export const personColumns = {
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
