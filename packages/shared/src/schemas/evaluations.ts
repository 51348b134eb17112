import { z } from 'zod';
import { EVALUATION_STATUSES } from '../rules/evaluation-status.ts';
import type { Wire } from '../wire.ts';
import {
  dayField,
  isClockTime,
  isLocalDateTime,
  localDateTimeField,
  optionalText,
  requiredText,
  rowPermissions,
  timeField,
} from './common-fields.ts';

export const EVALUATION_TYPES = ['exam', 'project'] as const;
export const evaluationType = z.enum(EVALUATION_TYPES);
export type EvaluationType = z.infer<typeof evaluationType>;
export const evaluationStatusField = z.enum(EVALUATION_STATUSES);

/** Each percentage is 0–100; their sum per subject and training (at most 100) is checked apart. */
export const percentageField = z
  .number({ error: 'evaluations.validation.percentage' })
  .min(0, { error: 'evaluations.validation.percentage' })
  .max(100, { error: 'evaluations.validation.percentage' });

/**
 * The evaluation form (`PATCH /api/evaluations/:id`; creation adds the subject). Times are typed
 * in the institution's time zone. An exam has a window (`date`, `start_time`–`end_time`) and a
 * duration; a project opens on `date` (at `start_time`, or midnight) and closes at `deadline`.
 */
export const evaluationFields = z.object({
  training_id: z.number({ error: 'validation.required' }).int().positive(),
  type: evaluationType,
  title: requiredText(160),
  description: z.string().trim().max(5000, { error: 'manage.validation.tooLong' }).default(''),
  date: dayField('evaluations.validation.day'),
  start_time: timeField('evaluations.validation.time')
    .nullish()
    .transform((value) => value ?? null),
  end_time: timeField('evaluations.validation.time')
    .nullish()
    .transform((value) => value ?? null),
  duration_minutes: z
    .number()
    .int({ error: 'evaluations.validation.duration' })
    .min(1, { error: 'evaluations.validation.duration' })
    .max(24 * 60, { error: 'evaluations.validation.duration' })
    .nullish()
    .transform((value) => value ?? null),
  /** A wall-clock day and time in the institution's zone, `YYYY-MM-DDTHH:MM` (datetime-local). */
  deadline: localDateTimeField('evaluations.validation.deadline')
    .nullish()
    .transform((value) => value ?? null),
  /**
   * A project's cut-off for late hand-ins (decision 195), typed as `deadline` is: versions are
   * taken after the deadline until then, marked late. Null: nothing after the deadline.
   */
  late_until: localDateTimeField('evaluations.validation.deadline')
    .nullish()
    .transform((value) => value ?? null),
  /** The percentage of the scale taken off per day (or part of one) late; needs `late_until`. */
  late_penalty: z
    .number({ error: 'evaluations.validation.latePenalty' })
    .gt(0, { error: 'evaluations.validation.latePenalty' })
    .max(100, { error: 'evaluations.validation.latePenalty' })
    .nullish()
    .transform((value) => value ?? null),
  /**
   * A project marked blind (decision 196): its markers see participant numbers instead of names
   * until the identities are revealed (publishing a grade reveals them).
   */
  blind_marking: z.boolean().default(false),
  /** A project marked twice: two markers propose, the agreed grade is written (decision 197). */
  second_marking: z.boolean().default(false),
  location: optionalText(200),
  organizer: optionalText(200),
  domain: optionalText(200),
  percentage: percentageField,
  scale: z
    .number({ error: 'evaluations.validation.scale' })
    .gt(0, { error: 'evaluations.validation.scale' })
    .max(1000, { error: 'evaluations.validation.scale' })
    .default(20),
  has_quiz: z.boolean().default(false),
  shuffle: z.boolean().default(false),
});
export type EvaluationFields = z.input<typeof evaluationFields>;

type RuleInput = Pick<
  z.output<typeof evaluationFields>,
  | 'type'
  | 'date'
  | 'start_time'
  | 'end_time'
  | 'duration_minutes'
  | 'deadline'
  | 'has_quiz'
  | 'late_until'
  | 'late_penalty'
  | 'blind_marking'
  | 'second_marking'
>;

/**
 * The rules across an evaluation's fields, as message keys per field (empty when they hold). Only
 * real days and times are compared: an impossible one has its own message from its field.
 */
