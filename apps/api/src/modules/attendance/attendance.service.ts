import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type AttendanceKind,
  type AttendanceStatus,
  attendanceMarksBody,
  attendanceOpenBody,
  attendanceRange,
  attendanceSessionBody,
  attendanceSessionPatch,
  CHECK_IN_CODE_ALPHABET,
  CHECK_IN_CODE_LENGTH,
  CHECK_IN_CODE_SECONDS,
  checkInBody,
  type HalfDay,
} from '@skolar/shared';
import QRCode from 'qrcode';
import { record } from '../../audit/audit.ts';
import { can, permissionsOf } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { csvContent } from '../../http/download.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { type Locale, type MessageKey, translate } from '../../i18n/messages.ts';
import { localDay, plusDays, wallClock, zonedInstant } from '../../time.ts';
import {
  type Audience,
  audienceLabels,
  audienceLearners,
  currentSignatures,
  deleteSession,
  insertCheckIn,
  insertCode,
  insertSessionOnce,
  lockCode,
  lockSession,
  markOf,
  marksOf,
  namesOf,
  pruneCodes,
  readableAudience,
  type SessionRow,
  sessionByKey,
  sessionIn,
  storedSessions,
  trainingOf,
  typedCode,
  updateSession,
  upsertMarks,
  useCode,
} from './attendance.queries.ts';
import {
  type Candidate,
  candidateOf,
  candidatesIn,
  checkInStatus,
  halfDayAt,
  halfDayStart,
  halfDaysOf,
} from './sessions.ts';

// Attendance (issue 32, decision 198): the sessions, the roll call, the check-in codes.

const audienceKey = (audience: Audience) => `${audience.kind}:${audience.id}`;
const audienceOf = (row: SessionRow): Audience => ({ kind: row.audience, id: row.audience_id });
const keyOf = (row: SessionRow) => row.source_key ?? `manual:${row.id}`;
const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

type Counts = Record<AttendanceStatus | 'unmarked', number>;

/** How the half-days' lines of a session stand: each learner counts once per half-day. */
function countsOf(
  learnerIds: readonly number[],
  halfDays: readonly HalfDay[],
  marks: readonly { student_id: number; half_day: string; status: AttendanceStatus }[],
): Counts {
  const counts: Counts = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
  const byLine = new Map(marks.map((mark) => [`${mark.student_id}:${mark.half_day}`, mark.status]));
  for (const id of learnerIds)
    for (const halfDay of halfDays) counts[byLine.get(`${id}:${halfDay}`) ?? 'unmarked'] += 1;
  return counts;
}

/**
 * `GET /api/attendance/sessions`: the sessions of the days asked (today by default, in the
 * institution's zone) that the actor sees, opened or not, with how their lines stand.
 */
export async function list(ctx: AppContext, actor: Actor, query: unknown) {
  const parsed = attendanceRange.parse(query);
  const zone = actor.timeZone;
  const from = parsed.from ?? localDay(ctx.clock.now(), zone);
  const to = parsed.to ?? from;
  const range = {
    start: zonedInstant(from, '00:00', zone),
    end: zonedInstant(plusDays(to, 1), '00:00', zone),
  };
  const candidates = await candidatesIn(ctx.db, actor, range);
  const stored = await storedSessions(
    ctx.db,
    can(actor, 'list', 'attendance').where,
    range,
    candidates.map((candidate) => candidate.key),
  );
  const storedByKey = new Map(stored.map((row) => [keyOf(row), row]));
  const rows: (Omit<Candidate, 'kind'> & {
    kind: AttendanceKind;
    id: number | null;
    closed: boolean;
    stored?: SessionRow;
  })[] = [
    ...candidates.map((candidate) => {
      const row = storedByKey.get(candidate.key);
      return row ? { ...fromRow(row), stored: row } : { ...candidate, id: null, closed: false };
    }),
    ...stored
      .filter((row) => !candidates.some((candidate) => candidate.key === keyOf(row)))
      .map((row) => ({ ...fromRow(row), stored: row })),
  ].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.key.localeCompare(b.key));
  const audiences = rows.map((row) => row.audience);
  const [labels, learners, marks, trainers] = await Promise.all([
    audienceLabels(ctx.db, audiences),
    audienceLearners(ctx.db, audiences),
    marksOf(
      ctx.db,
      stored.map((row) => row.id),
    ),
    namesOf(
      ctx.db,
      rows.flatMap((row) => (row.trainer_id === null ? [] : [row.trainer_id])),
    ),
  ]);
  const trainerNames = new Map(trainers.map((person) => [person.id, personName(person)]));
  return {
    time_zone: zone,
    from,
    to,
    sessions: rows.map((row) => {
      const halfDays = halfDaysOf(row.starts_at, row.ends_at, zone);
      const expected = (learners.get(audienceKey(row.audience)) ?? []).map((person) => person.id);
      const own = row.id === null ? [] : marks.filter((mark) => mark.session_id === row.id);
      return {
        key: row.key,
        id: row.id,
        kind: row.kind,
        title: row.title,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        half_days: halfDays,
        audience: { ...row.audience, label: labels.get(audienceKey(row.audience)) ?? '' },
        trainer:
          row.trainer_id === null
            ? null
            : { id: row.trainer_id, name: trainerNames.get(row.trainer_id) ?? '' },
        expected: expected.length,
        counts: countsOf(expected, halfDays, own),
        closed: row.closed,
      };
    }),
  };
}

