import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The items in an order of their own for one seed, the same each time (decision 45): a
 * Fisher–Yates shuffle drawing from `pure-rand`'s xoroshiro128+ seeded with `seed`. The attempt's
 * id seeds the order of the questions, the attempt's id and the question's id that of its choices,
 * so a reload or another device shows the same order and two students (very likely) different ones.
 */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const order = [...items];
  const generator = xoroshiro128plus(seed | 0);
  for (let last = order.length - 1; last > 0; last -= 1) {
    const pick = uniformInt(generator, 0, last);
    [order[last], order[pick]] = [order[pick]!, order[last]!];
  }
  return order;
}

/** The seed of one question's choices within one attempt. */
export function choiceSeed(attemptId: number, questionId: number): number {
  return (Math.imul(attemptId, 0x9e3779b1) ^ questionId) | 0;
}

/**
 * The items shuffled for one seed, except those `fixed` keeps in place (a description stays where
 * the teacher put it, introducing what follows; decision 186). Without fixed items, the order is
 * seededShuffle's.
 */
export function shuffleAround<T>(items: readonly T[], seed: number, fixed: (item: T) => boolean) {
  const moving = seededShuffle(
    items.filter((item) => !fixed(item)),
    seed,
  );
  let next = 0;
  return items.map((item) => (fixed(item) ? item : moving[next++]!));
}
