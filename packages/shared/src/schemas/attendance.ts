import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { dayField, optionalText, requiredText, timeField } from './common-fields.ts';

// Attendance (issue 32, decision 198): the sessions attendance is taken on, the trainer's roll
// call per half-day, the learners' own check-in with a short-lived code, and signatures.

export const HALF_DAYS = ['am', 'pm'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_KINDS = ['event', 'episode', 'exam', 'manual'] as const;
export type AttendanceKind = (typeof ATTENDANCE_KINDS)[number];

export const ATTENDANCE_AUDIENCES = ['promotion', 'group'] as const;

/** A check-in is on time until this many minutes after its half-day began; later, it is late. */
export const CHECK_IN_GRACE_MINUTES = 5;
/** How long a check-in code is good for (seconds), unless used first. */
export const CHECK_IN_CODE_SECONDS = 20;
/** How often the trainer's screen shows a new code, used or not (seconds). */
export const CHECK_IN_ROTATION_SECONDS = 10;
/** The typed code: six characters of this alphabet (no 0/O, 1/I/L: read off a wall). */
export const CHECK_IN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CHECK_IN_CODE_LENGTH = 6;

const countsShape = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  unmarked: z.number().int(),
});

/**
 * A session of `GET /api/attendance/sessions`: from the calendar (a class aimed at a promotion or
 * a group, an episode, an exam) or created by hand. `id` is null until someone opens it
 * (`POST /api/attendance/sessions/open` with its `key`).
 */
export const attendanceSessionSummary = z.object({
  key: z.string(),
  id: z.number().int().nullable(),
  kind: z.enum(ATTENDANCE_KINDS),
  title: z.string(),
  starts_at: z.date(),
  ends_at: z.date(),
  half_days: z.array(z.enum(HALF_DAYS)),
  audience: z.object({
    kind: z.enum(ATTENDANCE_AUDIENCES),
    id: z.number().int(),
    label: z.string(),
  }),
  trainer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Learners expected (the audience's students), and how the marks stand per half-day summed. */
  expected: z.number().int(),
  counts: countsShape,
  closed: z.boolean(),
});
export type AttendanceSessionSummary = Wire<z.output<typeof attendanceSessionSummary>>;

/**
 * A range of days, checked: it ends after it starts and spans `maxDays` at most (two months);
 * compared only once both days are real days (an impossible one has its own message).
 */
export const checkedRange = <T extends z.ZodType<{ from?: string; to?: string }>>(
  schema: T,
  maxDays = 62,
  tooLong = 'attendance.validation.rangeTooLong',
) =>
  schema
    .refine((range) => !range.from || !range.to || range.from <= range.to, {
      error: 'attendance.validation.range',
      path: ['to'],
      when: daysHeld,
    })
    .refine(
      (range) =>
        !range.from ||
        !range.to ||
        Date.parse(range.to) - Date.parse(range.from) <= maxDays * 86_400_000,
      { error: tooLong, path: ['to'], when: daysHeld },
    );

const daysHeld = (payload: { issues: unknown[] }) => payload.issues.length === 0;

const rangeFields = { from: dayField().optional(), to: dayField().optional() };

/** `GET /api/attendance/sessions?from=&to=`: days in the institution's zone (today by default). */
export const attendanceRange = checkedRange(z.object(rangeFields));

/**
 * `GET /api/attendance/export.csv?from=&to=&locale=`: the days, checked alike, and the language
 * of the file (a download link cannot set Accept-Language).
 */
export const attendanceExportQuery = checkedRange(
  z.object({ ...rangeFields, locale: z.enum(['fr', 'en', 'de']).optional() }),
);

export const attendanceSessionList = z.object({
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  sessions: z.array(attendanceSessionSummary),
});
export type AttendanceSessionList = Wire<z.output<typeof attendanceSessionList>>;

/** `POST /api/attendance/sessions/open`: the calendar's session to take attendance on. */
export const attendanceOpenBody = z.object({
  key: z
    .string()
    .max(80)
    .regex(
      /^(event:\d{1,15}(:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)?|episode:\d{1,15}|exam:\d{1,15})$/,
      {
        error: 'attendance.validation.key',
      },
    ),
});

/** `POST /api/attendance/sessions`: a session created by hand, on a day in the institution's zone. */
export const attendanceSessionBody = z
  .object({
    title: requiredText(200),
    audience: z.enum(ATTENDANCE_AUDIENCES, { error: 'validation.required' }),
    audience_id: z.number({ error: 'validation.required' }).int().positive(),
    training_id: z.number().int().positive().nullable().optional(),
    day: dayField(),
    start_time: timeField(),
    end_time: timeField(),
  })
  .refine((body) => body.start_time < body.end_time, {
    error: 'attendance.validation.endBeforeStart',
    path: ['end_time'],
  });
export type AttendanceSessionBody = z.input<typeof attendanceSessionBody>;

const margin = z
  .number({ error: 'attendance.validation.margin' })
  .int({ error: 'attendance.validation.margin' })
  .min(0, { error: 'attendance.validation.margin' })
  .max(240, { error: 'attendance.validation.margin' });

/** `PATCH /api/attendance/sessions/:id`: the fields given change; `closed` closes or reopens. */
export const attendanceSessionPatch = z.object({
  checkin_before_minutes: margin.optional(),
  checkin_after_minutes: margin.optional(),
  training_id: z.number().int().positive().nullable().optional(),
  closed: z.boolean().optional(),
});

/** One learner's mark for one half-day. */
export const attendanceMark = z.object({
  status: z.enum(ATTENDANCE_STATUSES),
  late_minutes: z.number().int().nullable(),
  remark: z.string().nullable(),
  source: z.enum(['roll_call', 'check_in']),
  checked_in_at: z.date().nullable(),
  updated_at: z.date(),
});

const signatureShape = z.object({
  id: z.number().int(),
  signed_at: z.date(),
  device: z.enum(['own', 'trainer']),
  corrected: z.boolean(),
});

/** `GET /api/attendance/sessions/:id`: the roll call of one session. */
export const attendanceSheet = attendanceSessionSummary.extend({
  id: z.number().int(),
  time_zone: z.string(),
  training: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  checkin_before_minutes: z.number().int(),
  checkin_after_minutes: z.number().int(),
  /** When self check-in is accepted, and whether it is now. */
  checkin_opens_at: z.date(),
  checkin_closes_at: z.date(),
  checkin_open: z.boolean(),
  learners: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      marks: z.object({ am: attendanceMark.nullable(), pm: attendanceMark.nullable() }),
      signatures: z.object({ am: signatureShape.nullable(), pm: signatureShape.nullable() }),
    }),
  ),
  trainer_signature: signatureShape.nullable(),
  can: z.object({ take: z.boolean() }),
  server_now: z.date(),
});
export type AttendanceSheet = Wire<z.output<typeof attendanceSheet>>;

