import { constants, crc32, deflateRawSync } from 'node:zlib';
import { IMPOR_COLUMNS } from '#contract/impor.ts';

/*
 * Hostile .xlsx files for the import's tests, made in code (no binaries in the repository): a zip
 * writer that writes whatever sizes it is told, and a sheet of `<row/>` hundreds of MB long
 * compressed to a few hundred kB without ever holding the sheet in memory.
 */

export interface ZipPart {
  name: string;
  /** The deflated bytes (raw deflate). */
  deflated: Buffer;
  /** The real uncompressed size and CRC-32. */
  size: number;
  crc: number;
  /** The uncompressed size written in the local header and central directory (default: the real one). */
  declared?: number;
}

export function part(name: string, data: Buffer | string): ZipPart {
  const bytes = Buffer.from(data);
  return { name, deflated: deflateRawSync(bytes, { level: 9 }), size: bytes.length, crc: crc32(bytes) >>> 0 };
}

/**
 * The fields a local file header (from byte 4) and a central directory entry (from byte 6) share,
 * in the same order: version needed, flags, method (deflate), time, date, CRC-32, sizes, name length.
 */
function writeSharedFields(header: Buffer, at: number, p: ZipPart, declared: number, nameLength: number): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(p.crc, at + 10);
  header.writeUInt32LE(p.deflated.length, at + 14);
  header.writeUInt32LE(declared, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A zip archive (deflate) whose headers declare `declared ?? size`. */
export function zipParts(parts: ZipPart[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const declared = p.declared ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeSharedFields(local, 4, p, declared, name.length);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4); // version made by
    writeSharedFields(dir, 6, p, declared, name.length);
    dir.writeUInt32LE(offset, 42);
    out.push(local, name, p.deflated);
    central.push(dir, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
const SHEET_TAIL = '</sheetData></worksheet>';
const headerRow = `<row r="1">${IMPOR_COLUMNS.map((c, i) => `<c r="${String.fromCharCode(65 + (i % 26))}1" t="inlineStr"><is><t>${c.header}</t></is></c>`).join('')}</row>`;

/** A workbook with one sheet ("Guru") whose sheet1.xml part is `sheet`. */
export function xlsxWith(sheet: ZipPart): Buffer {
  return zipParts([
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    part(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    part(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Guru" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);
}

/** A sheet1.xml part: the template's header row, then `body`, written as given. */
export function sheetPart(body: string, dimension = ''): ZipPart {
  return part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${dimension}<sheetData>${headerRow}${body}${SHEET_TAIL}`);
}

/**
 * A zip bomb: sheet1.xml is the header row and then `megabytes` MB of `<row/>`. The repeated
 * megabyte is deflated once with a full flush (no reference to earlier data), so its compressed
 * bytes can be written again and again: about 1 kB a megabyte (deflate's ×1030 limit).
 */
export function rowBomb(megabytes: number): ZipPart {
  const head = Buffer.from(`${SHEET_HEAD}<sheetData>${headerRow}`);
  const chunk = Buffer.from('<row/>'.repeat(Math.floor((1024 * 1024) / 6)));
  const tail = Buffer.from(SHEET_TAIL);
  const flushed = (b: Buffer) => deflateRawSync(b, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const chunkDeflated = flushed(chunk);
  const deflated = Buffer.concat([
    flushed(head),
    ...Array.from({ length: megabytes }, () => chunkDeflated),
    deflateRawSync(tail),
  ]);
  let crc = crc32(head);
  for (let i = 0; i < megabytes; i++) crc = crc32(chunk, crc);
  crc = crc32(tail, crc) >>> 0;
  return {
    name: 'xl/worksheets/sheet1.xml',
    deflated,
    size: head.length + megabytes * chunk.length + tail.length,
    crc,
  };
}
