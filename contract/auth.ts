import { z } from 'zod';
export { ROLE_ADMIN, ROLE_OPERATOR, ROLE_NAMES, type RoleId } from './roles.ts';

export const loginBody = z.object({
  username: z
    .string({ error: 'Username tidak boleh Kosong' })
    .trim()
    .min(1, 'Username tidak boleh Kosong')
    .max(100, 'Username terlalu panjang'),
  password: z
    .string({ error: 'Password tidak boleh Kosong' })
    .min(1, 'Password tidak boleh Kosong')
    .max(200, 'Password terlalu panjang'),
  /** The authenticator code or a recovery code, once the account has two-factor sign-in. */
  kode_otp: z.string().trim().max(20, 'Kode autentikator terlalu panjang').optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface SessionUser {
  id: number;
  username: string;
  nama: string;
  roles: { id: number; name: string };
  /** True after an administrator reset the password: the user must pick a new one first. */
  must_change_password: boolean;
  /**
   * Two-factor sign-in is required and not yet set up (an administrator, TOTP_WAJIB_ADMIN): only
   * its set-up is open until it is active.
   */
  wajib_totp: boolean;
  /** The operator's own school (NPSN = username); null for administrators. */
  sekolah: { id: number; npsn: string; nama_sekolah: string } | null;
}

/** What `POST /api/token` answers in `data`, and what the browser stores under the key `user`. */
export interface Session {
  access_token: string;
  user: SessionUser;
}

import { PASSWORD_MIN_LENGTH } from './auth-values.ts';
export { PASSWORD_MIN_LENGTH };

export const changePasswordBody = z
  .object({
    // Not asked right after signing in with a one-time password (the server decides).
    password_lama: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string({ error: 'Password lama tidak boleh Kosong' }).max(200, 'Password lama terlalu panjang').optional(),
    ),
    password_baru: z
      .string({ error: 'Password baru tidak boleh Kosong' })
      .min(1, 'Password baru tidak boleh Kosong')
      .min(PASSWORD_MIN_LENGTH, `Password baru minimal ${PASSWORD_MIN_LENGTH} karakter`)
      .max(200, 'Password baru maksimal 200 karakter'),
    konfirmasi_password: z
      .string({ error: 'Konfirmasi password tidak boleh Kosong' })
      .min(1, 'Konfirmasi password tidak boleh Kosong'),
  })
  .refine((b) => b.password_baru === b.konfirmasi_password, {
    path: ['konfirmasi_password'],
    message: 'Konfirmasi password tidak sama dengan password baru',
  })
  .refine((b) => b.password_baru !== b.password_lama, {
    path: ['password_baru'],
    message: 'Password baru harus berbeda dari password lama',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
