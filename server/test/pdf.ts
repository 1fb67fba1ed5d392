import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFRef } from 'pdf-lib';

/** A small valid one-page PDF. */
export async function samplePdf(text = 'Dokumen uji'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 150, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** A PDF that runs JavaScript when opened, with the action inside a compressed object stream. */
export async function pdfWithScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/**
 * The catalog with a JavaScript OpenAction inside a compressed object stream, then a
 * harmless plain copy of the catalog appended after the end. A viewer follows the cross-reference
 * stream to the compressed catalog and runs the script; a parser that keeps the last definition
 * sees only the copy.
 */
export async function pdfWithHiddenScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
  const root = doc.context.trailerInfo.Root as PDFRef;
  const pages = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  const bytes = Buffer.from(await doc.save({ useObjectStreams: true }));
  return Buffer.concat([
    bytes,
    Buffer.from(
      `\n${root.objectNumber} 0 obj\n<< /Type /Catalog /Pages ${pages.objectNumber} 0 R >>\nendobj\n`,
      'latin1',
    ),
  ]);
}

/**
 * A harmless PDF with an incremental update (as signing tools write): the document information
 * object defined again after the first %%EOF, with its own xref section and trailer.
 */
export async function pdfWithIncrementalUpdate(): Promise<Buffer> {
  const base = await samplePdf('Dokumen dengan pembaruan');
  const text = base.toString('latin1');
  const info = /\/Info (\d+) 0 R/.exec(text)![1];
  const size = Number(/\/Size (\d+)/.exec(text)![1]);
  const root = /\/Root (\d+) 0 R/.exec(text)![1];
  const prev = Number(/startxref\s+(\d+)/.exec(text)![1]);
  const object = `${info} 0 obj\n<< /Title (Diperbarui) /Producer (Sidasek uji) >>\nendobj\n`;
  const at = base.length;
  const xrefAt = at + object.length;
  const update = `${object}xref\n${info} 1\n${String(at).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size} /Root ${root} 0 R /Info ${info} 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([base, Buffer.from(update, 'latin1')]);
}
