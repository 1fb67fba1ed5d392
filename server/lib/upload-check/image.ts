import sharp from 'sharp';
import { hasActiveMarkup } from './checks.ts';
import { IMAGE_MAX_STORED_BYTES } from '#contract/files.ts';

// The image check and re-encoding, run in an upload-check process (pool.ts). Bounded before any
// pixel is decoded: by the pixels the header states and, for a progressive JPEG, by its scans
// (each scan makes a decoder walk the whole image again: 883 scans of nothing over 6000 × 6000
// pixels took 47 s here, from a 126 KB file). Then decoded once.

/** sharp refuses images above this many pixels before decoding them (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Scans of a progressive JPEG, at most. Encoders write 10 (libjpeg's default script) or fewer
 * (mozjpeg 4 to about 20); no ordinary camera, phone or scanner file comes near this.
 */
export const MAX_JPEG_SCANS = 40;
const MAX_EDGE = 1600;
const THUMB_EDGE = 240;

export type ImageRefusal = 'active' | 'pixels' | 'scans' | 'unreadable';
export type ImageOutcome =
  { ok: true; image: Buffer; thumbnail: Buffer; width: number; height: number } | { ok: false; refused: ImageRefusal };

/**
 * The start-of-scan markers of a JPEG, counted by walking its segments (lengths given in the
 * file, entropy-coded data skipped to the next marker); null when the markers do not hold
 * together. Stops counting past `stopAt`.
 */
export function jpegScanCount(bytes: Uint8Array, stopAt = Infinity): number | null {
  const n = bytes.length;
  if (n < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let scans = 0;
  let i = 2;
  while (i + 1 < n) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd9) return scans;
    // Markers without a length: restart markers and TEM.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (i + 3 >= n) return null;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (length < 2) return null;
    i += 2 + length;
    if (marker === 0xda) {
      if (++scans > stopAt) return scans;
      // Entropy-coded data up to the next marker that is not a stuffed zero or a restart marker.
      while (
        i + 1 < n &&
        !(bytes[i] === 0xff && bytes[i + 1] !== 0x00 && !(bytes[i + 1]! >= 0xd0 && bytes[i + 1]! <= 0xd7))
      )
        i++;
    }
  }
  // No end marker: a truncated file (sharp refuses it as such); the scans seen count.
  return scans;
}

const isJpeg = (b: Uint8Array) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/**
 * Checks an uploaded image (type and size already checked by the caller) and re-encodes it as JPEG
 * of at most 300 KB, EXIF orientation applied and every metadata block dropped, plus a small
 * thumbnail. Re-encoding also neutralises polyglot files: only decoded pixels survive. The file
 * is decoded once (resized on the way, which lets a JPEG decode at a fraction of its size); the
 * quality steps and the thumbnail start from those pixels.
 */
export async function checkAndReencodeImage(bytes: Buffer): Promise<ImageOutcome> {
  // Polyglots: HTML, SVG, PHP inside the bytes.
  if (hasActiveMarkup(bytes)) return { ok: false, refused: 'active' };
  if (isJpeg(bytes)) {
    const scans = jpegScanCount(bytes, MAX_JPEG_SCANS);
    if (scans === null || scans === 0) return { ok: false, refused: 'unreadable' };
    if (scans > MAX_JPEG_SCANS) return { ok: false, refused: 'scans' };
  }
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch (err) {
    return { ok: false, refused: /pixel limit/i.test((err as Error).message) ? 'pixels' : 'unreadable' };
  }
  if (!width || !height) return { ok: false, refused: 'unreadable' };
  if (width * height > MAX_INPUT_PIXELS) return { ok: false, refused: 'pixels' };

  try {
    // 'truncated': a cut-off file is refused, not padded with grey.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    let edge = Math.max(info.width, info.height);
    let quality = 82;
    // Trial encodes with libjpeg-turbo (several times faster than mozjpeg's trellis search).
    const encode = (mozjpeg: boolean) =>
      pixels()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality, mozjpeg })
        .toBuffer({ resolveWithObject: true });
    let out = await encode(false);
    // Lower the quality, then the size, until the image fits.
    while (out.data.length > IMAGE_MAX_STORED_BYTES) {
      if (quality > 50) quality -= 12;
      else edge = Math.round(edge * 0.75);
      out = await encode(false);
    }
    // The stored image with mozjpeg at the settings found (smaller still, as a rule); the trial
    // encode where it is not.
    const final = await encode(true);
    if (final.data.length <= IMAGE_MAX_STORED_BYTES) out = final;
    const thumbnail = await pixels()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { ok: true, image: out.data, thumbnail, width: out.info.width, height: out.info.height };
  } catch {
    return { ok: false, refused: 'unreadable' };
  }
}
