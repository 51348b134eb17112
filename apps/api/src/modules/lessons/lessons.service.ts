import type { LessonBody, NewLessonBody } from '@skolar/shared';
import { archiveEvent, audited, deleteEvent } from '../../audit/audit.ts';
import { can, requireAccess, withPermission, withPermissions } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { type ListQuery, pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import { releaseImagesOf } from './chapters.queries.ts';
import {
  chaptersOfLesson,
  deleteLesson,
  insertLesson,
  lastLessonPosition,
  lessonIdsOfSubject,
  lessonRow,
  linkLessonToSubject,
  listLessons,
  lockSubject,
  lockSubjectForLesson,
  setLessonArchived,
  subjectsOfLesson,
  updateLesson,
  writeLessonOrder,
} from './lessons.queries.ts';
import { checkOrder } from './order.ts';

async function lessonById(db: DbOrTx, actor: Actor, id: number) {
  const row = await lessonRow(db, id, can(actor, 'read', 'chapter').where);
  if (!row) throw notFound();
  return withPermission(db, actor, 'lesson', row);
}

/** Lessons in scope, of one subject in its order when `subjectId` is given. */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery, subjectId?: number) {
  if (subjectId !== undefined) await requireAccess(ctx.db, actor, 'read', 'subject', subjectId);
  const { rows, total } = await listLessons(
    ctx.db,
    {
      scope: can(actor, 'list', 'lesson').where,
      chapterScope: can(actor, 'read', 'chapter').where,
      subjectId,
    },
    query,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'lesson', rows), total);
}

/** The lesson with its chapters in order (students: the active ones) and its subjects. */
export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'lesson', id);
  const [row, chapterRows, subjectRows] = await Promise.all([
    lessonById(ctx.db, actor, id),
    chaptersOfLesson(ctx.db, id, can(actor, 'read', 'chapter').where),
    subjectsOfLesson(ctx.db, id, can(actor, 'read', 'subject').where),
  ]);
  return { ...row, chapters: chapterRows, subject_ids: subjectRows.map((s) => s.id) };
}

/** A lesson of a subject the actor teaches (or administers), placed last in that subject. */
export async function create(ctx: AppContext, actor: Actor, body: NewLessonBody) {
  await requireAccess(ctx.db, actor, 'update', 'subject', body.subject_id);
  const id = await ctx.db.transaction(async (tx) => {
    const subject = await lockSubjectForLesson(tx, body.subject_id);
    const last = await lastLessonPosition(tx, body.subject_id);
    const lessonId = await insertLesson(tx, {
      institution_id: subject.institution_id,
      title: body.title,
      summary: body.summary ?? '',
      position: last + 1,
    });
    await linkLessonToSubject(tx, body.subject_id, lessonId);
    return lessonId;
  });
  return lessonById(ctx.db, actor, id);
}

export async function update(ctx: AppContext, actor: Actor, id: number, body: Partial<LessonBody>) {
  await requireAccess(ctx.db, actor, 'update', 'lesson', id);
  const set = changes({ title: body.title, summary: body.summary });
  if (set) await updateLesson(ctx.db, id, set);
  return lessonById(ctx.db, actor, id);
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'lesson', id);
  await audited(ctx, actor, archiveEvent('lesson', id, archived), (tx) =>
    setLessonArchived(tx, id, archived ? ctx.clock.now() : null),
  );
  return lessonById(ctx.db, actor, id);
}

/** Deletes the lesson with its chapters and their resources (cascade). */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'lesson', id);
  await audited(ctx, actor, deleteEvent('lesson', id), async (tx) => {
    await releaseImagesOf(tx, { lessonId: id }, ctx.clock.now());
    await deleteLesson(tx, id);
  });
}

/** `PUT /api/subjects/:id/lesson-order`: every lesson of the subject, in the new order. */
export async function reorder(ctx: AppContext, actor: Actor, subjectId: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'update', 'subject', subjectId);
  await ctx.db.transaction(async (tx) => {
    await lockSubject(tx, subjectId);
    const current = await lessonIdsOfSubject(tx, subjectId, can(actor, 'update', 'lesson').where);
    checkOrder(current, ids);
    await writeLessonOrder(tx, ids);
  });
}
