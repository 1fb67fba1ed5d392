import { describe, expect, it } from 'vitest';
import { inflateRawSync } from 'node:zlib';
import { IMPOR_MSG, IMPOR_TUGAS_MAX_ROWS, IMPOR_TUGAS_MSG } from '#contract/impor.ts';
import { AppError } from '../../lib/errors.ts';
import ExcelJS from 'exceljs';
import { IMPOR_HEADER_WITHIN, layoutOf, readWorkbook, type ImporRow } from './impor.service.ts';
import { openImporStream, SST_MAX_BYTES } from './xlsx-stream.ts';
import { firstSheetPath } from './xlsx-rows.ts';
import { XLSX_MSG, zipEntries } from './xlsx-guard.ts';
import { HONOR, KEPSEK, PNS, PPPK, SCIENTIFIC, TENDIK, dapodikXlsx } from './dapodik.fixtures.ts';
import { part, sheetPart, xlsxWith, zipParts, type ZipPart } from './impor.fixtures.ts';

// A file of the background import read row by row (docs/domain/dapodik.md, "Impor besar"): the
// same rows as the one-file import's reading (also row by row, within smaller bounds) and as
// ExcelJS's whole-workbook load, whatever order the zip's parts come in; refused, never read in
// part, when it is over its bounds or damaged.

/** The rows as ExcelJS's whole-workbook load gives them, read with the import's layout: the reference. */
async function loadedWhole(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  const ws = wb.worksheets[0]!;
  const layout = layoutOf(
    Array.from({ length: Math.min(IMPOR_HEADER_WITHIN, ws.rowCount) }, (_, i) => ws.getRow(i + 1)),
  );
  const rows: ImporRow[] = [];
  ws.eachRow((row, n) => {
    const r = n > layout.headerAt ? layout.row(row) : null;
    if (r) rows.push(r);
  });
  return { format: layout.format, rows, present: layout.present, kolom: layout.kolom };
}

async function readAll(bytes: Buffer, clock?: () => number) {
  const s = await openImporStream(bytes, clock);
  const rows = [];
  for await (const r of s.rows) rows.push(r);
  return { format: s.format, present: s.present, kolom: s.kolom, rows };
}

async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

/** The zip's parts again, in the order given by `order` (names first in it come first). */
function reordered(bytes: Buffer, order: string[]): Buffer {
  const parts: ZipPart[] = zipEntries(bytes).map((e) => {
    const raw = bytes.subarray(e.data, e.data + e.compressed);
    return part(e.name, e.method === 0 ? raw : inflateRawSync(raw));
  });
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return zipParts([...parts].sort((a, b) => rank(a.name) - rank(b.name)));
}