export function evaluationRuleErrors(value: RuleInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  // `later` does not come after `earlier`, both real (same-format strings compare as times do).
  const notAfter = (
    later: string | null,
    earlier: string | null,
    real: (text: string) => boolean,
  ): boolean => Boolean(later && earlier && real(later) && real(earlier) && later <= earlier);
  if (value.type === 'exam') {
    if (!value.start_time) errors.start_time = ['validation.required'];
    if (!value.end_time) errors.end_time = ['validation.required'];
    if (notAfter(value.end_time, value.start_time, isClockTime)) {
      errors.end_time = ['evaluations.validation.endsAfter'];
    }
    if (value.duration_minutes === null) errors.duration_minutes = ['validation.required'];
    if (value.late_until) errors.late_until = ['evaluations.validation.lateIsForProjects'];
    if (value.blind_marking) errors.blind_marking = ['evaluations.validation.blindIsForProjects'];
    if (value.second_marking) {
      errors.second_marking = ['evaluations.validation.secondIsForProjects'];
    }
  } else {
    const opens = `${value.date}T${value.start_time ?? '00:00'}`;
    if (!value.deadline) errors.deadline = ['validation.required'];
    else if (notAfter(value.deadline, opens, isLocalDateTime)) {
      errors.deadline = ['evaluations.validation.deadlineAfterStart'];
    }
    if (value.has_quiz) errors.has_quiz = ['evaluations.validation.quizIsForExams'];
    if (notAfter(value.late_until, value.deadline, isLocalDateTime)) {
      errors.late_until = ['evaluations.validation.lateAfterDeadline'];
    }
  }
  if (value.late_penalty !== null && !value.late_until) {
    errors.late_penalty = ['evaluations.validation.penaltyNeedsCutOff'];
  }
  return errors;
}

