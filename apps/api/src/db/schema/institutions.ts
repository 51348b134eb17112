import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '../../time.ts';
import { archivedAt, id, timestamps } from './common.ts';
import { institutionKindEnum } from './enums.ts';

/** A tenant: a university, a school or a society. Every tenant row carries `institution_id`. */
export const institutions = pgTable(
  'institutions',
  {
    id: id(),
    name: text('name').notNull(),
    diminutive: text('diminutive'),
    kind: institutionKindEnum('kind').notNull(),
    color_code: text('color_code').notNull().default('#144E5E'),
    logo_link: text('logo_link'),
    url: text('url').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    nb_levels: integer('nb_levels').notNull().default(0),
    levels: text('levels').array().notNull().default(sql`'{}'::text[]`),
    /** IANA zone in which the institution's dates and times are typed (exam windows…). */
    timezone: text('timezone').notNull().default(DEFAULT_TIME_ZONE),
    mfa_required_for_staff: boolean('mfa_required_for_staff').notNull().default(false),
    ...timestamps(),
    archived_at: archivedAt(),
  },
  (t) => [
    check('institutions_color_code_check', sql`${t.color_code} ~ '^#[0-9A-Fa-f]{6}$'`),
    check('institutions_nb_levels_check', sql`${t.nb_levels} >= 0`),
    index('institutions_archived_at_idx').on(t.archived_at),
  ],
);
