import { createHash } from 'node:crypto';
import { type HalfDay, mySignatureBody, signatureBody } from '@skolar/shared';
import sharp from 'sharp';
import { record } from '../../audit/audit.ts';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { localDay, wallClock } from '../../time.ts';
import {
  currentSignatures,
  insertSignature,
  institutionName,
  lockSession,
  markOf,
  marksOf,
  namesOf,
  type SessionRow,
  sessionIn,
  signatureImageIn,
  signatureOfSession,
} from './attendance.queries.ts';
import { learnersOf, sheet } from './attendance.service.ts';

// Signatures on an attendance sheet (issue 32, decision 198): a learner's for each half-day they
// were there, the trainer's for the session. Never changed: a correction is a new row.

const MAX_WIDTH = 3000;
const MAX_HEIGHT = 1500;

/** The drawn PNG, re-encoded (nothing but pixels kept); 422 on `image` for anything else. */
async function cleanImage(dataUrl: string): Promise<{ image: string; sha256: string }> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_WIDTH * MAX_HEIGHT });
    const { format, width = 0, height = 0 } = await image.metadata();
    if (format !== 'png' || width > MAX_WIDTH || height > MAX_HEIGHT || width < 10 || height < 10)
      throw new Error('not a signature');
    const png = await image.png({ compressionLevel: 9 }).toBuffer();
    return {
      image: `data:image/png;base64,${png.toString('base64')}`,
      sha256: createHash('sha256').update(png).digest('hex'),
    };
  } catch {
    throw validationFailed({ image: ['attendance.validation.signature'] });
  }
}

export interface Statement {
  institution: string;
  session: SessionRow;
  zone: string;
  halfDay: HalfDay | null;
  signer: { id: number; name: string };
  role: 'learner' | 'trainer';
  status: string | null;
  lateMinutes: number | null;
  imageSha256: string;
  signedAt: Date;
  device: 'own' | 'trainer';
}

/**
 * What a signature says, as the text whose SHA-256 is kept with it: the institution, the
 * session (its title, day and hours in the zone), the half-day, who signs and as what, the
 * status they sign for, the instant, the device, and the SHA-256 of the image drawn.
 */
export function statementOf(input: Statement): string {
  const time = (instant: Date) => wallClock(instant, input.zone, 'HH:mm');
  return JSON.stringify({
    institution: input.institution,
    session: {
      id: input.session.id,
      title: input.session.title,
      day: localDay(input.session.starts_at, input.zone),
      from: time(input.session.starts_at),
      to: time(input.session.ends_at),
      zone: input.zone,
    },
    half_day: input.halfDay,
    signer: input.signer,
    role: input.role,
    status: input.status,
    late_minutes: input.lateMinutes,
    signed_at: input.signedAt.toISOString(),
    device: input.device,
    image_sha256: input.imageSha256,
  });
}

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

/** The learner's line for the half-day, if they were there (present or late); 422 otherwise. */
async function presentLine(db: DbOrTx, sessionId: number, studentId: number, halfDay: HalfDay) {
  const line = await markOf(db, sessionId, studentId, halfDay);
  if (!line || (line.status !== 'present' && line.status !== 'late'))
    throw validationFailed({ half_day: ['attendance.validation.notPresent'] });
  return line;
}

async function writeSignature(
  ctx: AppContext,
  tx: DbOrTx,
  session: SessionRow,
  input: {
    zone: string;
    signerId: number;
    halfDay: HalfDay | null;
    role: 'learner' | 'trainer';
    line: { status: string; late_minutes: number | null } | null;
    image: { image: string; sha256: string };
    device: 'own' | 'trainer';
    recordedBy: number;
    replaces?: { id: number; reason: string };
  },
) {
  const [signer] = await namesOf(tx, [input.signerId]);
  const signedAt = ctx.clock.now();
  const statement = statementOf({
    institution: await institutionName(tx, session.institution_id),
    session,
    zone: input.zone,
    halfDay: input.halfDay,
    signer: { id: input.signerId, name: signer ? personName(signer) : '' },
    role: input.role,
    status: input.line?.status ?? null,
    lateMinutes: input.line?.late_minutes ?? null,
    imageSha256: input.image.sha256,
    signedAt,
    device: input.device,
  });
  return insertSignature(tx, {
    session_id: session.id,
    signer_id: input.signerId,
    role: input.role,
    half_day: input.halfDay,
    image: input.image.image,
    statement,
    statement_sha256: sha256(statement),
    device: input.device,
    recorded_by: input.recordedBy,
    replaces_id: input.replaces?.id ?? null,
    reason: input.replaces?.reason ?? null,
    signed_at: signedAt,
  });
}

