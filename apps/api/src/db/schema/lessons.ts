import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, fk, id, timestamps } from './common.ts';
import { files } from './files.ts';
import { institutions } from './institutions.ts';
import { subjects } from './subjects.ts';

/** A lesson, attached to one or more subjects through `subject_lessons`. */
export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull().default(0),
    archived_at: archivedAt(),
    ...timestamps(),
  },
  (t) => [index('lessons_institution_id_idx').on(t.institution_id)],
);

export const subjectLessons = pgTable(
  'subject_lessons',
  {
    subject_id: fk('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    lesson_id: fk('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subject_id, t.lesson_id] }),
    index('subject_lessons_lesson_id_idx').on(t.lesson_id),
  ],
);

/** A chapter of a lesson; `content` is HTML, sanitised on every write (http/sanitize.ts). */
export const chapters = pgTable(
  'chapters',
  {
    id: id(),
    lesson_id: fk('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    position: integer('position').notNull().default(0),
    video_url: text('video_url'),
    archived_at: archivedAt(),
    ...timestamps(),
  },
  (t) => [index('chapters_lesson_id_idx').on(t.lesson_id, t.position)],
);

/**
 * The images a chapter shows (decision 172): written when the chapter is saved, from the images of
 * its content that are `chapter/image` files of the lesson's institution the author may read. A
 * chapter image is readable through these links only, never because some text names its address.
 */
export const chapterImages = pgTable(
  'chapter_images',
  {
    chapter_id: fk('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    file_id: fk('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.chapter_id, t.file_id] }),
    index('chapter_images_file_id_idx').on(t.file_id),
  ],
);
