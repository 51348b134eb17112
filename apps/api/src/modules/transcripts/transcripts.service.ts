import { randomInt } from 'node:crypto';
import {
  computeTranscript,
  normalisedGrade,
  normaliseVerificationCode,
  printedTranscript,
  roleMay,
  type transcript,
  type transcriptVerification,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_GROUPS,
} from '@skolar/shared';
import type { z } from 'zod';
import { can } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { codeHash, documentCode } from '../../documents/codes.ts';
import { cachedAnswer } from '../../http/cached-answer.ts';
import { notFound } from '../../http/errors.ts';
import type { Locale } from '../../i18n/messages.ts';
import {
  documentByHash,
  recordDocumentOnce,
  studentPromotions,
  transcriptLines,
  userInScope,
} from './transcripts.queries.ts';

export type TranscriptAnswer = z.output<typeof transcript>;
type Verification = z.output<typeof transcriptVerification>;

/**
 * A student's transcript for one of their promotions: every evaluation (not archived) of the
 * promotion's trainings, grouped by subject, with the student's PUBLISHED result or pending.
 * Staff read the same published-only transcript as the student (decision 58).
 */
async function build(
  ctx: AppContext,
  actor: Actor,
  studentId: number,
  promotionId: number | undefined,
): Promise<TranscriptAnswer> {
  // The student's promotions the actor may see, latest academic year first.
  const visible = await studentPromotions(ctx.db, studentId, can(actor, 'read', 'promotion').where);
  const chosen =
    promotionId === undefined ? visible[0] : visible.find((row) => row.id === promotionId);
  if (!chosen) throw notFound();

  const rows = await transcriptLines(ctx.db, studentId, chosen.id, {
    result: can(actor, 'list', 'result').where,
    evaluation: can(actor, 'list', 'evaluation').where,
  });

  const bySubject = new Map<
    number,
    {
      subject_id: number;
      name: string;
      coefficient: number;
      evaluations: TranscriptAnswer['subjects'][number]['evaluations'];
    }
  >();
  for (const row of rows) {
    let subject = bySubject.get(row.subject_id);
    if (!subject) {
      subject = {
        subject_id: row.subject_id,
        name: row.subject_name,
        coefficient: Number(row.coefficient),
        evaluations: [],
      };
      bySubject.set(row.subject_id, subject);
    }
    const gradeRow = {
      percentage: Number(row.percentage),
      scale: Number(row.scale),
      grade: row.absent ? null : row.grade === null ? null : Number(row.grade),
      absent: row.absent === true,
    };
    const normalised = normalisedGrade(gradeRow);
    subject.evaluations.push({
      evaluation_id: row.evaluation_id,
      title: row.title,
      type: row.type,
      date: row.date,
      ...gradeRow,
      pending: normalised === null,
      normalised,
    });
  }
  const computed = computeTranscript([...bySubject.values()]);
  const promotionOf = (row: (typeof visible)[number]) => ({
    id: row.id,
    name: row.name,
    academic_year: row.academic_year,
    level: row.level,
  });
  return {
    student: chosen.student,
    institution: chosen.institution,
    promotion: promotionOf(chosen),
    program: { id: chosen.program_id, name: chosen.program_name },
    levels: chosen.levels,
    average: computed.average,
    subjects: computed.subjects,
    promotions: visible.map(promotionOf),
    generated_at: ctx.clock.now(),
  };
}

/** `GET /api/me/transcript.pdf`: the signed-in student's own, as it is now. */
export function myTranscript(ctx: AppContext, actor: Actor, promotionId?: number) {
  return build(ctx, actor, actor.userId, promotionId);
}

/**
 * `GET /api/me/transcript`: the signed-in student's own, from this node's cache while nothing it
 * shows has changed (decision 168). Its version, `transcripts:<institution>`, is bumped by every
 * write that can change a transcript of the institution (migration 0015): a published grade, a
 * coefficient, an evaluation, a promotion's students… So `generated_at` is when the figures were
 * last computed, and they are still the current ones.
 */
