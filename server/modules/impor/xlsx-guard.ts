import { inflateRawSync } from 'node:zlib';
import { IMPOR_MAX_ROWS, IMPOR_MSG } from '#contract/impor.ts';
import { AppError } from '../../lib/errors.ts';

/*
 * Checks an uploaded .xlsx (a zip) before ExcelJS loads it. ExcelJS's `xlsx.load` inflates every
 * entry (JSZip, without looking at the declared sizes) and builds every sheet in memory, so a small
 * upload could cost seconds and hundreds of MB before the 5000-row limit was checked (an 8000-row
 * sheet in a 0.6 MB zip), and a zip bomb (a sheet of `<row/>` compressed 1000:1) far more.
 *
 * 1. The central directory is read without inflating anything: number of entries, declared
 *    uncompressed size of each entry and of all of them, compression ratio. Zip64, encrypted
 *    entries and methods other than store/deflate are refused (JSZip reads no other kind either).
 * 2. Every entry is inflated from the same bytes JSZip will read, with zlib's `maxOutputLength` set
 *    to its declared size: an entry whose declared size lies stops as soon as one byte more comes
 *    out, and is refused. So the sizes checked in step 1 are the sizes ExcelJS will get.
 * 3. The rows of every worksheet are counted in the inflated XML (rows with at least one value,
 *    as ExcelJS's `actualRowCount`), stopping at the first row over the limit, and so are the
 *    cells (ExcelJS's cost is per cell: a sheet can be wide as well as long).
 *
 * The bounds, measured on the import template filled with 5000 teachers (22 columns of realistic
 * values, written by ExcelJS, dates and cell styles on every cell): sheet1.xml 4.5 MB, sharedStrings
 * 1.0 MB, 5.5 MB in all, 16 entries, every XML part compressed ×10–×12 (a sheet written with inline
 * strings instead of shared strings comes to about 6–7 MB). The limits leave about 5× headroom on
 * that; a file over them is no legitimate 5000-row import.
 */

/** Largest declared uncompressed size of one entry (a worksheet, the shared strings, …). */
export const XLSX_MAX_ENTRY_BYTES = 24 * 1024 * 1024;
/** Largest declared uncompressed size of all entries together. */
export const XLSX_MAX_TOTAL_BYTES = 48 * 1024 * 1024;
/** Most entries in the zip (the template has 16; Excel files with pictures and charts some dozens). */
export const XLSX_MAX_ENTRIES = 1000;
/** Largest compression ratio for entries over 1 MB: spreadsheet XML measures ×10–×17, deflate's maximum is about ×1030. */
export const XLSX_MAX_RATIO = 200;
const RATIO_FROM_BYTES = 1024 * 1024;
/**
 * Most cells (`<c>` elements, with a value or only a style) in all worksheets: 64 a row for 5001
 * rows, about 3× the template's 22 columns. ExcelJS spends some 5 µs and 400 bytes on a cell, so
 * this bounds the load to about 2 s: without it 5000 rows of 190 numbers (24 MB of XML, within the
 * byte bounds) took 5–7 s and 400 MB.
 */
export const XLSX_MAX_CELLS = (IMPOR_MAX_ROWS + 1) * 64;

export const XLSX_MSG = {
  /** Over the size bounds: a bomb, or far more than 5000 rows of data. */
  tooBig: `Isi berkas Excel terlalu besar (maksimal ${IMPOR_MAX_ROWS} baris guru); bagi menjadi beberapa berkas`,
  /** The zip is damaged or lies about its sizes. */
  damaged: 'Berkas Excel rusak atau tidak dapat dibaca; simpan ulang berkas sebagai .xlsx',
} as const;

const tooBig = () => new AppError(413, 'impor.too_large', XLSX_MSG.tooBig);
/** The one-file import's bounds. */
export const XLSX_SMALL: XlsxBounds = {
  entryBytes: XLSX_MAX_ENTRY_BYTES,
  totalBytes: XLSX_MAX_TOTAL_BYTES,
  entries: XLSX_MAX_ENTRIES,
  ratio: XLSX_MAX_RATIO,
  tooBig,
};
export const damaged = () => new AppError(415, 'impor.type', XLSX_MSG.damaged);
const tooManyRows = () => new AppError(413, 'impor.rows', IMPOR_MSG.tooManyRows);

/** The size bounds of a workbook: the one-file import's below, the background import's in xlsx-stream.ts. */
export interface XlsxBounds {
  entryBytes: number;
  totalBytes: number;
  entries: number;
  ratio: number;
  /** The refusal of a file over the bounds. */
  tooBig: () => AppError;
}

export interface Entry {
  name: string;
  method: number;
  /** CRC-32 of the uncompressed bytes, as the central directory says. */
  crc: number;
  compressed: number;
  size: number;
  /** Where the entry's data starts (after its local header). */
  data: number;
}

