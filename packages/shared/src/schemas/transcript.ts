import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { evaluationType } from './evaluations.ts';
import { idText } from './ids.ts';

/**
 * One evaluation of a subject on a student's transcript (`GET /api/me/transcript`): the row an
 * average is computed from (rules/transcript.ts). `grade` is on the evaluation's `scale`;
 * `normalised` is that grade out of 20 (0 when absent, null while pending). A pending row (not
 * graded, or not published yet) is listed but left out of the averages.
 */
export const transcriptEvaluation = z.object({
  evaluation_id: z.number().int(),
  title: z.string(),
  type: evaluationType,
  /** The evaluation's day (YYYY-MM-DD, in the institution's zone). */
  date: z.string(),
  percentage: z.number(),
  scale: z.number(),
  grade: z.number().nullable(),
  absent: z.boolean(),
  pending: z.boolean(),
  normalised: z.number().nullable(),
});
export type TranscriptEvaluation = Wire<z.output<typeof transcriptEvaluation>>;

/** A subject with its coefficient, its weighted average (null while nothing counts) and rows. */
export const transcriptSubject = z.object({
  subject_id: z.number().int(),
  name: z.string(),
  coefficient: z.number(),
  average: z.number().nullable(),
  evaluations: z.array(transcriptEvaluation),
});
export type TranscriptSubject = Wire<z.output<typeof transcriptSubject>>;

export const transcriptStudent = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

export const transcriptInstitution = z.object({
  id: z.number().int(),
  name: z.string(),
  color_code: z.string(),
  logo_link: z.string().nullable(),
  /** IANA zone: the issue date is printed in it. */
  time_zone: z.string(),
});

export const transcriptPromotion = z.object({
  id: z.number().int(),
  name: z.string(),
  academic_year: z.string(),
  level: z.string(),
});

/**
 * `GET /api/me/transcript`, `GET /api/students/:id/transcript`: a student's transcript for one
 * promotion, from published grades only. Every average is recomputable from the rows listed
 * (nothing is rounded; screens and documents round to 2 places).
 */
export const transcript = z.object({
  student: transcriptStudent,
  institution: transcriptInstitution,
  promotion: transcriptPromotion,
  program: z.object({ id: z.number().int(), name: z.string() }),
  /** The program's levels (programs.levels), in order. */
  levels: z.array(z.string()),
  /** The overall average by coefficient, or null while no subject has one. */
  average: z.number().nullable(),
  subjects: z.array(transcriptSubject),
  /** The student's other promotions the reader may open (`?promotion_id=`), latest year first. */
  promotions: z.array(transcriptPromotion),
  generated_at: z.date(),
});
export type Transcript = Wire<z.output<typeof transcript>>;

/** `?promotion_id=`: which of the student's promotions (default: the latest academic year). */
export const transcriptQuery = z.object({
  promotion_id: idText.optional(),
});

/**
 * A transcript as its document prints it: no internal id, no other promotion of the student
 * (issue 28: a public verification shows what the paper shows, nothing more).
 */
export const printedTranscript = transcript.omit({ promotions: true }).extend({
  student: transcriptStudent.omit({ id: true }),
  institution: transcriptInstitution.omit({ id: true }),
  promotion: transcriptPromotion.omit({ id: true }),
  program: z.object({ name: z.string() }),
  subjects: z.array(
    transcriptSubject
      .omit({ subject_id: true })
      .extend({ evaluations: z.array(transcriptEvaluation.omit({ evaluation_id: true })) }),
  ),
});
export type PrintedTranscript = Wire<z.output<typeof printedTranscript>>;
export type PrintedTranscriptSubject = PrintedTranscript['subjects'][number];

/**
 * `GET /api/verify/:code`: the document that code was printed on is genuine, and what it said
 * (the transcript as printed, so a third party can compare it with the paper, and nothing else).
 */
export const transcriptVerification = z.object({
  kind: z.literal('transcript'),
  genuine: z.literal(true),
  issued_at: z.date(),
  locale: z.string(),
  student: printedTranscript.shape.student,
  institution: printedTranscript.shape.institution,
  average: z.number().nullable(),
  content: printedTranscript,
});
export type TranscriptVerification = Wire<z.output<typeof transcriptVerification>>;

/**
 * A verification code as printed: 20 characters of Crockford's base32 (100 bits) in five groups of
 * four (`K7Q2-…`). Typed codes are normalised (case, spaces, O→0, I/L→1) before they are hashed.
 */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_GROUPS = 5;

/** The printed form of a typed code, or null when it cannot be one. */
export function normaliseVerificationCode(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (chars.length !== VERIFICATION_CODE_GROUPS * 4) return null;
  for (const char of chars) if (!VERIFICATION_CODE_ALPHABET.includes(char)) return null;
  return chars.match(/.{4}/g)!.join('-');
}
