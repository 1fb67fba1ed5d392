import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument, PDFName } from 'pdf-lib';
import { checkPdf } from './documents.ts';
import { processImage } from './images.ts';
import { hasActiveMarkup } from './upload-check/checks.ts';
import { isCheckOverLimit, runCheck } from './upload-check/pool.ts';

// The upload checks refuse active content (server/test/upload-corpus.test.ts); these tests make
// sure ordinary files are not refused by mistake.

describe('checkPdf accepts ordinary documents', () => {
  it('with an /OpenAction that only opens a page (office exports write one)', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([page.ref, PDFName.of('Fit')]));
    await expect(checkPdf(Buffer.from(await doc.save()))).resolves.toBeUndefined();
  });

  it('with binary stream data that happens to contain "/JS" and "/AA" (scanned pages)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 200]);
    const noise = Buffer.concat([randomBytes(4096), Buffer.from(' /JS /AA /XFA '), randomBytes(4096)]);
    doc.context.register(doc.context.flateStream(noise));
    doc.context.register(doc.context.stream(noise));
    const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
    expect(bytes.includes(Buffer.from('/JS /AA'))).toBe(true);
    await expect(checkPdf(bytes)).resolves.toBeUndefined();
  });
});

describe('processImage accepts ordinary photos', () => {
  it('finds no markup in compressed noise (JPEG, PNG, WebP)', async () => {
    for (let i = 0; i < 5; i++) {
      const raw = randomBytes(320 * 240 * 3);
      const input = () => sharp(raw, { raw: { width: 320, height: 240, channels: 3 } });
      for (const bytes of [await input().jpeg({ quality: 95 }).toBuffer(), await input().png().toBuffer(), await input().webp().toBuffer()]) {
        expect(hasActiveMarkup(bytes)).toBe(false);
      }
    }
  });

  it('re-encodes a good image', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const out = await processImage(png);
    expect(out.width).toBe(640);
    expect(out.image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

describe('upload checks run in a worker with limits', () => {
  it('a check over its time limit is stopped and reported; the next check gets a fresh worker', async () => {
    // 30,000 objects (under the limit): parsing takes far longer than the 5 ms allowed here.
    const doc = await PDFDocument.create();
    doc.addPage([300, 200]);
    for (let i = 0; i < 30_000; i++) doc.context.register(doc.context.obj({ N: i }));
    const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
    await expect(runCheck('pdf', pdf, 5)).rejects.toSatisfy(isCheckOverLimit);
    await expect(runCheck('markup', Buffer.from('<script>'))).resolves.toBe(true);
  });

  it('a PDF whose objects are too many to walk is refused as too complex, not passed as harmless', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 200]);
    doc.context.register(doc.context.obj(Array.from({ length: 120_000 }, () => 0)));
    await expect(checkPdf(Buffer.from(await doc.save()))).rejects.toMatchObject({ code: 'file.too_complex' });
  });
});
