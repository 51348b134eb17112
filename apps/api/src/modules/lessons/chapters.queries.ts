import type { SQL } from 'drizzle-orm';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chapterImages, chapters, files, lessons, resources } from '../../db/schema/index.ts';
import type { ListQuery } from '../../http/pagination.ts';

const summaryColumns = {
  id: chapters.id,
  lesson_id: chapters.lesson_id,
  title: chapters.title,
  position: chapters.position,
  video_url: chapters.video_url,
  created_at: chapters.created_at,
  archived_at: chapters.archived_at,
};

/** One page of the chapters of a lesson in `scope`, in order. */
export async function listChapters(db: DbOrTx, lessonId: number, scope: SQL, query: ListQuery) {
  const where = and(
    eq(chapters.lesson_id, lessonId),
    scope,
    query.archived ? isNotNull(chapters.archived_at) : isNull(chapters.archived_at),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(chapters)
      .where(where)
      .orderBy(asc(chapters.position), asc(chapters.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(chapters).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The chapter with its content and its lesson's title; undefined when it does not exist. */
export async function chapterRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, content: chapters.content, lesson_title: lessons.title })
    .from(chapters)
    .innerJoin(lessons, eq(lessons.id, chapters.lesson_id))
    .where(eq(chapters.id, id));
  return row;
}

/** The ids of the lesson's chapters in `scope` (the reader's), in order. */
export function chapterIdsInOrder(db: DbOrTx, lessonId: number, scope: SQL) {
  return db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.lesson_id, lessonId), scope))
    .orderBy(asc(chapters.position), asc(chapters.id));
}

/** Locks the lesson's row (in `tx`): its chapters are placed and reordered one at a time. */
export async function lockLesson(tx: DbOrTx, lessonId: number) {
  await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId)).for('update');
}

