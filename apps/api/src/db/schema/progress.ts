import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { fk, timestamptz } from './common.ts';
import { chapters } from './lessons.ts';
import { users } from './users.ts';

/**
 * A student's reading of a chapter: when they last opened it (the dashboard's "continue where you
 * left off") and when they marked it done (the progress bars), both from the server clock.
 */
export const chapterProgress = pgTable(
  'chapter_progress',
  {
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapter_id: fk('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    opened_at: timestamptz('opened_at').notNull(),
    completed_at: timestamptz('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.student_id, t.chapter_id] }),
    index('chapter_progress_chapter_id_idx').on(t.chapter_id),
    index('chapter_progress_opened_idx').on(t.student_id, t.opened_at),
  ],
);
