import { z } from 'zod';

// Field builders shared by the management forms; messages are catalogue keys.

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max = 200) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'manage.validation.tooLong' });

/** An optional text: empty becomes null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: 'manage.validation.tooLong' })
    .nullish()
    .transform((value) => (value ? value : null));

/** A phone as the phone field stores it: country code then 4 to 20 digits ('fr0612345678'). */
const STORED_PHONE = /^[a-z]{2}[0-9 ]{4,20}$/;

/** An optional phone in its stored form; empty becomes null, spaces are dropped. */
export const phoneField = z
  .string()
  .trim()
  .max(24, { error: 'validation.phone' })
  .refine((value) => value === '' || STORED_PHONE.test(value), { error: 'validation.phone' })
  .transform((value) => (value === '' ? null : value.replaceAll(' ', '')))
  .nullable()
  .optional();

/** A required phone in its stored form, spaces dropped. */
export const requiredPhone = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(24, { error: 'validation.phone' })
  .regex(STORED_PHONE, { error: 'validation.phone' })
  .transform((value) => value.replaceAll(' ', ''));

/** A list of short labels (levels): trimmed, no empty entries, no duplicates. */
export const labelList = z
  .array(z.string().trim().min(1).max(50, { error: 'manage.validation.tooLong' }))
  .max(20, { error: 'manage.validation.tooMany' })
  .refine((values) => new Set(values).size === values.length, {
    error: 'manage.validation.duplicates',
  });

/** Splits a textarea or comma-separated text into labels. */
export function splitLabels(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((value) => value.trim())
    .filter(Boolean);
}

/** `PUT /api/<things>/:id/<others> { ids }`: the ids to link (api.md: PUT adds, DELETE dissociates). */
export const idsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(1000),
});
export type IdsBody = z.infer<typeof idsBody>;

/** What the current user may do with a row (every list item and detail answers it). */
export const rowPermissions = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  archive: z.boolean(),
});
export type RowPermissions = z.infer<typeof rowPermissions>;

/**
 * The body of a `PATCH` (JSON merge patch): every field optional, and an absent field stays as it
 * is: the defaults of the full schema are removed, or an omitted field would be reset to them.
 */
export function patchOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault
        ? (field.unwrap() as z.ZodType)
        : (field as z.ZodType)
      ).optional(),
    ]),
  );
  return z.object(shape) as unknown as ReturnType<z.ZodObject<Shape>['partial']>;
}
