import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, fk, id, timestamps } from './common.ts';
import { institutions } from './institutions.ts';

/** A course module: platform-wide, enabled per institution through `institution_modules`. */
export const modules = pgTable(
  'modules',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Hours of teaching, when known. */
    hourly_volume: integer('hourly_volume'),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check(
      'modules_hourly_volume_check',
      sql`${t.hourly_volume} IS NULL OR ${t.hourly_volume} >= 0`,
    ),
    index('modules_archived_at_idx').on(t.archived_at),
  ],
);

/** "/institution-module/<id>": the modules an institution uses. */
export const institutionModules = pgTable(
  'institution_modules',
  {
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    module_id: fk('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.institution_id, t.module_id] }),
    index('institution_modules_module_id_idx').on(t.module_id),
  ],
);