export function myCachedTranscript(
  ctx: AppContext,
  actor: Actor,
  promotionId: number | undefined,
  acceptEncoding: string | undefined,
) {
  return cachedAnswer(ctx.db, {
    version: `transcripts:${actor.institutionId}`,
    key: `student-${actor.userId}-${promotionId ?? 'latest'}`,
    acceptEncoding,
    build: () => build(ctx, actor, actor.userId, promotionId),
  });
}

/**
 * `GET /api/students/:id/transcript`: staff who can see the student (a teacher through the
 * promotions they teach, an admin or super-teacher in their institution, the super-admin
 * anywhere). A student is refused (403); a student out of scope answers 404.
 */
export async function studentTranscript(
  ctx: AppContext,
  actor: Actor,
  studentId: number,
  promotionId?: number,
) {
  if (roleMay(actor.role, 'read', 'student')) {
    const scope = can(actor, 'read', 'student');
    const seen = await userInScope(ctx.db, studentId, scope.where);
    if (!seen) throw notFound();
  }
  return build(ctx, actor, studentId, promotionId);
}

/** A fresh code: 20 characters of Crockford's base32 (100 bits), in groups of four. */
export function newVerificationCode(): string {
  const chars = Array.from(
    { length: VERIFICATION_CODE_GROUPS * 4 },
    () => VERIFICATION_CODE_ALPHABET[randomInt(VERIFICATION_CODE_ALPHABET.length)],
  ).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** What a document says, without the instant it was computed: equal for an unchanged transcript. */
function canonicalContent(content: TranscriptAnswer): string {
  const { generated_at: _generated, ...rest } = content;
  return JSON.stringify(rest);
}

/** A stored transcript as the `transcript` shape (its instant back to a Date). */
function storedContent(stored: unknown): TranscriptAnswer {
  const content = stored as Omit<TranscriptAnswer, 'generated_at'> & { generated_at: string };
  return { ...content, generated_at: new Date(content.generated_at) };
}

/**
 * The document of a transcript as it is now: recorded the first time (the SHA-256 of its code and
 * what it says; the code itself is only on the paper), and reused while nothing it says changes,
 * in the same language: the same code, the same issue date and the same content as first printed,
 * so ten downloads leave one row and every paper printed from it verifies alike. A change (a newly
 * published grade, another promotion, another language) makes another document with its own code;
 * earlier ones keep verifying for what they said.
 */
export async function recordDocument(
  ctx: AppContext,
  actor: Actor,
  content: TranscriptAnswer,
  locale: Locale,
): Promise<{ code: string; issuedAt: Date; content: TranscriptAnswer }> {
  const code = documentCode(
    ctx.config.MFA_ENCRYPTION_KEY,
    'transcript',
    canonicalContent(content),
    locale,
  );
  const row = await recordDocumentOnce(ctx.db, {
    code_hash: codeHash(code),
    institution_id: content.institution.id,
    student_id: content.student.id,
    issued_by: actor.userId,
    issued_at: ctx.clock.now(),
    locale,
    content: JSON.parse(JSON.stringify(content)),
  });
  if (!row) throw new Error('transcript document neither recorded nor found');
  return { code, issuedAt: row.issued_at, content: storedContent(row.content) };
}

/** `GET /api/verify/:code`: what the transcript with that code said, or undefined. */
export async function findTranscriptDocument(
  ctx: AppContext,
  typed: string,
): Promise<Verification | undefined> {
  const code = normaliseVerificationCode(typed);
  if (!code) return undefined;
  // Looked up by its hash: the index answers, no comparison of secrets in the application.
  const row = await documentByHash(ctx.db, codeHash(code));
  if (!row) return undefined;
  // What the paper shows, nothing more: the schema leaves out the ids and the other promotions
  // the stored answer keeps.
  const content = printedTranscript.parse(storedContent(row.content));
  return {
    kind: 'transcript',
    genuine: true,
    issued_at: row.issued_at,
    locale: row.locale,
    student: content.student,
    institution: content.institution,
    average: content.average,
    content,
  };
}
