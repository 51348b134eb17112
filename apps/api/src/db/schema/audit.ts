import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { fk, id, timestamptz } from './common.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

/** Append-only record of sensitive changes (who did what to which row, before and after). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actor_id: fk('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The institution the changed row belongs to (null for platform-wide rows). */
    institution_id: fk('institution_id').references(() => institutions.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: bigint('entity_id', { mode: 'number' }),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('audit_log_actor_id_idx').on(t.actor_id),
    index('audit_log_institution_id_idx').on(t.institution_id),
    index('audit_log_entity_idx').on(t.entity, t.entity_id),
    index('audit_log_at_idx').on(t.at),
  ],
);
