import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { excelJs } from '../../lib/exceljs.ts';
import { IMPOR_MSG, IMPOR_TUGAS_MAX_FILE_BYTES, IMPOR_TUGAS_MAX_ROWS, IMPOR_TUGAS_MSG } from '#contract/impor.ts';
import { AppError } from '../../lib/errors.ts';
import { IMPOR_HEADER_WITHIN, layoutOf, type ImporLayout, type ImporRow } from './impor.service.ts';
import {
  damaged,
  inflated,
  XLSX_MAX_ENTRIES,
  XLSX_MAX_RATIO,
  zipEntries,
  type Entry,
  type XlsxBounds,
} from './xlsx-guard.ts';

/*
 * A file of the background import read row by row (docs/domain/dapodik.md, "Impor besar"): up to
 * IMPOR_TUGAS_MAX_ROWS rows, never held whole. The one-file import loads its workbook at once
 * (at most 5,000 rows, xlsx-guard.ts); a province's file does not fit that way.
 *
 * The reading fails closed, and is bounded in memory and time:
 * 1. The zip's central directory is read and checked against the bounds below (xlsx-guard.ts,
 *    `zipEntries`): sizes declared, their total, compression ratio, no zip64 nor encryption.
 * 2. Only the parts the reading needs are taken: the workbook and its relations (which sheet is the
 *    first), the shared strings, the styles (which numbers are dates) and the first worksheet. Each
 *    is inflated once as a stream and its output counted: an entry that gives one byte more than it
 *    declares, or fewer, refuses the file.
 * 3. ExcelJS's streaming reader reads a zip rebuilt from those parts alone, in the order it needs
 *    (shared strings before the sheet, so that it never spills a sheet to a temporary file), each
 *    with the sizes the central directory declared: what it inflates is what step 2 counted, and
 *    nothing the directory does not list (bytes hidden between entries) reaches it.
 * 4. The rows are counted as they come (more than IMPOR_TUGAS_MAX_ROWS refuses the file) and the
 *    reading stops after READ_DEADLINE_MS of its own time (not counting the caller's between rows).
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
/** The workbook, its relations and the styles: small parts. */
const PART_MAX_BYTES = 8 * 1024 * 1024;
/** Time spent reading one file, at most (each of the import's two passes has this; the writing between rows does not count). */
export const READ_DEADLINE_MS = 5 * 60_000;

const tooBig = () => new AppError(413, 'impor.too_large', IMPOR_TUGAS_MSG.tooBig);
const BIG: XlsxBounds = {
  entryBytes: SHEET_MAX_BYTES,
  totalBytes: SHEET_MAX_BYTES + SST_MAX_BYTES + 64 * 1024 * 1024,
  entries: XLSX_MAX_ENTRIES,
  ratio: XLSX_MAX_RATIO,
  tooBig,
};

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
  const sheet = sheetRows(bytes, clock);
  const head: ExcelJS.Row[] = [];
  let after: ExcelJS.Row | null = null;
  try {
    for (;;) {
      const next = await sheet.next();
      if (next.done) break;
      if (next.value.number > IMPOR_HEADER_WITHIN) {
        after = next.value;
        break;
      }
      head.push(next.value);
    }
  } catch (err) {
    await sheet.return(undefined);
    throw err;
  }
  let layout: ImporLayout;
  try {
    layout = layoutOf(head);
  } catch (err) {
    await sheet.return(undefined);
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
      for (const row of after ? [...head, after] : head) {
        const r = read(row);
        if (r) yield r;
      }
      if (!after) return;
      for await (const row of sheet) {
        const r = read(row);
        if (r) yield r;
      }
    } finally {
      await sheet.return(undefined);
    }
  }
  return { format: layout.format, present: layout.present, kolom: layout.kolom, rows: rows() };
}

/**
 * The first worksheet's rows as ExcelJS reads them, one at a time. The time spent reading (not the
 * time the caller takes between rows: a run writes its batches then) is bounded by READ_DEADLINE_MS.
 */
