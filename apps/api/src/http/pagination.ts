import { z } from 'zod';

/** `?page=&per_page=&q=&archived=` of every list (api.md); per_page is one of 10, 25, 50, 100. */
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

export const idParams = z.object({ id: z.coerce.number().int().positive() });
