import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { totpRepository } from './totp.repository.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { TOTP_MSG, type TotpAktif, type TotpSetup, type TotpStatus } from '#contract/totp.ts';

// Two-factor sign-in (TOTP, RFC 6238) with otplib: 30-second codes of 6 digits, one
// step of clock drift either way, each time step accepted once; ten single-use recovery codes.
// otplib and qrcode are loaded by the first TOTP set-up or check, not with the server
// (docs/performance.md, "Memory of the app process").

const RECOVERY_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Codes a step (30 s) old or early still pass: phones and servers drift. */
const TOLERANCE_SECONDS = 30;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Recovery codes are compared without case, spaces or dashes ("abcd-efgh" = "ABCDEFGH"). */
const normalRecovery = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

function recoveryCode(): string {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

export function totpService(db: Db, opts: { wajibAdmin: boolean; issuer: string }) {
  const repo = totpRepository(db);
  const rowOf = (userId: number) => repo.of(userId);

  /** The time step of a valid code not used before, or null. */
  async function checkCode(secret: string, lastStep: number | null, kode: string, now: Date): Promise<number | null> {
    if (!/^\d{6}$/.test(kode)) return null;
    const { verify } = await import('otplib');
    try {
      const r = await verify({
        secret,
        token: kode,
        epoch: Math.floor(now.getTime() / 1000),
        epochTolerance: TOLERANCE_SECONDS,
        ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
      });
      // TOTP results carry the time step they matched (HOTP results do not; we use TOTP only).
      return r.valid && 'timeStep' in r ? (r.timeStep as number) : null;
    } catch {
      // otplib refuses an afterTimeStep beyond the window (a clock set back): no code passes.
      return null;
    }
  }

  return {
    /** Required for this user: administrators, when the office says so. */
    wajib: (roleId: number) => opts.wajibAdmin && roleId === 1,

    async status(userId: number, roleId: number): Promise<TotpStatus> {
      const row = await rowOf(userId);
      return {
        aktif: !!row?.aktif,
        wajib: opts.wajibAdmin && roleId === 1,
        sisa_kode_pemulihan: row?.aktif ? row.kodePemulihan.length : 0,
      };
    },

    /** A new secret for a set-up (replacing an unfinished one); refused while TOTP is active. */
    async setup(userId: number, username: string): Promise<TotpSetup> {
      const row = await rowOf(userId);
      if (row?.aktif) throw errors.conflict('totp.already_active', TOTP_MSG.alreadyActive);
      const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
        import('otplib'),
        import('qrcode'),
      ]);
      const secret = generateSecret();
      await repo.start(userId, secret);
      const otpauth = generateURI({ issuer: opts.issuer, label: username, secret });
      const qr = await QRCode.toString(otpauth, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      return { secret, otpauth_url: otpauth, qr_svg: qr };
    },

    /**
     * Switches TOTP on with a first code from the app; answers the recovery codes (shown once, kept
     * as hashes). The caller's sessions no longer wait for the set-up.
     */
    async activate(userId: number, kode: string, now: Date): Promise<TotpAktif> {
      const row = await rowOf(userId);
      if (!row) throw new AppError(422, 'totp.not_started', TOTP_MSG.notStarted);
      if (row.aktif) throw errors.conflict('totp.already_active', TOTP_MSG.alreadyActive);
      const step = await checkCode(row.secret, null, kode, now);
      if (step === null) throw errors.validation({ kode: TOTP_MSG.invalid });
      const codes = Array.from({ length: RECOVERY_COUNT }, recoveryCode);
      const done = await repo.activate(userId, row.secret, {
        lastStep: step,
        aktifAt: now,
        kodePemulihan: codes.map((c) => sha256(normalRecovery(c))),
      });
      if (!done) throw errors.conflict('totp.already_active', TOTP_MSG.alreadyActive);
      await repo.sessionsDone(userId);
      return { kode_pemulihan: codes };
    },

    /**
     * Checks the second factor of a sign-in or a sensitive change: a current code not used before,
     * or an unused recovery code (used up atomically: two requests with one code, one wins).
     * Answers 'none' when the user has no active TOTP.
     */
    async verifyFactor(
      userId: number,
      kode: string | undefined,
      now: Date,
    ): Promise<'none' | 'ok' | 'missing' | 'wrong'> {
      const row = await rowOf(userId);
      if (!row?.aktif) return 'none';
      const input = kode?.trim() ?? '';
      if (!input) return 'missing';
      const step = await checkCode(row.secret, row.lastStep, input, now);
      if (step !== null) {
        // Only a step newer than the one stored is taken: a code replayed at once loses the race.
        return (await repo.takeStep(userId, step)) ? 'ok' : 'wrong';
      }
      const hash = sha256(normalRecovery(input));
      return (await repo.useRecovery(userId, hash)) ? 'ok' : 'wrong';
    },

    /** Removes the user's TOTP (their own choice after checking, or an administrator's reset). */
    async remove(userId: number): Promise<void> {
      await repo.remove(userId);
    },
  };
}
export type TotpService = ReturnType<typeof totpService>;