const fromRow = (row: SessionRow) => ({
  key: keyOf(row),
  id: row.id,
  kind: row.kind,
  title: row.title,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
  audience: audienceOf(row),
  training_id: row.training_id,
  trainer_id: row.trainer_id,
  closed: row.closed_at !== null,
});

const newSecret = () => randomBytes(32).toString('hex');

/**
 * `POST /api/attendance/sessions/open`: the session of a calendar entry the actor sees, created
 * the first time (two trainers opening it at once get the same one). Answers its roll call.
 */
export async function open(ctx: AppContext, actor: Actor, input: unknown) {
  const { key } = attendanceOpenBody.parse(input);
  const institutionId = actor.institutionId;
  if (institutionId === null) throw notFound();
  const existing = await sessionByKey(ctx.db, institutionId, key);
  if (existing) return sheet(ctx, actor, existing.id);
  const candidate = await candidateOf(ctx.db, actor, key);
  if (!candidate) throw notFound();
  const created = await insertSessionOnce(ctx.db, {
    institution_id: institutionId,
    source_key: candidate.key,
    kind: candidate.kind,
    title: candidate.title,
    starts_at: candidate.starts_at,
    ends_at: candidate.ends_at,
    audience: candidate.audience.kind,
    audience_id: candidate.audience.id,
    training_id: candidate.training_id,
    trainer_id: candidate.trainer_id ?? actor.userId,
    code_secret: newSecret(),
    created_by: actor.userId,
  });
  const id = created?.id ?? (await sessionByKey(ctx.db, institutionId, key))!.id;
  return sheet(ctx, actor, id);
}

/** A training of the institution the actor may read, for a session; 422 otherwise. */
async function checkedTraining(db: DbOrTx, institutionId: number, id: number) {
  const training = await trainingOf(db, institutionId, id);
  if (!training) throw validationFailed({ training_id: ['attendance.validation.training'] });
  return training.id;
}

/** `POST /api/attendance/sessions`: a session created by hand, trained by its creator. */
export async function create(ctx: AppContext, actor: Actor, input: unknown) {
  const body = attendanceSessionBody.parse(input);
  const institutionId = await readableAudience(ctx.db, actor, {
    kind: body.audience,
    id: body.audience_id,
  });
  if (institutionId === undefined || institutionId !== actor.institutionId)
    throw validationFailed({ audience_id: ['attendance.validation.audience'] });
  const trainingId =
    body.training_id == null
      ? null
      : await checkedTraining(ctx.db, institutionId, body.training_id);
  const zone = actor.timeZone;
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertSessionOnce(tx, {
      institution_id: institutionId,
      source_key: null,
      kind: 'manual',
      title: body.title,
      starts_at: zonedInstant(body.day, body.start_time, zone),
      ends_at: zonedInstant(body.day, body.end_time, zone),
      audience: body.audience,
      audience_id: body.audience_id,
      training_id: trainingId,
      trainer_id: actor.userId,
      code_secret: newSecret(),
      created_by: actor.userId,
    });
    await record(tx, ctx, actor, {
      action: 'create',
      entity: 'attendance',
      entityId: row!.id,
      after: { title: row!.title, starts_at: row!.starts_at, audience: body.audience },
    });
    return row!;
  });
  return sheet(ctx, actor, created.id);
}

