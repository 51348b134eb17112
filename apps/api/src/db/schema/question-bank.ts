import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { archivedAt, fk, id, timestamps, timestamptz } from './common.ts';
import { questionKindEnum } from './enums.ts';
import { institutions } from './institutions.ts';
import type { QuestionAnswerKey } from './question-key.ts';
import { subjects } from './subjects.ts';
import { users } from './users.ts';

/**
 * A question kept in a subject's bank (issue 30, decision 191), to be copied into its exams. A
 * question has versions: editing one that an exam with attempts holds writes a new row with the
 * same `family_id` and the next `version`, and marks the old one `replaced_at` (exams keep the
 * copy they took, so past attempts keep theirs). The bank shows the rows neither replaced nor
 * archived. `category` is a path (`Geometry/Triangles`, GIFT's `$CATEGORY:`), `tags` free words.
 */
export const bankQuestions = pgTable(
  'bank_questions',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'restrict' }),
    subject_id: fk('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    /** The first version's id (null on the first version itself). */
    family_id: fk('family_id'),
    version: integer('version').notNull().default(1),
    category: text('category').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    kind: questionKindEnum('kind').notNull(),
    prompt: text('prompt').notNull(),
    format: text('format').$type<'plain' | 'html'>().notNull().default('plain'),
    title: text('title'),
    choices: jsonb('choices').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    options: jsonb('options').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    answer_key: jsonb('answer_key').$type<QuestionAnswerKey>(),
    points: numeric('points', { precision: 6, scale: 2, mode: 'number' }).notNull().default(1),
    created_by: fk('created_by').references(() => users.id, { onDelete: 'set null' }),
    replaced_at: timestamptz('replaced_at'),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check(
      'bank_questions_points_check',
      sql`${t.points} > 0 OR (${t.kind}::text = 'description' AND ${t.points} = 0)`,
    ),
    check('bank_questions_format_check', sql`${t.format} IN ('plain', 'html')`),
    check('bank_questions_version_check', sql`${t.version} >= 1`),
    index('bank_questions_subject_idx')
      .on(t.subject_id, t.category)
      .where(sql`${t.replaced_at} IS NULL AND ${t.archived_at} IS NULL`),
    index('bank_questions_family_idx').on(t.family_id),
    index('bank_questions_institution_id_idx').on(t.institution_id),
    index('bank_questions_created_by_idx').on(t.created_by),
  ],
);
