import { z } from 'zod';

// Two-factor sign-in with an authenticator app (TOTP, RFC 6238): required for
// administrators when the office sets TOTP_WAJIB_ADMIN, optional for everyone else.

export const TOTP_MSG = {
  required: 'Masukkan kode 6 digit dari aplikasi autentikator (atau kode pemulihan)',
  invalid: 'Kode autentikator salah atau sudah dipakai',
  setupRequired: 'Aktifkan verifikasi dua langkah terlebih dahulu: wajib untuk administrator',
  alreadyActive: 'Verifikasi dua langkah sudah aktif',
  notStarted: 'Mulai pengaturan verifikasi dua langkah terlebih dahulu',
  notActive: 'Verifikasi dua langkah belum aktif',
  mandatory: 'Verifikasi dua langkah wajib untuk administrator dan tidak dapat dimatikan',
  activated: 'Verifikasi dua langkah aktif. Simpan kode pemulihan di tempat aman',
  deactivated: 'Verifikasi dua langkah dimatikan',
  reset: 'Verifikasi dua langkah pengguna ini direset; ia dapat mengaturnya lagi saat login',
  codeFormat: 'Kode autentikator harus 6 digit angka',
  passwordWrong: 'Password salah',
} as const;

/** A code from the app (6 digits) for activation. */
export const totpKodeBody = z.object({
  kode: z
    .string({ error: TOTP_MSG.codeFormat })
    .trim()
    .regex(/^\d{6}$/, TOTP_MSG.codeFormat),
});

/** Turning it off needs the password and a code (or a recovery code). */
export const totpNonaktifBody = z.object({
  password: z
    .string({ error: 'Password tidak boleh Kosong' })
    .min(1, 'Password tidak boleh Kosong')
    .max(200, 'Password terlalu panjang'),
  kode: z.string({ error: TOTP_MSG.required }).trim().min(1, TOTP_MSG.required).max(20, TOTP_MSG.invalid),
});

export interface TotpStatus {
  aktif: boolean;
  /** Required for this user (administrators when TOTP_WAJIB_ADMIN is set). */
  wajib: boolean;
  sisa_kode_pemulihan: number;
}

/** The new secret, shown once while setting up: as text, as otpauth:// link and as a QR code (SVG). */
export interface TotpSetup {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/** Ten single-use recovery codes, shown once when TOTP is switched on. */
export interface TotpAktif {
  kode_pemulihan: string[];
}
