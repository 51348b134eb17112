import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { fk, id, timestamps, timestamptz } from './common.ts';
import { eventAudienceEnum } from './enums.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

/**
 * A calendar event. `audience` says who sees it: `personal` (the owner only, `audience_id` null),
 * or everyone of the promotion, group or institution whose id is `audience_id`.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    /** Null only for the super-admin's personal events. */
    institution_id: fk('institution_id').references(() => institutions.id, {
      onDelete: 'cascade',
    }),
    owner_id: fk('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    starts_at: timestamptz('starts_at').notNull(),
    ends_at: timestamptz('ends_at').notNull(),
    all_day: boolean('all_day').notNull().default(false),
    color_code: text('color_code'),
    audience: eventAudienceEnum('audience').notNull().default('personal'),
    audience_id: bigint('audience_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    check('events_ends_after_start_check', sql`${t.ends_at} >= ${t.starts_at}`),
    check(
      'events_color_code_check',
      sql`${t.color_code} IS NULL OR ${t.color_code} ~ '^#[0-9A-Fa-f]{6}$'`,
    ),
    check('events_audience_check', sql`(${t.audience} = 'personal') = (${t.audience_id} IS NULL)`),
    index('events_institution_id_idx').on(t.institution_id),
    index('events_owner_id_idx').on(t.owner_id),
    index('events_starts_at_idx').on(t.starts_at),
    index('events_audience_idx').on(t.audience, t.audience_id),
  ],
);
