/**
 * A server value as the client receives it in JSON: every `Date` becomes its ISO string.
 * Response schemas keep `z.date()` (the API serialises them); the web reads `Wire<z.output<…>>`.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
