import type { PrintedTranscript, PrintedTranscriptSubject } from '@skolar/shared';

const number = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/** `(14,5 × 40 + 0 × 20) ÷ (40 + 20)`: a subject's sum as anyone can redo it, or null. */
export function subjectSum(subject: PrintedTranscriptSubject, locale: string): string | null {
  const counted = subject.evaluations.filter((row) => row.normalised !== null);
  if (counted.length === 0) return null;
  const terms = counted.map(
    (row) => `${number(row.normalised!, locale)} × ${number(row.percentage, locale)}`,
  );
  const weights = counted.map((row) => number(row.percentage, locale));
  return `(${terms.join(' + ')}) ÷ (${weights.join(' + ')})`;
}

/** `(9,67 × 3 + 15,5 × 2) ÷ (3 + 2)`: the overall sum, or null while no subject counts. */
export function overallSum(transcript: PrintedTranscript, locale: string): string | null {
  const counted = transcript.subjects.filter(
    (subject) => subject.average !== null && subject.coefficient > 0,
  );
  if (counted.length === 0) return null;
  const terms = counted.map(
    (subject) => `${number(subject.average!, locale)} × ${number(subject.coefficient, locale)}`,
  );
  const weights = counted.map((subject) => number(subject.coefficient, locale));
  return `(${terms.join(' + ')}) ÷ (${weights.join(' + ')})`;
}

/** A grade on its own scale: `31 / 40`. */
export const onScale = (grade: number, scale: number, locale: string) =>
  `${number(grade, locale)} / ${number(scale, locale)}`;

export const formatNumber = number;
