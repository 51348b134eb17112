import { z } from 'zod';
import type { Wire } from '../wire.ts';
import { personBody } from './students.ts';

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

/** The most lines (besides the header) one import takes; a longer file is refused whole (422). */
export const IMPORT_MAX_ROWS = 5000;
/** The most characters of one import's CSV text. */
const IMPORT_MAX_CHARS = 900_000;

/** `POST /api/imports/dry-run` and `POST /api/imports`: the file's text and its column mapping. */
export const importBody = z.object({
  kind: z.enum(['student', 'teacher']),
  file_name: z.string().trim().min(1).max(200),
  /** The CSV text (UTF-8), at most about 1 MB and IMPORT_MAX_ROWS lines. */
  content: z
    .string()
    .min(1, { error: 'cohorts.import.bad_file' })
    .max(IMPORT_MAX_CHARS, { error: 'cohorts.import.too_large' }),
  /** Field → header of the file; guessed from the headers when absent. */
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)).optional(),
});
export type ImportBody = z.infer<typeof importBody>;

/**
 * One line of an import, checked by the fields of the person form (personBody): the same lengths,
 * e-mail and phone rules. The gender may be blank (an update then keeps it).
 */
export const importRow = personBody
  .pick({ first_name: true, last_name: true, email: true, phone: true })
  .extend({
    gender: personBody.shape.gender.nullable(),
    promotion: z.string().trim().max(200, { error: 'cohorts.validation.too_long' }),
  });

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

/**
 * `POST /api/imports`: the import just run, as stored, and the lines refused while writing (an
 * address that cannot be used for a new account), each with its reasons.
 */
export const importRun = importRecord.omit({ actor_name: true }).extend({
  institution_id: z.number().int(),
  actor_id: z.number().int().nullable(),
  refused: z.array(importLine.pick({ line: true, errors: true }).extend({ email: z.string() })),
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
