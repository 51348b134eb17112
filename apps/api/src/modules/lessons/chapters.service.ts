import type { MultipartFile } from '@fastify/multipart';
import type { ChapterBody, LinkResourceBody, NewChapterBody } from '@skolar/shared';
import { archiveEvent, audited, deleteEvent, record } from '../../audit/audit.ts';
import { can, requireAccess, withPermission, withPermissions } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { resourcesOf } from '../../files/resources.ts';
import { storageFor } from '../../files/storage.ts';
import { saveUpload } from '../../files/uploads.ts';
import { notFound } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import { pageOf } from '../../http/pagination.ts';
import { changes } from '../../http/patch.ts';
import { imageIdsIn, sanitizeRichText } from '../../http/sanitize.ts';
import { notify } from '../../notify/notify.ts';
import { studentsOfLesson } from '../../notify/recipients.queries.ts';
import {
  activeLessonTitle,
  chapterIdsInOrder,
  chapterIdsOfLesson,
  chapterLesson,
  chapterRow,
  deleteChapter,
  deleteFile,
  deleteResource,
  fileName,
  insertChapter,
  insertResource,
  lastChapterPosition,
  lessonInstitution,
  listChapters,
  lockLesson,
  markUploaded,
  nextResourcePosition,
  releaseImagesOf,
  resourceFiles,
  setChapterArchived,
  setChapterImages,
  showableImages,
  updateChapter,
  writeChapterOrder,
} from './chapters.queries.ts';
import { checkOrder } from './order.ts';

/** The chapters of a lesson in order (students: the active ones). */
export async function list(ctx: AppContext, actor: Actor, query: ListQuery, lessonId: number) {
  await requireAccess(ctx.db, actor, 'read', 'lesson', lessonId);
  const { rows, total } = await listChapters(
    ctx.db,
    lessonId,
    can(actor, 'list', 'chapter').where,
    query,
  );
  return pageOf(query, await withPermissions(ctx.db, actor, 'chapter', rows), total);
}

/** The chapter with its content, resources and the previous and next chapters the actor sees. */
async function chapterById(db: DbOrTx, actor: Actor, id: number) {
  const row = await chapterRow(db, id);
  if (!row) throw notFound();
  const [siblings, resourceRows] = await Promise.all([
    chapterIdsInOrder(db, row.lesson_id, can(actor, 'read', 'chapter').where),
    resourcesOf(db, { chapterId: id }),
  ]);
  const index = siblings.findIndex((s) => s.id === row.id);
  return withPermission(db, actor, 'chapter', {
    ...row,
    resources: resourceRows,
    previous_id: index > 0 ? siblings[index - 1]!.id : null,
    next_id: index >= 0 && index < siblings.length - 1 ? siblings[index + 1]!.id : null,
  });
}

export async function read(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'read', 'chapter', id);
  return chapterById(ctx.db, actor, id);
}

/**
 * The content as it is stored (decision 172): the allow-list, keeping only the images that are
 * chapter images of the lesson's institution the author may read (`showableImages`, which waits
 * for a cleanup deleting one of them); with the ids of the images it keeps, to link.
 */
async function storedContent(
  tx: DbOrTx,
  actor: Actor,
  institutionId: number,
  html: string,
): Promise<{ content: string; images: number[] }> {
  const showable = await showableImages(
    tx,
    imageIdsIn(html),
    institutionId,
    can(actor, 'read', 'file').where,
  );
  const content = sanitizeRichText(html, showable);
  return { content, images: imageIdsIn(content) };
}

/** A chapter placed last in its lesson; its content is sanitised before it is stored. */
export async function create(ctx: AppContext, actor: Actor, body: NewChapterBody) {
  await requireAccess(ctx.db, actor, 'update', 'lesson', body.lesson_id);
  const id = await ctx.db.transaction(async (tx) => {
    await lockLesson(tx, body.lesson_id);
    const last = await lastChapterPosition(tx, body.lesson_id);
    const institutionId = await lessonInstitution(tx, body.lesson_id);
    const stored = await storedContent(tx, actor, institutionId, body.content ?? '');
    const chapterId = await insertChapter(tx, {
      lesson_id: body.lesson_id,
      title: body.title,
      content: stored.content,
      video_url: body.video_url ?? null,
      position: last + 1,
    });
    await setChapterImages(tx, chapterId, stored.images, ctx.clock.now());
    const lesson = await activeLessonTitle(tx, body.lesson_id);
    if (lesson !== undefined) {
      await notify(ctx, tx, await studentsOfLesson(tx, body.lesson_id), {
        type: 'chapter_published',
        params: { chapter: body.title, lesson },
        link: `/student/chapters/${chapterId}`,
        key: `chapter:${chapterId}`,
      });
    }
    return chapterId;
  });
  return chapterById(ctx.db, actor, id);
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: Partial<ChapterBody>,
) {
  await requireAccess(ctx.db, actor, 'update', 'chapter', id);
  await ctx.db.transaction(async (tx) => {
    let stored: Awaited<ReturnType<typeof storedContent>> | undefined;
    if (body.content !== undefined) {
      const { institution_id } = await chapterLesson(tx, id);
      stored = await storedContent(tx, actor, institution_id, body.content);
    }
    const set = changes({
      title: body.title,
      content: stored?.content,
      video_url: body.video_url,
    });
    if (set) await updateChapter(tx, id, set);
    if (stored) await setChapterImages(tx, id, stored.images, ctx.clock.now());
  });
  return chapterById(ctx.db, actor, id);
}

