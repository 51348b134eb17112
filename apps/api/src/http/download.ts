import { neutraliseCell } from '@skolar/shared';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import type { Locale } from '../i18n/messages.ts';

/** The column separator a spreadsheet of that language expects: `;` in French and German. */
const separatorOf = (locale: Locale) => (locale === 'en' ? ',' : ';');

/**
 * A CSV file a spreadsheet opens as it is (UTF-8 BOM, the language's separator, every cell
 * quoted, CRLF) and that runs no formula: a cell starting like one is neutralised.
 */
export function csvContent(fields: readonly string[], rows: readonly string[][], locale: Locale) {
  const safe = (row: readonly string[]) => row.map((cell) => String(neutraliseCell(cell)));
  return `\uFEFF${Papa.unparse(
    { fields: safe(fields), data: rows.map(safe) },
    { delimiter: separatorOf(locale), quotes: true, newline: '\r\n' },
  )}`;
}

/**
 * `Content-Disposition` for a file name: in ASCII for old clients, and in UTF-8 (RFC 6266) for
 * the others; shown in the page (`inline`) or saved (`attachment`).
 */
export function contentDisposition(
  name: string,
  disposition: 'inline' | 'attachment' = 'inline',
): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Answers a CSV download, kept private to the browser that asked. */
export function sendCsv(reply: FastifyReply, content: string, fileName: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName, 'attachment'))
    .header('cache-control', 'private, no-store')
    .send(content);
}

/**
 * Answers a PDF download, kept private to the browser that asked, with the verification code
 * printed on it (the screen that asked for it may show it too).
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, code: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(pdf.length))
    .header('content-disposition', contentDisposition(fileName, 'attachment'))
    .header('cache-control', 'private, no-store')
    .header('x-verification-code', code)
    .send(pdf);
}
