// The PDF check judges what a viewer would run, checked against pdf.js, the reader of the app's own
// viewer and of Firefox: a file pdf.js would run a script from is refused; and it fails closed: a
// file it cannot read in full is refused too (docs/security.md, "PDF uploads").
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { judgePdf } from './pdf.ts';
import { qpdf } from './qpdf.ts';
import { pdfWithHiddenScript, pdfWithIncrementalUpdate, pdfWithScript, samplePdf } from '../../test/pdf.ts';
import {
  ENCODINGS,
  goToRSharePdf,
  pdfWithCatalogInObjectStream,
  plainPdf,
  uriOnOpenPdf,
} from '../../test/pdf-attacks.ts';

async function scriptsSeenByPdfJs(bytes: Buffer): Promise<Record<string, string[]> | null> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return (await doc.getJSActions()) as Record<string, string[]> | null;
  } finally {
    await doc.destroy();
  }
}

/** Compressed with the abbreviated /Fl: the raw bytes show none of the names. */
const hidden = (catalogExtra: string) => pdfWithCatalogInObjectStream(ENCODINGS['abbreviated /Fl']!, catalogExtra);

describe('PDF check: scripts hidden in object streams', () => {
  it('a script in an object stream hidden behind a later plain copy of the catalog is refused: pdf.js runs it', async () => {
    const attack = await pdfWithHiddenScript();
    expect(await scriptsSeenByPdfJs(attack)).toEqual({ OpenAction: ['app.alert(1)'] });
    expect(await judgePdf(attack)).toBe('active');
  });

  // Each of these was judged clean before (the checker could not decode the object stream and
  // judged the harmless plain copy of the catalog that follows it), while pdf.js ran the script.
  for (const name of [
    'abbreviated /Fl',
    'abbreviated /AHx',
    'abbreviated /A85',
    'abbreviated /LZW',
    'abbreviated /RL',
    'an array [/Fl]',
    'a chain [/AHx /Fl]',
    'FlateDecode with /Predictor 12',
    'FlateDecode with /Predictor 12 and /Columns 4',
  ]) {
    it(`the catalog in an object stream behind ${name}: pdf.js runs the script, the check refuses the file`, async () => {
      const attack = pdfWithCatalogInObjectStream(ENCODINGS[name]!);
      expect(await scriptsSeenByPdfJs(attack)).toEqual({ OpenAction: ['app.alert(1)'] });
      expect(await judgePdf(attack)).toBe('active');
    });
  }

  it('an object stream no reader can decode (an image filter, an unknown filter) is refused as unreadable, never clean', async () => {
    expect(await judgePdf(pdfWithCatalogInObjectStream(ENCODINGS['an image filter /DCT on an object stream']!))).toBe(
      'unreadable',
    );
    // pdf.js skips the unknown filter and runs the script.
    const unknown = pdfWithCatalogInObjectStream(ENCODINGS['an unknown filter before /Fl']!);
    expect(await scriptsSeenByPdfJs(unknown)).toEqual({ OpenAction: ['app.alert(1)'] });
    expect(await judgePdf(unknown)).toBe('unreadable');
  });

  it('an object stream the cross-reference does not use is read too (a repairing viewer would use it)', async () => {
    const objects = Buffer.from(
      '9 0 << /Type /Catalog /Pages 3 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>\n',
      'latin1',
    );
    const data = deflateSync(objects);
    const orphan = Buffer.concat([
      Buffer.from(`8 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /Fl /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    const file = Buffer.concat([plainPdf(''), orphan]);
    expect(await judgePdf(file)).toBe('active');
  });
});

describe('PDF check: actions that open or run something', () => {
  it('/OpenAction → GoToR to \\\\host\\share and /OpenAction → URI are refused', async () => {
    expect(await judgePdf(goToRSharePdf())).toBe('active');
    expect(await judgePdf(uriOnOpenPdf())).toBe('active');
  });

  // Written inside a compressed object stream, so only reading the objects finds them.
  const cases: Record<string, string> = {
    'GoToR to a share': '/OpenAction << /S /GoToR /F (\\\\\\\\host\\\\share\\\\a.pdf) /D [0 /Fit] >>',
    'GoToE (an embedded document)': '/OpenAction << /S /GoToE /T << /R /C /N (a) >> >>',
    'URI on open': '/OpenAction << /S /URI /URI (https://contoh.invalid/x) >>',
    'URI at the end of a /Next chain of the OpenAction':
      '/OpenAction << /S /GoTo /D [4 0 R /Fit] /Next [<< /S /Named /N /NextPage >> << /S /URI /URI (https://contoh.invalid/x) >>] >>',
    'URI as a document additional action (will close)': '/AA << /WC << /S /URI /URI (https://contoh.invalid/x) >> >>',
    Launch: '/OpenAction << /S /Launch /F (cmd.exe) >>',
    ImportData: '/OpenAction << /S /ImportData /F (data.fdf) >>',
    SubmitForm: '/AA << /WS << /S /SubmitForm /F (https://contoh.invalid/x) >> >>',
    ResetForm: '/OpenAction << /S /ResetForm >>',
    Rendition: '/OpenAction << /S /Rendition /OP 0 >>',
    'JavaScript in the name tree':
      '/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (app.alert\\(1\\)) >>] >> >>',
    'a JS entry alone': '/OpenAction << /JS (app.alert\\(1\\)) >>',
    'embedded files': '/Names << /EmbeddedFiles << /Names [] >> >>',
    'an XFA form': '/AcroForm << /Fields [] /XFA (<xdp:xdp/>) >>',
    'rich media': '/Extra << /Subtype /RichMedia /RichMediaContent << >> >>',
    'a file attachment annotation': '/Extra << /Type /Annot /Subtype /FileAttachment /FS (a.exe) >>',
    'a name written with #xx escapes (/J#61vaScript)': '/OpenAction << /S /J#61vaScript /#4AS (app.alert\\(1\\)) >>',
  };
  for (const [name, extra] of Object.entries(cases)) {
    it(`${name} is refused`, async () => {
      expect(await judgePdf(hidden(extra))).toBe('active');
    });
  }

  it('a web link the reader clicks and a go-to on open stay allowed', async () => {
    expect(
      await judgePdf(
        hidden(
          '/OpenAction [4 0 R /Fit] /Extra << /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://disdik.contoh.go.id) >> >>',
        ),
      ),
    ).toBe('ok');
    expect(await judgePdf(hidden('/OpenAction << /S /GoTo /D [4 0 R /Fit] >>'))).toBe('ok');
  });
});

describe('PDF check: what it cannot read is refused', () => {
  it('an encrypted PDF (even with an empty password) is refused as encrypted', async () => {
    const run = await qpdf(
      await samplePdf(),
      ['/in.pdf', '--encrypt', '', 'pemilik', '256', '--', '/out/o.pdf'],
      ['o.pdf'],
    );
    expect(run.status).toBe(0);
    expect(await judgePdf(Buffer.from(run.files['o.pdf']!))).toBe('encrypted');
  });

  it('a page content stream that does not decode (broken Flate, an unknown filter) is refused', async () => {
    const content = Buffer.from('BT /F1 12 Tf 20 150 Td (SK uji) Tj ET', 'latin1');
    expect(await judgePdf(plainPdf('', { filter: '/Fl', data: deflateSync(content) }))).toBe('ok');
    expect(await judgePdf(plainPdf('', { filter: '/FlateDecode', data: content }))).toBe('unreadable');
    expect(await judgePdf(plainPdf('', { filter: '/FlateDecode', data: deflateSync(content).subarray(0, 12) }))).toBe(
      'unreadable',
    );
    expect(await judgePdf(plainPdf('', { filter: '/Bogus', data: content }))).toBe('unreadable');
  });

  it('a broken cross-reference (offsets that point nowhere) is refused', async () => {
    const text = plainPdf('')
      .toString('latin1')
      .replace(/startxref\n\d+/, 'startxref\n99999');
    expect(await judgePdf(Buffer.from(text, 'latin1'))).toBe('unreadable');
  });
});

describe('PDF check: ordinary documents pass', () => {
  it('plain documents, object streams and incremental updates pass; a script without disguise is refused', async () => {
    expect(await judgePdf(await samplePdf())).toBe('ok');
    const updated = await pdfWithIncrementalUpdate();
    expect(await scriptsSeenByPdfJs(updated)).toBeNull();
    expect(await judgePdf(updated)).toBe('ok');
    expect(await judgePdf(await pdfWithScript())).toBe('active');
    for (const [name, encoding] of Object.entries(ENCODINGS)) {
      if (name.includes('image filter') || name.includes('unknown')) continue;
      expect(await judgePdf(pdfWithCatalogInObjectStream(encoding, '')), name).toBe('ok');
    }
  });

  it('scanned pages (JPEG and PNG images of several pages) pass', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 3; i++) {
      const raw = randomBytes(600 * 800 * 3);
      const jpeg = await sharp(raw, { raw: { width: 600, height: 800, channels: 3 } })
        .jpeg({ quality: 70 })
        .toBuffer();
      const png = await sharp(raw.subarray(0, 200 * 100), { raw: { width: 200, height: 100, channels: 1 } })
        .png()
        .toBuffer();
      const page = doc.addPage([595, 842]);
      page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: 595, height: 842 });
      page.drawImage(await doc.embedPng(png), { x: 20, y: 20, width: 200, height: 100 });
      page.drawText(`Halaman ${i + 1}`, { x: 20, y: 820, size: 10, font });
    }
    for (const useObjectStreams of [true, false])
      expect(await judgePdf(Buffer.from(await doc.save({ useObjectStreams })))).toBe('ok');
  });
});