/** The session if the actor may read it (404 otherwise). */
async function readable(db: DbOrTx, actor: Actor, id: number) {
  const row = await sessionIn(db, can(actor, 'read', 'attendance').where, id);
  if (!row) throw notFound();
  return row;
}

/** The session if the actor may take its attendance (404 otherwise). */
async function writable(db: DbOrTx, actor: Actor, id: number) {
  const row = await sessionIn(db, can(actor, 'update', 'attendance').where, id);
  if (!row) throw notFound();
  return row;
}

/** The learners of a session: its audience's students, and anyone marked at it since. */
export async function learnersOf(db: DbOrTx, session: SessionRow, markedIds: readonly number[]) {
  const expected = (await audienceLearners(db, [audienceOf(session)])).get(
    audienceKey(audienceOf(session)),
  );
  const listed = new Set((expected ?? []).map((person) => person.id));
  const others = await namesOf(
    db,
    markedIds.filter((id) => !listed.has(id)),
  );
  return [...(expected ?? []), ...others].sort(
    (a, b) =>
      a.last_name.localeCompare(b.last_name, 'fr') ||
      a.first_name.localeCompare(b.first_name, 'fr') ||
      a.id - b.id,
  );
}

/** `GET /api/attendance/sessions/:id`: the roll call of a session. */
export async function sheet(ctx: AppContext, actor: Actor, id: number) {
  const session = await readable(ctx.db, actor, id);
  const zone = actor.timeZone;
  const [marks, signatures, labels, permissions] = await Promise.all([
    marksOf(ctx.db, [session.id]),
    currentSignatures(ctx.db, [session.id]),
    audienceLabels(ctx.db, [audienceOf(session)]),
    permissionsOf(ctx.db, actor, 'attendance', [session.id]),
  ]);
  const learners = await learnersOf(
    ctx.db,
    session,
    marks.map((mark) => mark.student_id),
  );
  const [trainer] = session.trainer_id === null ? [] : await namesOf(ctx.db, [session.trainer_id]);
  const training =
    session.training_id === null
      ? undefined
      : await trainingOf(ctx.db, session.institution_id, session.training_id);
  const halfDays = halfDaysOf(session.starts_at, session.ends_at, zone);
  const now = ctx.clock.now();
  const opensAt = new Date(session.starts_at.getTime() - session.checkin_before_minutes * 60_000);
  const closesAt = new Date(session.ends_at.getTime() + session.checkin_after_minutes * 60_000);
  const markOfLine = (studentId: number, halfDay: HalfDay) => {
    const mark = marks.find((row) => row.student_id === studentId && row.half_day === halfDay);
    return mark
      ? {
          status: mark.status,
          late_minutes: mark.late_minutes,
          remark: mark.remark,
          source: mark.source,
          checked_in_at: mark.checked_in_at,
          updated_at: mark.updated_at,
        }
      : null;
  };
  const signatureOf = (signerId: number, halfDay: HalfDay | null) => {
    const row = signatures.find((s) => s.signer_id === signerId && s.half_day === halfDay);
    return row
      ? {
          id: row.id,
          signed_at: row.signed_at,
          device: row.device,
          corrected: row.replaces_id !== null,
        }
      : null;
  };
  return {
    ...fromRow(session),
    half_days: halfDays,
    time_zone: zone,
    audience: {
      ...audienceOf(session),
      label: labels.get(audienceKey(audienceOf(session))) ?? '',
    },
    trainer: trainer ? { id: trainer.id, name: personName(trainer) } : null,
    training: training ? { id: training.id, title: training.title } : null,
    expected: learners.length,
    counts: countsOf(
      learners.map((person) => person.id),
      halfDays,
      marks,
    ),
    checkin_before_minutes: session.checkin_before_minutes,
    checkin_after_minutes: session.checkin_after_minutes,
    checkin_opens_at: opensAt,
    checkin_closes_at: closesAt,
    checkin_open: session.closed_at === null && now >= opensAt && now <= closesAt,
    learners: learners.map((person) => ({
      id: person.id,
      first_name: person.first_name,
      last_name: person.last_name,
      marks: { am: markOfLine(person.id, 'am'), pm: markOfLine(person.id, 'pm') },
      signatures: { am: signatureOf(person.id, 'am'), pm: signatureOf(person.id, 'pm') },
    })),
    trainer_signature: session.trainer_id === null ? null : signatureOf(session.trainer_id, null),
    can: { take: permissions.get(session.id)?.update ?? false },
    server_now: now,
  };
}

