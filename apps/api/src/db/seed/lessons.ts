import type { Tx } from '../client.ts';
import { chapters, lessons, resources, subjectLessons } from '../schema/index.ts';
import { DEMO_LESSONS } from './content.ts';
import { SUBJECTS } from './curriculum.ts';
import { type IdOf, type InstitutionKey, linkResources } from './keys.ts';

const institutionOfSubject = new Map(SUBJECTS.map((row) => [row.key, row.institution]));

/** The lessons of content.ts, each in its subject, with their chapters and links. */
export async function seedLessons(
  tx: Tx,
  deps: { institution: IdOf<InstitutionKey>; subject: IdOf },
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
    .returning({ id: lessons.id });
  await tx.insert(subjectLessons).values(
    DEMO_LESSONS.map((lesson, index) => ({
      subject_id: deps.subject(lesson.subject),
      lesson_id: lessonRows[index]!.id,
    })),
  );
  const chapterData = DEMO_LESSONS.flatMap((lesson, index) =>
    lesson.chapters.map((chapter, position) => ({
      lesson_id: lessonRows[index]!.id,
      chapter,
      position: position + 1,
    })),
  );
  const chapterRows = await tx
    .insert(chapters)
    .values(
      chapterData.map((c) => ({
        lesson_id: c.lesson_id,
        title: c.chapter.title,
        content: c.chapter.content,
        position: c.position,
      })),
    )
    .returning({ id: chapters.id });
  const links = chapterData.flatMap((c, index) =>
    linkResources({ chapter_id: chapterRows[index]!.id }, c.chapter.links),
  );
  if (links.length > 0) await tx.insert(resources).values(links);
}
