import type { LessonBody, NewLessonBody } from '@skolar/shared';
import { and, asc, count, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
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
import { chapters, lessons, subjectLessons, subjects } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { type ListQuery, orderFrom, pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import { releaseImagesOf } from './chapters.queries.ts';
import { writeOrder } from './order.ts';

/** The outer row of correlated sub-selects, qualified so that inner tables cannot shadow it. */
const outerId = sql.raw('"lessons"."id"');

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

async function lessonById(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db
    .select(lessonColumns(can(actor, 'read', 'chapter').where))
    .from(lessons)
    .where(eq(lessons.id, id));
  if (!row) throw notFound();
  return withPermission(db, actor, 'lesson', row);
}

/** Lessons in scope, of one subject in its order when `subjectId` is given. */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery, subjectId?: number) {
  authorize(actor, 'list', 'lesson');
  if (subjectId !== undefined) await requireAccess(ctx.db, actor, 'read', 'subject', subjectId);
  const where = and(
    can(actor, 'list', 'lesson').where,
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
    ctx.db
      .select(lessonColumns(can(actor, 'read', 'chapter').where))
      .from(lessons)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ n: count() }).from(lessons).where(where),
  ]);
  return pageOf(query, await withPermissions(ctx.db, actor, 'lesson', rows), total?.n ?? 0);
}

/** The lesson with its chapters in order (students: the active ones) and its subjects. */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'lesson', id);
  const [row, chapterRows, subjectRows] = await Promise.all([
    lessonById(ctx.db, actor, id),
    ctx.db
      .select({
        id: chapters.id,
        title: chapters.title,
        position: chapters.position,
        archived_at: chapters.archived_at,
      })
      .from(chapters)
      .where(and(eq(chapters.lesson_id, id), can(actor, 'read', 'chapter').where))
      .orderBy(asc(chapters.position), asc(chapters.id)),
    ctx.db
      .select({ id: subjectLessons.subject_id })
      .from(subjectLessons)
      .innerJoin(subjects, eq(subjects.id, subjectLessons.subject_id))
      .where(and(eq(subjectLessons.lesson_id, id), can(actor, 'read', 'subject').where))
      .orderBy(asc(subjectLessons.subject_id)),
  ]);
  return { ...row, chapters: chapterRows, subject_ids: subjectRows.map((s) => s.id) };
}

/** A lesson of a subject the actor teaches (or administers), placed last in that subject. */
export async function create(ctx: AppContext, actor: Actor, body: NewLessonBody) {
  authorize(actor, 'create', 'lesson');
  await requireAccess(ctx.db, actor, 'update', 'subject', body.subject_id);
  const id = await ctx.db.transaction(async (tx) => {
    const [subject] = await tx
      .select({ institution_id: subjects.institution_id })
      .from(subjects)
      .where(eq(subjects.id, body.subject_id))
      .for('update');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${lessons.position}), 0)::int` })
      .from(lessons)
      .innerJoin(subjectLessons, eq(subjectLessons.lesson_id, lessons.id))
      .where(eq(subjectLessons.subject_id, body.subject_id));
    const [row] = await tx
      .insert(lessons)
      .values({
        institution_id: subject!.institution_id,
        title: body.title,
        summary: body.summary ?? '',
        position: (last?.position ?? 0) + 1,
      })
      .returning({ id: lessons.id });
    await tx.insert(subjectLessons).values({ subject_id: body.subject_id, lesson_id: row!.id });
    return row!.id;
  });
  return lessonById(ctx.db, actor, id);
}

export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<LessonBody>) {
  await requireAccess(ctx.db, actor, 'update', 'lesson', id);
  const set = changes({ title: body.title, summary: body.summary });
  if (set) await ctx.db.update(lessons).set(set).where(eq(lessons.id, id));
  return lessonById(ctx.db, actor, id);
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'lesson', id);
  await audited(ctx, actor, archiveEvent('lesson', id, archived), (tx) =>
    tx
      .update(lessons)
      .set({ archived_at: archived ? ctx.clock.now() : null })
      .where(eq(lessons.id, id)),
  );
  return lessonById(ctx.db, actor, id);
}

/** Deletes the lesson with its chapters and their resources (cascade). */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'lesson', id);
  await audited(ctx, actor, deleteEvent('lesson', id), async (tx) => {
    await releaseImagesOf(tx, { lessonId: id }, ctx.clock.now());
    await tx.delete(lessons).where(eq(lessons.id, id));
  });
}

/** `PUT /api/subjects/:id/lesson-order`: every lesson of the subject, in the new order. */
export async function reorder(ctx: AppContext, actor: Actor, subjectId: number, ids: number[]) {
  authorize(actor, 'update', 'lesson');
  await requireAccess(ctx.db, actor, 'update', 'subject', subjectId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.id, subjectId))
      .for('update');
    const current = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(subjectLessons, eq(subjectLessons.lesson_id, lessons.id))
      .where(and(eq(subjectLessons.subject_id, subjectId), can(actor, 'update', 'lesson').where));
    await writeOrder(
      tx,
      lessons,
      lessons.id,
      current.map((row) => Number(row.id)),
      ids,
    );
  });
}
