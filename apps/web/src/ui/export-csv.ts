import { neutraliseCell } from '@skolar/shared';
import Papa from 'papaparse';
import { type ApiUrl, callUrl } from '../api/client.ts';
import { type ListAnswer, type ListState, listQuery } from '../lib/list-state.ts';

/** One column of an exported list: its header (already translated) and its cell text. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

const PAGE_SIZE = 100;
/** A safety stop: an export never asks for more than this many pages. */
const MAX_PAGES = 200;

/**
 * The CSV text of rows (comma-separated, every cell quoted, a UTF-8 BOM for spreadsheets);
 * formula-like cells are neutralised by the rule the gradebook's CSV also follows. Every cell is
 * quoted because a spreadsheet set to another separator (the semicolon of French and German
 * locales) would otherwise split an unquoted `Dubois;=1+1` into a second, formula cell.
 */
export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const data = rows.map((row) => columns.map((column) => neutraliseCell(column.value(row))));
  return `\uFEFF${Papa.unparse({ fields: columns.map((column) => column.header), data }, { quotes: true })}`;
}

/**
 * Every row of a list for the current search, sort and archived filter (not only the page on
 * screen), fetched page by page from the same endpoint the list uses.
 */
async function fetchAllRows<T>(path: ApiUrl<'get'>, state: ListState): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = listQuery({ ...state, page, per_page: PAGE_SIZE as ListState['per_page'] });
    const answer = await callUrl<ListAnswer<T>>('GET', path, { query });
    rows.push(...answer.data);
    if (rows.length >= answer.meta.total || answer.data.length === 0) break;
  }
  return rows;
}

/** Starts the browser's download of a text file. */
function download(filename: string, content: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Exports a list as CSV: every row of the current query (search, sort, archived filter),
 * the columns as the screen names them. Used by the list screens' 'Export CSV' button.
 */
export async function exportCsv<T>(options: {
  path: ApiUrl<'get'>;
  state: ListState;
  columns: CsvColumn<T>[];
  filename: string;
}): Promise<number> {
  const rows = await fetchAllRows<T>(options.path, options.state);
  download(options.filename, toCsv(rows, options.columns));
  return rows.length;
}
