import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { IMPOR_MAX_BYTES, IMPOR_MSG, IMPOR_TUGAS_MSG } from '#contract/impor.ts';
import { excelJs } from '../../lib/exceljs.ts';
import { AppError } from '../../lib/errors.ts';
import { damaged, guardXlsx, inflated, XLSX_SMALL, zipEntries, type Entry, type XlsxBounds } from './xlsx-guard.ts';

/*
 * An uploaded workbook's first sheet read row by row with ExcelJS's streaming reader, never loaded
 * whole: the one-file imports (`readSheet`: teachers, decrees, schools; at most IMPOR_MAX_BYTES and
 * the bounds of xlsx-guard.ts) and the background import's files (xlsx-stream.ts, far larger). Only
 * what a caller keeps of each row stays in memory: the one-file import's largest workbook (5,000
 * rows, 64 cells each) cost the app process about 185 MB more resident loaded whole, and two at
 * once 250 MB (docs/performance.md, "Memory of the app process").
 *
 * The reading fails closed, and is bounded in memory and time:
 * 1. The zip's central directory is read and checked against the bounds (xlsx-guard.ts,
 *    `zipEntries`): sizes declared, their total, compression ratio, no zip64 nor encryption.
 * 2. Only the parts the reading needs are taken: the workbook and its relations (which sheet is the
 *    first), the shared strings, the styles (which numbers are dates) and the first worksheet. Each
 *    is inflated once as a stream and its output counted: an entry that gives one byte more than it
 *    declares, or fewer, refuses the file.
 * 3. ExcelJS's streaming reader reads a zip rebuilt from those parts alone, in the order it needs
 *    (shared strings before the sheet, so that it never spills a sheet to a temporary file), each
 *    with the sizes the central directory declared: what it inflates is what step 2 counted, and
 *    nothing the directory does not list (bytes hidden between entries) reaches it.
 * 4. The reading stops after READ_DEADLINE_MS of its own time (not counting the caller's between
 *    rows).
 */

/** How far a reading may go: the zip's sizes, and the shared strings (held as strings while the sheet is read). */
export interface SheetBounds {
  zip: XlsxBounds;
  sstBytes: number;
}
/** The workbook, its relations and the styles: small parts. */
const PART_MAX_BYTES = 8 * 1024 * 1024;
/** Time spent reading one file, at most (each of the background import's two passes has this; the writing between rows does not count). */
export const READ_DEADLINE_MS = 5 * 60_000;
const tooSlow = () => new AppError(413, 'impor.too_slow', IMPOR_TUGAS_MSG.tooSlow);

/** The bounds of a one-file import's workbook (xlsx-guard.ts). */
const ONE_FILE: SheetBounds = { zip: XLSX_SMALL, sstBytes: XLSX_SMALL.entryBytes };

/**
 * A one-file import's workbook (teachers, decrees, schools), after the checks of its bytes (type,
 * size, the zip's bounds, rows and cells: xlsx-guard.ts), read row by row: `header` gets the rows up
 * to row `headerWithin` (those that exist) and answers how each row is read (null: no data; it
 * throws when the sheet has no header it knows). Answers the rows' readings, in order.
 */
export async function readSheet<T>(
  bytes: Buffer,
  headerWithin: number,
  header: (first: ExcelJS.Row[]) => (row: ExcelJS.Row) => T | null,
): Promise<T[]> {
  if (bytes.length > IMPOR_MAX_BYTES) throw new AppError(413, 'impor.too_large', IMPOR_MSG.tooLarge);
  if (bytes.subarray(0, 4).toString('latin1') !== 'PK\x03\x04')
    throw new AppError(415, 'impor.type', IMPOR_MSG.notXlsx);
  guardXlsx(bytes);
  const opened = await openSheet(bytes, ONE_FILE, headerWithin);
  let read: (row: ExcelJS.Row) => T | null;
  try {
    read = header(opened.first);
  } catch (err) {
    await opened.close();
    throw err;
  }
  const out: T[] = [];
  const keep = (row: ExcelJS.Row) => {
    const value = read(row);
    if (value !== null) out.push(value);
  };
  opened.first.forEach(keep);
  for await (const row of opened.rest) keep(row);
  return out;
}

/** A first sheet being read: its rows up to the header's limit (those that exist), and the others as they come. */
export interface OpenedSheet {
  first: ExcelJS.Row[];
  rest: AsyncGenerator<ExcelJS.Row, void, undefined>;
  /** Stops the reading (for a caller that does not read `rest` to its end, e.g. no header found). */
  close: () => Promise<unknown>;
}

/** Opens the first sheet within `bounds` and reads its rows up to row `headerWithin`, where a header may stand. */
export async function openSheet(
  bytes: Buffer,
  bounds: SheetBounds,
  headerWithin: number,
  clock: () => number = Date.now,
): Promise<OpenedSheet> {
  const sheet = sheetRows(bytes, bounds, clock);
  const close = () => sheet.return(undefined);
  const first: ExcelJS.Row[] = [];
  let after: ExcelJS.Row | null = null;
  try {
    for (;;) {
      const next = await sheet.next();
      if (next.done) break;
      if (next.value.number > headerWithin) {
        after = next.value;
        break;
      }
      first.push(next.value);
    }
  } catch (err) {
    await close();
    throw err;
  }
  async function* rest(): AsyncGenerator<ExcelJS.Row, void, undefined> {
    try {
      if (!after) return;
      yield after;
      yield* sheet;
    } finally {
      await close();
    }
  }
  return { first, rest: rest(), close };
}

/**
 * The first worksheet's rows as ExcelJS's streaming reader reads them, one at a time, within
 * `bounds`. The time spent reading (not the time the caller takes between rows: a run writes its
 * batches then) is bounded by `bounds.deadlineMs`. The caller has checked the file's size and that
 * it is a zip.
 */
async function* sheetRows(
  bytes: Buffer,
  bounds: SheetBounds,
  clock: () => number = Date.now,
): AsyncGenerator<ExcelJS.Row, void, undefined> {
  let spent = 0;
  let since = clock();
  const entries = zipEntries(bytes, bounds.zip);
  const byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
  const part = (name: string) => {
    const e = byName.get(name);
    if (e && e.size > PART_MAX_BYTES) throw bounds.zip.tooBig();
    return e;
  };
  const workbook = part('xl/workbook.xml');
  const rels = part('xl/_rels/workbook.xml.rels');
  const styles = part('xl/styles.xml');
  const sst = byName.get('xl/sharedStrings.xml');
  if (sst && sst.size > bounds.sstBytes) throw bounds.zip.tooBig();
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
        if (++n % 256 === 0 && spent > READ_DEADLINE_MS) throw tooSlow();
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
