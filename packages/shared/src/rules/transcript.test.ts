import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTranscript,
  formatAverage,
  type GradeRow,
  isPending,
  normalisedGrade,
  overallAverage,
  subjectAverage,
} from './transcript.ts';

const EPSILON = 1e-9;

/** A row on a random scale: graded (0..scale), absent, or pending. */
const row: fc.Arbitrary<GradeRow> = fc
  .record({
    percentage: fc.integer({ min: 0, max: 100 }),
    scale: fc.constantFrom(10, 20, 40, 100),
    kind: fc.constantFrom('graded', 'absent', 'pending'),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ percentage, scale, kind, fraction }) => ({
    percentage,
    scale,
    grade: kind === 'graded' ? Math.round(fraction * scale * 100) / 100 : null,
    absent: kind === 'absent',
  }));

const subject = fc.record({
  coefficient: fc.integer({ min: 0, max: 10 }),
  evaluations: fc.array(row, { maxLength: 8 }),
});

const within020 = (value: number | null) =>
  value === null || (value >= -EPSILON && value <= 20 + EPSILON);

describe('transcript maths (properties)', () => {
  it('keeps every average within 0..20', () => {
    fc.assert(
      fc.property(fc.array(subject, { maxLength: 6 }), (subjects) => {
        const { average, subjects: computed } = computeTranscript(subjects);
        expect(within020(average)).toBe(true);
        for (const s of computed) expect(within020(s.average)).toBe(true);
      }),
    );
  });

  it('never raises an average when a row becomes an absence', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.nat(), (rows, pick) => {
        const index = pick % rows.length;
        const before = subjectAverage(rows);
        const after = subjectAverage(
          rows.map((r, i) => (i === index ? { ...r, grade: null, absent: true } : r)),
        );
        // A pending row that becomes an absence makes an empty subject start at 0.
        if (before === null) expect(after === null || after === 0).toBe(true);
        else expect(after ?? 0).toBeLessThanOrEqual(before + EPSILON);
      }),
    );
  });

  it('never raises the overall average when a row becomes an absence', () => {
    fc.assert(
      fc.property(
        fc.array(subject, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.nat(),
        (subjects, s, r) => {
          const si = s % subjects.length;
          const rows = subjects[si]!.evaluations;
          if (rows.length === 0) return;
          const ri = r % rows.length;
          const before = computeTranscript(subjects).average;
          const changed = subjects.map((sub, i) =>
            i === si
              ? {
                  ...sub,
                  evaluations: sub.evaluations.map((e, j) =>
                    j === ri ? { ...e, grade: null, absent: true } : e,
                  ),
                }
              : sub,
          );
          const after = computeTranscript(changed).average;
          // When the subject had no average yet, it enters at 0 and can only pull the mean down.
          if (before !== null && after !== null)
            expect(after).toBeLessThanOrEqual(before + EPSILON);
        },
      ),
    );
  });

  it('does not depend on the order of rows or of subjects', () => {
    fc.assert(
      fc.property(
        fc.array(subject, { maxLength: 5 }).chain((subjects) =>
          fc.tuple(
            fc.constant(subjects),
            fc.shuffledSubarray(subjects, {
              minLength: subjects.length,
              maxLength: subjects.length,
            }),
          ),
        ),
        ([subjects, shuffled]) => {
          const reversedRows = shuffled.map((s) => ({
            ...s,
            evaluations: [...s.evaluations].reverse(),
          }));
          const a = computeTranscript(subjects).average;
          const b = computeTranscript(reversedRows).average;
          if (a === null) expect(b).toBeNull();
          else expect(b).toBeCloseTo(a, 9);
        },
      ),
    );
  });

  it('moves only the subject whose percentage changed', () => {
    fc.assert(
      fc.property(
        fc.array(subject, { minLength: 2, maxLength: 5 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 100 }),
        (subjects, s, r, percentage) => {
          const si = s % subjects.length;
          const rows = subjects[si]!.evaluations;
          if (rows.length === 0) return;
          const ri = r % rows.length;
          const before = computeTranscript(subjects).subjects;
          const after = computeTranscript(
            subjects.map((sub, i) =>
              i === si
                ? {
                    ...sub,
                    evaluations: sub.evaluations.map((e, j) =>
                      j === ri ? { ...e, percentage } : e,
                    ),
                  }
                : sub,
            ),
          ).subjects;
          after.forEach((subjectAfter, i) => {
            if (i !== si) expect(subjectAfter.average).toBe(before[i]!.average);
          });
        },
      ),
    );
  });

  it('leaves pending rows out: adding or removing them changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 4 }),
        (rows, pendingPercentages) => {
          const pending = pendingPercentages.map((percentage) => ({
            percentage,
            scale: 20,
            grade: null,
            absent: false,
          }));
          const withPending = [...rows, ...pending];
          expect(subjectAverage(withPending)).toBe(
            subjectAverage(rows.filter((r) => !isPending(r))),
          );
          expect(subjectAverage(withPending)).toBe(subjectAverage(rows));
        },
      ),
    );
  });
});

describe('transcript maths (examples computed by hand)', () => {
  it('normalises a grade to /20 and counts an absence as 0', () => {
    expect(normalisedGrade({ percentage: 40, scale: 40, grade: 31, absent: false })).toBe(15.5);
    expect(normalisedGrade({ percentage: 40, scale: 20, grade: null, absent: true })).toBe(0);
    expect(normalisedGrade({ percentage: 40, scale: 20, grade: null, absent: false })).toBeNull();
  });

  it('weights a subject by percentage, absence at 0, pending left out', () => {
    // (14.5 × 40 + 0 × 20) / (40 + 20) = 580 / 60 = 9.666…; the pending 40 % is left out.
    const average = subjectAverage([
      { percentage: 40, scale: 20, grade: 14.5, absent: false },
      { percentage: 20, scale: 20, grade: null, absent: true },
      { percentage: 40, scale: 20, grade: null, absent: false },
    ]);
    expect(average).toBeCloseTo(580 / 60, 12);
  });

  it('weights subjects by coefficient and skips subjects without an average', () => {
    // Algorithms (coef 3): (16 × 60 + 15.5 × 40) / 100 = 15.8; Databases (coef 2): 0 (absent);
    // Probability (coef 4): pending only, left out. Overall: (15.8 × 3 + 0 × 2) / 5 = 9.48.
    const result = computeTranscript([
      {
        name: 'Algorithms',
        coefficient: 3,
        evaluations: [
          { percentage: 60, scale: 20, grade: 16, absent: false },
          { percentage: 40, scale: 40, grade: 31, absent: false },
        ],
      },
      {
        name: 'Databases',
        coefficient: 2,
        evaluations: [{ percentage: 30, scale: 20, grade: null, absent: true }],
      },
      {
        name: 'Probability',
        coefficient: 4,
        evaluations: [{ percentage: 50, scale: 20, grade: null, absent: false }],
      },
    ]);
    expect(result.subjects.map((s) => s.average)).toEqual([15.8, 0, null]);
    expect(result.subjects[0]!.name).toBe('Algorithms');
    expect(result.average).toBeCloseTo(9.48, 12);
    expect(overallAverage([])).toBeNull();
  });

  it('rounds to two places only when shown, in the reader’s language', () => {
    expect(formatAverage(580 / 60, 'fr')).toBe('9,67');
    expect(formatAverage(9.48, 'en')).toBe('9.48');
    expect(formatAverage(12.5, 'de')).toBe('12,5');
    expect(formatAverage(null, 'fr')).toBe('—');
  });
});
