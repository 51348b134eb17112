import { z } from 'zod';
import type { Wire } from '../wire.ts';

/** The columns a CSV import of people can fill. */
export const IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'gender',
  'phone',
  'promotion',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** `POST /api/imports/dry-run` and `POST /api/imports`: the file's text and its column mapping. */
export const importBody = z.object({
  kind: z.enum(['student', 'teacher']),
  file_name: z.string().trim().min(1).max(200),
  /** The CSV text (UTF-8), at most about 1 MB. */
  content: z
    .string()
    .min(1, { error: 'cohorts.import.bad_file' })
    .max(900_000, { error: 'cohorts.import.bad_file' }),
  /** Field → header of the file; guessed from the headers when absent. */
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)).optional(),
});
export type ImportBody = z.infer<typeof importBody>;

export const importLine = z.object({
  /** The line number in the file (the header is line 1). */
  line: z.number().int(),
  values: z.record(z.string(), z.string()),
  action: z.enum(['create', 'update', 'error']),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportLine = z.infer<typeof importLine>;

export const importReport = z.object({
  headers: z.array(z.string()),
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()),
  lines: z.array(importLine),
  counts: z.object({ create: z.number().int(), update: z.number().int(), error: z.number().int() }),
});
export type ImportReport = z.infer<typeof importReport>;

/** `GET /api/imports`: one past import and who ran it. */
export const importRecord = z.object({
  id: z.number().int(),
  kind: z.string(),
  file_name: z.string(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  invited: z.number().int(),
  created_at: z.date(),
  actor_name: z.string().nullable(),
});
export type ImportRecord = Wire<z.output<typeof importRecord>>;

/** `POST /api/imports`: the import just run, as stored. */
export const importRun = importRecord.omit({ actor_name: true }).extend({
  institution_id: z.number().int(),
  actor_id: z.number().int().nullable(),
});
export type ImportRun = Wire<z.output<typeof importRun>>;

/** Header names understood without a mapping (lower case, without accents or separators). */
export const IMPORT_SYNONYMS: Record<ImportField, readonly string[]> = {
  first_name: ['firstname', 'first', 'prenom', 'vorname', 'givenname'],
  last_name: ['lastname', 'last', 'nom', 'nachname', 'familyname', 'surname', 'name'],
  email: ['email', 'mail', 'courriel', 'emailaddress', 'adressemail', 'adresseemail'],
  gender: ['gender', 'civilite', 'genre', 'sexe', 'anrede', 'title'],
  phone: ['phone', 'telephone', 'tel', 'telefon', 'mobile', 'portable'],
  promotion: ['promotion', 'promo', 'jahrgang', 'cohort', 'class', 'classe'],
};

export const normaliseHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The mapping guessed from a file's headers. */
export function guessMapping(headers: readonly string[]): Partial<Record<ImportField, string>> {
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const found = headers.find((header) =>
      IMPORT_SYNONYMS[field].includes(normaliseHeader(header)),
    );
    if (found !== undefined) mapping[field] = found;
  }
  return mapping;
}
