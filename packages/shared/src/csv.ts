/**
 * CSV injection: a cell a spreadsheet would run as a formula gets a leading quote. A cell is
 * neutralised when it starts with `= + - @`, a tab or a carriage return, also after leading spaces,
 * and also after any `,` or `;` inside it: a reader that splits on the separator without honouring
 * the quotes (or trims what it splits) would otherwise see `=1+1` in `Dubois;=1+1`.
 * Numbers are left as they are (a negative number is not a formula). Used by every CSV the
 * application writes: the list exports of the web and the gradebook of the API.
 */
export function neutraliseCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return /(^|[,;])[ ]*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
