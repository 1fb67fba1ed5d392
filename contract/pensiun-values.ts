// Retirement at the age limit (docs/domain/pensiun.md) as plain values without zod, so the pages
// import them without the schemas; pensiun.ts re-exports them for the server.

export const STATUS_USUL_PENSIUN = ['disiapkan', 'diusulkan', 'dikembalikan', 'ditetapkan'] as const;
export type StatusUsulPensiun = (typeof STATUS_USUL_PENSIUN)[number];
export const LABEL_USUL_PENSIUN: Record<StatusUsulPensiun, string> = {
  disiapkan: 'Disiapkan',
  diusulkan: 'Diusulkan',
  dikembalikan: 'Dikembalikan',
  ditetapkan: 'Ditetapkan',
};
/** Which state may follow which (none = no proposal yet). */
export const LANGKAH_USUL_PENSIUN: Record<StatusUsulPensiun | 'none', readonly StatusUsulPensiun[]> = {
  none: ['disiapkan', 'diusulkan'],
  disiapkan: ['diusulkan'],
  diusulkan: ['dikembalikan', 'ditetapkan'],
  dikembalikan: ['disiapkan', 'diusulkan'],
  ditetapkan: [],
};

/** How the service ends at the age limit (server/domain/pensiun.ts akhirMasaKerja). */
export type AkhirMasaKerjaKode = 'pensiun' | 'akhir_perjanjian' | 'cpns';
export const LABEL_AKHIR: Record<AkhirMasaKerjaKode, string> = {
  pensiun: 'Pensiun BUP',
  akhir_perjanjian: 'Perjanjian kerja PPPK berakhir',
  cpns: 'CPNS',
};

export const PENSIUN_BULAN_MAX = 60;

/** GET api/pensiun/ringkasan: the dashboard card (the default window; operators: their school). */
export interface PensiunRingkasan {
  bulan: number;
  total: number;
  /** Within 12 months and the proposal not sent yet (none, prepared or returned); PPPK not counted. */
  belum_diusulkan: number;
  ditetapkan: number;
}

export interface UsulPensiun {
  status: StatusUsulPensiun;
  alasan: string | null;
  nomor_surat: string | null;
  tanggal_surat: string | null;
  sk_nomor: string | null;
  sk_tanggal: string | null;
  sk_tmt: string | null;
  versi: number;
  updated_at: string;
}

export interface PensiunItem {
  id: number;
  nama: string;
  nip: string | null;
  status_guru: string | null;
  sekolah: { nama_sekolah: string | null; npsn: string | null };
  tgl_lahir: string;
  tgl_bup: string;
  tmt_pensiun: string;
  /** Calendar months from this month to the TMT's month. */
  bulan_lagi: number;
  akhir: AkhirMasaKerjaKode;
  golongan: string | null;
  mkg_tahun: number | null;
  mkg_bulan: number | null;
  gaji_pokok: number | null;
  /** What the proposal still lacks, in the office's words (empty: ready). */
  kekurangan: string[];
  usul: UsulPensiun | null;
  /** A pension decision is recorded (the SK entered here, or the status pensiun set by hand). */
  selesai: boolean;
}

export const PENSIUN_MSG = {
  saved: (label: string) => `Usul pensiun: ${label}`,
  changed: 'Usul pensiun ini baru saja diubah orang lain; muat ulang lalu ulangi',
  step: (dari: string, ke: string) => `Usul pensiun berstatus ${dari} tidak dapat menjadi ${ke}`,
  notRetiring: 'Guru ini tidak berhak usul pensiun BUP (bukan PNS)',
  pppk: 'Guru PPPK tidak diusulkan pensiun: perjanjian kerjanya berakhir',
  skppBelum: 'SKPP dapat dicetak setelah SK pensiun dicatat',
} as const;
