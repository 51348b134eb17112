import { idText } from '@skolar/shared';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { validationFailed } from './errors.ts';

/** `?page=&per_page=&q=&sort=&archived=` of every list (the README's API conventions). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((value) => [10, 25, 50, 100].includes(value), {
      message: 'per_page must be 10, 25, 50 or 100',
    })
    .default(25),
  q: z.string().trim().max(200).optional(),
  /** A column name, `-name` for descending. */
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,40}$/)
    .optional(),
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The `{ data, meta }` envelope of a list answer. */
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  });

export const idParams = z.object({ id: idText });

/**
 * The ORDER BY of a list from its `sort` parameter and the columns the list allows sorting by;
 * the fallback order (and the id, for stable pages) follows. An unknown column answers 422.
 */
export function orderFrom(
  sort: string | undefined,
  columns: Record<string, PgColumn | SQL>,
  fallback: (PgColumn | SQL)[],
): (SQL | PgColumn)[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) throw validationFailed({ sort: ['validation.sort'] });
  return [descending ? desc(column) : asc(column), ...fallback];
}

/** One page of a list, with what the client needs to draw its pager. */
export function pageOf<T>(query: Pick<ListQuery, 'page' | 'per_page'>, data: T[], total: number) {
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}
