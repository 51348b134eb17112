import { z } from 'zod';
import type { Wire } from '../wire.ts';
import {
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  checkedRange,
  HALF_DAYS,
} from './attendance.ts';
import { dayField } from './common-fields.ts';

// Attendance documents (issue 32, decision 199): the attendance sheet of a session or of a learner
// over a period, the certificate of attendance, and the attendance rates they are counted with.

/** A document covers a year at most (a training's whole year for a certificate). */
export const ATTENDANCE_DOCUMENT_MAX_DAYS = 366;

const documentRange = checkedRange(
  z.object({ from: dayField(), to: dayField() }),
  ATTENDANCE_DOCUMENT_MAX_DAYS,
  'attendance.validation.rangeTooLongYear',
);

const locale = z.enum(['fr', 'en', 'de']).optional();

/** `GET /api/attendance/learners/:id/summary?from=&to=`: the days, in the institution's zone. */
export const attendanceSummaryQuery = documentRange;

/**
 * `GET /api/attendance/learners/:id/sheet.pdf` and `…/certificate.pdf`: the days, the training
 * (the certificate's; every session when absent) and the language of the file (a download link
 * cannot set Accept-Language).
 */
export const attendanceDocumentQuery = checkedRange(
  z.object({
    from: dayField(),
    to: dayField(),
    training_id: z.coerce.number().int().positive().optional(),
    locale,
  }),
  ATTENDANCE_DOCUMENT_MAX_DAYS,
  'attendance.validation.rangeTooLongYear',
);
export type AttendanceDocumentQuery = z.input<typeof attendanceDocumentQuery>;

/** `GET /api/attendance/sessions/:id/sheet.pdf?locale=`. */
export const attendanceSheetPdfQuery = z.object({ locale });

/**
 * Time attended of time planned: each half-day of a session where attendance was taken counts its
 * minutes as planned (a line nobody called, once the session is closed); present, all of them are
 * attended; late, less the minutes late; absent, excused or not called, none. The rate is
 * attended over planned (null when nothing is planned).
 */
export const attendanceTotals = z.object({
  sessions: z.number().int(),
  half_days: z.number().int(),
  planned_minutes: z.number().int(),
  attended_minutes: z.number().int(),
  rate: z.number().nullable(),
  counts: z.object({
    present: z.number().int(),
    late: z.number().int(),
    absent: z.number().int(),
    excused: z.number().int(),
    unmarked: z.number().int(),
  }),
});
export type AttendanceTotals = Wire<z.output<typeof attendanceTotals>>;

/**
 * A learner's attendance in one training: null for the sessions without one. `threshold` is the
 * training's (percent, null: none); `below` says the rate is under it.
 */
export const trainingAttendance = attendanceTotals.extend({
  training: z
    .object({ id: z.number().int(), title: z.string(), threshold: z.number().int().nullable() })
    .nullable(),
  below: z.boolean(),
});
export type TrainingAttendance = Wire<z.output<typeof trainingAttendance>>;

const student = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** `GET /api/attendance/learners/:id/summary`: a learner's attendance per training over the days. */
export const attendanceSummary = z.object({
  student,
  from: z.string(),
  to: z.string(),
  trainings: z.array(trainingAttendance),
  total: attendanceTotals,
});

/**
 * `GET /api/attendance/promotions/:id/summary`, `/alerts`, `/me/summary`: the days, the academic
 * year so far by default (from 1 September, in the institution's zone).
 */
export const attendancePeriodQuery = checkedRange(
  z.object({ from: dayField().optional(), to: dayField().optional() }),
  ATTENDANCE_DOCUMENT_MAX_DAYS,
  'attendance.validation.rangeTooLongYear',
);

/** `GET /api/attendance/me/summary`: the signed-in learner's own attendance, in the same shape. */
export type MyAttendance = Wire<z.output<typeof attendanceSummary>>;

/** `GET /api/attendance/promotions/:id/summary`: each learner of a promotion, per training. */
export const promotionAttendance = z.object({
  promotion: z.object({ id: z.number().int(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  learners: z.array(
    z.object({ student, trainings: z.array(trainingAttendance), total: attendanceTotals }),
  ),
});
export type PromotionAttendance = Wire<z.output<typeof promotionAttendance>>;

/** `GET /api/attendance/alerts`: the learners under their training's threshold, lowest first. */
export const attendanceAlerts = z.object({
  from: z.string(),
  to: z.string(),
  alerts: z.array(
    z.object({
      student,
      training: z.object({ id: z.number().int(), title: z.string() }),
      threshold: z.number().int(),
      rate: z.number(),
      attended_minutes: z.number().int(),
      planned_minutes: z.number().int(),
    }),
  ),
});
export type AttendanceAlerts = Wire<z.output<typeof attendanceAlerts>>;
export type AttendanceSummary = Wire<z.output<typeof attendanceSummary>>;

/** A signature as a document prints it: when, and the SHA-256 of the statement signed. */
const printedSignature = z.object({ signed_at: z.date(), statement_sha256: z.string() });

export const PRINTED_STATUSES = [...ATTENDANCE_STATUSES, 'unmarked'] as const;
export type PrintedStatus = AttendanceStatus | 'unmarked';

const printedPerson = z.object({ first_name: z.string(), last_name: z.string() });
const printedInstitution = z.object({ name: z.string(), time_zone: z.string() });

/** A session as an attendance sheet prints it, with its learners' lines per half-day. */
export const printedAttendanceSession = z.object({
  title: z.string(),
  training: z.string().nullable(),
  audience: z.string(),
  trainer: z.string().nullable(),
  starts_at: z.date(),
  ends_at: z.date(),
  half_days: z.array(z.enum(HALF_DAYS)),
  closed_at: z.date().nullable(),
  trainer_signature: printedSignature.nullable(),
  lines: z.array(
    printedPerson.extend({
      half_day: z.enum(HALF_DAYS),
      status: z.enum(PRINTED_STATUSES),
      late_minutes: z.number().int().nullable(),
      checked_in_at: z.date().nullable(),
      signature: printedSignature.nullable(),
    }),
  ),
});

/**
 * An attendance sheet as printed: one session with all its learners (`scope` session), or one
 * learner's sessions over a period (`scope` learner, with their totals).
 */
export const printedAttendanceSheet = z.object({
  scope: z.enum(['session', 'learner']),
  institution: printedInstitution,
  learner: printedPerson.nullable(),
  from: z.string(),
  to: z.string(),
  sessions: z.array(printedAttendanceSession),
  totals: attendanceTotals.nullable(),
});
export type PrintedAttendanceSheet = Wire<z.output<typeof printedAttendanceSheet>>;

/** A certificate of attendance as printed: hours attended of hours planned. */
export const printedAttendanceCertificate = z.object({
  institution: printedInstitution,
  learner: printedPerson,
  training: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  totals: attendanceTotals,
});
export type PrintedAttendanceCertificate = Wire<z.output<typeof printedAttendanceCertificate>>;

const verified = { genuine: z.literal(true), issued_at: z.date(), locale: z.string() };

/** `GET /api/verify/:code` for an attendance sheet: what it printed, and nothing else. */
export const attendanceSheetVerification = z.object({
  kind: z.literal('attendance_sheet'),
  ...verified,
  content: printedAttendanceSheet,
});
export const attendanceCertificateVerification = z.object({
  kind: z.literal('attendance_certificate'),
  ...verified,
  content: printedAttendanceCertificate,
});
