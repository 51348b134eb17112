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

/**
 * What is wrong with an answer, or null: a 5xx, a stack trace or SQL text, or (when `markers`)
 * a marker of the other institution's rows, in the body or the headers.
 */
export function checkAnswer(answer: Answer, options: { markers: boolean }): string | null {
  if (answer.statusCode >= 500) return `answered ${answer.statusCode}`;
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
