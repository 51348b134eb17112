import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { fk, id, timestamps } from './common.ts';
import { resourceKindEnum } from './enums.ts';
import { files } from './files.ts';
import { chapters } from './lessons.ts';
import { episodes } from './seminars.ts';

/**
 * A resource of a chapter or of an episode (exactly one of `chapter_id`, `episode_id`):
 * an uploaded file (`kind = 'file'`, `file_id`) or a link (`kind = 'link'`, `url`).
 */
export const resources = pgTable(
  'resources',
  {
    id: id(),
    chapter_id: fk('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    episode_id: fk('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    kind: resourceKindEnum('kind').notNull(),
    title: text('title').notNull(),
    file_id: fk('file_id').references(() => files.id, { onDelete: 'cascade' }),
    url: text('url'),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('resources_owner_check', sql`num_nonnulls(${t.chapter_id}, ${t.episode_id}) = 1`),
    check(
      'resources_kind_check',
      sql`(${t.kind} = 'file' AND ${t.file_id} IS NOT NULL AND ${t.url} IS NULL) OR (${t.kind} = 'link' AND ${t.url} IS NOT NULL AND ${t.file_id} IS NULL)`,
    ),
    index('resources_chapter_id_idx').on(t.chapter_id),
    index('resources_episode_id_idx').on(t.episode_id),
    index('resources_file_id_idx').on(t.file_id),
  ],
);
