import type ExcelJS from 'exceljs';
import { IMPOR_MSG, IMPOR_TUGAS_MAX_FILE_BYTES, IMPOR_TUGAS_MAX_ROWS, IMPOR_TUGAS_MSG } from '#contract/impor.ts';
import { AppError } from '../../lib/errors.ts';
import { IMPOR_HEADER_WITHIN, layoutOf, type ImporLayout, type ImporRow } from './impor.service.ts';
import { XLSX_MAX_ENTRIES, XLSX_MAX_RATIO, type XlsxBounds } from './xlsx-guard.ts';
import { openSheet, type SheetBounds } from './xlsx-rows.ts';

/*
 * A file of the background import read row by row (docs/domain/dapodik.md, "Impor besar"): up to
 * IMPOR_TUGAS_MAX_ROWS rows, never held whole, with the reading of xlsx-rows.ts and the bounds
 * below; the rows are counted as they come (more than IMPOR_TUGAS_MAX_ROWS refuses the file).
 *
 * Memory: the upload (at most IMPOR_TUGAS_MAX_FILE_BYTES), the shared strings as strings (at most
 * SST_MAX_BYTES of XML) and one row at a time. Measured in docs/performance.md.
 */

/**
 * Sizes from the import template filled with teachers (22 columns, ExcelJS): 5,000 rows make
 * sheet1.xml 4.5 MB and sharedStrings 1.0 MB; 100,000 rows 90 and about 20 MB (inline strings
 * instead of shared ones: about 140 MB of sheet). The bounds leave about 3× on that.
 */
const SHEET_MAX_BYTES = 400 * 1024 * 1024;
/** The shared strings become JavaScript strings, all held while the sheet is read: bounded apart. */
export const SST_MAX_BYTES = 48 * 1024 * 1024;
const BIG_ZIP: XlsxBounds = {
  entryBytes: SHEET_MAX_BYTES,
  totalBytes: SHEET_MAX_BYTES + SST_MAX_BYTES + 64 * 1024 * 1024,
  entries: XLSX_MAX_ENTRIES,
  ratio: XLSX_MAX_RATIO,
  tooBig: () => new AppError(413, 'impor.too_large', IMPOR_TUGAS_MSG.tooBig),
};
const BIG: SheetBounds = { zip: BIG_ZIP, sstBytes: SST_MAX_BYTES };

/** A file being read: its layout (template or Dapodik, from the header) and its data rows. */
export interface ImporStream {
  format: ImporLayout['format'];
  present: ImporLayout['present'];
  kolom: ImporLayout['kolom'];
  rows: AsyncGenerator<ImporRow, void, undefined>;
}

/**
 * Opens a workbook of the background import: reads up to its header (422 when it has none of the
 * known ones) and answers the rest as a stream of rows. Refusals are AppErrors with the reason in
 * Indonesian (damaged, too big, too many rows, too slow).
 */
export async function openImporStream(bytes: Buffer, clock: () => number = Date.now): Promise<ImporStream> {
  if (bytes.length > IMPOR_TUGAS_MAX_FILE_BYTES)
    throw new AppError(413, 'impor.too_large', IMPOR_TUGAS_MSG.fileTooLarge);
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\x03\x04')
    throw new AppError(415, 'impor.type', IMPOR_MSG.notXlsx);
  const opened = await openSheet(bytes, BIG, IMPOR_HEADER_WITHIN, clock);
  let layout: ImporLayout;
  try {
    layout = layoutOf(opened.first);
  } catch (err) {
    await opened.close();
    throw err;
  }
  async function* rows(): AsyncGenerator<ImporRow, void, undefined> {
    let count = 0;
    const read = (row: ExcelJS.Row): ImporRow | null => {
      if (row.number <= layout.headerAt) return null;
      const r = layout.row(row);
      if (r && ++count > IMPOR_TUGAS_MAX_ROWS) throw new AppError(413, 'impor.rows', IMPOR_TUGAS_MSG.tooManyRows);
      return r;
    };
    try {
      for (const row of opened.first) {
        const r = read(row);
        if (r) yield r;
      }
      for await (const row of opened.rest) {
        const r = read(row);
        if (r) yield r;
      }
    } finally {
      await opened.close();
    }
  }
  return { format: layout.format, present: layout.present, kolom: layout.kolom, rows: rows() };
}