/** Whether the signer already has a signature, not corrected, for that half-day of the session. */
async function alreadySigned(
  db: DbOrTx,
  sessionId: number,
  signerId: number,
  halfDay: HalfDay | null,
) {
  const signatures = await currentSignatures(db, [sessionId]);
  return signatures.find(
    (signature) => signature.signer_id === signerId && signature.half_day === halfDay,
  );
}

/**
 * `POST /api/attendance/sessions/:id/my-signature`: a learner signs, on their own device, a
 * half-day they were there for (present or late), once, while the session is open.
 */
export async function signMine(ctx: AppContext, actor: Actor, sessionId: number, input: unknown) {
  const body = mySignatureBody.parse(input);
  const found = await sessionIn(ctx.db, can(actor, 'create', 'presence').where, sessionId);
  if (!found) throw notFound();
  const image = await cleanImage(body.image);
  return ctx.db.transaction(async (tx) => {
    const session = (await lockSession(tx, sessionId))!;
    if (session.closed_at !== null) throw conflict('attendance.closed');
    const line = await presentLine(tx, sessionId, actor.userId, body.half_day);
    if (await alreadySigned(tx, sessionId, actor.userId, body.half_day))
      throw conflict('attendance.alreadySigned');
    return writeSignature(ctx, tx, session, {
      zone: actor.timeZone,
      signerId: actor.userId,
      halfDay: body.half_day,
      role: 'learner',
      line,
      image,
      device: 'own',
      recordedBy: actor.userId,
    });
  });
}

/**
 * `POST /api/attendance/sessions/:id/signatures`: on the trainer's device, a learner signs a
 * half-day they were there for, or the trainer signs the session. With `replaces_id`, a
 * correction: a new row naming the one it replaces, with its reason, in the audit log.
 * Answers the roll call.
 */
export async function sign(ctx: AppContext, actor: Actor, sessionId: number, input: unknown) {
  const body = signatureBody.parse(input);
  const found = await sessionIn(ctx.db, can(actor, 'update', 'attendance').where, sessionId);
  if (!found) throw notFound();
  const image = await cleanImage(body.image);
  await ctx.db.transaction(async (tx) => {
    const session = (await lockSession(tx, sessionId))!;
    const trainer = body.half_day === null;
    if (trainer && (body.signer_id !== actor.userId || session.trainer_id !== actor.userId))
      throw validationFailed({ signer_id: ['attendance.validation.trainerSigns'] });
    let line = null;
    if (!trainer) {
      // The audience's learners and anyone marked at the session since (who may have left it).
      const marked = await marksOf(tx, [sessionId]);
      const learners = await learnersOf(
        tx,
        session,
        marked.map((mark) => mark.student_id),
      );
      if (!learners.some((learner) => learner.id === body.signer_id))
        throw validationFailed({ signer_id: ['attendance.validation.student'] });
      line = await presentLine(tx, sessionId, body.signer_id, body.half_day!);
    }
    const current = await alreadySigned(tx, sessionId, body.signer_id, body.half_day);
    let replaces: { id: number; reason: string } | undefined;
    if (body.replaces_id !== undefined) {
      const replaced = await signatureOfSession(tx, sessionId, body.replaces_id);
      if (!replaced || current?.id !== replaced.id)
        throw validationFailed({ replaces_id: ['attendance.validation.replaces'] });
      replaces = { id: replaced.id, reason: body.reason! };
    } else if (current) throw conflict('attendance.alreadySigned');
    const written = await writeSignature(ctx, tx, session, {
      zone: actor.timeZone,
      signerId: body.signer_id,
      halfDay: body.half_day,
      role: trainer ? 'trainer' : 'learner',
      line,
      image,
      device: trainer ? 'own' : 'trainer',
      recordedBy: actor.userId,
      replaces,
    });
    if (replaces)
      await record(tx, ctx, actor, {
        action: 'attendance.signature.correct',
        entity: 'attendance',
        entityId: sessionId,
        institutionId: session.institution_id,
        before: { signature_id: replaces.id },
        after: { signature_id: written.id, reason: replaces.reason },
      });
  });
  return sheet(ctx, actor, sessionId);
}

/** `GET /api/attendance/signatures/:id/image`: the PNG of a signature of a session staff read. */
export async function signatureImage(ctx: AppContext, actor: Actor, id: number) {
  const image = await signatureImageIn(ctx.db, can(actor, 'read', 'attendance').where, id);
  if (!image) throw notFound();
  return Buffer.from(image.slice(image.indexOf(',') + 1), 'base64');
}
