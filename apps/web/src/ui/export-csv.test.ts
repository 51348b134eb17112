import { describe, expect, it } from 'vitest';
import { toCsv } from './export-csv.ts';

describe('toCsv', () => {
  it('writes a header, quotes every cell and neutralises spreadsheet formulas', () => {
    const rows = [
      { name: 'Université "Lumière"', count: 3, note: '=HYPERLINK("x")' },
      { name: 'École, Nord', count: 0, note: null },
      { name: 'Dubois;=1+1;', count: 1, note: 'ok' },
    ];
    const csv = toCsv(rows, [
      { header: 'Nom', value: (row) => row.name },
      { header: 'Nombre', value: (row) => row.count },
      { header: 'Note', value: (row) => row.note },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '"Nom","Nombre","Note"',
      '"Université ""Lumière""","3","\'=HYPERLINK(""x"")"',
      '"École, Nord","0",""',
      // Read with a semicolon as separator, the quoted cell stays whole: no formula cell appears.
      '"\'Dubois;=1+1;","1","ok"',
    ]);
  });
});
