import { z } from 'zod';
import type { Wire } from '../wire.ts';

/** One column of the gradebook: an evaluation of one of the promotion's trainings. */
export const gradebookEvaluation = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(['exam', 'project']),
  date: z.string(),
  subject: z.object({ id: z.number().int(), name: z.string(), coefficient: z.number() }),
  training: z.object({ id: z.number().int(), title: z.string() }),
  percentage: z.number(),
  scale: z.number(),
});
export type GradebookEvaluation = z.infer<typeof gradebookEvaluation>;

/** One cell: a student at an evaluation, in the order of `evaluations`. */
export const gradebookCell = z.object({
  evaluation_id: z.number().int(),
  /** Pending: neither graded nor absent yet (no result, or a cleared one). */
  status: z.enum(['graded', 'absent', 'pending']),
  grade: z.number().nullable(),
  absent: z.boolean(),
  published: z.boolean(),
  /** The result's version (0 without a result), for a later write. */
  version: z.number().int(),
});
export type GradebookCell = z.infer<typeof gradebookCell>;

export const gradebookStudent = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  cells: z.array(gradebookCell),
  /** Per subject of the columns, its weighted average out of 20 (null while nothing counts). */
  subjects: z.array(z.object({ id: z.number().int(), average: z.number().nullable() })),
  average: z.number().nullable(),
});
export type GradebookStudent = z.infer<typeof gradebookStudent>;

/**
 * `GET /api/promotions/:id/gradebook`: students × evaluations with their averages. `basis` says
 * what the averages are computed from: every grade entered, published or not (the staff's view,
 * decision 67), with the transcript's arithmetic.
 */
export const gradebook = z.object({
  promotion: z.object({ id: z.number().int(), name: z.string() }),
  basis: z.literal('entered'),
  evaluations: z.array(gradebookEvaluation),
  subjects: z.array(z.object({ id: z.number().int(), name: z.string(), coefficient: z.number() })),
  students: z.array(gradebookStudent),
});
export type Gradebook = Wire<z.output<typeof gradebook>>;

/** `POST /api/promotions/:id/gradebook[/dry-run]`: the CSV text, as the people import sends it. */
export const gradebookImportBody = z.object({
  file_name: z.string().trim().min(1).max(200),
  content: z
    .string()
    .min(1, { error: 'cohorts.import.bad_file' })
    .max(900_000, { error: 'cohorts.import.bad_file' }),
});
export type GradebookImportBody = z.infer<typeof gradebookImportBody>;

export const gradebookImportLine = z.object({
  /** The line number in the file (the header is line 1). */
  line: z.number().int(),
  /** The cells of the line by header (names and grade columns). */
  values: z.record(z.string(), z.string()),
  action: z.enum(['update', 'unchanged', 'error']),
  /** By header (or `email`, `line`): the translated reasons. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type GradebookImportLine = z.infer<typeof gradebookImportLine>;

/**
 * What an import did or would do, line by line. `columns` are the evaluation columns recognised
 * (by the `[#id]` of their header); the other headers besides names and e-mail are ignored.
 */
export const gradebookImportReport = z.object({
  headers: z.array(z.string()),
  columns: z.array(z.object({ header: z.string(), evaluation_id: z.number().int() })),
  lines: z.array(gradebookImportLine),
  counts: z.object({
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  /** Cells that change (0 in a dry run means the file matches the gradebook). */
  changes: z.number().int(),
});
export type GradebookImportReport = z.infer<typeof gradebookImportReport>;

/** The `[#id]` of an evaluation column's header (`Algo midterm [#12] (/20)`). */
export const gradebookColumnId = (header: string): number | null => {
  const match = /\[#(\d+)\]/.exec(header);
  return match ? Number(match[1]) : null;
};

/** The body of a 422 of the import: the message, and the report with the lines in error. */
export const gradebookImportRefusal = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  report: gradebookImportReport.optional(),
});
