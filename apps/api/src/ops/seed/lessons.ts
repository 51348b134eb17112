import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  chapterImages,
  chapters,
  lessons,
  resources,
  subjectLessons,
} from '../../db/schema/index.ts';
import type { FileInput } from '../../files/uploads.ts';
import { NO_IMAGES, sanitizeRichText } from '../../http/sanitize.ts';
import { DEMO_LESSONS } from './content.ts';
import { SUBJECTS } from './curriculum.ts';
import { type IdOf, type InstitutionKey, linkResources } from './keys.ts';

/** Stores a file through the files adapter (the server's storage: disk or S3). */
export type StoreFile = (db: DbOrTx, input: FileInput) => Promise<{ id: number; url: string }>;

const institutionOfSubject = new Map(SUBJECTS.map((row) => [row.key, row.institution]));

/** A file shipped beside the seed (build.mjs copies assets/ next to server.js). */
const asset = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./assets/${name}`, import.meta.url)));

/**
 * The lessons of content.ts, each in its subject, with their chapters (sanitised like every
 * write) and links; with `storeFile`, also their images and file resources.
 */
export async function seedLessons(
  tx: Tx,
  deps: { institution: IdOf<InstitutionKey>; subject: IdOf; storeFile?: StoreFile },
): Promise<void> {
  const lessonRows = await tx
    .insert(lessons)
    .values(
      DEMO_LESSONS.map((lesson, index) => ({
        institution_id: deps.institution(institutionOfSubject.get(lesson.subject)!),
        title: lesson.title,
        summary: lesson.summary,
        position: index + 1,
      })),
    )
    .returning({ id: lessons.id, institution_id: lessons.institution_id });
  await tx.insert(subjectLessons).values(
    DEMO_LESSONS.map((lesson, index) => ({
      subject_id: deps.subject(lesson.subject),
      lesson_id: lessonRows[index]!.id,
    })),
  );
  const chapterData = DEMO_LESSONS.flatMap((lesson, index) =>
    lesson.chapters.map((chapter, position) => ({
      lesson: lessonRows[index]!,
      chapter,
      position: position + 1,
    })),
  );
  const chapterRows = await tx
    .insert(chapters)
    .values(
      chapterData.map((c) => ({
        lesson_id: c.lesson.id,
        title: c.chapter.title,
        content: sanitizeRichText(c.chapter.content, NO_IMAGES),
        position: c.position,
      })),
    )
    .returning({ id: chapters.id });
  const links = chapterData.flatMap((c, index) =>
    linkResources({ chapter_id: chapterRows[index]!.id }, c.chapter.links),
  );
  if (links.length > 0) await tx.insert(resources).values(links);
  if (!deps.storeFile) return;
  for (const [index, { chapter, lesson }] of chapterData.entries()) {
    const id = chapterRows[index]!.id;
    if (chapter.figure) {
      const image = await deps.storeFile(tx, {
        kind: 'chapter/image',
        ownerId: null,
        institutionId: lesson.institution_id,
        bytes: asset(chapter.figure.file),
        filename: chapter.figure.file,
      });
      const figure = `<p><img src="${image.url}" alt="${chapter.figure.alt}"></p><p><em>${chapter.figure.caption}</em></p>`;
      await tx
        .update(chapters)
        .set({ content: sanitizeRichText(`${chapter.content}${figure}`, new Set([image.id])) })
        .where(eq(chapters.id, id));
      await tx.insert(chapterImages).values({ chapter_id: id, file_id: image.id });
    }
    if (chapter.attachment) {
      const file = await deps.storeFile(tx, {
        kind: 'resource',
        ownerId: null,
        institutionId: lesson.institution_id,
        bytes: asset(chapter.attachment.file),
        filename: chapter.attachment.file,
      });
      await tx.insert(resources).values({
        chapter_id: id,
        kind: 'file',
        title: chapter.attachment.title,
        file_id: file.id,
        position: (chapter.links?.length ?? 0) + 1,
      });
    }
  }
}
