import type { BsreConfig } from '../../config.ts';

/**
 * A client of BSrE's Esign Client Service, API v2 (docs/domain/tanda-tangan.md "The v2 calls"):
 * JSON over HTTP with HTTP Basic authentication of the application, the signer's NIK and
 * passphrase (or a TOTP from the BeSign app) in the body, PDFs as base64.
 *
 * Nothing that identifies or unlocks a signer leaves this module in an error: a failure is a
 * `BsreError` with a kind and BSrE's numeric code, never BSrE's own text (which may repeat the NIK).
 */

export type BsreFailure =
  /** The passphrase (or TOTP) does not open the signer's key. */
  | 'passphrase'
  /** The NIK is not registered at BSrE. */
  | 'nik'
  /** Registered, but without a certificate (never issued, or still being verified). */
  | 'no_certificate'
  | 'expired'
  | 'revoked'
  | 'suspended'
  /** No connection (refused, no route, name unknown): the request never reached the service. */
  | 'unreachable'
  /** No answer in time: the outcome is unknown. */
  | 'timeout'
  /** The connection broke after the request was sent, before an answer: the outcome is unknown. */
  | 'dropped'
  /** The service refused Sidasek's own credentials (BSRE_USERNAME/BSRE_PASSWORD). */
  | 'auth'
  /** The office's seal (its idSubscriber) is not known to the service. */
  | 'seal_id'
  /** Any other refusal or an answer that cannot be read. */
  | 'rejected';

export class BsreError extends Error {
  readonly failure: BsreFailure;
  /** BSrE's status_code, or the HTTP status when there is none. */
  readonly code: number | null;
  constructor(failure: BsreFailure, code: number | null = null) {
    super(`BSrE: ${failure}${code != null ? ` (${code})` : ''}`);
    this.name = 'BsreError';
    this.failure = failure;
    this.code = code;
  }
}

/** Application codes seen in v2 answers (status_code). */
export const BSRE_CODE = { notRegistered: 2011, noCertificate: 2021, wrongPassphrase: 2031, wrongTotp: 2032 } as const;

/** A certificate status (`status` of POST /api/v2/user/check/status). Only ISSUE signs. */
export type BsreUserStatus = 'ISSUE' | 'EXPIRED' | 'REVOKE' | 'SUSPEND' | 'NOT_REGISTERED' | 'NO_CERTIFICATE' | string;

export interface BsreSignRequest {
  nik: string;
  /** One of the two: the passphrase, or a TOTP from the BeSign app. */
  passphrase?: string | undefined;
  totp?: string | undefined;
  pdf: Buffer;
  /** The visible signature: an image placed on a page (1-based) at a rectangle in PDF points, origin bottom-left. */
  visible?: { image: Buffer; page: number; x: number; y: number; width: number; height: number } | undefined;
  reason: string;
  location: string;
  contactInfo?: string | undefined;
}

/** One signature as BSrE's verification reads it (the fields Sidasek uses). */
export interface BsreSignatureInfo {
  signerName: string | null;
  signatureDate: string | null;
  reason: string | null;
  location: string | null;
  integrityValid: boolean;
  certificateTrusted: boolean;
  signatureFormat: string | null;
  /** The signer's certificate: issuer, validity; `status` when BSrE says whether it is revoked. */
  certificate: { issuer: string | null; notBefore: string | null; notAfter: string | null } | null;
}

export interface BsreVerification {
  /** VALID, INVALID, INDETERMINATE, NO_SIGNATURE … as BSrE concludes. */
  conclusion: string;
  description: string | null;
  signatureCount: number;
  signatures: BsreSignatureInfo[];
}

export interface BsreClient {
  signPdf(req: BsreSignRequest): Promise<Buffer>;
  userStatus(nik: string): Promise<{ status: BsreUserStatus; code: number | null }>;
  verifyPdf(pdf: Buffer): Promise<BsreVerification>;
  /**
   * The office's seal (docs/domain/tanda-tangan.md "The seal"): a seal TOTP for `count` documents
   * from the seal's activation TOTP (`/api/v2/seal/get/totp`), then the seal itself
   * (`/api/v2/seal/pdf`, invisible: the document draws its own block).
   */
  sealTotp(idSubscriber: string, activationTotp: string, count: number): Promise<string>;
  sealPdf(req: { idSubscriber: string; totp: string; pdf: Buffer; reason: string; location: string }): Promise<Buffer>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The cause's code of a failed fetch (undici: `TypeError('fetch failed')` with `cause.code`). */
function causeCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string; cause?: { code?: string } } };
  return e?.cause?.code ?? e?.cause?.cause?.code ?? e?.code;
}

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    causeCode(err) === 'UND_ERR_HEADERS_TIMEOUT' ||
    causeCode(err) === 'UND_ERR_BODY_TIMEOUT'
  );
}

