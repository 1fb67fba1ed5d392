import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { AppError } from './errors.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from '#contract/riwayat.ts';

// Dictionary keys of PDF actions and content that run or open something when the file is viewed.
const ACTIVE_KEYS = ['JavaScript', 'JS', 'Launch', 'OpenAction', 'AA', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'SubmitForm', 'ImportData', 'XFA'];
const ACTIVE_TEXT = new RegExp(`/(${ACTIVE_KEYS.join('|')})\\b`);

/**
 * Checks an uploaded document by its bytes: a real, readable, unencrypted PDF of at most 10 MB
 * without scripts, automatic actions or embedded files, looking inside compressed object
 * streams too. The bytes are then stored as they are, never re-written.
 */
export async function checkPdf(bytes: Buffer): Promise<void> {
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new AppError(413, 'file.too_large', DOCUMENT_MSG.tooLarge);
  if (bytes.length < 64 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError(415, 'file.type', DOCUMENT_MSG.type);
  if (!bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1').includes('%%EOF')) throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  if (ACTIVE_TEXT.test(bytes.toString('latin1'))) throw new AppError(415, 'file.active', DOCUMENT_MSG.active);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  }
  const active = ACTIVE_KEYS.map((k) => PDFName.of(k));
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const streamDict = (object as unknown as { dict?: unknown }).dict;
    const dict = object instanceof PDFDict ? object : streamDict instanceof PDFDict ? streamDict : null;
    if (dict && dict.keys().some((k) => active.includes(k))) throw new AppError(415, 'file.active', DOCUMENT_MSG.active);
  }
}