const PEOPLE = [PNS, TENDIK, SCIENTIFIC, PPPK, HONOR, KEPSEK];
const inline = (col: string, row: number, text: string) =>
  `<c r="${col}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;
/** Template rows with a name only (every other column empty), rows 2 to n + 1. */
const names = (n: number) =>
  Array.from({ length: n }, (_, i) => `<row r="${i + 2}">${inline('B', i + 2, `Guru ${i + 1}`)}</row>`).join('');

describe('a workbook read row by row', () => {
  it('reads a Dapodik export exactly as the whole-workbook reading does (title rows, Excel dates, a NIP in scientific notation, staff)', async () => {
    const bytes = await dapodikXlsx(PEOPLE);
    const whole = await loadedWhole(bytes);
    const streamed = await readAll(bytes);
    expect(streamed).toEqual(whole);
    expect(await readWorkbook(bytes)).toEqual(whole);
    expect(streamed.rows.map((r) => r.baris)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(streamed.rows[1]!.tendik).toBe('Tenaga Administrasi Sekolah');
    expect(streamed.rows[2]!.pre[0]!.pesan).toContain('1,98703E+17');
    expect(streamed.rows[0]!.raw.tgl_lahir).toBe('1986-09-26');
    expect(streamed.rows[4]!.raw.tgl_lahir).toBe('1991-01-01'); // 33239, a date as Excel's serial number
  });

  it('reads the parts in the order Excel writes them (the sheet before the shared strings and the styles), and an Excel of inline strings', async () => {
    const bytes = await dapodikXlsx(PEOPLE);
    const excelOrder = reordered(bytes, [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/theme/theme1.xml',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
    ]);
    expect(
      zipEntries(excelOrder)
        .map((e) => e.name)
        .indexOf('xl/sharedStrings.xml'),
    ).toBeGreaterThan(
      zipEntries(excelOrder)
        .map((e) => e.name)
        .indexOf('xl/worksheets/sheet1.xml'),
    );
    expect(await readAll(excelOrder)).toEqual(await readWorkbook(bytes));

    const template = xlsxWith(sheetPart(names(3)));
    const streamed = await readAll(template);
    expect(streamed.format).toBe('template');
    expect(streamed.rows.map((r) => [r.baris, r.raw.nama])).toEqual([
      [2, 'Guru 1'],
      [3, 'Guru 2'],
      [4, 'Guru 3'],
    ]);
    expect(streamed).toEqual(await readWorkbook(template));
    expect(streamed).toEqual(await loadedWhole(template));
  });

  it('reads more rows than the one-file import allows, up to 100,000, and refuses one more', async () => {
    const ok = await readAll(xlsxWith(sheetPart(names(6000))));
    expect(ok.rows).toHaveLength(6000);
    expect(ok.rows.at(-1)!.raw.nama).toBe('Guru 6000');
    expect(await refusal(readWorkbook(xlsxWith(sheetPart(names(6000)))))).toEqual({
      status: 413,
      message: IMPOR_MSG.tooManyRows,
    });

    const over = xlsxWith(sheetPart(names(IMPOR_TUGAS_MAX_ROWS + 1)));
    expect(await refusal(readAll(over))).toEqual({ status: 413, message: IMPOR_TUGAS_MSG.tooManyRows });
  }, 60_000);

  it('refuses a sheet that inflates to more bytes than it declares, before any row is read', async () => {
    const sheet = sheetPart(names(10));
    const lying = xlsxWith({ ...sheet, declared: sheet.size - 1 });
    expect(await refusal(openImporStream(lying))).toEqual({ status: 415, message: XLSX_MSG.damaged });
  });

  it('refuses shared strings over their bound, damaged XML, no workbook, and what is not a zip', async () => {
    const bytes = await dapodikXlsx([PNS]);
    const parts = zipEntries(bytes).map((e) => {
      const raw = bytes.subarray(e.data, e.data + e.compressed);
      const p = part(e.name, e.method === 0 ? raw : inflateRawSync(raw));
      return e.name === 'xl/sharedStrings.xml' ? { ...p, declared: SST_MAX_BYTES + 1 } : p;
    });
    expect(await refusal(openImporStream(zipParts(parts)))).toEqual({ status: 413, message: IMPOR_TUGAS_MSG.tooBig });

    const broken = xlsxWith(
      part(
        'xl/worksheets/sheet1.xml',
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Nama</t></is></c></row><row r=',
      ),
    ); // cut off
    expect((await refusal(readAll(broken))).status).toBeGreaterThanOrEqual(413);

    const noWorkbook = zipParts([sheetPart(names(2))]);
    expect(await refusal(openImporStream(noWorkbook))).toEqual({ status: 415, message: XLSX_MSG.damaged });
    expect(await refusal(openImporStream(Buffer.from('bukan excel')))).toEqual({
      status: 415,
      message: IMPOR_MSG.notXlsx,
    });
  });

  it('stops reading a file that takes longer than its time; the time its reader spends between rows does not count', async () => {
    let now = 0;
    const clock = () => (now += 60_000); // each look at the clock a minute later
    expect(await refusal(readAll(xlsxWith(sheetPart(names(3000))), clock))).toEqual({
      status: 413,
      message: IMPOR_TUGAS_MSG.tooSlow,
    });

    // A run writes a batch between rows (minutes, for 100,000 rows): the reading itself is quick.
    let t = 0;
    const s = await openImporStream(xlsxWith(sheetPart(names(3000))), () => t);
    let n = 0;
    for await (const _ of s.rows) {
      n++;
      t += 10 * 60_000;
    }
    expect(n).toBe(3000);
  });

  it('finds the first sheet from the workbook and its relations', () => {
    const wb =
      '<workbook><sheets><sheet name="GTK" sheetId="3" r:id="rId7"/><sheet name="Lain" sheetId="1" r:id="rId1"/></sheets></workbook>';
    const rels =
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Target="worksheets/data.xml" Id="rId7" Type="x"/></Relationships>';
    expect(firstSheetPath(wb, rels)).toBe('xl/worksheets/data.xml');
    expect(firstSheetPath(wb, rels.replace('worksheets/data.xml', '/xl/worksheets/gtk.xml'))).toBe(
      'xl/worksheets/gtk.xml',
    );
    expect(firstSheetPath('<workbook/>', rels)).toBeNull();
  });
});
