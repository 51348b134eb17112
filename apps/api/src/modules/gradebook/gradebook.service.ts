import {
  computeTranscript,
  type GradebookCell,
  type GradebookEvaluation,
  type GradebookImportBody,
  type GradebookImportLine,
  type GradebookImportReport,
  type GradebookStudent,
  type GradeEntry,
  gradebookColumnId,
  IMPORT_SYNONYMS,
  normaliseHeader,
  roleMay,
} from '@skolar/shared';
import Papa from 'papaparse';
import { can, requireAccess } from '../../auth/policy.ts';
import type { Actor } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { csvContent } from '../../http/download.ts';
import { forbidden, HttpError, validationFailed } from '../../http/errors.ts';
import { type Locale, type MessageKey, translate } from '../../i18n/messages.ts';
import { applyGrades } from '../results/grades.ts';
import {
  gradebookColumns,
  promotionNameOf,
  resultCells,
  studentsOfPromotion,
} from './gradebook.queries.ts';

interface Loaded {
  promotion: { id: number; name: string };
  basis: 'entered';
  evaluations: GradebookEvaluation[];
  subjects: { id: number; name: string; coefficient: number }[];
  students: GradebookStudent[];
}

/**
 * The gradebook of a promotion: its students (by name) × the non-archived evaluations of its
 * trainings that the actor may grade (a teacher, those of their subjects and promotions), each
 * cell graded, absent or pending and whether published, and per student the subject averages
 * and the overall average of the transcript's arithmetic over every grade entered, published
 * or not (the staff's view). Four queries whatever the size. 404 for a promotion out of reach,
 * 403 for a student.
 */
async function loadGradebook(db: DbOrTx, actor: Actor, promotionId: number): Promise<Loaded> {
  await requireAccess(db, actor, 'read', 'promotion', promotionId);
  if (!roleMay(actor.role, 'update', 'evaluation')) throw forbidden();
  const promotion = await promotionNameOf(db, promotionId);
  const columns = await gradebookColumns(db, promotionId, can(actor, 'update', 'evaluation').where);
  const people = await studentsOfPromotion(db, promotionId);
  const ids = columns.map((column) => column.id);
  const rows = ids.length ? await resultCells(db, ids, can(actor, 'list', 'result').where) : [];
  const byCell = new Map(rows.map((row) => [`${row.student_id}:${row.evaluation_id}`, row]));

  const evaluationList: GradebookEvaluation[] = columns.map((column) => ({
    id: column.id,
    title: column.title,
    type: column.type,
    date: column.date,
    subject: { id: column.subject_id, name: column.subject_name, coefficient: column.coefficient },
    training: { id: column.training_id, title: column.training_title },
    percentage: column.percentage,
    scale: column.scale,
  }));
  const subjectList = [
    ...new Map(evaluationList.map((evaluation) => [evaluation.subject.id, evaluation.subject])),
  ].map(([, subject]) => subject);

  const students = people.map((person) => {
    const cells: GradebookCell[] = evaluationList.map((evaluation) => {
      const row = byCell.get(`${person.id}:${evaluation.id}`);
      const grade = row?.grade ?? null;
      const absent = row?.absent ?? false;
      return {
        evaluation_id: evaluation.id,
        status: absent ? 'absent' : grade !== null ? 'graded' : 'pending',
        grade,
        absent,
        published: Boolean(row?.published_at),
        version: row?.version ?? 0,
      };
    });
    const transcript = computeTranscript(
      subjectList.map((subject) => ({
        id: subject.id,
        coefficient: subject.coefficient,
        evaluations: evaluationList.flatMap((evaluation, index) =>
          evaluation.subject.id === subject.id
            ? [
                {
                  percentage: evaluation.percentage,
                  scale: evaluation.scale,
                  grade: cells[index]!.grade,
                  absent: cells[index]!.absent,
                },
              ]
            : [],
        ),
      })),
    );
    return {
      ...person,
      cells,
      subjects: transcript.subjects.map((subject) => ({
        id: subject.id,
        average: subject.average,
      })),
      average: transcript.average,
    };
  });
  return {
    promotion: promotion!,
    basis: 'entered',
    evaluations: evaluationList,
    subjects: subjectList,
    students,
  };
}

export const gradebook = (ctx: AppContext, actor: Actor, promotionId: number) =>
  loadGradebook(ctx.db, actor, promotionId);

/** The CSV's separator: the one a spreadsheet of that language opens directly (decision 68). */
const decimalOf = (locale: Locale) => (locale === 'en' ? '.' : ',');

