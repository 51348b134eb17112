import { and, asc, count, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chapters, lessons, subjectLessons, subjects } from '../../db/schema/index.ts';
import { type ListQuery, orderFrom } from '../../http/pagination.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"lessons"."id"');

/** A lesson's columns, with the number of its chapters in `chapterScope` (the reader's). */
const lessonColumns = (chapterScope: SQL) => ({
  id: lessons.id,
  institution_id: lessons.institution_id,
  title: lessons.title,
  summary: lessons.summary,
  position: lessons.position,
  created_at: lessons.created_at,
  archived_at: lessons.archived_at,
  nb_chapters: sql<number>`(select count(*)::int from ${chapters} where ${chapters.lesson_id} = ${outerId} and ${chapterScope})`,
});

/** The lesson, its chapters counted in `chapterScope`; undefined when it does not exist. */
export async function lessonRow(db: DbOrTx, id: number, chapterScope: SQL) {
  const [row] = await db
    .select(lessonColumns(chapterScope))
    .from(lessons)
    .where(eq(lessons.id, id));
  return row;
}

/**
 * One page of the lessons in `scope` (of one subject when `subjectId` is given), searched by
 * title, with their chapters counted in `chapterScope`.
 */
export async function listLessons(
  db: DbOrTx,
  filter: { scope: SQL; chapterScope: SQL; subjectId?: number | undefined },
  query: ListQuery,
) {
  const { subjectId } = filter;
  const where = and(
    filter.scope,
    query.archived ? isNotNull(lessons.archived_at) : isNull(lessons.archived_at),
    query.q ? ilike(lessons.title, `%${query.q}%`) : undefined,
    subjectId === undefined
      ? undefined
      : sql`${lessons.id} in (select ${subjectLessons.lesson_id} from ${subjectLessons} where ${subjectLessons.subject_id} = ${subjectId})`,
  );
  const order = orderFrom(query.sort, { title: lessons.title, position: lessons.position }, [
    asc(lessons.position),
    asc(lessons.id),
  ]);
  const [rows, [total]] = await Promise.all([
    db
      .select(lessonColumns(filter.chapterScope))
      .from(lessons)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(lessons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The chapters of a lesson in `scope` (the reader's), in order. */
export function chaptersOfLesson(db: DbOrTx, lessonId: number, scope: SQL) {
  return db
    .select({
      id: chapters.id,
      title: chapters.title,
      position: chapters.position,
      archived_at: chapters.archived_at,
    })
    .from(chapters)
    .where(and(eq(chapters.lesson_id, lessonId), scope))
    .orderBy(asc(chapters.position), asc(chapters.id));
}

/** The subjects of a lesson in `scope` (the reader's), by id. */
export function subjectsOfLesson(db: DbOrTx, lessonId: number, scope: SQL) {
  return db
    .select({ id: subjectLessons.subject_id })
    .from(subjectLessons)
    .innerJoin(subjects, eq(subjects.id, subjectLessons.subject_id))
    .where(and(eq(subjectLessons.lesson_id, lessonId), scope))
    .orderBy(asc(subjectLessons.subject_id));
}

/** Locks the subject's row (in `tx`) and answers its institution. */
export async function lockSubjectForLesson(tx: DbOrTx, subjectId: number) {
  const [subject] = await tx
    .select({ institution_id: subjects.institution_id })
    .from(subjects)
    .where(eq(subjects.id, subjectId))
    .for('update');
  return subject!;
}

/** Locks the subject's row (in `tx`): its lessons are reordered one request at a time. */
export async function lockSubject(tx: DbOrTx, subjectId: number) {
  await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(eq(subjects.id, subjectId))
    .for('update');
}

/** The highest position of the subject's lessons (0 without lessons). */
export async function lastLessonPosition(tx: DbOrTx, subjectId: number): Promise<number> {
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${lessons.position}), 0)::int` })
    .from(lessons)
    .innerJoin(subjectLessons, eq(subjectLessons.lesson_id, lessons.id))
    .where(eq(subjectLessons.subject_id, subjectId));
  return last?.position ?? 0;
}

/** Inserts a lesson; answers its id. */
export async function insertLesson(tx: DbOrTx, values: typeof lessons.$inferInsert) {
  const [row] = await tx.insert(lessons).values(values).returning({ id: lessons.id });
  return row!.id;
}

/** Puts the lesson in the subject. */
export async function linkLessonToSubject(tx: DbOrTx, subjectId: number, lessonId: number) {
  await tx.insert(subjectLessons).values({ subject_id: subjectId, lesson_id: lessonId });
}

export async function updateLesson(
  db: DbOrTx,
  id: number,
  set: Partial<typeof lessons.$inferInsert>,
) {
  await db.update(lessons).set(set).where(eq(lessons.id, id));
}

/** Archives the lesson from `archivedAt`, or restores it (null). */
export async function setLessonArchived(tx: DbOrTx, id: number, archivedAt: Date | null) {
  await tx.update(lessons).set({ archived_at: archivedAt }).where(eq(lessons.id, id));
}

/** Deletes the lesson; its chapters and their resources go with it (cascade). */
export async function deleteLesson(tx: DbOrTx, id: number) {
  await tx.delete(lessons).where(eq(lessons.id, id));
}

/** The ids of the subject's lessons in `scope` (those the actor may reorder). */
export async function lessonIdsOfSubject(
  tx: DbOrTx,
  subjectId: number,
  scope: SQL,
): Promise<number[]> {
  const rows = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(subjectLessons, eq(subjectLessons.lesson_id, lessons.id))
    .where(and(eq(subjectLessons.subject_id, subjectId), scope));
  return rows.map((row) => Number(row.id));
}

/** Writes the positions 1…n of `ids` (checked by `checkOrder`) in one statement. */
export async function writeLessonOrder(tx: DbOrTx, ids: readonly number[]) {
  const values: SQL[] = ids.map((id, index) => sql`(${id}::bigint, ${index + 1}::int)`);
  await tx.execute(
    sql`update ${lessons} set position = o.position from (values ${sql.join(values, sql`, `)}) as o(id, position) where ${lessons.id} = o.id`,
  );
}
