import sharp, { type Metadata } from 'sharp';
import { AppError } from './errors.ts';
import { runCheck, isCheckOverLimit } from './upload-check/pool.ts';
import { FILE_MSG, IMAGE_MAX_STORED_BYTES, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';

// sharp refuses images above this many pixels before decoding them (decompression bombs).
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;
const THUMB_EDGE = 240;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type told by the file's first bytes, whatever its name or declared type says. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an uploaded image by its bytes and re-encodes it as JPEG of at most 300 KB (the forms'
 * promise), EXIF orientation applied and every metadata block dropped, plus a small thumbnail.
 * Re-encoding also neutralises polyglot files: only decoded pixels survive.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_UPLOAD_BYTES) throw new AppError(413, 'file.too_large', FILE_MSG.imageTooLarge);
  if (!sniffImage(bytes)) throw new AppError(415, 'file.type', FILE_MSG.imageType);
  // Polyglots (HTML, SVG, PHP inside the bytes), looked for in a worker thread (upload-check/).
  let active: boolean;
  try {
    active = await runCheck('markup', bytes);
  } catch (err) {
    if (isCheckOverLimit(err)) throw new AppError(415, 'file.too_complex', FILE_MSG.imageTooComplex);
    throw err;
  }
  if (active) throw new AppError(415, 'file.active', FILE_MSG.imageActive);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new AppError(413, 'file.pixels', FILE_MSG.imageTooManyPixels);
    throw new AppError(415, 'file.unreadable', FILE_MSG.imageUnreadable);
  }
  if (!meta.width || !meta.height) throw new AppError(415, 'file.unreadable', FILE_MSG.imageUnreadable);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError(413, 'file.pixels', FILE_MSG.imageTooManyPixels);

  try {
    const base = () =>
      // 'truncated': a cut-off file is refused, not padded with grey.
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
        .rotate()
        .flatten({ background: '#ffffff' });
    let edge = MAX_EDGE;
    let quality = 82;
    let image = await base().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).jpeg({ quality, mozjpeg: true }).toBuffer();
    // Lower the quality, then the size, until the image fits.
    while (image.length > IMAGE_MAX_STORED_BYTES) {
      if (quality > 50) quality -= 12;
      else edge = Math.round(edge * 0.75);
      image = await base().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).jpeg({ quality, mozjpeg: true }).toBuffer();
    }
    const thumbnail = await base().resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
    const out = await sharp(image).metadata();
    return { image, thumbnail, width: out.width ?? 0, height: out.height ?? 0 };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(415, 'file.unreadable', FILE_MSG.imageUnreadable);
  }
}
