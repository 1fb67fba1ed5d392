import { AppError } from './errors.ts';
import { runCheck, isCheckOverLimit } from './upload-check/pool.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from '#contract/riwayat.ts';

/**
 * Checks an uploaded document by its bytes: a real, readable, unencrypted PDF of at most 10 MB
 * without scripts, launch or submit actions, embedded files or rich media, looking inside
 * compressed object streams and nested dictionaries too (upload-check/checks.ts, judged in a
 * worker thread with a time limit). The bytes are then stored as they are, never re-written.
 */
export async function checkPdf(bytes: Buffer): Promise<void> {
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new AppError(413, 'file.too_large', DOCUMENT_MSG.tooLarge);
  if (bytes.length < 64 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError(415, 'file.type', DOCUMENT_MSG.type);
  if (!bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1').includes('%%EOF')) throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  let verdict;
  try {
    verdict = await runCheck('pdf', bytes);
  } catch (err) {
    if (isCheckOverLimit(err)) throw new AppError(415, 'file.too_complex', DOCUMENT_MSG.tooComplex);
    throw err;
  }
  if (verdict === 'unreadable') throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  if (verdict === 'active') throw new AppError(415, 'file.active', DOCUMENT_MSG.active);
  if (verdict === 'too_complex') throw new AppError(415, 'file.too_complex', DOCUMENT_MSG.tooComplex);
}
