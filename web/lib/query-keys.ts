import type { KualitasKode } from '#contract/kualitas.ts';
import type { RecordKind } from '#contract/riwayat.ts';

// Query keys that more than one feature reads or invalidates (an import refreshes the teacher,
// school and data-quality lists; verifying a KGB letter refreshes the teacher and the history
// tabs), kept here so a feature does not reach into another's api folder (decision 0061).
// Mutations invalidate by prefix.

/** Master lists change rarely: kept for the session. */
export const MASTER_STALE = 30 * 60_000;

/** The teacher screens. */
export const guruKeys = {
  list: ['guru-list'] as const,
  detail: (id: number) => ['guru', id] as const,
  master: (endpoint: string) => ['guru-master', endpoint] as const,
};

/** The school screens. */
export const sekolahKeys = {
  master: (name: string) => ['master', name] as const,
  sekolahList: ['sekolah-list'] as const,
  sekolah: (npsn: string) => ['sekolah', npsn] as const,
  ruanganList: (npsn: string) => ['ruangan', npsn] as const,
  ruangan: (id: number) => ['ruangan-detail', id] as const,
  asetList: (roomId: number) => ['aset', roomId] as const,
  lahanList: (npsn: string) => ['lahan', npsn] as const,
  lahan: (id: number) => ['lahan-detail', id] as const,
  galeriList: (npsn: string) => ['galeri', npsn] as const,
};

/** The data-quality checks. */
export const kualitasKeys = {
  all: ['kualitas-data'] as const,
  counts: ['kualitas-data', 'counts'] as const,
  list: (kode: KualitasKode, page: number) => ['kualitas-data', 'list', kode, page] as const,
};

/** A teacher's history tabs. */
export const recordKeys = {
  all: (guruId: number) => ['riwayat', guruId] as const,
  list: (guruId: number, kind: RecordKind) => ['riwayat', guruId, kind.key] as const,
};
