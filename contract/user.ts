import { z } from 'zod';
import { pageParam } from './paging.ts';
import { cariParam } from './list-query.ts';

/** One row of the school account list (SPEC §3 "User account row"); `id` is the school's id. */
export interface UserAccountRow {
  id: number;
  npsn: string;
  nama_sekolah: string;
  bentuk_pendidikan: string | null;
  /** The school's operator accounts; the first element's status_akun is the account status. */
  user: { id: number; username: string; status_akun: number }[];
}

export const STATUS_AKUN_ACTIVE = 1;
export const STATUS_AKUN_INACTIVE = 0;

export const userListQuery = z.object({ page: pageParam });
export const userSearchQuery = z.object({
  user: cariParam,
  page: pageParam,
});

/**
 * A row id in a path: decimal digits only. (A plain number coercion would also read `0x1`, `1e2`,
 * ` 1` or `1.0` as ids, so /api/aset/0x1 would delete asset 1.)
 */
export const idParam = z.object({
  id: z
    .string({ error: 'id harus berupa angka' })
    .regex(/^\d{1,10}$/, 'id harus berupa angka')
    .transform(Number)
    .pipe(z.number().min(1, 'id tidak valid').max(2_147_483_647, 'id tidak valid')),
});

/** Answer of a password reset: shown once to the administrator, never stored in clear. */
export interface PasswordResetResult {
  username: string;
  password: string;
}
