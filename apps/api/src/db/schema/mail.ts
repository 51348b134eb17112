import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './common.ts';
import { localeEnum, mailStatusEnum } from './enums.ts';

/**
 * Outgoing mail. A worker takes `pending` rows whose `next_attempt_at` has come with
 * `FOR UPDATE SKIP LOCKED`, so several API nodes never send the same message twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to_address: text('to_address').notNull(),
    template: text('template').notNull(),
    locale: localeEnum('locale').notNull().default('fr'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: mailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamptz('next_attempt_at').notNull(),
    sent_at: timestamptz('sent_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('mail_outbox_status_next_attempt_idx').on(t.status, t.next_attempt_at)],
);
