import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { archivedAt, fk, id, timestamps, timestamptz } from './common.ts';
import { visibilityEnum } from './enums.ts';
import { files } from './files.ts';
import { institutions } from './institutions.ts';
import { promotions } from './promotions.ts';

/** A seminar of a promotion, made of episodes. */
export const seminars = pgTable(
  'seminars',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    /** Same institution as the promotion (composite foreign key). */
    promotion_id: fk('promotion_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    syllabus_file_id: fk('syllabus_file_id').references(() => files.id, { onDelete: 'set null' }),
    visibility: visibilityEnum('visibility').notNull().default('private'),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    foreignKey({
      name: 'seminars_promotion_fk',
      columns: [t.promotion_id, t.institution_id],
      foreignColumns: [promotions.id, promotions.institution_id],
    }).onDelete('restrict'),
    index('seminars_institution_id_idx').on(t.institution_id),
    index('seminars_promotion_id_idx').on(t.promotion_id),
    index('seminars_syllabus_file_id_idx').on(t.syllabus_file_id),
    index('seminars_visibility_idx').on(t.visibility, t.archived_at),
    index('seminars_archived_at_idx').on(t.archived_at),
  ],
);

/** One session of a seminar, in a room (`location`) or online (`online_link`). */
export const episodes = pgTable(
  'episodes',
  {
    id: id(),
    seminar_id: fk('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    starts_at: timestamptz('starts_at').notNull(),
    ends_at: timestamptz('ends_at').notNull(),
    location: text('location'),
    online_link: text('online_link'),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('episodes_ends_after_start_check', sql`${t.ends_at} >= ${t.starts_at}`),
    index('episodes_seminar_id_idx').on(t.seminar_id, t.position),
    index('episodes_starts_at_idx').on(t.starts_at),
  ],
);
