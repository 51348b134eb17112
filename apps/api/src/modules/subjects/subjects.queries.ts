import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  chapters,
  evaluations,
  institutionModules,
  institutions,
  lessons,
  moduleSubjects,
  modules,
  subjectLessons,
  subjects,
  teacherSubjects,
  users,
} from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"subjects"."id"');

const nbModules = sql<number>`(select count(*)::int from ${moduleSubjects} where ${moduleSubjects.subject_id} = ${outerId})`;
const nbTeachers = sql<number>`(select count(*)::int from ${teacherSubjects} where ${teacherSubjects.subject_id} = ${outerId})`;
const nbLessons = sql<number>`(select count(*)::int from ${subjectLessons} where ${subjectLessons.subject_id} = ${outerId})`;
const nbEvaluations = sql<number>`(select count(*)::int from ${evaluations} where ${evaluations.subject_id} = ${outerId})`;

const subjectColumns = {
  id: subjects.id,
  institution_id: subjects.institution_id,
  institution_name: institutions.name,
  name: subjects.name,
  description: subjects.description,
  coefficient: subjects.coefficient,
  hourly_volume: subjects.hourly_volume,
  created_at: subjects.created_at,
  archived_at: subjects.archived_at,
  nb_modules: nbModules,
  nb_teachers: nbTeachers,
  nb_lessons: nbLessons,
  nb_evaluations: nbEvaluations,
};

const base = (db: DbOrTx) =>
  db
    .select(subjectColumns)
    .from(subjects)
    .innerJoin(institutions, eq(institutions.id, subjects.institution_id));

/** One page of the subjects in `scope`, with their counts, searched by name or description. */
export async function listSubjects(db: DbOrTx, scope: SQL, query: ListQuery) {
  const pattern = query.q ? `%${query.q}%` : undefined;
  const where = and(
    scope,
    query.archived ? isNotNull(subjects.archived_at) : isNull(subjects.archived_at),
    pattern ? or(ilike(subjects.name, pattern), ilike(subjects.description, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(
        ...orderFrom(
          query.sort,
          {
            name: subjects.name,
            coefficient: subjects.coefficient,
            hourly_volume: subjects.hourly_volume,
            created_at: subjects.created_at,
            institution_name: institutions.name,
            nb_modules: nbModules,
            nb_teachers: nbTeachers,
            nb_lessons: nbLessons,
          },
          [asc(subjects.name), asc(subjects.id)],
        ),
      )
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(subjects).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

export async function subjectById(db: DbOrTx, id: number) {
  const [row] = await base(db).where(eq(subjects.id, id));
  return row!;
}

/** The subject's modules (in the order they were linked), teachers and lessons. */
export async function subjectContent(db: DbOrTx, id: number) {
  const [moduleRows, teacherRows, lessonRows] = await Promise.all([
    db
      .select({ id: modules.id, name: modules.name })
      .from(moduleSubjects)
      .innerJoin(modules, eq(modules.id, moduleSubjects.module_id))
      .where(eq(moduleSubjects.subject_id, id))
      .orderBy(asc(moduleSubjects.created_at), asc(modules.id)),
    db
      .select({
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
        role: users.role,
      })
      .from(teacherSubjects)
      .innerJoin(users, eq(users.id, teacherSubjects.teacher_id))
      .where(eq(teacherSubjects.subject_id, id))
      .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id)),
    db
      .select({
        id: lessons.id,
        title: lessons.title,
        position: lessons.position,
        nb_chapters: sql<number>`(select count(*)::int from ${chapters} where ${chapters.lesson_id} = ${lessons.id})`,
      })
      .from(subjectLessons)
      .innerJoin(lessons, eq(lessons.id, subjectLessons.lesson_id))
      .where(eq(subjectLessons.subject_id, id))
      .orderBy(asc(lessons.position), asc(lessons.title), asc(lessons.id)),
  ]);
  return { modules: moduleRows, teachers: teacherRows, lessons: lessonRows };
}

/** Whether the institution exists. */
export async function institutionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [found] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.id, id));
  return found !== undefined;
}

/** Whether the institution offers the module. */
export async function moduleOffered(
  db: DbOrTx,
  moduleId: number,
  institutionId: number,
): Promise<boolean> {
  const [offered] = await db
    .select({ id: institutionModules.module_id })
    .from(institutionModules)
    .where(
      and(
        eq(institutionModules.module_id, moduleId),
        eq(institutionModules.institution_id, institutionId),
      ),
    );
  return offered !== undefined;
}

/** Inserts a subject; answers its id. */
export async function insertSubject(tx: DbOrTx, values: typeof subjects.$inferInsert) {
  const [row] = await tx.insert(subjects).values(values).returning({ id: subjects.id });
  return row!.id;
}

/** Puts the subject in the module. */
export async function linkSubjectToModule(tx: DbOrTx, moduleId: number, subjectId: number) {
  await tx.insert(moduleSubjects).values({ module_id: moduleId, subject_id: subjectId });
}

export async function updateSubject(
  db: DbOrTx,
  id: number,
  set: Partial<typeof subjects.$inferInsert>,
) {
  await db.update(subjects).set(set).where(eq(subjects.id, id));
}

/** Archives the subject from `archivedAt`, or restores it (null). */
export async function setSubjectArchived(tx: DbOrTx, id: number, archivedAt: Date | null) {
  await tx.update(subjects).set({ archived_at: archivedAt }).where(eq(subjects.id, id));
}

/** Whether an evaluation uses the subject. */
export async function subjectHasEvaluations(tx: DbOrTx, id: number): Promise<boolean> {
  const [used] = await tx
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(eq(evaluations.subject_id, id))
    .limit(1);
  return used !== undefined;
}

/** Deletes the lessons that belong to the subject alone (their chapters go with them). */
export async function deleteLessonsOfSubjectAlone(tx: DbOrTx, id: number) {
  await tx.delete(lessons).where(
    sql`${lessons.id} in (select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} = ${id})
        and ${lessons.id} not in (select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} <> ${id})`,
  );
}

/** Deletes the subject; its links to modules, teachers, lessons and groups go with it. */
export async function deleteSubject(tx: DbOrTx, id: number) {
  await tx.delete(subjects).where(eq(subjects.id, id));
}
