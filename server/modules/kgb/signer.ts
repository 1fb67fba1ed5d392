import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { P12Signer } from '@signpdf/signer-p12';

// The official's own key (opened, created) lives in official-key.ts, which the upload-check process
// loads without the signing libraries. The signing libraries (node-forge, pdf-lib, @signpdf) are
// loaded by the first signature, on the signing thread (sign-worker.mjs): the server's own thread
// does not carry them (docs/performance.md, "Memory of the app process").

/** Why and where a document is signed, printed in the signature dictionary. */
interface SignatureFacts {
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
  /** Page index (0-based) and rectangle [x1, y1, x2, y2] of the visible signature field, in PDF points. */
  page: number;
  rect: [number, number, number, number];
}

/** Who signs and why, printed in the signature dictionary. */
export interface SignatureInfo extends SignatureFacts {
  name: string;
}

/** What unlocks a signature: a passphrase, or (BSrE) a one-time code from the BeSign app. Never stored. */
export type SignerSecret = { passphrase: string; totp?: undefined } | { totp: string; passphrase?: undefined };

/** The official who signs, as a signer needs them: a .p12 official's key, or a BSrE official's NIK. */
export interface SigningOfficial {
  nama: string;
  nip: string;
  jenis: 'p12' | 'bsre';
  p12: Buffer | null;
  nik: string | null;
}

/** One signature: the signature dictionary's facts, and where the visible block goes. */
export interface SignRequest extends SignatureFacts {
  /**
   * The visible block's facts (who, when, the document code and where to check it), for a signer
   * that draws it; null when the document already carries its block (the nominative list).
   */
  stamp: { nama: string; nip: string; waktu: string; kodeDokumen: string | null; cekUrl: string | null } | null;
}

/**
 * Signs a document of the office (docs/domain/tanda-tangan.md; decision 0048): the office's own
 * PKCS#12 keys (p12-signer) or BSrE's Esign Client Service (bsre-signer), chosen per official.
 * A failure leaves nothing behind: the caller stores nothing but a signed file. A wrong passphrase
 * or TOTP is a WrongPassphraseError; the signing service's other refusals are AppErrors with a
 * message for the office.
 */
export interface Signer {
  sign(pdf: Buffer, official: SigningOfficial, secret: SignerSecret, req: SignRequest): Promise<Buffer>;
  /**
   * Seals a document with the office's institutional seal (segel elektronik) at BSrE: the secret is
   * the seal's activation TOTP, given at sealing time and never stored. Only BSrE seals; a signer
   * without a seal refuses (kgb.seal_not_configured).
   */
  seal(pdf: Buffer, secret: SignerSecret, req: SealRequest): Promise<Buffer>;
}

/** One seal: the office's seal at BSrE and the signature dictionary's facts (the seal is invisible). */
export interface SealRequest {
  /** BSRE_SEAL_ID_SUBSCRIBER: the office's seal at BSrE. */
  idSubscriber: string;
  reason: string;
  location: string;
}

/** A passphrase or TOTP that does not unlock the signing key. */
export class WrongPassphraseError extends Error {
  readonly kind: 'passphrase' | 'totp';
  /** The seal's activation TOTP, not an official's secret. */
  readonly seal: boolean;
  constructor(kind: 'passphrase' | 'totp' = 'passphrase', seal = false) {
    super(kind === 'totp' ? 'wrong totp' : 'wrong passphrase');
    this.kind = kind;
    this.seal = seal;
  }
}

/** The PAdES engine of the office's own keys: unlocks a PKCS#12 and signs (on this thread or the signing thread). */
export interface P12Engine {
  sign(pdf: Buffer, credential: { p12: Buffer; passphrase: string }, info: SignatureInfo): Promise<Buffer>;
}

/** PAdES (ETSI.CAdES.detached) signature with the official's local PKCS#12 key. */
export const localP12Signer: P12Engine = {
  async sign(pdf, credential, info) {
    const [
      { default: forge },
      { PDFDocument },
      { SignPdf },
      { P12Signer },
      { pdflibAddPlaceholder },
      { SUBFILTER_ETSI_CADES_DETACHED },
    ] = await Promise.all([
      import('node-forge'),
      import('pdf-lib'),
      import('@signpdf/signpdf'),
      import('@signpdf/signer-p12'),
      import('@signpdf/placeholder-pdf-lib'),
      import('@signpdf/utils'),
    ]);
    // Unlock first: a wrong passphrase must fail before anything is written.
    let signer: P12Signer;
    try {
      forge.pkcs12.pkcs12FromAsn1(
        forge.asn1.fromDer(forge.util.createBuffer(credential.p12.toString('binary'))),
        credential.passphrase,
      );
      signer = new P12Signer(credential.p12, { passphrase: credential.passphrase });
    } catch {
      throw new WrongPassphraseError();
    }
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    pdflibAddPlaceholder({
      pdfDoc: doc,
      pdfPage: doc.getPage(info.page),
      reason: info.reason,
      contactInfo: info.contactInfo,
      name: info.name,
      location: info.location,
      signingTime: info.signingTime,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      widgetRect: info.rect,
      appName: 'Sidasek',
      signatureLength: 16384,
    });
    // A plain (non-object-stream) file so the placeholder's byte range can be found and filled.
    const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
    return Buffer.from(await new SignPdf().sign(prepared, signer, info.signingTime));
  },
};

/**
 * The local signer on a thread of its own (sign-worker.mjs), so a month of letters signed in a row
 * leaves the main thread free for other users' requests. One thread, started on the
 * first signature and not keeping the process alive; a thread that dies fails its signatures and is
 * started again by the next one. The passphrase reaches the thread in memory only.
 */
export const threadP12Signer: P12Engine = {
  sign(pdf, credential, info) {
    const w = signingThread();
    const id = ++lastJob;
    return new Promise<Buffer>((resolve, reject) => {
      pendingJobs.set(id, { resolve, reject });
      w.postMessage({
        id,
        pdf: new Uint8Array(pdf),
        p12: new Uint8Array(credential.p12),
        passphrase: credential.passphrase,
        info,
      });
      w.ref();
    });
  },
};

let thread: Worker | null = null;
let lastJob = 0;
const pendingJobs = new Map<number, { resolve: (pdf: Buffer) => void; reject: (err: Error) => void }>();

function signingThread(): Worker {
  if (thread) return thread;
  // Not the parent's flags (tsx is registered by the worker itself).
  const w = new Worker(new URL('./sign-worker.mjs', import.meta.url), { execArgv: [] });
  const failAll = (err: Error) => {
    for (const job of pendingJobs.values()) job.reject(err);
    pendingJobs.clear();
    if (thread === w) thread = null;
  };
  w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = pendingJobs.get(m.id);
    if (!job) return;
    pendingJobs.delete(m.id);
    // Idle between signatures: the thread does not keep the process alive.
    if (!pendingJobs.size) w.unref();
    if (m.pdf) job.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    else job.reject(m.error === 'wrong_passphrase' ? new WrongPassphraseError() : new Error(m.error));
  });
  w.on('error', failAll);
  w.on('exit', (code) => failAll(new Error(`signing thread stopped (${code})`)));
  w.unref();
  thread = w;
  return w;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The secret of a sign request's body (contract `signatureSecretFields`): the TOTP when given, else the passphrase. */
export const secretOf = (body: { passphrase?: string | undefined; totp?: string | undefined }): SignerSecret =>
  body.totp ? { totp: body.totp } : { passphrase: body.passphrase ?? '' };
