// The search and filter parameters that list queries share. Kept apart from paging.ts, which the
// browser's pager imports on every screen: these schemas would bring more of zod into that chunk.
import { z } from 'zod';
import { BENTUK_PENDIDIKAN } from './master-values.ts';

/** A list's search words (`cari`, `q`, …): trimmed, at most 100 characters, blank when not sent. */
export const cariParam = z.string().trim().max(100, 'Kata kunci pencarian terlalu panjang').default('');

/** A list's school-level filter (`bentuk_pendidikan` of the due lists): a level in any case, or blank for all. */
export const bentukPendidikanParam = z.preprocess(
  (v) => (v === undefined || v === null ? '' : String(v).trim().toUpperCase()),
  z.enum(['', ...BENTUK_PENDIDIKAN], {
    error: 'bentuk_pendidikan harus TK, SD, SMP, SMA, SMK, SLB atau kosong',
  }),
);
