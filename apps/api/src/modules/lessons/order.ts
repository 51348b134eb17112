import { validationFailed } from '../../http/errors.ts';

/**
 * Checks that `ids`, a new order, is exactly the current set (`current`): a list with a missing,
 * extra or foreign id answers 422 and changes nothing. Call it inside the transaction that read
 * `current`, before writing the positions 1…n of `ids`.
 */
export function checkOrder(current: readonly number[], ids: readonly number[]): void {
  const known = new Set(current);
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw validationFailed({ ids: ['lessons.validation.order'] });
  }
}
