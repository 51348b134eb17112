import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { dayField } from './common-fields.ts';
import { idText } from './ids.ts';

/** `GET /api/audit`: one row of the audit log (decision 132). */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.date(),
  /** The user who acted (null for a guest's failed sign-in); they may since have been deleted. */
  actor_id: z.number().int().nullable(),
  /** Who the actor was when the row was written: "First Last <e-mail>" or "user #id". */
  actor_label: z.string().nullable(),
  institution_id: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = Wire<z.output<typeof auditEntry>>;

/** The actions the log records, for the page's filter. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'mfa.enable',
  'mfa.disable',
  'role.change',
  'grades.save',
  'question.fix',
  'quiz.regrade',
  'bank.version',
  'extension.grant',
  'extension.remove',
  'delete',
  'archive',
  'unarchive',
  'import',
  'access.refused',
  'person.address_taken',
  'sessions.revoke',
] as const;

/** `GET /api/audit` filters, beside the page and the text (`q`). */
export const auditFilters = z.object({
  actor_id: idText.optional(),
  action: z.string().trim().max(60).optional(),
  entity: z.string().trim().max(60).optional(),
  /** First and last day (UTC), both included. */
  from: dayField().optional(),
  to: dayField().optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;
