// Plain values of rank promotion (kenaikan pangkat) and performance ratings, without zod, so the
// record definition (riwayat-values.ts) and the browser can read them. The rules that use them are
// in server/domain/kenaikan-pangkat.ts; their sources in docs/domain/kenaikan-pangkat.md.

/** Rating predicates, best first (PermenPANRB 6/2022 on performance management). */
export const PREDIKAT_SKP = ['Sangat Baik', 'Baik', 'Butuh Perbaikan', 'Kurang', 'Sangat Kurang'] as const;
export type PredikatSkp = (typeof PREDIKAT_SKP)[number];
/** The lowest predicate that meets a promotion or KGB condition. */
export const PREDIKAT_MINIMAL = 'Baik' satisfies PredikatSkp;

/** Rating periods: the annual rating, or a periodic one (quarter, half year) inside a year. */
export const PERIODE_SKP = ['Tahunan', 'Triwulan I', 'Triwulan II', 'Triwulan III', 'Triwulan IV', 'Semester I', 'Semester II'] as const;
export type PeriodeSkp = (typeof PERIODE_SKP)[number];

/** Disciplinary penalty levels (PP 94/2021 art. 8). */
export const TINGKAT_HUKDIS = ['Ringan', 'Sedang', 'Berat'] as const;

/** The state of one teacher in a promotion proposal. */
export const STATUS_USUL_KP = ['diusulkan', 'bts', 'tms', 'ditetapkan'] as const;
export type StatusUsulKp = (typeof STATUS_USUL_KP)[number];
export const STATUS_USUL_KP_LABEL: Record<StatusUsulKp, string> = {
  diusulkan: 'Diusulkan',
  bts: 'BTS (dikembalikan untuk perbaikan)',
  tms: 'TMS (tidak memenuhi syarat)',
  ditetapkan: 'Ditetapkan',
};

/** The documents checked for each proposed teacher. */
export const DOKUMEN_KP = [
  { key: 'sk_pangkat', label: 'SK pangkat terakhir' },
  { key: 'skp', label: 'SKP 2 tahun terakhir' },
  { key: 'pak', label: 'PAK (penetapan angka kredit)' },
  { key: 'ijazah', label: 'Ijazah baru (pendidikan berubah)' },
] as const;
export type DokumenKpKey = (typeof DOKUMEN_KP)[number]['key'];
