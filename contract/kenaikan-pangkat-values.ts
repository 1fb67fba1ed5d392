// Plain values of rank promotion (kenaikan pangkat) and performance ratings, without zod, so the
// record definition (riwayat-values.ts) and the browser can read them. The rules that use them are
// in server/domain/kenaikan-pangkat.ts; their sources in docs/domain/kenaikan-pangkat.md.

/** Rating predicates, best first (PermenPANRB 6/2022 on performance management). */
export const PREDIKAT_SKP = ['Sangat Baik', 'Baik', 'Butuh Perbaikan', 'Kurang', 'Sangat Kurang'] as const;
export type PredikatSkp = (typeof PREDIKAT_SKP)[number];
/** The lowest predicate that meets a promotion or KGB condition. */
export const PREDIKAT_MINIMAL = 'Baik' satisfies PredikatSkp;

/** Rating periods: the annual rating, or a periodic one (quarter, half year) inside a year. */
export const PERIODE_SKP = [
  'Tahunan',
  'Triwulan I',
  'Triwulan II',
  'Triwulan III',
  'Triwulan IV',
  'Semester I',
  'Semester II',
] as const;
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

/** What the period list shows: everyone in the window, or by result or proposal state. */
export const FILTER_KP = ['', 'memenuhi', 'belum', 'belum_diusulkan', ...STATUS_USUL_KP] as const;

/** The promotion result of a teacher for a period (server/domain/kenaikan-pangkat.ts). */
export interface KpSyarat {
  /** The period's TMT (first of the month). */
  tmt: string;
  golongan: string | null;
  golongan_baru: string | null;
  /** 'fungsional': the teacher's functional position (credit points); 'reguler' otherwise. */
  jalur: 'fungsional' | 'reguler' | null;
  masa_bulan: number | null;
  angka_kredit: { dimiliki: number; dibutuhkan: number; perkiraan: boolean } | null;
  memenuhi: boolean;
  /** Conditions not met, as the officer reads them. */
  alasan: string[];
  /** Data that is missing, so a condition cannot be checked. */
  data_kurang: string[];
  /** Notes that do not block (an estimate used, a level change that needs its own process). */
  catatan: string[];
  /** The earliest period (TMT) from which time in rank and credit points are met, if one can come. */
  tmt_berikut: string | null;
}

/** A teacher's proposal in the period, if any. */
export interface KpUsulGuru {
  id: number;
  usulan_id: number;
  nomor_surat: string;
  status: StatusUsulKp;
  alasan: string | null;
  golongan_lama: string;
  golongan_baru: string;
  dokumen: Record<string, boolean>;
  sk_nomor: string | null;
  sk_tanggal: string | null;
  sk_tmt: string | null;
  sk_pejabat: string | null;
}

/** A row of the period list. */
export interface KpItem {
  id: number;
  nip: string | null;
  nama: string;
  sekolah: { nama_sekolah: string | null; npsn: string | null };
  pendidikan: string | null;
  tmt_pangkat: string | null;
  syarat: KpSyarat;
  usul: KpUsulGuru | null;
}

/** Counts of a period: the window, data lacking, and the proposal states. */
export interface KpRingkasan {
  periode: string;
  /** Whether the month is a promotion period (Peraturan BKN 4/2025 and before). */
  periode_sah: boolean;
  periode_keterangan: string;
  /** Counted to 5,000 at most; `*_lebih`: there are more. */
  kandidat: number;
  kandidat_lebih: boolean;
  skp_kurang: number;
  skp_kurang_lebih: boolean;
  diusulkan: number;
  bts: number;
  tms: number;
  ditetapkan: number;
}

export interface KpUsulanRow extends KpUsulGuru {
  guru_id: number;
  nip: string | null;
  nama: string;
  nama_sekolah: string | null;
  pendidikan: string | null;
  tmt_pangkat: string | null;
  /** Suggested MKG of the new SK: the salary basis moved to the new TMT (less the group cut). */
  mkg_usul: { tahun: number; bulan: number } | null;
}

export interface KpUsulan {
  id: number;
  periode: string;
  nomor_surat: string;
  tanggal_surat: string;
  created_at: string;
  jumlah: number;
  guru: KpUsulanRow[];
}

export const KP_MSG = {
  proposed: (n: number) => `${n} guru diusulkan kenaikan pangkatnya`,
  notEligible: (names: string) => `Belum memenuhi syarat: ${names}`,
  alreadyProposed: (names: string) => `Sudah diusulkan pada periode ini: ${names}`,
  notPeriod: (keterangan: string) => `Bulan ini bukan periode kenaikan pangkat; periode yang berlaku: ${keterangan}`,
  statusSaved: 'Status usulan disimpan',
  decided: 'SK kenaikan pangkat dicatat; riwayat Kepangkatan guru diperbarui',
  alreadyDecided: 'Usulan ini sudah ditetapkan',
  notDecidable: 'Hanya usulan berstatus Diusulkan yang dapat ditetapkan',
  documentsSaved: 'Kelengkapan dokumen disimpan',
  tmtBeforePeriod: 'TMT SK tidak boleh sebelum periode usulan',
} as const;
