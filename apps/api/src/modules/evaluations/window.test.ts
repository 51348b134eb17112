import { describe, expect, it } from 'vitest';
import { answersClosedAt, evaluationWindow, isOpen, ownWindow } from './window.ts';

const exam = {
  type: 'exam' as const,
  date: '2026-03-29',
  start_time: '01:30:00',
  end_time: '04:00:00',
  deadline: null,
};

describe('the window of an evaluation', () => {
  it('places an exam’s window in the institution’s zone, across the spring change', () => {
    // Paris moves from UTC+1 to UTC+2 at 02:00 on 2026-03-29.
    const window = evaluationWindow(exam, 'Europe/Paris');
    expect(window.opensAt.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(window.dueAt).toEqual(window.opensAt);
    expect(window.dueDay).toBe('2026-03-29');
  });

  it('opens a project at midnight of its day when it has no time, and closes it at its deadline', () => {
    const deadline = new Date('2026-12-01T22:59:00Z');
    const window = evaluationWindow(
      { type: 'project', date: '2026-11-20', start_time: null, end_time: null, deadline },
      'Europe/Paris',
    );
    expect(window.opensAt.toISOString()).toBe('2026-11-19T23:00:00.000Z');
    expect(window.closesAt).toEqual(deadline);
    // 23:59 in Paris is still the 1st of December there.
    expect(window.dueDay).toBe('2026-12-01');
  });

  it('is open from its first instant, and closed at its last', () => {
    const window = evaluationWindow(exam, 'Europe/Paris');
    expect(isOpen(window, new Date(window.opensAt.getTime() - 1))).toBe(false);
    expect(isOpen(window, window.opensAt)).toBe(true);
    expect(isOpen(window, new Date(window.closesAt.getTime() - 1))).toBe(true);
    expect(isOpen(window, window.closesAt)).toBe(false);
  });
});

describe('when a project’s answers may be revealed', () => {
  const closesAt = new Date('2026-11-25T17:00:00Z');
  it('is its deadline, or the latest of its students’ own deadlines (decision 192)', () => {
    expect(answersClosedAt('project', { closesAt }, null)).toEqual(closesAt);
    const extended = new Date('2026-11-27T17:00:00Z');
    expect(answersClosedAt('project', { closesAt }, extended)).toEqual(extended);
  });
  it('gives a student with an extension their own window, and no one an earlier one', () => {
    const window = evaluationWindow(
      {
        type: 'project',
        date: '2026-11-20',
        start_time: null,
        end_time: null,
        deadline: closesAt,
      },
      'Europe/Paris',
    );
    const own = ownWindow(window, { deadline: new Date('2026-11-27T17:00:00Z') }, 'Europe/Paris');
    expect(own.closesAt).toEqual(new Date('2026-11-27T17:00:00Z'));
    expect(own.dueDay).toBe('2026-11-27');
    expect(ownWindow(window, { deadline: new Date('2026-11-24T17:00:00Z') }, 'Europe/Paris')).toBe(
      window,
    );
  });
  it('keeps a project open until its cut-off for late hand-ins, due at its deadline (decision 195)', () => {
    const lateUntil = new Date('2026-11-28T17:00:00Z');
    const project = {
      type: 'project' as const,
      date: '2026-11-20',
      start_time: null,
      end_time: null,
      deadline: closesAt,
      late_until: lateUntil,
    };
    const window = evaluationWindow(project, 'Europe/Paris');
    expect(window.dueAt).toEqual(closesAt);
    expect(window.closesAt).toEqual(lateUntil);
    expect(answersClosedAt('project', window, null)).toEqual(lateUntil);
    // An extension before the cut-off moves when the student is late, not when the window closes.
    const own = ownWindow(window, { deadline: new Date('2026-11-26T17:00:00Z') }, 'Europe/Paris');
    expect(own.dueAt).toEqual(new Date('2026-11-26T17:00:00Z'));
    expect(own.closesAt).toEqual(lateUntil);
    // One past it closes the window at the student's own deadline.
    const past = ownWindow(window, { deadline: new Date('2026-11-30T17:00:00Z') }, 'Europe/Paris');
    expect(past.closesAt).toEqual(new Date('2026-11-30T17:00:00Z'));
  });
});
