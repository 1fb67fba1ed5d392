// The upload-check worker (pool.ts): TypeScript through tsx, registered here because a worker
// starts without the parent's loader. Each message { id, task, bytes } answers { id, result } or
// { id, error }.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { hasActiveMarkup, judgePdf } = await import('./checks.ts');
const tasks = { markup: hasActiveMarkup, pdf: judgePdf };

parentPort.on('message', async ({ id, task, bytes }) => {
  try {
    parentPort.postMessage({ id, result: await tasks[task](bytes) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
parentPort.postMessage({ ready: true });
