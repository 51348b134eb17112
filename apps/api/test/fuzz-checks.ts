import { isCalendarDay, isClockTime, isInstant, isLocalDateTime } from '@skolar/shared';
import type { DateField, DateKind } from './fuzz-arbitraries.ts';

/** The prefix of the marker strings planted in the other institution's rows (no fuzzed value has it). */
export const MARKER = 'qzxw7';

/** Text a stack trace leaves in an answer: a frame, a source file with its line, a module path. */
const STACK =
  /\n\s+at \S+ \(|\bat (?:async )?\S+ \([^)]*:\d+:\d+\)|node_modules\/|\/src\/\S+\.ts\b/;
/** Text a database error leaves: the failed statement, the driver's or PostgreSQL's wording. */
const SQL =
  /Failed query|\bsyntax error at or near\b|\bviolates (?:foreign key|unique|check|not-null) constraint\b|\bduplicate key value\b|\brelation "\w+" does not exist|\bcolumn "\w+" (?:of relation|does not exist)|\binvalid input syntax for\b|\bparams: |\bselect "\w+"\."\w+"|\binsert into "\w+"|\bupdate "\w+" set\b|\bdelete from "\w+"/i;

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Bodies worth reading as text (a PDF's or a ZIP's text is compressed and not checked). */
const TEXTUAL = /json|text|csv|calendar|javascript|xml|yaml|html/;

const REAL: Record<DateKind, (text: string) => boolean> = {
  day: isCalendarDay,
  time: isClockTime,
  'local-date-time': isLocalDateTime,
  instant: isInstant,
};

/**
 * The date fields of a request part (a body, a query, the path's parameters) that hold a text
 * which is not a real date of their kind (`2026-13-45`, `24:00`), as dotted paths. An empty text
 * is left out (an optional day may be cleared with it).
 */
export function impossibleDates(value: unknown, fields: readonly DateField[]): string[] {
  const found: string[] = [];
  const visit = (node: unknown, path: string[], at: string[], kind: DateKind) => {
    const [head, ...rest] = path;
    if (head === undefined) {
      if (typeof node === 'string' && node !== '' && !REAL[kind](node)) found.push(at.join('.'));
      return;
    }
    if (head === '[]') {
      if (!Array.isArray(node)) return;
      for (const [i, item] of node.entries()) visit(item, rest, [...at, String(i)], kind);
      return;
    }
    if (node && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, head)) {
      visit((node as Record<string, unknown>)[head], rest, [...at, head], kind);
    }
  };
  for (const field of fields) visit(value, field.path, [], field.kind);
  return found;
}

/**
 * What is wrong with an answer, or null: a 5xx, a stack trace or SQL text, (when `markers`) a
 * marker of the other institution's rows, in the body or the headers, or a success for a request
 * that held an impossible date (`impossible`: where, from impossibleDates).
 */
export function checkAnswer(
  answer: Answer,
  options: { markers: boolean; impossible?: readonly string[] },
): string | null {
  if (answer.statusCode >= 500) return `answered ${answer.statusCode}`;
  if (answer.statusCode < 300 && options.impossible?.length) {
    return `answered ${answer.statusCode} to an impossible date in ${options.impossible.join(', ')}`;
  }
  const type = String(answer.headers['content-type'] ?? '');
  const body = TEXTUAL.test(type) || type === '' ? answer.body : '';
  const headers = JSON.stringify(answer.headers);
  for (const text of [body, headers]) {
    if (STACK.test(text)) return `a stack trace in the answer: ${text.match(STACK)![0]}`;
    if (SQL.test(text)) return `SQL text in the answer: ${text.match(SQL)![0]}`;
    if (options.markers && text.toLowerCase().includes(MARKER)) {
      const at = text.toLowerCase().indexOf(MARKER);
      return `another institution's row in the answer: …${text.slice(Math.max(0, at - 80), at + 40)}…`;
    }
  }
  return null;
}
