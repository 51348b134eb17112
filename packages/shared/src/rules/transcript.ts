/**
 * The transcript's arithmetic, the one place it is written:
 * the transcript screen, its PDF and the gradebook all call it, on the server and in the browser.
 *
 * - A grade is stored on its evaluation's scale and counts normalised to /20; an absence counts 0.
 * - A subject's average is Σ(normalised × percentage) / Σ percentage over its graded evaluations;
 *   an evaluation not graded yet (or not published, for a student) is pending and left out.
 * - The overall average is Σ(subject average × coefficient) / Σ coefficient over the subjects that
 *   have an average.
 * Nothing is rounded here: screens and documents round to 2 places when they show a number.
 */

/** The whole scale every grade is shown on. */
export const TRANSCRIPT_SCALE = 20;

/** One evaluation of a subject for one student: graded, absent, or pending (neither). */
export interface GradeRow {
  percentage: number;
  /** The evaluation's maximum grade (20 unless set otherwise). */
  scale: number;
  /** The grade on that scale; null when absent or pending. */
  grade: number | null;
  absent: boolean;
}

/** Pending: neither a grade nor an absence yet. */
export const isPending = (row: GradeRow): boolean => !row.absent && row.grade === null;

/** The row's grade out of 20 (an absence counts 0); null while pending. */
export function normalisedGrade(row: GradeRow): number | null {
  if (row.absent) return 0;
  if (row.grade === null || row.scale <= 0) return null;
  return (row.grade / row.scale) * TRANSCRIPT_SCALE;
}

/**
 * The weighted average of a subject's rows out of 20, or null when no row counts yet (all pending,
 * or the counted rows weigh 0 %).
 */
export function subjectAverage(rows: readonly GradeRow[]): number | null {
  let weighted = 0;
  let weights = 0;
  for (const row of rows) {
    const grade = normalisedGrade(row);
    if (grade === null) continue;
    weighted += grade * row.percentage;
    weights += row.percentage;
  }
  return weights > 0 ? weighted / weights : null;
}

/** The overall average by coefficient over the subjects that have an average, or null. */
export function overallAverage(
  subjects: readonly { coefficient: number; average: number | null }[],
): number | null {
  let weighted = 0;
  let weights = 0;
  for (const subject of subjects) {
    if (subject.average === null || subject.coefficient <= 0) continue;
    weighted += subject.average * subject.coefficient;
    weights += subject.coefficient;
  }
  return weights > 0 ? weighted / weights : null;
}

/**
 * A whole transcript: each subject with its rows and its average, and the overall average. The
 * subjects keep their order and every field they came with.
 */
export function computeTranscript<
  R extends GradeRow,
  S extends { coefficient: number; evaluations: readonly R[] },
>(
  subjects: readonly S[],
): { average: number | null; subjects: Array<S & { average: number | null }> } {
  const withAverages = subjects.map((subject) => ({
    ...subject,
    average: subjectAverage(subject.evaluations),
  }));
  return { average: overallAverage(withAverages), subjects: withAverages };
}

/** A number out of 20 as shown: two places at most, in the reader's language ("12,5"). */
export function formatAverage(value: number | null, locale: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
