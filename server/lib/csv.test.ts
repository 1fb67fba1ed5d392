import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV for loading', () => {
  it("';' between fields, a BOM, CRLF, quotes where needed, formulas defused, numbers untouched", () => {
    const rows = [
      { a: 'Siti; "Ani"', b: -5 },
      { a: '=HYPERLINK("x")', b: 3390500 },
      { a: '@SUM(A1)', b: null },
    ];
    const text = toCsv(
      [
        { header: 'Nama', value: (r: (typeof rows)[number]) => r.a },
        { header: 'Angka', value: (r) => r.b },
      ],
      rows,
    ).toString('utf8');
    expect(text).toBe('\uFEFFNama;Angka\r\n"Siti; ""Ani""";-5\r\n"\'=HYPERLINK(""x"")";3390500\r\n\'@SUM(A1);\r\n');
  });
});
