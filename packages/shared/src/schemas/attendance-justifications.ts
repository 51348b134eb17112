import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { checkedRange } from './attendance.ts';
import { dayField, optionalText, requiredText } from './common-fields.ts';

// Justifications of absences (issue 32, decision 199): a learner sends a reason and a document
// for some days; an admin accepts it (their absences of those days become excused) or refuses it.

export const JUSTIFICATION_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type JustificationStatus = (typeof JUSTIFICATION_STATUSES)[number];

/** A justification covers a month at most. */
export const JUSTIFICATION_MAX_DAYS = 31;

/**
 * `POST /api/attendance/justifications` (multipart: these fields, then the document in `file`):
 * the days in the institution's zone and the reason.
 */
export const justificationBody = checkedRange(
  z.object({ from: dayField(), to: dayField(), reason: requiredText(1000) }),
  JUSTIFICATION_MAX_DAYS,
  'attendance.validation.justificationTooLong',
);
export type JustificationBody = z.input<typeof justificationBody>;

/** `POST /api/attendance/justifications/:id/decision`: accepted or refused, with a note. */
export const justificationDecisionBody = z.object({
  status: z.enum(['accepted', 'refused'], { error: 'attendance.validation.decision' }),
  note: optionalText(500),
});
export type JustificationDecisionBody = z.input<typeof justificationDecisionBody>;

/** `GET /api/attendance/justifications?status=`: the pending ones first, then the latest. */
export const justificationListQuery = z.object({
  status: z.enum(JUSTIFICATION_STATUSES).optional(),
});

export const justification = z.object({
  id: z.number().int(),
  student: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  file: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  status: z.enum(JUSTIFICATION_STATUSES),
  note: z.string().nullable(),
  /** The learner's absent (not yet excused) half-days in those days, and those it excused. */
  absences: z.number().int(),
  excused: z.number().int(),
  submitted_at: z.date(),
  decided_at: z.date().nullable(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  can: z.object({ decide: z.boolean() }),
});
export type Justification = Wire<z.output<typeof justification>>;

export const justificationList = z.object({ data: z.array(justification) });
export type JustificationList = Wire<z.output<typeof justificationList>>;
