import type { SQL } from 'drizzle-orm';
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chapterImages, chapters, files, lessons } from '../../db/schema/index.ts';

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
