import {
  ATTENDANCE_DOCUMENT_MAX_DAYS,
  type AttendanceStatus,
  attendanceDocumentQuery,
  attendancePeriodQuery,
  attendanceSummaryQuery,
  type HalfDay,
  normaliseVerificationCode,
  type PrintedStatus,
  printedAttendanceCertificate,
  printedAttendanceSheet,
} from '@skolar/shared';
import type { z } from 'zod';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { codeHash, documentCode, revived } from '../../documents/codes.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import type { Locale } from '../../i18n/messages.ts';
import { academicYear, localDay, plusDays, zonedInstant } from '../../time.ts';
import {
  attendanceDocumentByHash,
  audienceLabels,
  audienceLearners,
  currentSignatures,
  institutionOf,
  learnerIn,
  learnerSessions,
  marksOf,
  namesOf,
  promotionIn,
  promotionSessions,
  recordAttendanceDocument,
  type SessionRow,
  sessionIn,
  signatureDetails,
  storedSessions,
  trainingsOf,
} from './attendance.queries.ts';
import { halfDayEnd, halfDayStart, halfDaysOf } from './sessions.ts';

// Attendance documents (issue 32, decision 199): the attendance sheet of a session or of a learner
// over a period, the certificate of attendance (time attended of time planned), the rates they
// count, and their verification codes.

type Person = { id: number; first_name: string; last_name: string };
type Thresholds = Map<number, { title: string; threshold: number | null }>;

/** A line of a sheet, with the ids it was drawn from (kept, never printed nor verified). */
interface SheetLine {
  student_id: number;
  first_name: string;
  last_name: string;
  half_day: HalfDay;
  status: PrintedStatus;
  late_minutes: number | null;
  checked_in_at: Date | null;
  signature: { id: number; signed_at: Date; statement_sha256: string } | null;
  /** Minutes of the half-day, and how many of them the learner attended. */
  planned: number;
  attended: number;
}

export interface SheetSession {
  id: number;
  title: string;
  training_id: number | null;
  training: string | null;
  audience: string;
  trainer: string | null;
  starts_at: Date;
  ends_at: Date;
  half_days: HalfDay[];
  closed_at: Date | null;
  trainer_signature: { id: number; signed_at: Date; statement_sha256: string } | null;
  lines: SheetLine[];
}

export type SheetContent = Omit<z.output<typeof printedAttendanceSheet>, 'sessions'> & {
  sessions: SheetSession[];
};
export type CertificateContent = z.output<typeof printedAttendanceCertificate>;
type Totals = CertificateContent['totals'];

const audienceKey = (kind: string, id: number) => `${kind}:${id}`;
const byName = (a: Person, b: Person) =>
  a.last_name.localeCompare(b.last_name, 'fr') ||
  a.first_name.localeCompare(b.first_name, 'fr') ||
  a.id - b.id;
const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));

/** Minutes attended of a half-day: all of them present, less the minutes late, none otherwise. */
function attendedMinutes(
  planned: number,
  mark: { status: AttendanceStatus; late_minutes: number | null } | undefined,
) {
  if (mark?.status === 'present') return planned;
  if (mark?.status === 'late') return Math.max(0, planned - (mark.late_minutes ?? 0));
  return 0;
}

/**
 * The sessions as a sheet prints them, with every learner (the audience's students and anyone
 * marked since) or only `studentId`'s lines.
 */
