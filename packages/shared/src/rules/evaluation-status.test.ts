import { describe, expect, it } from 'vitest';
import { evaluationStatus, type StatusFacts } from './evaluation-status.ts';

const hours = (n: number) => n * 3_600_000;
const now = new Date('2026-11-23T10:00:00Z');

/** An online exam due in `inHours` hours, open two hours, nothing handed in. */
function facts(inHours: number, patch: Partial<StatusFacts> = {}): StatusFacts {
  const dueAt = new Date(now.getTime() + hours(inHours));
  return {
    now,
    dueAt,
    closesAt: new Date(dueAt.getTime() + hours(2)),
    dueDay: dueAt.toISOString().slice(0, 10),
    today: '2026-11-23',
    handedIn: false,
    started: false,
    recordsHandIn: true,
    graded: false,
    absent: false,
    ...patch,
  };
}

describe('the status of an evaluation for a student', () => {
  it('is soon beyond 72 hours', () => {
    expect(evaluationStatus(facts(24 * 10))).toBe('soon');
    expect(evaluationStatus(facts(72.5))).toBe('soon');
  });

  it('is important within the next 72 hours, up to the hour', () => {
    expect(evaluationStatus(facts(72))).toBe('important');
    expect(evaluationStatus(facts(30))).toBe('important');
  });

  it('is today when due on the institution’s today, open or not yet open', () => {
    expect(evaluationStatus(facts(5))).toBe('today');
    expect(evaluationStatus(facts(-1))).toBe('today');
  });

  it('follows the institution’s day, not the UTC one', () => {
    // 23:30 in Paris is 22:30 UTC: still the 23rd there.
    expect(evaluationStatus(facts(12.5, { dueDay: '2026-11-23' }))).toBe('today');
    expect(evaluationStatus(facts(12.5, { dueDay: '2026-11-24' }))).toBe('important');
  });

  it('is failed once an online exam or a project closed with nothing handed in, and when absent', () => {
    expect(evaluationStatus(facts(-2))).toBe('failed');
    expect(evaluationStatus(facts(-48))).toBe('failed');
    expect(evaluationStatus(facts(48, { absent: true }))).toBe('failed');
    expect(evaluationStatus(facts(-48, { absent: true, graded: true }))).toBe('failed');
    expect(evaluationStatus(facts(-48, { absent: true, handedIn: true }))).toBe('failed');
  });

  it('awaits its grade once handed in, open or closed, until a grade is published', () => {
    expect(evaluationStatus(facts(-1, { handedIn: true, started: true }))).toBe('awaiting');
    expect(evaluationStatus(facts(-48, { handedIn: true, started: true }))).toBe('awaiting');
    expect(evaluationStatus(facts(48, { handedIn: true }))).toBe('awaiting');
  });

  it('awaits its grade, never failed, once closed when sat: an attempt started, a paper exam', () => {
    // Still running on extra time, or waiting for the closing job to hand it in.
    expect(evaluationStatus(facts(-3, { started: true }))).toBe('awaiting');
    // A paper exam: nothing online says it was not sat.
    expect(evaluationStatus(facts(-48, { recordsHandIn: false }))).toBe('awaiting');
    // While the window is open an attempt under way is still today's.
    expect(evaluationStatus(facts(-1, { started: true }))).toBe('today');
    expect(evaluationStatus(facts(5, { recordsHandIn: false }))).toBe('today');
  });

  it('is completed once a grade is published, handed in or not', () => {
    expect(evaluationStatus(facts(-48, { handedIn: true, graded: true }))).toBe('completed');
    expect(evaluationStatus(facts(-48, { graded: true }))).toBe('completed');
    expect(evaluationStatus(facts(-48, { graded: true, recordsHandIn: false }))).toBe('completed');
  });
});
