import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

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
