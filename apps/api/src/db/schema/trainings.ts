import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, fk, id, timestamps } from './common.ts';
import { visibilityEnum } from './enums.ts';
import { institutions } from './institutions.ts';
import { modules } from './modules.ts';
import { promotions } from './promotions.ts';

/** A training (formation) of a promotion; public ones appear in the catalogue. */
export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    /** Same institution as the promotion (composite foreign key). */
    promotion_id: fk('promotion_id').notNull(),
    title: text('title').notNull(),
    /** Display name of the program, shown on the catalogue card. */
    program: text('program').notNull(),
    level: text('level').notNull(),
    description: text('description').notNull().default(''),
    total_hours: integer('total_hours').notNull().default(0),
    cover_link: text('cover_link'),
    visibility: visibilityEnum('visibility').notNull().default('private'),
    /**
     * The attendance rate (percent) below which a learner of the training is flagged to them and
     * to the admins (decision 199); null: none.
     */
    attendance_threshold: integer('attendance_threshold'),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check('trainings_total_hours_check', sql`${t.total_hours} >= 0`),
    check(
      'trainings_attendance_threshold_check',
      sql`${t.attendance_threshold} IS NULL OR ${t.attendance_threshold} BETWEEN 1 AND 100`,
    ),
    foreignKey({
      name: 'trainings_promotion_fk',
      columns: [t.promotion_id, t.institution_id],
      foreignColumns: [promotions.id, promotions.institution_id],
    }).onDelete('restrict'),
    unique('trainings_id_institution_unique').on(t.id, t.institution_id),
    index('trainings_institution_id_idx').on(t.institution_id),
    index('trainings_promotion_id_idx').on(t.promotion_id),
    index('trainings_visibility_idx').on(t.visibility, t.archived_at),
    index('trainings_archived_at_idx').on(t.archived_at),
  ],
);

export const trainingModules = pgTable(
  'training_modules',
  {
    training_id: fk('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    module_id: fk('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.training_id, t.module_id] }),
    index('training_modules_module_id_idx').on(t.module_id),
  ],
);
