import { foreignKey, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, fk, id, timestamps } from './common.ts';
import { institutions } from './institutions.ts';
import { promotions } from './promotions.ts';
import { subjects } from './subjects.ts';
import { users } from './users.ts';

/** A group of students inside a promotion, with the subjects it follows. */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    /** Same institution as the promotion (composite foreign key). */
    promotion_id: fk('promotion_id').notNull(),
    name: text('name').notNull(),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    foreignKey({
      name: 'groups_promotion_fk',
      columns: [t.promotion_id, t.institution_id],
      foreignColumns: [promotions.id, promotions.institution_id],
    }).onDelete('cascade'),
    index('groups_institution_id_idx').on(t.institution_id),
    index('groups_promotion_id_idx').on(t.promotion_id),
    index('groups_archived_at_idx').on(t.archived_at),
  ],
);

export const groupStudents = pgTable(
  'group_students',
  {
    group_id: fk('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.student_id] }),
    index('group_students_student_id_idx').on(t.student_id),
  ],
);

export const groupSubjects = pgTable(
  'group_subjects',
  {
    group_id: fk('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    subject_id: fk('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.subject_id] }),
    index('group_subjects_subject_id_idx').on(t.subject_id),
  ],
);
