import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { fk, id, timestamptz } from './common.ts';

/**
 * Append-only record of sensitive events (who did what to which row, before and after): a trigger
 * refuses any update and any delete but the retention's (migration 0010, decision 132). The actor
 * and the institution are plain ids, not foreign keys, so deleting a user or an institution
 * changes no row; `actor_label` says who the actor was when the row was written.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** The user who acted (null for a guest: a failed sign-in with an unknown e-mail). */
    actor_id: fk('actor_id'),
    /** "First Last <e-mail>" of the actor when the row was written, or "user #id". */
    actor_label: text('actor_label'),
    /** The institution the changed row belongs to (null for platform-wide rows). */
    institution_id: fk('institution_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: bigint('entity_id', { mode: 'number' }),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('audit_log_actor_id_idx').on(t.actor_id),
    index('audit_log_institution_id_idx').on(t.institution_id, t.at),
    index('audit_log_action_idx').on(t.action),
    index('audit_log_entity_idx').on(t.entity, t.entity_id),
    index('audit_log_at_idx').on(t.at),
  ],
);
