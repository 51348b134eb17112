/**
 * The columns a `PATCH` sets: the fields it was given (JSON merge patch); an absent field (undefined)
 * stays as it is. Null when nothing is to be written.
 */
export function changes<T extends Record<string, unknown>>(fields: T): Partial<T> | null {
  const given = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
  return Object.keys(given).length > 0 ? given : null;
}