/** A number as a cell: two places at most, the language's decimal separator, no grouping. */
const numberCell = (value: number | null, locale: Locale) =>
  value === null ? '' : String(Math.round(value * 100) / 100).replace('.', decimalOf(locale));

/** The header of an evaluation's column: the import finds the evaluation by its `[#id]`. */
const evaluationHeader = (evaluation: { id: number; title: string; scale: number }) =>
  `${evaluation.title} [#${evaluation.id}] (/${evaluation.scale})`;

/**
 * The gradebook as CSV: a UTF-8 BOM, every cell quoted, formula-like cells neutralised; names,
 * e-mail, one column per evaluation (a grade, `abs`, or empty while pending), the subject
 * averages and the overall average. The file name is in the reader's language.
 */
export async function gradebookCsv(
  ctx: AppContext,
  actor: Actor,
  promotionId: number,
  locale: Locale,
): Promise<{ content: string; fileName: string }> {
  const book = await loadGradebook(ctx.db, actor, promotionId);
  const fields = [
    translate(locale, 'gradebook.csv.last_name'),
    translate(locale, 'gradebook.csv.first_name'),
    translate(locale, 'gradebook.csv.email'),
    ...book.evaluations.map(evaluationHeader),
    ...book.subjects.map((subject) =>
      translate(locale, 'gradebook.csv.subject_average', { subject: subject.name }),
    ),
    translate(locale, 'gradebook.csv.overall_average'),
  ];
  const data = book.students.map((student) => [
    student.last_name,
    student.first_name,
    student.email,
    ...student.cells.map((cell) =>
      cell.absent ? 'abs' : cell.grade === null ? '' : numberCell(cell.grade, locale),
    ),
    ...student.subjects.map((subject) => numberCell(subject.average, locale)),
    numberCell(student.average, locale),
  ]);
  const content = csvContent(fields, data, locale);
  const slug = book.promotion.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    content,
    fileName: translate(locale, 'gradebook.csv.file_name', { name: slug || book.promotion.id }),
  };
}

/** Parses a CSV with its header line; the separator (comma, semicolon, tab) is detected. */
function parse(content: string) {
  const result = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = (result.meta.fields ?? []).filter((header) => header !== '');
  if (headers.length === 0) throw validationFailed({ content: ['cohorts.import.bad_file'] });
  return { headers, rows: result.data };
}

/** A grade cell: empty (no change), an absence, a number with `.` or `,`, or nothing readable. */
type Cell =
  | { kind: 'empty' }
  | { kind: 'absent' }
  | { kind: 'grade'; value: number }
  | { kind: 'bad' };
function readCell(raw: string): Cell {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  if (text.toLowerCase() === 'abs') return { kind: 'absent' };
  const number = text.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(number)) return { kind: 'bad' };
  return { kind: 'grade', value: Number(number) };
}

const EMAIL_HEADERS = new Set(IMPORT_SYNONYMS.email);
const ID_HEADERS = new Set(['id', 'studentid', 'idetudiant', 'studierendenid']);

interface Plan {
  report: GradebookImportReport;
  /** The changes by evaluation, ready for `applyGrades`. */
  changes: Map<number, GradeEntry[]>;
  evaluations: Map<number, GradebookEvaluation>;
}

/**
 * Reads the file against the gradebook: students by e-mail (or an `id` column), evaluations by the
 * `[#id]` of their header; the other columns (names, averages) are ignored. A line changes the
 * cells whose content differs from the gradebook; an empty cell changes nothing. Errors are per
 * line and per column; nothing is written here.
 */