/** The highest position of the lesson's chapters (0 without chapters). */
export async function lastChapterPosition(tx: DbOrTx, lessonId: number): Promise<number> {
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${chapters.position}), 0)::int` })
    .from(chapters)
    .where(eq(chapters.lesson_id, lessonId));
  return last?.position ?? 0;
}

/** Inserts a chapter; answers its id. */
export async function insertChapter(tx: DbOrTx, values: typeof chapters.$inferInsert) {
  const [row] = await tx.insert(chapters).values(values).returning({ id: chapters.id });
  return row!.id;
}

export async function updateChapter(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof chapters.$inferInsert>,
) {
  await tx.update(chapters).set(set).where(eq(chapters.id, id));
}

/** Archives the chapter from `archivedAt`, or restores it (null). */
export async function setChapterArchived(tx: DbOrTx, id: number, archivedAt: Date | null) {
  await tx.update(chapters).set({ archived_at: archivedAt }).where(eq(chapters.id, id));
}

/** Deletes the chapter; its resources and image links go with it (cascade). */
export async function deleteChapter(tx: DbOrTx, id: number) {
  await tx.delete(chapters).where(eq(chapters.id, id));
}

/** The ids of every chapter of the lesson (to check a new order against). */
export async function chapterIdsOfLesson(tx: DbOrTx, lessonId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: chapters.id })
    .from(chapters)
    .where(eq(chapters.lesson_id, lessonId));
  return rows.map((row) => Number(row.id));
}

/** Writes the positions 1…n of `ids` (checked by `checkOrder`) in one statement. */
export async function writeChapterOrder(tx: DbOrTx, ids: readonly number[]) {
  const values: SQL[] = ids.map((id, index) => sql`(${id}::bigint, ${index + 1}::int)`);
  await tx.execute(
    sql`update ${chapters} set position = o.position from (values ${sql.join(values, sql`, `)}) as o(id, position) where ${chapters.id} = o.id`,
  );
}

/** The resources of a chapter (or one of them), as `resources.chapter_id`/`id` select them. */
const resourcesWhere = (of: { chapterId: number; resourceId?: number }) =>
  of.resourceId === undefined
    ? eq(resources.chapter_id, of.chapterId)
    : and(eq(resources.id, of.resourceId), eq(resources.chapter_id, of.chapterId))!;

/** The stored files of a chapter's resources (or of one of them), to remove with their rows. */
export function resourceFiles(db: DbOrTx, of: { chapterId: number; resourceId?: number }) {
  return db
    .select({ id: files.id, key: files.storage_key })
    .from(resources)
    .innerJoin(files, eq(files.id, resources.file_id))
    .where(resourcesWhere(of));
}

/** Deletes one resource of the chapter; answers how many rows went (0: not the chapter's). */
export async function deleteResource(
  tx: DbOrTx,
  of: { chapterId: number; resourceId: number },
): Promise<number> {
  const rows = await tx.delete(resources).where(resourcesWhere(of)).returning({ id: resources.id });
  return rows.length;
}

/** Deletes one file row (its bytes are removed by the caller once the transaction is over). */
export async function deleteFile(tx: DbOrTx, id: number) {
  await tx.delete(files).where(eq(files.id, id));
}

/** The original name of a stored file. */
export async function fileName(tx: DbOrTx, id: number): Promise<string> {
  const [file] = await tx.select({ name: files.original_name }).from(files).where(eq(files.id, id));
  return file!.name;
}

/** The position after the chapter's last resource. */
export async function nextResourcePosition(db: DbOrTx, chapterId: number): Promise<number> {
  const [last] = await db
    .select({ position: sql<number>`coalesce(max(${resources.position}), 0)::int` })
    .from(resources)
    .where(eq(resources.chapter_id, chapterId));
  return (last?.position ?? 0) + 1;
}

/** Inserts a resource (a file or a link) of a chapter. */
export async function insertResource(db: DbOrTx, values: typeof resources.$inferInsert) {
  await db.insert(resources).values(values);
}

/**
 * Of the file ids a chapter's content shows, the chapter images the author may show in a lesson of
 * `institutionId`: `chapter/image` files of that institution that `readable` (the author's
 * `can(…, 'read', 'file')`) lets them read. Any other id (another institution's image, a hand-in,
 * an id that does not exist) is left out, and the sanitiser drops its image.
 */
export async function showableImages(
  db: DbOrTx,
  ids: readonly number[],
  institutionId: number,
  readable: SQL,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, [...ids]),
        eq(files.kind, 'chapter/image'),
        eq(files.institution_id, institutionId),
        readable,
      ),
    )
    // A cleanup deleting one of them (jobs/orphan-images.ts) is waited for, and its file left out.
    .for('share');
  return new Set(rows.map((row) => Number(row.id)));
}

/** The institution of a lesson (the lesson exists: the caller checked access). */
export async function lessonInstitution(db: DbOrTx, lessonId: number): Promise<number> {
  const [row] = await db
    .select({ institution_id: lessons.institution_id })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  return row!.institution_id;
}

/** The title of a lesson that is not archived (a chapter of an archived lesson reaches no one). */
export async function activeLessonTitle(db: DbOrTx, lessonId: number) {
  const [row] = await db
    .select({ title: lessons.title })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), isNull(lessons.archived_at)));
  return row?.title;
}

/** The lesson and institution of a chapter (the chapter exists: the caller checked access). */
export async function chapterLesson(db: DbOrTx, chapterId: number) {
  const [row] = await db
    .select({ lesson_id: chapters.lesson_id, institution_id: lessons.institution_id })
    .from(chapters)
    .innerJoin(lessons, eq(lessons.id, chapters.lesson_id))
    .where(eq(chapters.id, chapterId));
  return row!;
}

/**
 * The images a chapter that loses some of its links showed, marked unused from `now`: an image no
 * chapter shows any more is deleted once ORPHAN_GRACE has passed from then
 * (jobs/orphan-images.ts), so an undo in the editor within that time finds it again. One that
 * another chapter still shows is never deleted, whatever this says.
 */
function releaseImages(tx: DbOrTx, fileIds: SQL, now: Date) {
  return tx
    .update(files)
    .set({ unused_since: now })
    .where(and(eq(files.kind, 'chapter/image'), sql`${files.id} in ${fileIds}`));
}

/** A chapter image just uploaded is unused until a chapter shows it. */
export function markUploaded(db: DbOrTx, fileId: number, now: Date) {
  return db.update(files).set({ unused_since: now }).where(eq(files.id, fileId));
}

/** The chapter shows exactly these images from now on (its links replaced, in `tx`). */
export async function setChapterImages(
  tx: DbOrTx,
  chapterId: number,
  fileIds: readonly number[],
  now: Date,
) {
  await releaseImages(
    tx,
    sql`(select ${chapterImages.file_id} from ${chapterImages} where ${chapterImages.chapter_id} = ${chapterId})`,
    now,
  );
  await tx.delete(chapterImages).where(eq(chapterImages.chapter_id, chapterId));
  if (fileIds.length > 0) {
    await tx
      .insert(chapterImages)
      .values(fileIds.map((file_id) => ({ chapter_id: chapterId, file_id })))
      .onConflictDoNothing();
    await tx
      .update(files)
      .set({ unused_since: null })
      .where(inArray(files.id, [...fileIds]));
  }
}

/**
 * Before a chapter, or a lesson with its chapters, is deleted (the links go with them by cascade):
 * the images they showed are released.
 */
export function releaseImagesOf(
  tx: DbOrTx,
  of: { chapterId: number } | { lessonId: number },
  now: Date,
) {
  const chapterIds =
    'chapterId' in of
      ? sql`(${of.chapterId})`
      : sql`(select ${chapters.id} from ${chapters} where ${chapters.lesson_id} = ${of.lessonId})`;
  return releaseImages(
    tx,
    sql`(select ${chapterImages.file_id} from ${chapterImages} where ${chapterImages.chapter_id} in ${chapterIds})`,
    now,
  );
}

/**
 * Up to `limit` chapter images that no chapter shows and that have been unused since before
 * `before`, locked for deletion (another API node running the same job skips them).
 */
export function orphanImages(tx: DbOrTx, before: Date, limit: number) {
  return tx
    .select({ id: files.id, key: files.storage_key })
    .from(files)
    .where(
      and(
        eq(files.kind, 'chapter/image'),
        lt(files.unused_since, before),
        notExists(
          tx.select({ one: sql`1` }).from(chapterImages).where(eq(chapterImages.file_id, files.id)),
        ),
      ),
    )
    .orderBy(files.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Deletes file rows (their bytes are removed by the caller once the transaction is over). */
export function deleteFiles(tx: DbOrTx, ids: readonly number[]) {
  return tx.delete(files).where(inArray(files.id, [...ids]));
}