export async function setArchived(ctx: AppContext, actor: Actor, id: number, archived: boolean) {
  await requireAccess(ctx.db, actor, 'archive', 'chapter', id);
  await audited(ctx, actor, archiveEvent('chapter', id, archived), (tx) =>
    setChapterArchived(tx, id, archived ? ctx.clock.now() : null),
  );
  return chapterById(ctx.db, actor, id);
}

async function dropFiles(ctx: AppContext, rows: Array<{ id: number; key: string }>) {
  if (rows.length === 0) return;
  const storage = storageFor(ctx.config);
  await Promise.all(rows.map((row) => storage.delete(row.key).catch(() => undefined)));
}

export async function remove(ctx: AppContext, actor: Actor, id: number) {
  await requireAccess(ctx.db, actor, 'delete', 'chapter', id);
  const stored = await resourceFiles(ctx.db, { chapterId: id });
  await ctx.db.transaction(async (tx) => {
    await releaseImagesOf(tx, { chapterId: id }, ctx.clock.now());
    await deleteChapter(tx, id);
    for (const file of stored) await deleteFile(tx, file.id);
    await record(tx, ctx, actor, deleteEvent('chapter', id));
  });
  await dropFiles(ctx, stored);
}

/** `PUT /api/lessons/:id/chapter-order`: every chapter of the lesson, in the new order. */
export async function reorder(ctx: AppContext, actor: Actor, lessonId: number, ids: number[]) {
  await requireAccess(ctx.db, actor, 'update', 'lesson', lessonId);
  await ctx.db.transaction(async (tx) => {
    await lockLesson(tx, lessonId);
    checkOrder(await chapterIdsOfLesson(tx, lessonId), ids);
    await writeChapterOrder(tx, ids);
  });
}

/** An image pasted or dropped in the editor of a lesson's chapter, stored by the files adapter. */
export async function uploadImage(
  ctx: AppContext,
  actor: Actor,
  lessonId: number,
  part: MultipartFile,
) {
  await requireAccess(ctx.db, actor, 'update', 'lesson', lessonId);
  const institutionId = await lessonInstitution(ctx.db, lessonId);
  return ctx.db.transaction(async (tx) => {
    const saved = await saveUpload(ctx, tx, {
      kind: 'chapter/image',
      ownerId: actor.userId,
      institutionId,
      part,
    });
    await markUploaded(tx, saved.id, ctx.clock.now());
    return saved;
  });
}

/** A file resource: type sniffed and size-limited by the files adapter (415, 413). */
export async function addFileResource(
  ctx: AppContext,
  actor: Actor,
  chapterId: number,
  part: MultipartFile,
) {
  await requireAccess(ctx.db, actor, 'update', 'chapter', chapterId);
  const { institution_id: institutionId } = await chapterLesson(ctx.db, chapterId);
  await ctx.db.transaction(async (tx) => {
    const saved = await saveUpload(ctx, tx, {
      kind: 'resource',
      ownerId: actor.userId,
      institutionId,
      part,
    });
    const title = await fileName(tx, saved.id);
    await insertResource(tx, {
      chapter_id: chapterId,
      kind: 'file',
      title,
      file_id: saved.id,
      position: await nextResourcePosition(tx, chapterId),
    });
  });
  return chapterById(ctx.db, actor, chapterId);
}

export async function addLinkResource(
  ctx: AppContext,
  actor: Actor,
  chapterId: number,
  body: LinkResourceBody,
) {
  await requireAccess(ctx.db, actor, 'update', 'chapter', chapterId);
  await insertResource(ctx.db, {
    chapter_id: chapterId,
    kind: 'link',
    title: body.title,
    url: body.url,
    position: await nextResourcePosition(ctx.db, chapterId),
  });
  return chapterById(ctx.db, actor, chapterId);
}

export async function removeResource(
  ctx: AppContext,
  actor: Actor,
  chapterId: number,
  resourceId: number,
) {
  await requireAccess(ctx.db, actor, 'update', 'chapter', chapterId);
  const stored = await resourceFiles(ctx.db, { chapterId, resourceId });
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await deleteResource(tx, { chapterId, resourceId });
    for (const file of stored) await deleteFile(tx, file.id);
    return rows;
  });
  if (removed === 0) throw notFound();
  await dropFiles(ctx, stored);
}
