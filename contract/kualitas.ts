import { z } from 'zod';
import { pageParam } from './paging.ts';
import { KUALITAS_CHECKS, type KualitasKode } from './kualitas-values.ts';
export { KUALITAS_CHECKS, type KualitasKode } from './kualitas-values.ts';

export interface KualitasCount {
  kode: KualitasKode;
  judul: string;
  jenis: 'guru' | 'sekolah';
  jumlah: number;
}

/** A row of a drill-down list: a teacher or a school, with where to fix it. */
export interface KualitasRow {
  id: number;
  nama: string;
  /** NIP for teachers, NPSN for schools. */
  nomor: string | null;
  sekolah: string | null;
  npsn: string | null;
  keterangan: string | null;
}

export const kualitasParams = z.object({
  kode: z.enum(KUALITAS_CHECKS.map((c) => c.kode) as [KualitasKode, ...KualitasKode[]], {
    error: 'Jenis pemeriksaan tidak dikenal',
  }),
});
export const kualitasQuery = z.object({ page: pageParam });
