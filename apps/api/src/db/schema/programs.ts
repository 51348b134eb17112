import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, fk, id, timestamps } from './common.ts';
import { institutions } from './institutions.ts';

/** A program (also called school): platform-wide, offered by institutions through `institution_programs`. */
export const programs = pgTable(
  'programs',
  {
    id: id(),
    name: text('name').notNull(),
    sector: text('sector').notNull(),
    levels: text('levels').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [index('programs_archived_at_idx').on(t.archived_at)],
);

/** "Programs to institution". */
export const institutionPrograms = pgTable(
  'institution_programs',
  {
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    program_id: fk('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.institution_id, t.program_id] }),
    index('institution_programs_program_id_idx').on(t.program_id),
  ],
);