async function sheetSessions(
  db: DbOrTx,
  sessions: readonly SessionRow[],
  zone: string,
  trainings: Thresholds,
  studentId?: number,
): Promise<SheetSession[]> {
  const ids = sessions.map((session) => session.id);
  const audiences = sessions.map((session) => ({
    kind: session.audience,
    id: session.audience_id,
  }));
  const [marks, signatures, labels, learners] = await Promise.all([
    marksOf(db, ids),
    currentSignatures(db, ids),
    audienceLabels(db, audiences),
    audienceLearners(db, audiences),
  ]);
  const people = await namesOf(db, [
    ...sessions.flatMap((session) => (session.trainer_id === null ? [] : [session.trainer_id])),
    ...marks.map((mark) => mark.student_id),
    ...(studentId === undefined ? [] : [studentId]),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  const signatureOf = (sessionId: number, signerId: number, halfDay: HalfDay | null) => {
    const row = signatures.find(
      (s) => s.session_id === sessionId && s.signer_id === signerId && s.half_day === halfDay,
    );
    return row
      ? { id: row.id, signed_at: row.signed_at, statement_sha256: row.statement_sha256 }
      : null;
  };
  return sessions.map((session) => {
    const own = marks.filter((mark) => mark.session_id === session.id);
    const expected = learners.get(audienceKey(session.audience, session.audience_id)) ?? [];
    const everyone = [
      ...expected,
      ...own
        .map((mark) => personById.get(mark.student_id))
        .filter((person): person is Person => person !== undefined),
    ];
    const unique = [...new Map(everyone.map((person) => [person.id, person])).values()];
    const listed =
      studentId === undefined
        ? unique.sort(byName)
        : [personById.get(studentId)].filter((person): person is Person => person !== undefined);
    const halfDays = halfDaysOf(session.starts_at, session.ends_at, zone);
    const trainer = session.trainer_id === null ? undefined : personById.get(session.trainer_id);
    const lines: SheetLine[] = [];
    for (const person of listed)
      for (const halfDay of halfDays) {
        const mark = own.find((row) => row.student_id === person.id && row.half_day === halfDay);
        // A line nobody called counts once the session is closed: until then it may still be.
        const planned =
          mark || session.closed_at !== null
            ? minutesBetween(
                halfDayStart(session, halfDay, zone),
                halfDayEnd(session, halfDay, zone),
              )
            : 0;
        lines.push({
          student_id: person.id,
          first_name: person.first_name,
          last_name: person.last_name,
          half_day: halfDay,
          status: mark?.status ?? 'unmarked',
          late_minutes: mark?.late_minutes ?? null,
          checked_in_at: mark?.checked_in_at ?? null,
          signature: signatureOf(session.id, person.id, halfDay),
          planned,
          attended: attendedMinutes(planned, mark),
        });
      }
    return {
      id: session.id,
      title: session.title,
      training_id: session.training_id,
      training:
        session.training_id === null ? null : (trainings.get(session.training_id)?.title ?? null),
      audience: labels.get(audienceKey(session.audience, session.audience_id)) ?? '',
      trainer: trainer ? `${trainer.first_name} ${trainer.last_name}` : null,
      starts_at: session.starts_at,
      ends_at: session.ends_at,
      half_days: halfDays,
      closed_at: session.closed_at,
      trainer_signature:
        session.trainer_id === null ? null : signatureOf(session.id, session.trainer_id, null),
      lines,
    };
  });
}

/** The trainings of session rows, with their titles and thresholds. */
const trainingsOfRows = (db: DbOrTx, rows: readonly SessionRow[]) =>
  trainingsOf(
    db,
    rows.flatMap((row) => (row.training_id === null ? [] : [row.training_id])),
  );

/** The time attended of time planned over sessions' lines (one learner's, for a rate). */
function totalsOf(sessions: readonly SheetSession[]): Totals {
  const counts = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
  let planned = 0;
  let attended = 0;
  let halfDays = 0;
  for (const session of sessions)
    for (const line of session.lines) {
      counts[line.status] += 1;
      planned += line.planned;
      attended += line.attended;
      halfDays += 1;
    }
  return {
    sessions: sessions.length,
    half_days: halfDays,
    planned_minutes: planned,
    attended_minutes: attended,
    rate: planned === 0 ? null : Math.round((attended / planned) * 1000) / 1000,
    counts,
  };
}

/** The learner if the actor may see them (404 otherwise), and the days as instants. */
async function learnerAndRange(
  ctx: AppContext,
  actor: Actor,
  studentId: number,
  range: { from: string; to: string },
) {
  const learner = await learnerIn(
    ctx.db,
    {
      students: can(actor, 'read', 'student').where,
      promotions: can(actor, 'read', 'promotion').where,
    },
    studentId,
  );
  if (!learner) throw notFound();
  const zone = actor.timeZone;
  return {
    learner,
    zone,
    instants: {
      start: zonedInstant(range.from, '00:00', zone),
      end: zonedInstant(plusDays(range.to, 1), '00:00', zone),
    },
  };
}

/** A learner's sessions in the days (of a training when asked) that the actor sees. */
async function learnerSheetSessions(
  ctx: AppContext,
  actor: Actor,
  studentId: number,
  query: { from: string; to: string; training_id?: number },
) {
  const { learner, zone, instants } = await learnerAndRange(ctx, actor, studentId, query);
  const rows = await learnerSessions(
    ctx.db,
    can(actor, 'list', 'attendance').where,
    learner.id,
    instants,
    query.training_id,
  );
  const trainings = await trainingsOfRows(ctx.db, rows);
  return {
    learner,
    zone,
    trainings,
    sessions: await sheetSessions(ctx.db, rows, zone, trainings, learner.id),
  };
}

/** The sessions with only one learner's lines, leaving out those where they have none. */
function onlyOf(sessions: readonly SheetSession[], studentId: number): SheetSession[] {
  return sessions.flatMap((session) => {
    const lines = session.lines.filter((line) => line.student_id === studentId);
    return lines.length === 0 ? [] : [{ ...session, lines }];
  });
}

/**
 * One learner's attendance per training (sessions without a training last), each with the
 * training's threshold and whether the rate is under it.
 */
function perTraining(sessions: readonly SheetSession[], trainings: Thresholds) {
  const byTraining = new Map<number | null, SheetSession[]>();
  for (const session of sessions)
    byTraining.set(session.training_id, [...(byTraining.get(session.training_id) ?? []), session]);
  return [...byTraining.entries()]
    .map(([id, rows]) => {
      const totals = totalsOf(rows);
      const known = id === null ? undefined : trainings.get(id);
      const threshold = known?.threshold ?? null;
      return {
        training:
          id === null ? null : { id, title: known?.title ?? rows[0]!.training ?? '', threshold },
        ...totals,
        below: threshold !== null && totals.rate !== null && totals.rate * 100 < threshold,
      };
    })
    .sort((a, b) =>
      a.training === null
        ? 1
        : b.training === null
          ? -1
          : a.training.title.localeCompare(b.training.title, 'fr'),
    );
}

/**
 * `GET /api/attendance/learners/:id/summary`: a learner's attendance over the days, per training
 * and in all, counted on the sessions the actor sees where attendance was taken.
 */
export async function summary(ctx: AppContext, actor: Actor, studentId: number, query: unknown) {
  const range = attendanceSummaryQuery.parse(query);
  const { learner, sessions, trainings } = await learnerSheetSessions(ctx, actor, studentId, range);
  return {
    student: { id: learner.id, first_name: learner.first_name, last_name: learner.last_name },
    from: range.from,
    to: range.to,
    trainings: perTraining(sessions, trainings),
    total: totalsOf(sessions),
  };
}

/** The days asked, or the academic year so far (from 1 September in the zone). */
function periodOf(ctx: AppContext, zone: string, query: unknown) {
  const parsed = attendancePeriodQuery.parse(query);
  const today = localDay(ctx.clock.now(), zone);
  const from = parsed.from ?? `${academicYear(parsed.to ?? today).slice(0, 4)}-09-01`;
  const to = parsed.to ?? (today < from ? from : today);
  if (Date.parse(to) - Date.parse(from) > ATTENDANCE_DOCUMENT_MAX_DAYS * 86_400_000)
    throw validationFailed({ to: ['attendance.validation.rangeTooLongYear'] });
  return {
    from,
    to,
    instants: {
      start: zonedInstant(from, '00:00', zone),
      end: zonedInstant(plusDays(to, 1), '00:00', zone),
    },
  };
}

/** `GET /api/attendance/me/summary`: the signed-in learner's own attendance, per training. */
export async function mySummary(ctx: AppContext, actor: Actor, query: unknown) {
  const zone = actor.timeZone;
  const period = periodOf(ctx, zone, query);
  const [me] = await namesOf(ctx.db, [actor.userId]);
  if (!me) throw notFound();
  const rows = await learnerSessions(
    ctx.db,
    can(actor, 'list', 'presence').where,
    actor.userId,
    period.instants,
  );
  const trainings = await trainingsOfRows(ctx.db, rows);
  const sessions = await sheetSessions(ctx.db, rows, zone, trainings, actor.userId);
  return {
    student: { id: me.id, first_name: me.first_name, last_name: me.last_name },
    from: period.from,
    to: period.to,
    trainings: perTraining(sessions, trainings),
    total: totalsOf(sessions),
  };
}

/**
 * `GET /api/attendance/promotions/:id/summary`: each active learner of a promotion the actor may
 * read, per training, on the sessions the actor sees aimed at the promotion or its groups.
 */
export async function promotionSummary(
  ctx: AppContext,
  actor: Actor,
  promotionId: number,
  query: unknown,
) {
  const promotion = await promotionIn(ctx.db, can(actor, 'read', 'promotion').where, promotionId);
  if (!promotion) throw notFound();
  const zone = actor.timeZone;
  const period = periodOf(ctx, zone, query);
  const rows = await promotionSessions(
    ctx.db,
    can(actor, 'list', 'attendance').where,
    promotion.id,
    period.instants,
  );
  const trainings = await trainingsOfRows(ctx.db, rows);
  const [sessions, learners] = await Promise.all([
    sheetSessions(ctx.db, rows, zone, trainings),
    audienceLearners(ctx.db, [{ kind: 'promotion', id: promotion.id }]),
  ]);
  const people = (learners.get(audienceKey('promotion', promotion.id)) ?? []).sort(byName);
  return {
    promotion: { id: promotion.id, name: promotion.name },
    from: period.from,
    to: period.to,
    learners: people.map((person) => {
      const own = onlyOf(sessions, person.id);
      return {
        student: { id: person.id, first_name: person.first_name, last_name: person.last_name },
        trainings: perTraining(own, trainings),
        total: totalsOf(own),
      };
    }),
  };
}

/**
 * `GET /api/attendance/alerts`: the learners whose rate in a training with a threshold is under
 * it, on the sessions the actor sees, lowest rate first.
 */
export async function alerts(ctx: AppContext, actor: Actor, query: unknown) {
  const zone = actor.timeZone;
  const period = periodOf(ctx, zone, query);
  const rows = (
    await storedSessions(ctx.db, can(actor, 'list', 'attendance').where, period.instants, [])
  ).filter((row) => row.training_id !== null);
  const trainings = await trainingsOfRows(ctx.db, rows);
  const watched = rows.filter((row) => trainings.get(row.training_id!)?.threshold != null);
  const sessions = await sheetSessions(ctx.db, watched, zone, trainings);
  const students = new Map<number, { id: number; first_name: string; last_name: string }>();
  for (const session of sessions)
    for (const line of session.lines)
      students.set(line.student_id, {
        id: line.student_id,
        first_name: line.first_name,
        last_name: line.last_name,
      });
  const found = [...students.values()].flatMap((student) =>
    perTraining(onlyOf(sessions, student.id), trainings).flatMap((row) =>
      row.below && row.training && row.rate !== null
        ? [
            {
              student,
              training: { id: row.training.id, title: row.training.title },
              threshold: row.training.threshold!,
              rate: row.rate,
              attended_minutes: row.attended_minutes,
              planned_minutes: row.planned_minutes,
            },
          ]
        : [],
    ),
  );
  return {
    from: period.from,
    to: period.to,
    alerts: found.sort((a, b) => a.rate - b.rate || byName(a.student, b.student)),
  };
}

async function institutionFor(db: DbOrTx, id: number | null) {
  const institution = id === null ? undefined : await institutionOf(db, id);
  if (!institution) throw notFound();
  return institution;
}

export type Institution = Awaited<ReturnType<typeof institutionFor>>;

/** `GET /api/attendance/sessions/:id/sheet.pdf`: the sheet of one session, every learner. */
export async function sessionSheet(ctx: AppContext, actor: Actor, id: number) {
  const session = await sessionIn(ctx.db, can(actor, 'read', 'attendance').where, id);
  if (!session) throw notFound();
  const institution = await institutionFor(ctx.db, session.institution_id);
  const zone = actor.timeZone;
  const sessions = await sheetSessions(
    ctx.db,
    [session],
    zone,
    await trainingsOfRows(ctx.db, [session]),
  );
  const day = localDay(session.starts_at, zone);
  const content: SheetContent = {
    scope: 'session',
    institution: { name: institution.name, time_zone: zone },
    learner: null,
    from: day,
    to: day,
    sessions,
    totals: null,
  };
  return { institution, content, sessionId: session.id, studentId: null };
}

/** `GET /api/attendance/learners/:id/sheet.pdf`: a learner's lines over the days. */
export async function learnerSheet(
  ctx: AppContext,
  actor: Actor,
  studentId: number,
  query: unknown,
) {
  const parsed = attendanceDocumentQuery.parse(query);
  const { learner, zone, sessions } = await learnerSheetSessions(ctx, actor, studentId, parsed);
  const institution = await institutionFor(ctx.db, learner.institution_id);
  const content: SheetContent = {
    scope: 'learner',
    institution: { name: institution.name, time_zone: zone },
    learner: { first_name: learner.first_name, last_name: learner.last_name },
    from: parsed.from,
    to: parsed.to,
    sessions,
    totals: totalsOf(sessions),
  };
  return { institution, content, sessionId: null, studentId: learner.id };
}

/** `GET /api/attendance/learners/:id/certificate.pdf`: time attended of time planned. */
export async function certificate(
  ctx: AppContext,
  actor: Actor,
  studentId: number,
  query: unknown,
) {
  const parsed = attendanceDocumentQuery.parse(query);
  const { learner, zone, sessions, trainings } = await learnerSheetSessions(
    ctx,
    actor,
    studentId,
    parsed,
  );
  const institution = await institutionFor(ctx.db, learner.institution_id);
  const training =
    parsed.training_id === undefined
      ? null
      : (trainings.get(parsed.training_id)?.title ??
        (await trainingsOf(ctx.db, [parsed.training_id])).get(parsed.training_id)?.title ??
        null);
  const content: CertificateContent = {
    institution: { name: institution.name, time_zone: zone },
    learner: { first_name: learner.first_name, last_name: learner.last_name },
    training,
    from: parsed.from,
    to: parsed.to,
    totals: totalsOf(sessions),
  };
  return { institution, content, sessionId: null, studentId: learner.id };
}

type DocumentKind = 'attendance_sheet' | 'attendance_certificate';

/**
 * The document as it is now: recorded the first time (the SHA-256 of its code, what it says),
 * found again while nothing it says changes in the same language, so every download of it prints
 * the same code and issue date.
 */
export async function recordDocument<T extends SheetContent | CertificateContent>(
  ctx: AppContext,
  actor: Actor,
  kind: DocumentKind,
  built: {
    institution: Institution;
    content: T;
    sessionId: number | null;
    studentId: number | null;
  },
  locale: Locale,
): Promise<{ code: string; issuedAt: Date; content: T }> {
  const content = JSON.parse(JSON.stringify(built.content));
  const code = documentCode(
    ctx.config.MFA_ENCRYPTION_KEY,
    kind.replace('_', '-'),
    JSON.stringify(content),
    locale,
  );
  const row = await recordAttendanceDocument(ctx.db, {
    code_hash: codeHash(code),
    institution_id: built.institution.id,
    kind,
    student_id: built.studentId,
    session_id: built.sessionId,
    issued_by: actor.userId,
    issued_at: ctx.clock.now(),
    locale,
    content,
  });
  if (!row) throw new Error('attendance document neither recorded nor found');
  return { code, issuedAt: row.issued_at, content: revived<T>(row.content) };
}

/**
 * `GET /api/verify/:code` for attendance documents: what the sheet or the certificate with that
 * code printed (no ids, no signature images), or undefined.
 */
export async function verifyAttendanceDocument(ctx: AppContext, typed: string) {
  const code = normaliseVerificationCode(typed);
  if (!code) return undefined;
  const row = await attendanceDocumentByHash(ctx.db, codeHash(code));
  if (!row) return undefined;
  const verified = { genuine: true as const, issued_at: row.issued_at, locale: row.locale };
  return row.kind === 'attendance_sheet'
    ? {
        kind: 'attendance_sheet' as const,
        ...verified,
        content: printedAttendanceSheet.parse(revived(row.content)),
      }
    : {
        kind: 'attendance_certificate' as const,
        ...verified,
        content: printedAttendanceCertificate.parse(revived(row.content)),
      };
}

/** The PNGs of the signatures a sheet prints, by signature id. */
export async function signatureImages(db: DbOrTx, content: SheetContent) {
  const ids = content.sessions.flatMap((session) => [
    ...(session.trainer_signature ? [session.trainer_signature.id] : []),
    ...session.lines.flatMap((line) => (line.signature ? [line.signature.id] : [])),
  ]);
  const rows = await signatureDetails(db, ids);
  return new Map(
    rows.map((row) => [row.id, Buffer.from(row.image.slice(row.image.indexOf(',') + 1), 'base64')]),
  );
}
