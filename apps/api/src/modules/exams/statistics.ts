/**
 * Item analysis of a quiz, as Moodle's quiz statistics report computes it (decision 189): on the
 * closed attempts, each question's facility index (its mean mark over its maximum), the standard
 * deviation of its marks (over its maximum), and its discrimination index (the correlation of its
 * marks with the rest of the test: the attempt's total without this question); for the test, the
 * mean, median and standard deviation of the totals and Cronbach's alpha (Moodle's coefficient of
 * internal consistency). Sample variances divide by n − 1, as Moodle's do. A figure that cannot be
 * computed (fewer than two attempts, no spread) is null.
 */

/** A question as the analysis reads it: its id and the most it is worth. */
export interface Item {
  id: number;
  max: number;
}

/** What each question's figures say a teacher should look at (Moodle's guidance). */
export type ItemFlag = 'negative' | 'weak' | 'tooHard' | 'tooEasy';

const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** The sample covariance of two series of the same length (n − 1), null under two values. */
function covariance(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 2) return null;
  const ma = mean(a);
  const mb = mean(b);
  return a.reduce((sum, value, index) => sum + (value - ma) * (b[index]! - mb), 0) / (a.length - 1);
}
const variance = (values: readonly number[]) => covariance(values, values);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Moodle's reading of the figures: a negative discrimination index (the stronger students do worse
 * on it: often a wrong key), one under 20% (weak), a facility of 5% or less (something may be wrong
 * with the question) or 95% or more (it tells nothing about the students).
 */
function flagsOf(facility: number, discrimination: number | null): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (discrimination !== null && discrimination < 0) flags.push('negative');
  else if (discrimination !== null && discrimination < 0.2) flags.push('weak');
  if (facility <= 0.05) flags.push('tooHard');
  if (facility >= 0.95) flags.push('tooEasy');
  return flags;
}

/**
 * The figures of `items` over `marks`: one row per attempt, one mark per item in `items`' order.
 */
export function analyse(items: readonly Item[], marks: readonly (readonly number[])[]) {
  const n = marks.length;
  const totals = marks.map((row) => row.reduce((sum, mark) => sum + mark, 0));
  const maxTotal = items.reduce((sum, item) => sum + item.max, 0);
  const totalVariance = variance(totals);
  const itemRows = items.map((item, column) => {
    const own = marks.map((row) => row[column]!);
    const rest = totals.map((total, index) => total - own[index]!);
    const ownVariance = variance(own);
    const restVariance = variance(rest);
    const shared = covariance(own, rest);
    const facility = n > 0 ? mean(own) / item.max : null;
    const discrimination =
      shared !== null && ownVariance && restVariance
        ? shared / Math.sqrt(ownVariance * restVariance)
        : null;
    return {
      id: item.id,
      facility,
      sd: ownVariance === null ? null : Math.sqrt(ownVariance) / item.max,
      discrimination,
      variance: ownVariance,
      // One attempt compares nobody with anybody: no flag before two.
      flags: facility === null || n < 2 ? [] : flagsOf(facility, discrimination),
    };
  });
  const k = items.length;
  const itemVariances = itemRows.map((row) => row.variance ?? 0);
  const alpha =
    k >= 2 && totalVariance
      ? (k / (k - 1)) * (1 - itemVariances.reduce((sum, value) => sum + value, 0) / totalVariance)
      : null;
  return {
    attempts: n,
    max_points: maxTotal,
    mean: n > 0 ? mean(totals) : null,
    median: n > 0 ? median(totals) : null,
    sd: totalVariance === null ? null : Math.sqrt(totalVariance),
    alpha,
    items: itemRows.map(({ variance: _, ...row }) => row),
  };
}