/**
 * `PUT /api/attendance/sessions/:id/marks`: lines of the roll call (a learner's status for a
 * half-day, late minutes, a remark), each replacing the line it names. A line of a closed session
 * is a correction: the audit log keeps what it was.
 */
export async function saveMarks(ctx: AppContext, actor: Actor, id: number, input: unknown) {
  const { marks } = attendanceMarksBody.parse(input);
  await writable(ctx.db, actor, id);
  await ctx.db.transaction(async (tx) => {
    const session = (await lockSession(tx, id))!;
    const existing = await marksOf(tx, [id]);
    const learners = await learnersOf(
      tx,
      session,
      existing.map((mark) => mark.student_id),
    );
    const learnerIds = new Set(learners.map((person) => person.id));
    const halfDays = halfDaysOf(session.starts_at, session.ends_at, actor.timeZone);
    const errors: Record<string, string[]> = {};
    marks.forEach((mark, index) => {
      if (!learnerIds.has(mark.student_id))
        errors[`marks.${index}.student_id`] = ['attendance.validation.student'];
      if (!halfDays.includes(mark.half_day))
        errors[`marks.${index}.half_day`] = ['attendance.validation.halfDay'];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const now = ctx.clock.now();
    await upsertMarks(
      tx,
      marks.map((mark) => ({
        session_id: id,
        student_id: mark.student_id,
        half_day: mark.half_day,
        status: mark.status,
        late_minutes: mark.status === 'late' ? (mark.late_minutes ?? null) : null,
        remark: mark.remark ?? null,
        source: 'roll_call' as const,
        recorded_by: actor.userId,
        created_at: now,
        updated_at: now,
      })),
    );
    if (session.closed_at !== null)
      await record(tx, ctx, actor, {
        action: 'attendance.correct',
        entity: 'attendance',
        entityId: id,
        institutionId: session.institution_id,
        before: {
          marks: existing.filter((row) =>
            marks.some(
              (mark) => mark.student_id === row.student_id && mark.half_day === row.half_day,
            ),
          ),
        },
        after: { marks },
      });
  });
  return sheet(ctx, actor, id);
}

/**
 * `PATCH /api/attendance/sessions/:id`: the check-in margins, the training, closing or
 * reopening (audited).
 */
export async function patch(ctx: AppContext, actor: Actor, id: number, input: unknown) {
  const body = attendanceSessionPatch.parse(input);
  const session = await writable(ctx.db, actor, id);
  const values: Partial<SessionRow> = {};
  if (body.checkin_before_minutes !== undefined)
    values.checkin_before_minutes = body.checkin_before_minutes;
  if (body.checkin_after_minutes !== undefined)
    values.checkin_after_minutes = body.checkin_after_minutes;
  if (body.training_id !== undefined)
    values.training_id =
      body.training_id === null
        ? null
        : await checkedTraining(ctx.db, session.institution_id, body.training_id);
  const now = ctx.clock.now();
  if (body.closed !== undefined && body.closed !== (session.closed_at !== null)) {
    values.closed_at = body.closed ? now : null;
    values.closed_by = body.closed ? actor.userId : null;
  }
  if (Object.keys(values).length > 0)
    await ctx.db.transaction(async (tx) => {
      await updateSession(tx, id, { ...values, updated_at: now });
      if (values.closed_at !== undefined)
        await record(tx, ctx, actor, {
          action: body.closed ? 'attendance.close' : 'attendance.reopen',
          entity: 'attendance',
          entityId: id,
          institutionId: session.institution_id,
        });
    });
  return sheet(ctx, actor, id);
}

/** `DELETE /api/attendance/sessions/:id`: a session created by hand and not signed (audited). */
export async function remove(ctx: AppContext, actor: Actor, id: number) {
  const session = await sessionIn(ctx.db, can(actor, 'delete', 'attendance').where, id);
  if (!session) throw notFound();
  if (session.kind !== 'manual') throw conflict('attendance.notManual');
  await ctx.db.transaction(async (tx) => {
    await deleteSession(tx, id);
    await record(tx, ctx, actor, {
      action: 'delete',
      entity: 'attendance',
      entityId: id,
      institutionId: session.institution_id,
      before: { title: session.title, starts_at: session.starts_at },
    });
  });
}

/** The MAC of a check-in token: the session's key over the session, the code and its end. */
function tokenMac(session: SessionRow, code: { id: number; code: string; expires_at: Date }) {
  return createHmac('sha256', Buffer.from(session.code_secret, 'hex'))
    .update(`${session.id}.${code.id}.${code.code}.${code.expires_at.toISOString()}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
}

const newCode = () =>
  Array.from(
    { length: CHECK_IN_CODE_LENGTH },
    () => CHECK_IN_CODE_ALPHABET[randomInt(CHECK_IN_CODE_ALPHABET.length)],
  ).join('');

/**
 * `POST /api/attendance/sessions/:id/codes`: a fresh check-in code for the trainer's screen, good
 * once for CHECK_IN_CODE_SECONDS. The QR code holds the check-in page's address with a token
 * signed by the session's key (the session, the code, its end), the screen also shows the code.
 */
export async function issueCode(ctx: AppContext, actor: Actor, id: number) {
  const session = await writable(ctx.db, actor, id);
  if (session.closed_at !== null) throw conflict('attendance.closed');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + CHECK_IN_CODE_SECONDS * 1000);
  let row: Awaited<ReturnType<typeof insertCode>>;
  for (let attempt = 0; attempt < 5 && !row; attempt += 1)
    row = await insertCode(ctx.db, {
      session_id: id,
      code: newCode(),
      issued_at: now,
      expires_at: expiresAt,
    });
  if (!row) throw conflict();
  await pruneCodes(ctx.db, id, new Date(now.getTime() - 60_000));
  const token = `${id}.${row.id}.${tokenMac(session, row)}`;
  const url = new URL(`/check-in?t=${encodeURIComponent(token)}`, ctx.config.PUBLIC_URL).toString();
  return {
    id: row.id,
    code: row.code,
    url,
    qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    expires_at: row.expires_at,
    server_now: now,
  };
}

const TOKEN = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{24})$/;

function sameMac(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * `POST /api/attendance/check-in`: a learner checks themselves in with the token of the QR code
 * or the code typed. Refused (422, on the field sent) when the code is unknown, signed for
 * another session or not by it, run out, used by someone else, outside the session's window or
 * at a closed session; accepted once per learner and half-day (a second device, or a second
 * scan, changes nothing). Present until the grace after their half-day began, late after it.
 */
export async function checkIn(ctx: AppContext, actor: Actor, input: unknown) {
  const body = checkInBody.parse(input);
  const field = body.token !== undefined ? 'token' : 'code';
  const refuse = (key: string) => validationFailed({ [field]: [key] });
  const scope = can(actor, 'create', 'presence').where;
  const now = ctx.clock.now();
  let codeId: number;
  if (body.token !== undefined) {
    const match = TOKEN.exec(body.token);
    if (!match) throw refuse('attendance.checkIn.invalid');
    codeId = Number(match[2]);
  } else {
    const found = await typedCode(ctx.db, scope, body.code!, now);
    if (!found) throw refuse('attendance.checkIn.invalid');
    codeId = found.id;
  }
  return ctx.db.transaction(async (tx) => {
    const code = await lockCode(tx, codeId);
    const session = code && (await sessionIn(tx, scope, code.session_id));
    if (!code || !session) throw refuse('attendance.checkIn.invalid');
    if (body.token !== undefined) {
      const [sessionText, , mac] = TOKEN.exec(body.token)!.slice(1);
      if (Number(sessionText) !== session.id || !sameMac(mac!, tokenMac(session, code)))
        throw refuse('attendance.checkIn.invalid');
    }
    if (session.closed_at !== null) throw refuse('attendance.checkIn.closed');
    if (code.expires_at <= now) throw refuse('attendance.checkIn.expired');
    const opensAt = session.starts_at.getTime() - session.checkin_before_minutes * 60_000;
    const closesAt = session.ends_at.getTime() + session.checkin_after_minutes * 60_000;
    if (now.getTime() < opensAt || now.getTime() > closesAt)
      throw refuse('attendance.checkIn.outside');
    if (code.used_by !== null && code.used_by !== actor.userId)
      throw refuse('attendance.checkIn.used');
    const zone = actor.timeZone;
    const halfDay = halfDayAt(session, now, zone);
    const given = checkInStatus(halfDayStart(session, halfDay, zone), now);
    const written = await insertCheckIn(tx, {
      session_id: session.id,
      student_id: actor.userId,
      half_day: halfDay,
      status: given.status,
      late_minutes: given.late_minutes,
      source: 'check_in',
      checked_in_at: now,
      recorded_by: actor.userId,
      created_at: now,
      updated_at: now,
    });
    if (written) await useCode(tx, code.id, actor.userId, now);
    const line = written ?? (await markOf(tx, session.id, actor.userId, halfDay))!;
    const signatures = await currentSignatures(tx, [session.id]);
    return {
      session: {
        id: session.id,
        title: session.title,
        starts_at: session.starts_at,
        ends_at: session.ends_at,
      },
      half_day: halfDay,
      status: line.status,
      late_minutes: line.late_minutes,
      already: !written,
      signed: signatures.some(
        (signature) => signature.signer_id === actor.userId && signature.half_day === halfDay,
      ),
    };
  });
}

/**
 * `GET /api/attendance/export.csv`: every line of the sessions opened in the days asked (in the
 * institution's zone) that the actor sees: one row per session, half-day and learner, with the
 * status, the late minutes, the remark, the check-in time and whether it is signed.
 */
export async function exportCsv(ctx: AppContext, actor: Actor, query: unknown, locale: Locale) {
  const parsed = attendanceRange.parse(query);
  const zone = actor.timeZone;
  const from = parsed.from ?? localDay(ctx.clock.now(), zone);
  const to = parsed.to ?? from;
  const range = {
    start: zonedInstant(from, '00:00', zone),
    end: zonedInstant(plusDays(to, 1), '00:00', zone),
  };
  const sessions = await storedSessions(ctx.db, can(actor, 'list', 'attendance').where, range, []);
  const ids = sessions.map((session) => session.id);
  const [marks, signatures, labels, learners, trainers] = await Promise.all([
    marksOf(ctx.db, ids),
    currentSignatures(ctx.db, ids),
    audienceLabels(ctx.db, sessions.map(audienceOf)),
    audienceLearners(ctx.db, sessions.map(audienceOf)),
    namesOf(
      ctx.db,
      sessions.flatMap((session) => (session.trainer_id === null ? [] : [session.trainer_id])),
    ),
  ]);
  const others = await namesOf(
    ctx.db,
    marks.map((mark) => mark.student_id),
  );
  const text = (key: string, params?: Record<string, string | number>) =>
    translate(locale, key as MessageKey, params);
  const time = (instant: Date) => wallClock(instant, zone, 'HH:mm');
  const rows: string[][] = [];
  for (const session of sessions) {
    const own = marks.filter((mark) => mark.session_id === session.id);
    const expected = learners.get(audienceKey(audienceOf(session))) ?? [];
    const people = [
      ...expected,
      ...others.filter(
        (person) =>
          own.some((mark) => mark.student_id === person.id) &&
          !expected.some((learner) => learner.id === person.id),
      ),
    ].sort((a, b) => a.last_name.localeCompare(b.last_name, locale) || a.id - b.id);
    const trainer = trainers.find((person) => person.id === session.trainer_id);
    for (const halfDay of halfDaysOf(session.starts_at, session.ends_at, zone))
      for (const person of people) {
        const mark = own.find((row) => row.student_id === person.id && row.half_day === halfDay);
        const signed = signatures.some(
          (row) =>
            row.session_id === session.id &&
            row.signer_id === person.id &&
            row.half_day === halfDay,
        );
        rows.push([
          localDay(session.starts_at, zone),
          time(session.starts_at),
          time(session.ends_at),
          session.title,
          labels.get(audienceKey(audienceOf(session))) ?? '',
          trainer ? personName(trainer) : '',
          person.last_name,
          person.first_name,
          text(`attendance.csv.half.${halfDay}`),
          mark
            ? text(`attendance.csv.status.${mark.status}`)
            : text('attendance.csv.status.unmarked'),
          mark?.late_minutes === null || mark === undefined ? '' : String(mark.late_minutes),
          mark?.remark ?? '',
          mark?.checked_in_at ? time(mark.checked_in_at) : '',
          signed ? text('attendance.csv.yes') : text('attendance.csv.no'),
        ]);
      }
  }
  const fields = [
    'day',
    'from',
    'to',
    'session',
    'audience',
    'trainer',
    'last_name',
    'first_name',
    'half_day',
    'status',
    'late_minutes',
    'remark',
    'checked_in_at',
    'signed',
  ].map((field) => text(`attendance.csv.${field}`));
  return {
    content: csvContent(fields, rows, locale),
    fileName: text('attendance.csv.file_name', { from, to }),
  };
}
