import { PDFDocument } from 'pdf-lib';
import { AppError } from './errors.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from '#contract/riwayat.ts';

// Names of PDF actions that run something when the file is opened or clicked.
const ACTIVE_CONTENT = /\/(JavaScript|JS|Launch|OpenAction|AA|EmbeddedFile|RichMedia|SubmitForm|ImportData)\b/;

/**
 * Checks an uploaded document by its bytes: a real, readable, unencrypted PDF of at most 10 MB
 * without scripts or automatic actions. The bytes are then stored as they are, never re-written.
 */
export async function checkPdf(bytes: Buffer): Promise<void> {
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new AppError(413, 'file.too_large', DOCUMENT_MSG.tooLarge);
  if (bytes.length < 64 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError(415, 'file.type', DOCUMENT_MSG.type);
  if (!bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1').includes('%%EOF')) throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  if (ACTIVE_CONTENT.test(bytes.toString('latin1'))) throw new AppError(415, 'file.active', DOCUMENT_MSG.active);
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  }
}
