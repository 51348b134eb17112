import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, fk, id, timestamps } from './common.ts';
import { institutions } from './institutions.ts';
import { modules } from './modules.ts';
import { users } from './users.ts';

/** A subject taught in an institution (coefficient for the transcript, hours of teaching). */
export const subjects = pgTable(
  'subjects',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    coefficient: numeric('coefficient', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(1),
    hourly_volume: integer('hourly_volume').notNull().default(0),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check('subjects_coefficient_check', sql`${t.coefficient} > 0`),
    check('subjects_hourly_volume_check', sql`${t.hourly_volume} >= 0`),
    /** Target of the composite foreign keys that keep evaluations in the subject's institution. */
    unique('subjects_id_institution_unique').on(t.id, t.institution_id),
    index('subjects_institution_id_idx').on(t.institution_id),
    index('subjects_archived_at_idx').on(t.archived_at),
  ],
);

export const moduleSubjects = pgTable(
  'module_subjects',
  {
    module_id: fk('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    subject_id: fk('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.module_id, t.subject_id] }),
    index('module_subjects_subject_id_idx').on(t.subject_id),
  ],
);

/** The subjects a teacher (or super-teacher) teaches. */
export const teacherSubjects = pgTable(
  'teacher_subjects',
  {
    teacher_id: fk('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject_id: fk('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teacher_id, t.subject_id] }),
    index('teacher_subjects_subject_id_idx').on(t.subject_id),
  ],
);
