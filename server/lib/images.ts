import { AppError } from './errors.ts';
import { CheckBusy, isCheckOverLimit, runCheck } from './upload-check/pool.ts';
import type { ImageRefusal } from './upload-check/image.ts';
import { FILE_MSG, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type told by the file's first bytes, whatever its name or declared type says. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const REFUSED: Record<ImageRefusal, () => AppError> = {
  active: () => new AppError(415, 'file.active', FILE_MSG.imageActive),
  pixels: () => new AppError(413, 'file.pixels', FILE_MSG.imageTooManyPixels),
  scans: () => new AppError(415, 'file.too_complex', FILE_MSG.imageTooManyScans),
  unreadable: () => new AppError(415, 'file.unreadable', FILE_MSG.imageUnreadable),
};

/** The refusal of a file the checks could not take: over its limits, or no room to check it now. */
export function checkFailure(err: unknown, tooComplex: string): AppError | null {
  if (isCheckOverLimit(err)) return new AppError(415, 'file.too_complex', tooComplex);
  if (err instanceof CheckBusy)
    return new AppError(503, 'file.checks_busy', FILE_MSG.checksBusy, null, { 'retry-after': '10' });
  return null;
}

/**
 * Checks an uploaded image by its bytes and re-encodes it as JPEG of at most 300 KB plus a small
 * thumbnail (upload-check/image.ts), in an upload-check process with a time limit (pool.ts).
 * Call it before the request's transaction opens (server/lib/multipart.ts): no database
 * connection is held while an image is checked.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_UPLOAD_BYTES) throw new AppError(413, 'file.too_large', FILE_MSG.imageTooLarge);
  if (!sniffImage(bytes)) throw new AppError(415, 'file.type', FILE_MSG.imageType);
  let outcome;
  try {
    outcome = await runCheck('image', bytes);
  } catch (err) {
    throw checkFailure(err, FILE_MSG.imageTooComplex) ?? err;
  }
  if (!outcome.ok) throw REFUSED[outcome.refused]();
  // Bytes that crossed from the check process arrive as plain Uint8Arrays.
  const { image, thumbnail, width, height } = outcome;
  return { image: Buffer.from(image), thumbnail: Buffer.from(thumbnail), width, height };
}
