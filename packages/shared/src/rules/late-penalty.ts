/** A day, in minutes: the penalty counts each day late, or part of one. */
const DAY_MINUTES = 24 * 60;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A project's late penalty for one hand-in (decision 195): `percent` of the scale for each day, or
 * part of one, the hand-in came after the student's deadline, never more than the whole scale.
 * The server takes it off the grade a rubric gives; the marking screen shows the same figures.
 */
export function latePenalty(lateMinutes: number, percent: number | null, scale: number) {
  const days = lateMinutes > 0 ? Math.ceil(lateMinutes / DAY_MINUTES) : 0;
  const points = percent ? round2(Math.min(scale, (days * percent * scale) / 100)) : 0;
  return { days, points };
}

/** The grade a rubric gives once the late penalty is taken off, never below zero. */
export function penalizedGrade(computed: number | null, penalty: number): number | null {
  return computed === null ? null : round2(Math.max(0, computed - penalty));
}
