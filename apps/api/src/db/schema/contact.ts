import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { fk, id, timestamps, timestamptz } from './common.ts';
import { contactNeedEnum } from './enums.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

/** A message from the contact form (guest) or the support form (signed in: `user_id`). */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    /** Dial code plus number, or '' when none was typed. */
    phone: text('phone').notNull().default(''),
    need: contactNeedEnum('need').notNull(),
    object: text('object').notNull(),
    message: text('message').notNull(),
    user_id: fk('user_id').references(() => users.id, { onDelete: 'set null' }),
    institution_id: fk('institution_id').references(() => institutions.id, {
      onDelete: 'set null',
    }),
    handled_at: timestamptz('handled_at'),
    ...timestamps(),
  },
  (t) => [
    index('contact_requests_user_id_idx').on(t.user_id),
    index('contact_requests_institution_id_idx').on(t.institution_id),
    index('contact_requests_handled_at_idx').on(t.handled_at),
    index('contact_requests_created_at_idx').on(t.created_at),
  ],
);