/** `POST /api/evaluations`: the form plus its subject (the rules across fields included). */
export const newEvaluationBody = evaluationFields
  .extend({ subject_id: z.number({ error: 'validation.required' }).int().positive() })
  .superRefine((value, ctx) => {
    for (const [field, messages] of Object.entries(evaluationRuleErrors(value))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type NewEvaluationBody = z.input<typeof newEvaluationBody>;

const ref = z.object({ id: z.number().int(), title: z.string() });
const subjectRef = z.object({ id: z.number().int(), name: z.string() });

/** The fields every answer about an evaluation shares. */
const evaluationCore = z.object({
  id: z.number().int(),
  type: evaluationType,
  title: z.string(),
  date: z.string(),
  /** `HH:MM`, in the institution's zone. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  /** A project's deadline, the instant. */
  deadline: z.date().nullable(),
  /** A project's cut-off for late hand-ins (the instant), and the penalty per day late (%). */
  late_until: z.date().nullable(),
  late_penalty: z.number().nullable(),
  location: z.string().nullable(),
  organizer: z.string().nullable(),
  domain: z.string().nullable(),
  percentage: z.number(),
  scale: z.number(),
  has_quiz: z.boolean(),
  /** When an exam may be started / a project handed in, and when that stops (instants). */
  opens_at: z.date(),
  closes_at: z.date(),
  subject: subjectRef,
  training: ref,
  /** The institution's zone (IANA): days, times and instants are shown in it. */
  time_zone: z.string(),
});

/** Staff answer of `/api/evaluations` (list items and writes). */
export const evaluation = evaluationCore.extend({
  description: z.string(),
  /** The deadline as typed, `YYYY-MM-DDTHH:MM` in the institution's zone (for the form). */
  deadline_local: z.string().nullable(),
  /** The cut-off as typed, `YYYY-MM-DDTHH:MM` in the institution's zone (for the form). */
  late_until_local: z.string().nullable(),
  /** Marked blind (decision 196), and when its students' identities were revealed. */
  blind_marking: z.boolean(),
  identities_revealed_at: z.date().nullable(),
  /** Marked twice, with an agreed grade (decision 197). */
  second_marking: z.boolean(),
  shuffle: z.boolean(),
  document_link: z.string().nullable(),
  correction_link: z.string().nullable(),
  question_count: z.number().int(),
  archived_at: z.date().nullable(),
  /**
   * What the reader may do with it (decision 175): `update`, `delete` and `archive` its fields,
   * and `grade` its students (the grid, the marks, the publication and any later correction).
   * Those who mark an evaluation may do all of it; a teacher of its promotion who does not teach
   * its subject, or a super-teacher of another promotion, only read it.
   */
  permissions: rowPermissions.extend({ grade: z.boolean() }),
});
export type Evaluation = Wire<z.output<typeof evaluation>>;

/**
 * `GET /api/subjects/:id/evaluation-budget`: the trainings the subject belongs to, each with the
 * percentage its evaluations already use (none: the subject is in no training yet, and no
 * evaluation can be added). `exclude` leaves one evaluation out (the one being edited).
 */
export const evaluationBudget = z.object({
  trainings: z.array(ref.extend({ used: z.number() })),
});
export type EvaluationBudget = Wire<z.output<typeof evaluationBudget>>;

/** The student's own state at an evaluation. */
const myAttemptSummary = z.object({
  id: z.number().int(),
  started_at: z.date(),
  deadline_at: z.date(),
  finished_at: z.date().nullable(),
});
const mySubmissionSummary = z.object({
  version: z.number().int(),
  submitted_at: z.date(),
});

/** `GET /api/me/evaluations` items: the student's evaluations with their status, from the server. */
export const myEvaluation = evaluationCore.extend({
  status: evaluationStatusField,
  /** True while the server's clock is inside the window (exam) or before the deadline (project). */
  is_open: z.boolean(),
  attempt: myAttemptSummary.nullable(),
  submission: mySubmissionSummary.nullable(),
});
export type MyEvaluation = Wire<z.output<typeof myEvaluation>>;

/** The page an answer holds (the `{ data, meta }` envelope of every list). */
const pageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const myEvaluationList = z.object({
  data: z.array(myEvaluation),
  meta: pageMeta,
  /** The server's clock, for countdowns corrected for the device's skew. */
  server_now: z.date(),
});
export type MyEvaluationList = Wire<z.output<typeof myEvaluationList>>;

/** A project hand-in's receipt: when the server took it and the SHA-256 of the file it stored. */
export const submissionReceipt = z.object({
  id: z.number().int(),
  version: z.number().int(),
  submitted_at: z.date(),
  file_name: z.string(),
  /** The type the server found in the bytes (what a viewer shows it as). */
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  file_link: z.string(),
  /**
   * How late it came, in minutes started after the student's deadline (their own, or the
   * project's); 0 on time. Late versions are taken only until the project's cut-off.
   */
  late_minutes: z.number().int(),
});
export type SubmissionReceipt = Wire<z.output<typeof submissionReceipt>>;

/**
 * What one student has used of a project's hand-in quota (versions and bytes, every version
 * counted) and the caps, so a screen says "version 3 of 20, 38 MB of 100 MB used".
 */
export const handInQuota = z.object({
  versions_used: z.number().int(),
  versions_max: z.number().int(),
  bytes_used: z.number().int(),
  bytes_max: z.number().int(),
});
export type HandInQuota = Wire<z.output<typeof handInQuota>>;

/** `POST /api/evaluations/:id/submissions`: the receipt, and the quota once this version counts. */
export const handInReceipt = submissionReceipt.extend({ quota: handInQuota });
export type HandInReceipt = Wire<z.output<typeof handInReceipt>>;

/** A refused hand-in; over a quota (409 versions, 413 bytes) with the quota as it stands. */
export const handInRefusal = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  quota: handInQuota.optional(),
});

/** `GET /api/me/evaluations/:id`: one evaluation for the student, with every version handed in. */
export const myEvaluationDetail = myEvaluation.extend({
  description: z.string(),
  document_link: z.string().nullable(),
  /** Only once the evaluation has closed (`/api/me/evaluations/:id/correction`). */
  correction_link: z.string().nullable(),
  submissions: z.array(submissionReceipt),
  /** A project's hand-in quota for this student (null for an exam). */
  quota: handInQuota.nullable(),
  /** The student's extra time at an online exam, in minutes (0 without). */
  extra_minutes: z.number().int(),
  /**
   * The student's result once published (`published_at` set), null before: the grade on the
   * evaluation's `scale` (null when absent) and the teacher's comment.
   */
  result: z
    .object({
      grade: z.number().nullable(),
      absent: z.boolean(),
      comment: z.string().nullable(),
      published_at: z.date(),
      /** When the published grade last changed, or null (decision 175). */
      corrected_at: z.date().nullable(),
    })
    .nullable(),
  server_now: z.date(),
});
export type MyEvaluationDetail = Wire<z.output<typeof myEvaluationDetail>>;

const personRef = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

/**
 * `PUT /api/evaluations/:id/extensions/:studentId`: one student's own deadline at a project, later
 * than the project's, and why (decision 192). The answer and the roster give it as an instant.
 */
export const extensionBody = z.object({
  /** A wall-clock day and time in the institution's zone, `YYYY-MM-DDTHH:MM` (datetime-local). */
  deadline: localDateTimeField('evaluations.validation.deadline'),
  reason: requiredText(500),
});
export type ExtensionBody = z.input<typeof extensionBody>;
export const extensionAnswer = z.object({
  deadline: z.date(),
  /** The same deadline as the institution's wall clock shows it (the form's value). */
  deadline_local: z.string(),
  reason: z.string(),
});

/** `GET /api/evaluations/:id/submissions`: each student of the evaluation's promotion. */
export const submissionRoster = z.object({
  /** Blind marking (decision 196): students are participant numbers, files neutrally named. */
  blind: z.boolean(),
  data: z.array(
    z.object({
      student: personRef,
      /** Their latest version, or null when nothing was handed in. */
      latest: submissionReceipt.nullable(),
      versions: z.number().int(),
      /** Their own deadline, later than the project's, and why (decision 192); null without. */
      extension: extensionAnswer.nullable(),
    }),
  ),
  /** The groups of the project's promotion, to give a whole group its own deadline. */
  groups: z.array(
    z.object({ id: z.number().int(), name: z.string(), student_ids: z.array(z.number().int()) }),
  ),
});
/** `PUT /api/evaluations/:id/group-extensions/:groupId`: how many students it reached. */
export const groupExtensionAnswer = extensionAnswer.extend({ students: z.number().int() });
export type SubmissionRosterRow = Wire<z.output<typeof submissionRoster>>['data'][number];
export { personRef as evaluationPersonRef };