/** Refused: nothing listened, so the request never reached the service (safe to send again). */
const REFUSED = new Set(['ECONNREFUSED']);
/** No connection at all (no route, no such host): also never reached the service. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A refused connection is tried this many more times, after these pauses. */
const REFUSED_RETRIES = [200, 600];

interface Answer {
  status: number;
  json: Record<string, unknown> | null;
}

export function bsreClient(
  cfg: Pick<BsreConfig, 'url' | 'username' | 'password' | 'signTimeoutMs' | 'statusTimeoutMs' | 'verifyTimeoutMs'>,
): BsreClient {
  const authorization = `Basic ${Buffer.from(`${cfg.username}:${cfg.password}`).toString('base64')}`;

  /**
   * POSTs JSON. Only a refused connection is tried again (the request cannot have reached the
   * service, so it cannot have signed); a timeout or a dropped connection after sending is never
   * retried: its outcome is unknown.
   */
  async function post(path: string, body: unknown, timeoutMs: number): Promise<Answer> {
    const payload = JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${cfg.url}${path}`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        if (isTimeout(err)) throw new BsreError('timeout');
        const code = causeCode(err);
        if (code && REFUSED.has(code) && attempt < REFUSED_RETRIES.length) {
          await sleep(REFUSED_RETRIES[attempt]!);
          continue;
        }
        throw new BsreError(code && UNREACHABLE.has(code) ? 'unreachable' : 'dropped');
      }
      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        // The answer was cut (timeout or a dropped connection) after the request was sent.
        throw new BsreError(isTimeout(err) ? 'timeout' : 'dropped');
      }
      let json: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = text ? JSON.parse(text) : null;
        json = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
      } catch {
        json = null;
      }
      return { status: res.status, json };
    }
  }

  const numberOf = (v: unknown): number | null =>
    v == null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);

  async function userStatus(nik: string) {
    const a = await post('/api/v2/user/check/status', { nik }, cfg.statusTimeoutMs);
    if (a.status === 401 || a.status === 403) throw new BsreError('auth', a.status);
    if (a.status !== 200 || !a.json || typeof a.json.status !== 'string')
      throw new BsreError('rejected', numberOf(a.json?.status_code) ?? a.status);
    return { status: a.json.status.toUpperCase(), code: numberOf(a.json.status_code) };
  }

  /** Why a signature was refused: BSrE's code when it is a known one, else what the certificate status says. */
  async function refusal(a: Answer, nik: string, withTotp: boolean): Promise<BsreError> {
    if (a.status === 401 || a.status === 403) {
      // Basic authentication of the application failed (Spring's standard body, no status_code).
      if (a.json?.status_code == null) return new BsreError('auth', a.status);
    }
    const code = numberOf(a.json?.status_code);
    if (code === BSRE_CODE.wrongPassphrase) return new BsreError('passphrase', code);
    if (code === BSRE_CODE.notRegistered) return new BsreError('nik', code);
    if (code === BSRE_CODE.noCertificate) return new BsreError('no_certificate', code);
    if (a.status >= 500 && code == null) return new BsreError('rejected', a.status);
    // An unknown code: the certificate status tells an expired or revoked certificate apart from
    // anything else (one status call, never a second signature request).
    try {
      const s = (await userStatus(nik)).status;
      if (s === 'EXPIRED') return new BsreError('expired', code);
      if (s === 'REVOKE' || s === 'REVOKED') return new BsreError('revoked', code);
      if (s === 'SUSPEND' || s === 'SUSPENDED') return new BsreError('suspended', code);
      if (s === 'NOT_REGISTERED') return new BsreError('nik', code);
      if (s === 'NO_CERTIFICATE') return new BsreError('no_certificate', code);
      // The certificate is usable: a refused TOTP (which has no code of its own in the guide).
      if (s === 'ISSUE' && withTotp) return new BsreError('passphrase', code);
    } catch {
      // The status call failed too: say what the signature call said.
    }
    return new BsreError('rejected', code ?? a.status);
  }

  function signedFile(a: Answer, failure: BsreFailure = 'rejected'): Buffer {
    const files = a.json?.file;
    const first = Array.isArray(files) ? files[0] : files;
    if (typeof first !== 'string' || !first) throw new BsreError(failure, a.status);
    const pdf = Buffer.from(first, 'base64');
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new BsreError(failure, a.status);
    return pdf;
  }

  const toBool = (v: unknown) => v === true || v === 'true';
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

  return {
    async signPdf(req) {
      const props: Record<string, unknown> = {
        reason: req.reason,
        location: req.location,
        contactInfo: req.contactInfo ?? '',
      };
      if (req.visible) {
        Object.assign(props, {
          tampilan: 'VISIBLE',
          imageBase64: req.visible.image.toString('base64'),
          page: req.visible.page,
          originX: req.visible.x,
          originY: req.visible.y,
          width: req.visible.width,
          height: req.visible.height,
        });
      } else props.tampilan = 'INVISIBLE';
      const body = {
        nik: req.nik,
        ...(req.totp ? { totp: req.totp } : { passphrase: req.passphrase }),
        signatureProperties: [props],
        file: [req.pdf.toString('base64')],
      };
      const a = await post('/api/v2/sign/pdf', body, cfg.signTimeoutMs);
      if (a.status !== 200) throw await refusal(a, req.nik, Boolean(req.totp));
      return signedFile(a);
    },

    userStatus,

    async verifyPdf(pdf) {
      const a = await post('/api/v2/verify/pdf', { file: pdf.toString('base64') }, cfg.verifyTimeoutMs);
      if (a.status === 401 || a.status === 403) throw new BsreError('auth', a.status);
      if (a.status !== 200 || !a.json) throw new BsreError('rejected', a.status);
      const list = Array.isArray(a.json.signatureInformations)
        ? (a.json.signatureInformations as Record<string, unknown>[])
        : [];
      return {
        conclusion: String(a.json.conclusion ?? 'INDETERMINATE'),
        description: str(a.json.description),
        signatureCount: numberOf(a.json.signatureCount) ?? list.length,
        signatures: list.map((s) => {
          const details = Array.isArray(s.certificateDetails)
            ? (s.certificateDetails as Record<string, unknown>[])
            : [];
          const cert = details[0];
          return {
            signerName: str(s.signerName),
            signatureDate: str(s.signatureDate),
            reason: str(s.reason),
            location: str(s.location),
            integrityValid: toBool(s.integrityValid),
            certificateTrusted: toBool(s.certificateTrusted),
            signatureFormat: str(s.signatureFormat),
            certificate: cert
              ? { issuer: str(cert.issuerName), notBefore: str(cert.notBeforeDate), notAfter: str(cert.notAfterDate) }
              : null,
          };
        }),
      };
    },

    async sealTotp(idSubscriber, activationTotp, count) {
      const a = await post(
        '/api/v2/seal/get/totp',
        { idSubscriber, totp: activationTotp, data: count },
        cfg.statusTimeoutMs,
      );
      if (a.status === 401 || a.status === 403) {
        if (a.json?.status_code == null) throw new BsreError('auth', a.status);
      }
      const code = numberOf(a.json?.status_code);
      if (code === BSRE_CODE.notRegistered) throw new BsreError('seal_id', code);
      if (a.status >= 500 || !a.json) throw new BsreError('rejected', code ?? a.status);
      // The activation TOTP refused: `result: false` (the open-source clients' reading), or a 4xx.
      if (a.status !== 200 || a.json.result === false || typeof a.json.totp !== 'string' || !a.json.totp)
        throw new BsreError('passphrase', code ?? a.status);
      return a.json.totp;
    },

    async sealPdf(req) {
      const body = {
        idSubscriber: req.idSubscriber,
        totp: req.totp,
        signatureProperties: [{ tampilan: 'INVISIBLE', reason: req.reason, location: req.location, contactInfo: '' }],
        file: [req.pdf.toString('base64')],
      };
      const a = await post('/api/v2/seal/pdf', body, cfg.signTimeoutMs);
      if (a.status === 200) return signedFile(a);
      const code = numberOf(a.json?.status_code);
      if ((a.status === 401 || a.status === 403) && code == null) throw new BsreError('auth', a.status);
      if (code === BSRE_CODE.notRegistered) throw new BsreError('seal_id', code);
      if (code === BSRE_CODE.wrongPassphrase || code === BSRE_CODE.wrongTotp) throw new BsreError('passphrase', code);
      throw new BsreError('rejected', code ?? a.status);
    },
  };
}
