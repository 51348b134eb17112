import type { Rubric } from '@skolar/shared';

/** A marker's score on one criterion while the sheet is being filled. */
export interface DraftScore {
  level_id: string | null;
  points: number | null;
  comment: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What the scores give, as the server computes it (decision 193): the points of each criterion,
 * their sum, and once every criterion is scored, the grade on the scale (points over maxima).
 */
export function sheetTotal(
  rubric: Pick<Rubric, 'kind' | 'criteria'>,
  scores: Record<string, DraftScore>,
  scale: number,
) {
  let points = 0;
  let complete = true;
  let max = 0;
  for (const criterion of rubric.criteria) {
    max += criterion.max_points;
    const score = scores[criterion.id];
    const value =
      rubric.kind === 'rubric'
        ? (criterion.levels.find((level) => level.id === score?.level_id)?.points ?? null)
        : (score?.points ?? null);
    if (value === null) complete = false;
    else points += value;
  }
  return {
    points: round2(points),
    max: round2(max),
    computed: complete && max > 0 ? round2(Math.min(scale, (points / max) * scale)) : null,
  };
}