/** One line of a roll call: a learner's status for one half-day. */
export const attendanceMarkEntry = z
  .object({
    student_id: z.number().int().positive(),
    half_day: z.enum(HALF_DAYS),
    status: z.enum(ATTENDANCE_STATUSES, { error: 'attendance.validation.status' }),
    late_minutes: z
      .number({ error: 'attendance.validation.lateMinutes' })
      .int({ error: 'attendance.validation.lateMinutes' })
      .min(1, { error: 'attendance.validation.lateMinutes' })
      .max(1440, { error: 'attendance.validation.lateMinutes' })
      .nullable()
      .optional(),
    remark: optionalText(500),
  })
  .refine((entry) => entry.status !== 'late' || (entry.late_minutes ?? null) !== null, {
    error: 'attendance.validation.lateMinutes',
    path: ['late_minutes'],
  });
export type AttendanceMarkEntry = z.input<typeof attendanceMarkEntry>;

/** `PUT /api/attendance/sessions/:id/marks`: lines of the roll call, saved as they come. */
export const attendanceMarksBody = z.object({
  marks: z.array(attendanceMarkEntry).min(1).max(2000),
});

/** `POST /api/attendance/sessions/:id/codes`: a fresh check-in code for the trainer's screen. */
export const checkInCode = z.object({
  id: z.number().int(),
  code: z.string(),
  /** What the QR code holds: the check-in page's address with the signed token. */
  url: z.string(),
  /** That address as a QR code (SVG markup, drawn by the server). */
  qr_svg: z.string(),
  expires_at: z.date(),
  server_now: z.date(),
});
export type CheckInCode = Wire<z.output<typeof checkInCode>>;

/** `POST /api/attendance/check-in`: the token of a scanned QR code, or the code typed. */
export const checkInBody = z
  .object({
    token: z.string().max(200).optional(),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[2-9A-HJKMNP-Z]{6}$/, { error: 'attendance.validation.code' })
      .optional(),
  })
  .refine((body) => body.token !== undefined || body.code !== undefined, {
    error: 'attendance.validation.code',
    path: ['code'],
  });
export type CheckInBody = z.input<typeof checkInBody>;

/** The answer of a check-in: the session, the half-day it counted for, and the status given. */
export const checkInResult = z.object({
  session: z.object({
    id: z.number().int(),
    title: z.string(),
    starts_at: z.date(),
    ends_at: z.date(),
  }),
  half_day: z.enum(HALF_DAYS),
  status: z.enum(ATTENDANCE_STATUSES),
  late_minutes: z.number().int().nullable(),
  /** True when this student had already checked in for that half-day (nothing changed). */
  already: z.boolean(),
  signed: z.boolean(),
});
export type CheckInResult = Wire<z.output<typeof checkInResult>>;

/** A drawn signature: a PNG as a data URL (300 kB at most), re-encoded by the server. */
const signatureImage = z
  .string({ error: 'attendance.validation.signature' })
  .max(400_000, { error: 'attendance.validation.signature' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, {
    error: 'attendance.validation.signature',
  });

/** `POST /api/attendance/sessions/:id/my-signature`: a learner signs a half-day on their phone. */
export const mySignatureBody = z.object({
  half_day: z.enum(HALF_DAYS, { error: 'attendance.validation.halfDay' }),
  image: signatureImage,
});
export type MySignatureBody = z.input<typeof mySignatureBody>;

/**
 * `POST /api/attendance/sessions/:id/signatures`: on the trainer's device, a learner signs a
 * half-day (`half_day`), or the trainer signs the session (`half_day` null, `signer_id` their
 * own). With `replaces_id`, a correction of that signature, with its reason.
 */
export const signatureBody = z
  .object({
    signer_id: z.number().int().positive(),
    half_day: z.enum(HALF_DAYS).nullable(),
    image: signatureImage,
    replaces_id: z.number().int().positive().optional(),
    reason: optionalText(500),
  })
  .refine((body) => body.replaces_id === undefined || Boolean(body.reason), {
    error: 'attendance.validation.reason',
    path: ['reason'],
  });
export type SignatureBody = z.input<typeof signatureBody>;

/** A signature as kept: who, when, what half-day, and the SHA-256 of the statement signed. */
export const signatureReceipt = z.object({
  id: z.number().int(),
  signer_id: z.number().int(),
  half_day: z.enum(HALF_DAYS).nullable(),
  signed_at: z.date(),
  statement_sha256: z.string(),
});
export type SignatureReceipt = Wire<z.output<typeof signatureReceipt>>;
