// The signing thread (signer.ts `threadP12Signer`): unlocking a PKCS#12 and an RSA-3072 signature in
// node-forge take about 170 ms of JavaScript per letter, which would stop every other request on the
// main thread for that long. Here they run beside it. TypeScript through tsx, registered here
// because a worker starts without the parent's loader (as upload-check/worker.mjs).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { localP12Signer, WrongPassphraseError } = await import('./signer.ts');

parentPort.on('message', (job) => {
  localP12Signer.sign(Buffer.from(job.pdf), { p12: Buffer.from(job.p12), passphrase: job.passphrase }, job.info).then(
    (signed) => parentPort.postMessage({ id: job.id, pdf: new Uint8Array(signed) }),
    (err) =>
      parentPort.postMessage({
        id: job.id,
        error: err instanceof WrongPassphraseError ? 'wrong_passphrase' : String(err?.message ?? err),
      }),
  );
});
