import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fk, id, timestamps, timestamptz } from './common.ts';
import { files } from './files.ts';
import { institutions } from './institutions.ts';
import { trainings } from './trainings.ts';
import { users } from './users.ts';

// Attendance (issue 32, decision 198): the sessions attendance is taken on, each learner's mark
// per half-day, the short-lived check-in codes and the signatures.

/**
 * A session attendance is taken on: an occurrence of a class of the calendar aimed at a promotion
 * or a group (`source_key` `event:<id>` or `event:<id>:<original start>`), a seminar episode
 * (`episode:<id>`), an exam (`exam:<id>`), or one created by hand (no key). It is created when
 * someone first opens it, and keeps its own times from then on. Its learners are the students of
 * its audience (a promotion or a group), read when asked.
 */
export const attendanceSessions = pgTable(
  'attendance_sessions',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    source_key: text('source_key'),
    kind: text('kind').$type<'event' | 'episode' | 'exam' | 'manual'>().notNull(),
    title: text('title').notNull(),
    starts_at: timestamptz('starts_at').notNull(),
    ends_at: timestamptz('ends_at').notNull(),
    audience: text('audience').$type<'promotion' | 'group'>().notNull(),
    audience_id: bigint('audience_id', { mode: 'number' }).notNull(),
    /** Same institution as the session (composite foreign key). */
    training_id: fk('training_id'),
    trainer_id: fk('trainer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Self check-in opens this many minutes before the start and closes this many after the end. */
    checkin_before_minutes: integer('checkin_before_minutes').notNull().default(15),
    checkin_after_minutes: integer('checkin_after_minutes').notNull().default(15),
    /** The key the session's check-in tokens are signed with (32 random bytes, hex). */
    code_secret: text('code_secret').notNull(),
    closed_at: timestamptz('closed_at'),
    closed_by: fk('closed_by').references(() => users.id, { onDelete: 'set null' }),
    created_by: fk('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('attendance_sessions_ends_after_start_check', sql`${t.ends_at} > ${t.starts_at}`),
    check(
      'attendance_sessions_kind_check',
      sql`${t.kind} IN ('event', 'episode', 'exam', 'manual') AND (${t.kind} = 'manual') = (${t.source_key} IS NULL)`,
    ),
    check('attendance_sessions_audience_check', sql`${t.audience} IN ('promotion', 'group')`),
    check(
      'attendance_sessions_margins_check',
      sql`${t.checkin_before_minutes} BETWEEN 0 AND 240 AND ${t.checkin_after_minutes} BETWEEN 0 AND 240`,
    ),
    foreignKey({
      name: 'attendance_sessions_training_fk',
      columns: [t.training_id, t.institution_id],
      foreignColumns: [trainings.id, trainings.institution_id],
    }).onDelete('restrict'),
    uniqueIndex('attendance_sessions_source_key').on(t.institution_id, t.source_key),
    index('attendance_sessions_starts_at_idx').on(t.institution_id, t.starts_at),
    index('attendance_sessions_audience_idx').on(t.audience, t.audience_id),
    index('attendance_sessions_trainer_id_idx').on(t.trainer_id),
    index('attendance_sessions_training_id_idx').on(t.training_id),
    index('attendance_sessions_closed_by_idx').on(t.closed_by),
    index('attendance_sessions_created_by_idx').on(t.created_by),
  ],
);

/**
 * A learner's mark for one half-day of a session: one row per session, student and half-day (two
 * devices checking the same student in at once leave one). `source` says whether the trainer's
 * roll call or the learner's own check-in wrote it last.
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    session_id: fk('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    half_day: text('half_day').$type<'am' | 'pm'>().notNull(),
    status: text('status').$type<'present' | 'late' | 'absent' | 'excused'>().notNull(),
    late_minutes: integer('late_minutes'),
    remark: text('remark'),
    source: text('source').$type<'roll_call' | 'check_in'>().notNull(),
    checked_in_at: timestamptz('checked_in_at'),
    recorded_by: fk('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.session_id, t.student_id, t.half_day] }),
    check('attendance_marks_half_day_check', sql`${t.half_day} IN ('am', 'pm')`),
    check(
      'attendance_marks_status_check',
      sql`${t.status} IN ('present', 'late', 'absent', 'excused')`,
    ),
    check(
      'attendance_marks_late_check',
      sql`(${t.status} = 'late') = (${t.late_minutes} IS NOT NULL) AND (${t.late_minutes} IS NULL OR ${t.late_minutes} BETWEEN 1 AND 1440)`,
    ),
    check('attendance_marks_source_check', sql`${t.source} IN ('roll_call', 'check_in')`),
    index('attendance_marks_student_id_idx').on(t.student_id),
    index('attendance_marks_recorded_by_idx').on(t.recorded_by),
  ],
);

/**
 * A check-in code shown on the trainer's screen: six characters (typed) and a signed token (in the
 * QR code), good once and only until `expires_at`; the screen shows a new one as soon as it is used.
 */
export const attendanceCodes = pgTable(
  'attendance_codes',
  {
    id: id(),
    session_id: fk('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    issued_at: timestamptz('issued_at').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    used_by: fk('used_by').references(() => users.id, { onDelete: 'cascade' }),
    used_at: timestamptz('used_at'),
  },
  (t) => [
    unique('attendance_codes_session_code_unique').on(t.session_id, t.code),
    index('attendance_codes_code_idx').on(t.code),
    index('attendance_codes_used_by_idx').on(t.used_by),
  ],
);

/**
 * A signature (issue 32): a learner's for one half-day, or the trainer's for the session
 * (`half_day` null). Never changed nor removed (a trigger refuses it): a correction is a new row
 * naming the one it `replaces`, with its reason, and the audit log says who made it. `statement`
 * is what was signed, `statement_sha256` its SHA-256.
 */
export const attendanceSignatures = pgTable(
  'attendance_signatures',
  {
    id: id(),
    session_id: fk('session_id')
      .notNull()
      .references(() => attendanceSessions.id, { onDelete: 'restrict' }),
    signer_id: fk('signer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    role: text('role').$type<'learner' | 'trainer'>().notNull(),
    half_day: text('half_day').$type<'am' | 'pm'>(),
    /** The drawn signature, a PNG as a data URL. */
    image: text('image').notNull(),
    statement: text('statement').notNull(),
    statement_sha256: text('statement_sha256').notNull(),
    /** Whose device it was drawn on: the learner's own, or the trainer's passed around. */
    device: text('device').$type<'own' | 'trainer'>().notNull(),
    recorded_by: fk('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    replaces_id: fk('replaces_id'),
    reason: text('reason'),
    signed_at: timestamptz('signed_at').notNull(),
  },
  (t) => [
    check(
      'attendance_signatures_role_check',
      sql`(${t.role} = 'learner' AND ${t.half_day} IN ('am', 'pm')) OR (${t.role} = 'trainer' AND ${t.half_day} IS NULL)`,
    ),
    check('attendance_signatures_device_check', sql`${t.device} IN ('own', 'trainer')`),
    check(
      'attendance_signatures_correction_check',
      sql`(${t.replaces_id} IS NULL) = (${t.reason} IS NULL)`,
    ),
    foreignKey({
      name: 'attendance_signatures_replaces_fk',
      columns: [t.replaces_id],
      foreignColumns: [t.id],
    }).onDelete('restrict'),
    index('attendance_signatures_session_idx').on(t.session_id, t.signer_id),
    index('attendance_signatures_signer_id_idx').on(t.signer_id),
    index('attendance_signatures_recorded_by_idx').on(t.recorded_by),
    uniqueIndex('attendance_signatures_replaces_key').on(t.replaces_id),
    // One original signature per signer, session and half-day (the trainer's: half-day null).
    uniqueIndex('attendance_signatures_original_key')
      .on(t.session_id, t.signer_id, sql`coalesce(${t.half_day}, '')`)
      .where(sql`${t.replaces_id} IS NULL`),
  ],
);

/**
 * An attendance document issued as a PDF (decision 199): an attendance sheet (of a session, or of
 * a learner over a period) or a certificate of attendance. Like a transcript's, the verification
 * code printed on it is kept as its SHA-256, with what the document said, so `/verify/<code>`
 * tells a funder's auditor whether a paper is genuine and what it contained.
 */
export const attendanceDocuments = pgTable(
  'attendance_documents',
  {
    id: id(),
    code_hash: char('code_hash', { length: 64 }).notNull(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'attendance_sheet' | 'attendance_certificate'>().notNull(),
    /** The learner of a learner's sheet or certificate; null for a session's sheet. */
    student_id: fk('student_id').references(() => users.id, { onDelete: 'cascade' }),
    session_id: fk('session_id').references(() => attendanceSessions.id, { onDelete: 'set null' }),
    issued_by: fk('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issued_at: timestamptz('issued_at').notNull(),
    locale: text('locale').notNull(),
    /** What the document printed, with the ids it was drawn from. */
    content: jsonb('content').notNull(),
  },
  (t) => [
    check(
      'attendance_documents_kind_check',
      sql`${t.kind} IN ('attendance_sheet', 'attendance_certificate')`,
    ),
    unique('attendance_documents_code_hash_unique').on(t.code_hash),
    index('attendance_documents_institution_id_idx').on(t.institution_id),
    index('attendance_documents_student_id_idx').on(t.student_id),
    index('attendance_documents_session_id_idx').on(t.session_id),
    index('attendance_documents_issued_by_idx').on(t.issued_by),
  ],
);

/**
 * A learner's justification of their absences over some days (decision 199): a reason and a
 * document (a medical note…), pending until an admin accepts it (their absent lines of those days
 * become excused, `excused` counts them) or refuses it, with a note.
 */
export const attendanceJustifications = pgTable(
  'attendance_justifications',
  {
    id: id(),
    institution_id: fk('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    student_id: fk('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The days, in the institution's zone (`YYYY-MM-DD`). */
    from_day: text('from_day').notNull(),
    to_day: text('to_day').notNull(),
    reason: text('reason').notNull(),
    file_id: fk('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    status: text('status').$type<'pending' | 'accepted' | 'refused'>().notNull().default('pending'),
    note: text('note'),
    excused: integer('excused').notNull().default(0),
    decided_by: fk('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamptz('decided_at'),
    ...timestamps(),
  },
  (t) => [
    check(
      'attendance_justifications_status_check',
      sql`${t.status} IN ('pending', 'accepted', 'refused')`,
    ),
    check('attendance_justifications_days_check', sql`${t.from_day} <= ${t.to_day}`),
    index('attendance_justifications_institution_idx').on(t.institution_id, t.status),
    index('attendance_justifications_student_id_idx').on(t.student_id),
    index('attendance_justifications_file_id_idx').on(t.file_id),
    index('attendance_justifications_decided_by_idx').on(t.decided_by),
  ],
);
