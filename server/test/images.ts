import sharp from 'sharp';
import type { Galeri } from '#contract/sarpras.ts';
import type { Answer, TestApp } from './test-app.ts';

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
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (jpeg.length >= targetBytes && jpeg.length <= targetBytes * 1.15) return jpeg;
    side = Math.round(side * Math.sqrt((targetBytes * 1.07) / jpeg.length));
  }
}

export async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

/** The gallery form of the tests: a photo of school 60200100 (SPEC §3 Galeri), without the file. */
export const GALERI_FIELDS = {
  nama: 'Gedung utama',
  jenis: 'sekolah',
  desk: 'Tampak depan',
  ket: 'Dokumentasi 2026',
  npsn: '60200100',
};

/** A gallery photo (a small PNG, GALERI_FIELDS) added through `app` as `token`: the answer. */
export async function addGaleriPhoto(app: TestApp, token: string): Promise<Answer<Galeri>> {
  return app.call<Galeri>('POST', '/api/galeri', {
    token,
    form: { fields: GALERI_FIELDS, files: { foto: { bytes: await smallPng() } } },
  });
}

/** Writes bits most significant first, with JPEG's byte stuffing (FF → FF 00) and 1-bit padding. */
class JpegBits {
  private bytes: number[] = [];
  private acc = 0;
  private n = 0;
  put(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0);
    this.acc = 0;
    this.n = 0;
  }
  end(): Buffer {
    if (this.n > 0) this.put(0xff, 8 - this.n);
    return Buffer.from(this.bytes);
  }
}

const segment = (marker: number, body: number[] | Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, Buffer.from(body)]);
};

/**
 * A small grey progressive JPEG with very many scans, written bit by bit: one component of
 * `width` × `height`, its DC in one scan, then every AC coefficient (1…63) in a scan of its own
 * at 13 bits of successive approximation and 13 refinement scans each: 1 + 63 × 14 = 883 scans,
 * a valid progression. All coefficients are zero, so each AC scan is a few end-of-band runs
 * (about 40 bytes), yet a decoder walks every block in every scan: 6000 × 6000 pixels are
 * 562,500 blocks, 883 times. The report's file (6000 × 6000, 882 scans, 213 KB) took 23 s.
 */
export function manyScansJpeg(width = 6000, height = 6000, coefficients = 63, refinements = 13): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const dqt = segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]);
  const sof2 = segment(0xc2, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  // DC table 0: one code '0' (category 0: the difference is zero). AC table 0: '00' = EOB run
  // of 2^12 + 12 bits, '01' = EOB run of 2^14 + 14 bits.
  const dhtDc = segment(0xc4, [0x00, 1, ...Array.from({ length: 15 }, () => 0), 0x00]);
  const dhtAc = segment(0xc4, [0x10, 0, 2, ...Array.from({ length: 14 }, () => 0), 0xc0, 0xe0]);
  const sos = (ss: number, se: number, ah: number, al: number) => segment(0xda, [1, 1, 0x00, ss, se, (ah << 4) | al]);
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8]), dqt, sof2, dhtDc, dhtAc];
  const dc = new JpegBits();
  for (let i = 0; i < blocks; i++) dc.put(0, 1);
  parts.push(sos(0, 0, 0, 0), dc.end());
  // One scan of end-of-band runs over every block.
  const eobRuns = () => {
    const bits = new JpegBits();
    let left = blocks;
    while (left >= 16384) {
      const run = Math.min(left, 32767);
      bits.put(0b01, 2);
      bits.put(run - 16384, 14);
      left -= run;
    }
    while (left > 0) {
      // Runs of 4096…8191 blocks (the remainders of the sizes used here fit).
      const run = Math.min(left, 8191);
      if (run < 4096) throw new Error('image too small for this writer');
      bits.put(0b00, 2);
      bits.put(run - 4096, 12);
      left -= run;
    }
    return bits.end();
  };
  const data = eobRuns();
  for (let k = 1; k <= coefficients; k++) {
    parts.push(sos(k, k, 0, refinements), data);
    for (let al = refinements - 1; al >= 0; al--) parts.push(sos(k, k, al + 1, al), data);
  }
  parts.push(Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}