async function plan(
  db: DbOrTx,
  actor: Actor,
  promotionId: number,
  body: GradebookImportBody,
  locale: Locale,
): Promise<Plan> {
  const book = await loadGradebook(db, actor, promotionId);
  const { headers, rows } = parse(body.content);
  const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
    translate(locale, key, params);
  const emailHeader = headers.find((header) => EMAIL_HEADERS.has(normaliseHeader(header)));
  const idHeader = headers.find((header) => ID_HEADERS.has(normaliseHeader(header)));
  if (!emailHeader && !idHeader)
    throw validationFailed({ content: [t('gradebook.import.no_email')] });
  const evaluationsById = new Map(
    book.evaluations.map((evaluation) => [evaluation.id, evaluation]),
  );
  const columnIndex = new Map(book.evaluations.map((evaluation, index) => [evaluation.id, index]));
  const gradeHeaders = headers.flatMap((header) => {
    const id = gradebookColumnId(header);
    return id === null ? [] : [{ header, id }];
  });
  const byEmail = new Map(book.students.map((student) => [student.email.toLowerCase(), student]));
  const byId = new Map(book.students.map((student) => [student.id, student]));

  const changes = new Map<number, GradeEntry[]>();
  const seen = new Set<number>();
  let changeCount = 0;
  const lines: GradebookImportLine[] = rows.map((row, index) => {
    const errors: Record<string, string[]> = {};
    const fail = (field: string, message: string) => {
      errors[field] = [...(errors[field] ?? []), message];
    };
    const values = Object.fromEntries(
      headers.map((header) => [header, (row[header] ?? '').trim()]),
    );
    const email = emailHeader ? values[emailHeader]!.toLowerCase() : '';
    const idText = idHeader ? values[idHeader]! : '';
    const student =
      (email ? byEmail.get(email) : undefined) ??
      (/^\d+$/.test(idText) ? byId.get(Number(idText)) : undefined);
    const keyField = emailHeader ?? idHeader!;
    if (!student) fail(keyField, t('gradebook.import.unknown_student'));
    else if (seen.has(student.id)) fail(keyField, t('gradebook.import.duplicate_student'));
    if (student) seen.add(student.id);
    const lineChanges: Array<[number, GradeEntry]> = [];
    for (const { header, id } of gradeHeaders) {
      const cell = readCell(values[header]!);
      if (cell.kind === 'empty') continue;
      const evaluation = evaluationsById.get(id);
      if (!evaluation) {
        fail(header, t('gradebook.import.unknown_evaluation'));
        continue;
      }
      if (cell.kind === 'bad') {
        fail(header, t('gradebook.import.bad_grade'));
        continue;
      }
      if (cell.kind === 'grade') {
        if (cell.value > evaluation.scale) {
          fail(header, t('results.grade_range', { scale: evaluation.scale }));
          continue;
        }
        if (Math.abs(cell.value * 100 - Math.round(cell.value * 100)) > 1e-6) {
          fail(header, t('results.grade_decimals'));
          continue;
        }
      }
      if (!student) continue;
      const current = student.cells[columnIndex.get(id)!]!;
      if (cell.kind === 'absent') {
        if (current.absent) continue;
        lineChanges.push([id, { student_id: student.id, absent: true, version: current.version }]);
      } else {
        if (!current.absent && current.grade === cell.value) continue;
        lineChanges.push([
          id,
          { student_id: student.id, grade: cell.value, absent: false, version: current.version },
        ]);
      }
    }
    const failed = Object.keys(errors).length > 0;
    if (!failed) {
      for (const [id, entry] of lineChanges) changes.set(id, [...(changes.get(id) ?? []), entry]);
      changeCount += lineChanges.length;
    }
    return {
      line: index + 2,
      values,
      action: failed ? 'error' : lineChanges.length > 0 ? 'update' : 'unchanged',
      errors,
    };
  });
  const count = (action: GradebookImportLine['action']) =>
    lines.filter((line) => line.action === action).length;
  return {
    report: {
      headers,
      columns: gradeHeaders.map(({ header, id }) => ({ header, evaluation_id: id })),
      lines,
      counts: { update: count('update'), unchanged: count('unchanged'), error: count('error') },
      changes: changeCount,
    },
    changes,
    evaluations: evaluationsById,
  };
}

/** The dry run: what each line would do, nothing written. */
export async function dryRunImport(
  ctx: AppContext,
  actor: Actor,
  promotionId: number,
  body: GradebookImportBody,
  locale: Locale,
) {
  return (await plan(ctx.db, actor, promotionId, body, locale)).report;
}

/**
 * The import: in one transaction, every change through `applyGrades` (one batch per evaluation,
 * so each change has its history row), or nothing at all — any line in error answers 422 with
 * the report, a line changed meanwhile 409.
 */
export async function runImport(
  ctx: AppContext,
  actor: Actor,
  promotionId: number,
  body: GradebookImportBody,
  locale: Locale,
) {
  return ctx.db.transaction(async (tx) => {
    const { report, changes, evaluations: byId } = await plan(tx, actor, promotionId, body, locale);
    if (report.counts.error > 0 || report.lines.length === 0) {
      throw new HttpError(
        422,
        'errors.validation',
        { content: [translate(locale, 'cohorts.import.fix_errors')] },
        {},
        {},
        { report },
      );
    }
    const now = ctx.clock.now();
    for (const [evaluationId, entries] of changes) {
      const evaluation = byId.get(evaluationId)!;
      await applyGrades(
        tx,
        actor,
        { id: evaluation.id, scale: evaluation.scale, training_id: evaluation.training.id },
        entries,
        now,
      );
    }
    return report;
  });
}
