import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, fk, id, timestamps } from './common.ts';
import { institutions } from './institutions.ts';
import { programs } from './programs.ts';
import { users } from './users.ts';

/** A cohort of a program for one academic year (e.g. `2025-2026`) at one level. */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    program_id: fk('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    academic_year: text('academic_year').notNull(),
    level: text('level').notNull(),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check('promotions_academic_year_check', sql`${t.academic_year} ~ '^[0-9]{4}-[0-9]{4}$'`),
    /** Target of the composite foreign keys that keep children in the promotion's institution. */
    unique('promotions_id_institution_unique').on(t.id, t.institution_id),
    index('promotions_institution_id_idx').on(t.institution_id),
    index('promotions_program_id_idx').on(t.program_id),
    index('promotions_academic_year_idx').on(t.academic_year),
    index('promotions_archived_at_idx').on(t.archived_at),
  ],
);

export const promotionStudents = pgTable(
  'promotion_students',
  {
    promotion_id: fk('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.promotion_id, t.student_id] }),
    index('promotion_students_student_id_idx').on(t.student_id),
  ],
);

/** Teachers and super-teachers with access to a promotion. */
export const promotionTeachers = pgTable(
  'promotion_teachers',
  {
    promotion_id: fk('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    teacher_id: fk('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.promotion_id, t.teacher_id] }),
    index('promotion_teachers_teacher_id_idx').on(t.teacher_id),
  ],
);