/** The central directory's entries, checked against the bounds; nothing is inflated. */
export function zipEntries(bytes: Buffer, bounds: XlsxBounds = XLSX_SMALL): Entry[] {
  // End of central directory: 22 bytes and a comment of at most 65 535 bytes, at the very end.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50 && at + 22 + bytes.readUInt16LE(at + 20) === bytes.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw damaged();
  const count = bytes.readUInt16LE(eocd + 10);
  const dirSize = bytes.readUInt32LE(eocd + 12);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw damaged(); // zip64: never needed for 5 MB
  if (count > bounds.entries) throw bounds.tooBig();
  if (dirOffset + dirSize > eocd) throw damaged();

  const entries: Entry[] = [];
  let total = 0;
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || bytes.readUInt32LE(p) !== 0x02014b50) throw damaged();
    const flags = bytes.readUInt16LE(p + 8);
    const method = bytes.readUInt16LE(p + 10);
    const crc = bytes.readUInt32LE(p + 16);
    const compressed = bytes.readUInt32LE(p + 20);
    const size = bytes.readUInt32LE(p + 24);
    const nameLength = bytes.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
    const local = bytes.readUInt32LE(p + 42);
    const name = bytes.toString('utf8', p + 46, p + 46 + nameLength);
    p = next;
    if (flags & 1) throw damaged(); // encrypted
    if (method !== 0 && method !== 8) throw damaged();
    if (size > bounds.entryBytes) throw bounds.tooBig();
    total += size;
    if (total > bounds.totalBytes) throw bounds.tooBig();
    if (size > RATIO_FROM_BYTES && size > compressed * bounds.ratio) throw bounds.tooBig();
    if (local + 30 > dirOffset || bytes.readUInt32LE(local) !== 0x04034b50) throw damaged();
    const data = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (data + compressed > dirOffset) throw damaged();
    if (method === 0 && compressed !== size) throw damaged();
    entries.push({ name, method, crc, compressed, size, data });
  }
  return entries;
}

/** One entry's bytes, never more than its declared size: a larger output stops the inflate and is refused. */
export function inflated(bytes: Buffer, e: Entry): Buffer {
  const raw = bytes.subarray(e.data, e.data + e.compressed);
  if (e.method === 0) return raw;
  let out: Buffer;
  try {
    out = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size) });
  } catch {
    throw damaged(); // more bytes than declared (ERR_BUFFER_TOO_LARGE), or not deflate data
  }
  if (out.length !== e.size) throw damaged();
  return out;
}

const ROW = Buffer.from('<row');
const ROW_END = Buffer.from('</row>');
const CELL = Buffer.from('<c');
const VALUES = ['<v>', '<v ', '<is>', '<f>', '<f '].map((s) => Buffer.from(s));
const isTagEnd = (b: number | undefined) =>
  b === 0x20 || b === 0x3e || b === 0x2f || b === 0x09 || b === 0x0a || b === 0x0d; // space > / tab LF CR

/** Cells (`<c …>`) in one row's XML. */
function cellsIn(row: Buffer): number {
  let n = 0;
  for (let at = row.indexOf(CELL); at !== -1; at = row.indexOf(CELL, at + 2)) if (isTagEnd(row[at + 2])) n++;
  return n;
}

/**
 * Counts, in one worksheet's XML, the rows holding at least one value (as ExcelJS's
 * `actualRowCount`) and the cells, added to `seen`; answers what went over its limit first, as
 * soon as it does.
 */
export function scanSheet(
  xml: Buffer,
  seen: { rows: number; cells: number },
  limits: { rows: number; cells: number },
): 'rows' | 'cells' | null {
  let rows = 0;
  let at = 0;
  while ((at = xml.indexOf(ROW, at)) !== -1) {
    const tagEnd = xml.indexOf(0x3e, at); // '>'
    if (tagEnd < 0) break;
    if (!isTagEnd(xml[at + 4])) {
      at += 4; // `<rowBreaks>` and the like
      continue;
    }
    if (xml[tagEnd - 1] === 0x2f) {
      at = tagEnd + 1; // `<row …/>`: no cells
      continue;
    }
    const close = xml.indexOf(ROW_END, tagEnd);
    const end = close < 0 ? xml.length : close;
    const cells = xml.subarray(tagEnd + 1, end); // a view: each row is searched within itself only
    if (VALUES.some((v) => cells.includes(v)) && ++rows > limits.rows) return 'rows';
    seen.cells += cellsIn(cells);
    if (seen.cells > limits.cells) return 'cells';
    at = end + ROW_END.length;
  }
  seen.rows += rows;
  return null;
}

/**
 * Refuses a workbook that is damaged, over the size bounds, with more than `IMPOR_MAX_ROWS` data
 * rows (and the header) on a sheet or more than `XLSX_MAX_CELLS` cells in all, before ExcelJS
 * loads it (which parses every sheet).
 */
export function guardXlsx(bytes: Buffer): void {
  const entries = zipEntries(bytes);
  const seen = { rows: 0, cells: 0 };
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const xml = inflated(bytes, e);
    if (!/(^|\/)worksheets\/[^/]+\.xml$/i.test(e.name)) continue;
    const over = scanSheet(xml, seen, { rows: IMPOR_MAX_ROWS + 1, cells: XLSX_MAX_CELLS });
    if (over === 'rows') throw tooManyRows();
    if (over === 'cells') throw tooBig();
  }
}
