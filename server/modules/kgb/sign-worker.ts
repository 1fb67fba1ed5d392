// The signing thread (signer.ts `threadP12Signer`): unlocking a PKCS#12 and an RSA-3072 signature in
// node-forge take about 170 ms of JavaScript per letter, which would stop every other request on the
// main thread for that long. Here they run beside it.
import { parentPort } from 'node:worker_threads';
import { localP12Signer, WrongPassphraseError, type SignatureInfo } from './signer.ts';

interface Job {
  id: number;
  pdf: Uint8Array;
  p12: Uint8Array;
  passphrase: string;
  info: SignatureInfo;
}

parentPort!.on('message', (job: Job) => {
  localP12Signer
    .sign(Buffer.from(job.pdf), { p12: Buffer.from(job.p12), passphrase: job.passphrase }, job.info)
    .then(
      (signed) => parentPort!.postMessage({ id: job.id, pdf: new Uint8Array(signed) }),
      (err: unknown) => parentPort!.postMessage({ id: job.id, error: err instanceof WrongPassphraseError ? 'wrong_passphrase' : String((err as Error)?.message ?? err) }),
    );
});
