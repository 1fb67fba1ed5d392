import type { BsreConfig, SignerConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { BSRE_MSG } from '#contract/kgb.ts';
import { bsreClient, BsreError, type BsreClient, type BsreFailure } from './bsre-client.ts';
import { stampSignature } from './letter.ts';
import { signatureImage } from './signature-image.ts';
import { threadP12Signer, WrongPassphraseError, type P12Engine, type Signer } from './signer.ts';

const sealNotConfigured = () => new AppError(422, 'kgb.seal_not_configured', BSRE_MSG.sealNotConfigured);

/**
 * The office's own keys (decision 0007): the visible block drawn on the page, then PAdES with the
 * official's PKCS#12 on the signing thread. A TOTP means nothing to a local key.
 */
export function p12Signer(engine: P12Engine = threadP12Signer): Signer {
  return {
    async sign(pdf, official, secret, req) {
      if (secret.totp !== undefined)
        throw new AppError(422, 'kgb.totp_p12', BSRE_MSG.totpOnlyBsre, { errors: { totp: BSRE_MSG.totpOnlyBsre } });
      if (!official.p12) throw new Error('stored key missing');
      const stamped = req.stamp?.kodeDokumen
        ? await stampSignature(
            pdf,
            { nama: req.stamp.nama, nip: req.stamp.nip, waktu: req.stamp.waktu, kodeDokumen: req.stamp.kodeDokumen },
            req.rect,
            req.page,
          )
        : pdf;
      return engine.sign(
        stamped,
        { p12: official.p12, passphrase: secret.passphrase },
        {
          name: official.nama,
          reason: req.reason,
          location: req.location,
          contactInfo: req.contactInfo,
          signingTime: req.signingTime,
          page: req.page,
          rect: req.rect,
        },
      );
    },
    seal() {
      return Promise.reject(sealNotConfigured());
    },
  };
}

/**
 * The HTTP status and message of BSrE's failures; the error code is `kgb.bsre_<failure>`. A failure
 * not listed (the passphrase, which the signer reports itself) reads as `rejected`.
 */
const BSRE_FAILURES: Partial<
  Record<BsreFailure, [status: number, message: (err: BsreError, cfg: Pick<BsreConfig, 'signTimeoutMs'>) => string]>
> = {
  nik: [422, () => BSRE_MSG.nikNotRegistered],
  no_certificate: [422, () => BSRE_MSG.noCertificate],
  expired: [422, () => BSRE_MSG.expired],
  revoked: [422, () => BSRE_MSG.revoked],
  suspended: [422, () => BSRE_MSG.suspended],
  unreachable: [503, () => BSRE_MSG.unreachable],
  timeout: [504, (_err, cfg) => BSRE_MSG.timeout(Math.round(cfg.signTimeoutMs / 1000))],
  dropped: [502, () => BSRE_MSG.dropped],
  auth: [502, () => BSRE_MSG.auth],
  seal_id: [422, () => BSRE_MSG.sealUnknown],
  rejected: [502, (err) => BSRE_MSG.rejected(err.code)],
};

/** What the office reads when BSrE refuses or fails (the letter is never signed then). */
export function bsreAppError(err: BsreError, cfg: Pick<BsreConfig, 'signTimeoutMs'>): AppError {
  const failure = Object.hasOwn(BSRE_FAILURES, err.failure) ? err.failure : 'rejected';
  const [status, message] = BSRE_FAILURES[failure]!;
  return new AppError(status, `kgb.bsre_${failure}`, message(err, cfg));
}

/**
 * BSrE's Esign Client Service (docs/domain/tanda-tangan.md): the letter goes as it was verified,
 * the visible block as an image at the box the letter reserved, and BSrE answers the signed PDF.
 * One request per letter, never repeated once sent (bsre-client.ts).
 */
export function bsreSigner(client: BsreClient, cfg: Pick<BsreConfig, 'signTimeoutMs'>): Signer {
  return {
    async sign(pdf, official, secret, req) {
      if (!official.nik) throw new AppError(422, 'kgb.bsre_nik', BSRE_MSG.nikNotRegistered);
      const [x1, y1, x2, y2] = req.rect;
      const visible = req.stamp
        ? {
            image: await signatureImage(
              { width: x2 - x1, height: y2 - y1 },
              [
                { text: 'Ditandatangani secara elektronik oleh' },
                { text: req.stamp.nama, bold: true },
                { text: `NIP ${req.stamp.nip}` },
                { text: req.stamp.waktu },
                {
                  text: req.stamp.kodeDokumen
                    ? `Kode dokumen ${req.stamp.kodeDokumen}`
                    : 'Sertifikat elektronik BSrE, BSSN',
                },
              ],
              req.stamp.cekUrl,
            ),
            page: req.page + 1,
            x: x1,
            y: y1,
            width: x2 - x1,
            height: y2 - y1,
          }
        : undefined;
      try {
        return await client.signPdf({
          nik: official.nik,
          passphrase: secret.passphrase,
          totp: secret.totp,
          pdf,
          visible,
          reason: req.reason,
          location: req.location,
          contactInfo: req.contactInfo,
        });
      } catch (err) {
        if (!(err instanceof BsreError)) throw err;
        if (err.failure === 'passphrase')
          throw new WrongPassphraseError(secret.totp !== undefined ? 'totp' : 'passphrase');
        throw bsreAppError(err, cfg);
      }
    },

    /**
     * The office's seal (docs/domain/tanda-tangan.md "The office's seal"): the seal's activation
     * TOTP buys a seal TOTP for one document, which seals it. Neither code is kept.
     */
    async seal(pdf, secret, req) {
      if (secret.totp === undefined)
        throw new AppError(422, 'kgb.seal_totp', BSRE_MSG.sealTotpRequired, {
          errors: { totp: BSRE_MSG.sealTotpRequired },
        });
      try {
        const totp = await client.sealTotp(req.idSubscriber, secret.totp, 1);
        return await client.sealPdf({
          idSubscriber: req.idSubscriber,
          totp,
          pdf,
          reason: req.reason,
          location: req.location,
        });
      } catch (err) {
        if (!(err instanceof BsreError)) throw err;
        if (err.failure === 'passphrase') throw new WrongPassphraseError('totp', true);
        throw bsreAppError(err, cfg);
      }
    },
  };
}

/** A signer for whichever kind the official is; a BSrE official needs SIGNER=bsre. */
export function officialSigner(p12: Signer, bsre: Signer | null): Signer {
  return {
    sign(pdf, official, secret, req) {
      if (official.jenis === 'bsre') {
        if (!bsre) throw new AppError(422, 'kgb.bsre_not_configured', BSRE_MSG.notConfigured);
        return bsre.sign(pdf, official, secret, req);
      }
      return p12.sign(pdf, official, secret, req);
    },
    seal(pdf, secret, req) {
      return bsre ? bsre.seal(pdf, secret, req) : Promise.reject(sealNotConfigured());
    },
  };
}

/** The BSrE client of the configuration, or null with SIGNER=p12. */
export function bsreClientOf(config: SignerConfig): BsreClient | null {
  return config.kind === 'bsre' ? bsreClient(config) : null;
}

/** The app's signer: the office's keys always, BSrE's service when configured. */
export function signerOf(config: SignerConfig, client: BsreClient | null = bsreClientOf(config)): Signer {
  return officialSigner(p12Signer(), config.kind === 'bsre' && client ? bsreSigner(client, config) : null);
}
