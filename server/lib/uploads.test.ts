import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument, PDFName } from 'pdf-lib';
import { checkPdf } from './documents.ts';
import { processImage } from './images.ts';
import { hasActiveMarkup } from './upload-check/checks.ts';
import { checksInFlight, isCheckOverLimit, runCheck } from './upload-check/pool.ts';
import { jpegScanCount, MAX_JPEG_SCANS } from './upload-check/image.ts';
import { manyScansJpeg } from '../test/images.ts';
import { FILE_MSG } from '#contract/files.ts';

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
      for (const bytes of [
        await input().jpeg({ quality: 95 }).toBuffer(),
        await input().png().toBuffer(),
        await input().webp().toBuffer(),
      ]) {
        expect(hasActiveMarkup(bytes)).toBe(false);
      }
    }
  });

  it('re-encodes a good image', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const out = await processImage(png);
    expect(out.width).toBe(640);
    expect(out.image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

/** Whether process `pid` is gone (after SIGKILL it is reaped within moments). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('image work is bounded', () => {
  it('counts the scans of a JPEG before decoding it: baseline 1, libjpeg progressive 10, the crafted file 883', async () => {
    const input = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } });
    expect(jpegScanCount(await input().jpeg().toBuffer())).toBe(1);
    expect(jpegScanCount(await input().jpeg({ progressive: true }).toBuffer())).toBe(10);
    expect(jpegScanCount(await input().jpeg({ progressive: true, mozjpeg: true }).toBuffer())).toBeLessThanOrEqual(
      MAX_JPEG_SCANS,
    );
    const crafted = manyScansJpeg();
    expect(crafted.length).toBeLessThan(200 * 1024);
    expect(jpegScanCount(crafted)).toBe(883);
    expect(jpegScanCount(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00]))).toBeNull();
  });

  it('a small progressive JPEG of 6000 × 6000 pixels and 883 scans is refused before decoding (it took 47 s to decode)', async () => {
    await expect(processImage(manyScansJpeg())).rejects.toMatchObject({
      status: 415,
      code: 'file.too_complex',
      message: FILE_MSG.imageTooManyScans,
    });
    // An ordinary progressive photo still passes.
    const progressive = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg({ progressive: true })
      .toBuffer();
    await expect(processImage(progressive)).resolves.toMatchObject({ width: 800, height: 600 });
  });

  it('a decode over its time limit is stopped for real: the check process is killed, the next check gets a new one', async () => {
    // 29 scans, under the scan limit: a few seconds of decoding, far over the 300 ms allowed here.
    const slow = manyScansJpeg(6000, 6000, 2, 13);
    expect(jpegScanCount(slow)).toBe(29);
    const check = runCheck('image', slow, 300);
    let pids: number[] = [];
    for (let i = 0; i < 500 && !pids.length; i++) {
      await new Promise((r) => setTimeout(r, 10));
      if (checksInFlight().running) pids = checksInFlight().pids;
    }
    expect(pids).toHaveLength(1);
    await expect(check).rejects.toSatisfy(isCheckOverLimit);
    expect(await gone(pids[0]!)).toBe(true);
    await expect(runCheck('markup', Buffer.from('<script>'))).resolves.toBe(true);
    expect(checksInFlight().pids).not.toContain(pids[0]);
  });

  it('checks run at most the configured number at once; the rest wait their turn', async () => {
    const png = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const work = Promise.all(Array.from({ length: 4 }, () => processImage(png)));
    let most = 0;
    let done = false;
    void work.finally(() => (done = true));
    while (!done) {
      most = Math.max(most, checksInFlight().running);
      expect(checksInFlight().running).toBeLessThanOrEqual(checksInFlight().limit);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await work).map((w) => w.width)).toEqual([1600, 1600, 1600, 1600]);
    expect(most).toBeGreaterThanOrEqual(1);
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
