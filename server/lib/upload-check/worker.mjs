// The upload-check process (pool.ts): plain Node 24, whose type stripping reads the TypeScript. Each message { id, task, bytes, arg } answers { id, result } or
// { id, error }; one file at a time.
const { hasActiveMarkup } = await import('./checks.ts');
const { judgePdf } = await import('./pdf.ts');
const { checkAndReencodeImage } = await import('./image.ts');
const { default: sharp } = await import('sharp');
const { officialKeyTask } = await import('../../modules/kgb/official-key.ts');
// One file at a time, on about one core: libvips' own threads limited too.
sharp.concurrency(1);
const tasks = { markup: hasActiveMarkup, pdf: judgePdf, image: checkAndReencodeImage, p12: officialKeyTask };

process.on('message', async ({ id, task, bytes, arg }) => {
  try {
    process.send({ id, result: await tasks[task](Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), arg) });
  } catch (err) {
    process.send({ id, error: String(err?.message ?? err) });
  }
});
// The parent went away: nothing left to do.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
