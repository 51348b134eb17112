import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, fk, id } from './common.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

/** The history of CSV imports of students or teachers, with what each one did. */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    actor_id: fk('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** `student` or `teacher`. */
    kind: text('kind').notNull(),
    file_name: text('file_name').notNull(),
    total: integer('total').notNull(),
    created: integer('created').notNull(),
    updated: integer('updated').notNull(),
    invited: integer('invited').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check('imports_kind_check', sql`${t.kind} in ('student', 'teacher')`),
    check(
      'imports_counts_check',
      sql`${t.total} >= 0 and ${t.created} >= 0 and ${t.updated} >= 0 and ${t.invited} >= 0`,
    ),
    index('imports_institution_created_idx').on(t.institution_id, t.created_at),
    index('imports_actor_id_idx').on(t.actor_id),
  ],
);