async function* sheetRows(bytes: Buffer, clock: () => number): AsyncGenerator<ExcelJS.Row, void, undefined> {
  let spent = 0;
  let since = clock();
  if (bytes.length > IMPOR_TUGAS_MAX_FILE_BYTES)
    throw new AppError(413, 'impor.too_large', IMPOR_TUGAS_MSG.fileTooLarge);
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\x03\x04')
    throw new AppError(415, 'impor.type', IMPOR_MSG.notXlsx);
  const entries = zipEntries(bytes, BIG);
  const byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
  const part = (name: string) => {
    const e = byName.get(name);
    if (e && e.size > PART_MAX_BYTES) throw tooBig();
    return e;
  };
  const workbook = part('xl/workbook.xml');
  const rels = part('xl/_rels/workbook.xml.rels');
  const styles = part('xl/styles.xml');
  const sst = byName.get('xl/sharedStrings.xml');
  if (sst && sst.size > SST_MAX_BYTES) throw tooBig();
  if (!workbook || !rels) throw damaged();
  const sheet =
    byName.get(
      firstSheetPath(inflated(bytes, workbook).toString('utf8'), inflated(bytes, rels).toString('utf8')) ?? '',
    ) ?? entries.find((e) => /^\/?xl\/worksheets\/[^/]+\.xml$/i.test(e.name));
  if (!sheet) throw new AppError(422, 'impor.header', IMPOR_MSG.wrongHeader);
  const parts: [string, Entry][] = [
    ['xl/_rels/workbook.xml.rels', rels],
    ['xl/workbook.xml', workbook],
    ...(sst ? ([['xl/sharedStrings.xml', sst]] as [string, Entry][]) : []),
    ...(styles ? ([['xl/styles.xml', styles]] as [string, Entry][]) : []),
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  for (const [, e] of parts) await countInflated(bytes, e);
  spent += clock() - since;
  since = clock();

  const zip = Readable.from(rebuiltZip(bytes, parts, !sst), { objectMode: false });
  const reader = new (await excelJs()).stream.xlsx.WorkbookReader(zip, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let n = 0;
  try {
    for await (const ws of reader) {
      for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
        spent += clock() - since;
        if (++n % 256 === 0 && spent > READ_DEADLINE_MS)
          throw new AppError(413, 'impor.too_slow', IMPOR_TUGAS_MSG.tooSlow);
        yield row;
        since = clock();
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw damaged(); // XML ExcelJS cannot read
  } finally {
    zip.destroy();
  }
}

/** The path (in the zip) of the workbook's first sheet, from workbook.xml and its relations. */
export function firstSheetPath(workbookXml: string, relsXml: string): string | null {
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0];
  const rid = sheet && /\br:id="([^"]+)"/.exec(sheet)?.[1];
  if (!rid) return null;
  for (const [rel] of relsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    if (/\bId="([^"]+)"/.exec(rel)?.[1] !== rid) continue;
    const target = /\bTarget="([^"]+)"/.exec(rel)?.[1];
    if (!target) return null;
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return null;
}

/** Inflates an entry as a stream and counts its bytes: more or fewer than declared refuses the file. Nothing is kept. */
function countInflated(bytes: Buffer, e: Entry): Promise<void> {
  if (e.method === 0) return Promise.resolve(); // stored: its size is its compressed size (zipEntries)
  return new Promise((resolve, reject) => {
    const z = createInflateRaw();
    let n = 0;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      z.destroy();
      reject(damaged());
    };
    z.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > e.size) fail();
    });
    z.on('error', fail);
    z.on('end', () => (n === e.size ? resolve() : fail()));
    z.end(bytes.subarray(e.data, e.data + e.compressed));
  });
}

const CHUNK = 64 * 1024;
/** An empty shared-strings part, for a workbook that has none (inline strings): ExcelJS then reads the sheet as it comes. */
const EMPTY_SST = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

/** The zip ExcelJS reads: the parts, under the names it expects, with the directory's sizes, and an end record. */
function* rebuiltZip(bytes: Buffer, parts: [string, Entry][], emptySst: boolean): Generator<Buffer> {
  const local = (name: string, method: number, crc: number, compressed: number, size: number) => {
    const nameBytes = Buffer.from(name, 'utf8');
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed
    h.writeUInt16LE(0x0800, 6); // names in UTF-8, sizes in this header
    h.writeUInt16LE(method, 8);
    h.writeUInt16LE(0, 10);
    h.writeUInt16LE(0x21, 12); // 1 January 1980
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(compressed, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(nameBytes.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, nameBytes]);
  };
  for (const [name, e] of parts) {
    if (emptySst && name === 'xl/worksheets/sheet1.xml') {
      yield local('xl/sharedStrings.xml', 0, crc32(EMPTY_SST), EMPTY_SST.length, EMPTY_SST.length);
      yield EMPTY_SST;
    }
    yield local(name, e.method, e.crc, e.compressed, e.size);
    for (let at = e.data; at < e.data + e.compressed; at += CHUNK)
      yield bytes.subarray(at, Math.min(at + CHUNK, e.data + e.compressed));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  yield end;
}
