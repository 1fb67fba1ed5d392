import sharp from 'sharp';

/** A JPEG of random noise (it does not compress), between `targetBytes` and 15% more. */
export async function noiseJpeg(targetBytes: number): Promise<Buffer> {
  // Noise at quality 100 costs about 3 bytes per pixel.
  let side = Math.round(Math.sqrt(targetBytes / 3));
  for (;;) {
    const raw = Buffer.alloc(side * side * 3);
    let x = 12345;
    for (let i = 0; i < raw.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      raw[i] = x >> 16;
    }
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    if (jpeg.length >= targetBytes && jpeg.length <= targetBytes * 1.15) return jpeg;
    side = Math.round(side * Math.sqrt((targetBytes * 1.07) / jpeg.length));
  }
}

export async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer();
}
