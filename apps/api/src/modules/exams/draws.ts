import { seededShuffle } from './shuffle.ts';

/** A random draw as the attempt needs it: its id and how many of its pool each attempt gets. */
export interface Draw {
  id: number;
  count: number;
}

/** The seed of one draw within one attempt (another stream than the choices' seeds). */
function drawSeed(attemptId: number, drawId: number): number {
  return (Math.imul(attemptId, 0x85ebca6b) ^ Math.imul(drawId, 0xc2b2ae35)) | 0;
}

/**
 * The questions one attempt gets, in the quiz's order (decision 191): every question outside a
 * draw, and for each draw `count` questions of its pool, picked by a shuffle seeded with the
 * attempt's and the draw's ids, so the same attempt gets the same questions on every read, device
 * and regrade, and two attempts (very likely) different ones. The picked questions stand where
 * the draw stands (its pool carries its position), in the pool's order.
 */
export function questionsForAttempt<T extends { id: number; draw_id: number | null }>(
  rows: readonly T[],
  draws: readonly Draw[],
  attemptId: number,
): T[] {
  const picked = new Set<number>();
  for (const draw of draws) {
    const pool = rows.filter((row) => row.draw_id === draw.id);
    for (const row of seededShuffle(pool, drawSeed(attemptId, draw.id)).slice(0, draw.count)) {
      picked.add(row.id);
    }
  }
  return rows.filter((row) => row.draw_id === null || picked.has(row.id));
}

/** The most an attempt can score: the questions outside draws, and each draw's count × points. */
export function maxPointsOf(
  rows: ReadonlyArray<{ draw_id: number | null; points: number }>,
  draws: ReadonlyArray<Draw & { points: number }>,
): number {
  const fixed = rows
    .filter((row) => row.draw_id === null)
    .reduce((sum, row) => sum + row.points, 0);
  return Math.round((fixed + draws.reduce((sum, d) => sum + d.count * d.points, 0)) * 100) / 100;
}
