import { AppError } from './errors.ts';
import { runCheck } from './upload-check/pool.ts';
import { checkFailure } from './images.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from '#contract/riwayat.ts';

/**
 * Checks an uploaded document by its bytes: a real PDF of at most 10 MB, read in full, not
 * encrypted, without active content in any of its objects (upload-check/pdf.ts, judged in an
 * upload-check process with a time limit). Call it before the request's transaction opens
 * (server/lib/multipart.ts). The bytes are then stored as they are, never re-written.
 */
export async function checkPdf(bytes: Buffer): Promise<void> {
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new AppError(413, 'file.too_large', DOCUMENT_MSG.tooLarge);
  if (bytes.length < 64 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new AppError(415, 'file.type', DOCUMENT_MSG.type);
  if (
    !bytes
      .subarray(Math.max(0, bytes.length - 2048))
      .toString('latin1')
      .includes('%%EOF')
  )
    throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  let verdict;
  try {
    verdict = await runCheck('pdf', bytes);
  } catch (err) {
    throw checkFailure(err, DOCUMENT_MSG.tooComplex) ?? err;
  }
  if (verdict === 'unreadable') throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  if (verdict === 'encrypted') throw new AppError(415, 'file.encrypted', DOCUMENT_MSG.encrypted);
  if (verdict === 'active') throw new AppError(415, 'file.active', DOCUMENT_MSG.active);
  if (verdict === 'too_complex') throw new AppError(415, 'file.too_complex', DOCUMENT_MSG.tooComplex);
}
