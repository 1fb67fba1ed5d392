// Statistics of the office (SPEC §2 "Statistics page", §3 "Statistics fields" and "Ratio", §7
// "Statistics"): GET api/data-statistik/<name>, administrators only. Field names are the spec's.
import { NAMA_BULAN, NAMA_BULAN_PENDEK } from './bulan.ts';

/** The statistics, by the last part of their path. */
export const STATISTIK = [
  'jumlah-unit-sekolah',
  'jumlah-guru',
  'guru-pensiun',
  'jumlah-guru-jenis-kelamin',
  'pensiun-lima-tahun',
  'kondisi-ruang-kelas',
  'kualifikasi-pendidik',
  'pendidik-tersertifikasi',
  'rasio',
  'kgb',
  'kunjungan',
] as const;
export type StatistikName = (typeof STATISTIK)[number];

/** Periods of SPEC §9: 6 months (retirements, KGB), 5 years (forecast), 2 weeks (visits). */
export const PERIODE_BULAN = 6;
export const PERIODE_TAHUN = 5;
export const PERIODE_HARI = 14;

/** '2026-06' → 'Juni 2026'. */
export function labelBulan(bulan: string): string {
  const [y, m] = bulan.split('-').map(Number);
  return `${NAMA_BULAN[(m ?? 1) - 1]} ${y}`;
}

/** '2026-11-08' → '8 Nov'. */
export function labelTanggal(tanggal: string): string {
  const [, m, d] = tanggal.split('-').map(Number);
  return `${d} ${NAMA_BULAN_PENDEK[(m ?? 1) - 1]}`;
}

/** jumlah-unit-sekolah: schools per level; every level TK, SD, SMP, SMA, SMK appears (0 when empty). */
export interface JumlahUnitSekolah {
  bentuk_pendidikan: string;
  total_sekolah: number;
}

/** jumlah-guru: teachers per level of their school. */
export interface JumlahGuru {
  bentuk_pendidikan: string;
  total_guru: number;
}

/** guru-pensiun and kgb: one row per calendar month, oldest first, the current month last. */
export interface BulanTotal {
  /** YYYY-MM. */
  bulan: string;
  /** Indonesian month name and year, e.g. 'Juni 2026'. */
  label: string;
  total: number;
}

/** jumlah-guru-jenis-kelamin: male (lk) and female (pr) teachers per level. */
export interface GuruJenisKelamin {
  pendidikan: string;
  lk: number;
  pr: number;
}

/** pensiun-lima-tahun: teachers retiring in each of the next five calendar years. */
export interface TahunTotal {
  tahun: number;
  total: number;
}

/**
 * kondisi-ruang-kelas: classrooms by condition in percent (two decimals) of all classrooms whose
 * condition is one of the four master values. Baik → layak, Rusak Ringan/Sedang → kurang_layak,
 * Rusak Berat → tidak_layak (docs/domain/data-guru.md).
 */
export interface KondisiRuangKelas {
  layak: number;
  kurang_layak: number;
  tidak_layak: number;
  /** The room counts behind the percentages. */
  jumlah: { layak: number; kurang_layak: number; tidak_layak: number };
  total_ruang_kelas: number;
}

/** kualifikasi-pendidik: last education D4/S1 or higher vs the rest (including unknown). */
export interface KualifikasiPendidik {
  sarjana: number;
  not_sarjna: number;
}

/** pendidik-tersertifikasi: sertifikasi Ya vs the rest. */
export interface PendidikTersertifikasi {
  sudah: number;
  belum: number;
}

/** rasio: students per teacher and per PNS teacher, by level, for the current year. */
export interface Rasio {
  pendidikan: string;
  tahun: number;
  /** Students: the sum of the schools' student counts (rombel). */
  siswa: number;
  guru: number;
  pns: number;
  /** Students per teacher (two decimals); null when the level has no teacher. */
  gurusiswa: number | null;
  /** Students per PNS teacher (two decimals); null when the level has no PNS teacher. */
  pnssiswa: number | null;
}

/** kunjungan: signed-in users per day over the last 14 days, today last. */
export interface KunjunganHarian {
  /** YYYY-MM-DD. */
  tanggal: string;
  /** e.g. '8 Nov'. */
  label: string;
  total: number;
}

/** The answer of each statistic. */
export interface StatistikData {
  'jumlah-unit-sekolah': JumlahUnitSekolah[];
  'jumlah-guru': JumlahGuru[];
  'guru-pensiun': BulanTotal[];
  'jumlah-guru-jenis-kelamin': GuruJenisKelamin[];
  'pensiun-lima-tahun': TahunTotal[];
  'kondisi-ruang-kelas': KondisiRuangKelas;
  'kualifikasi-pendidik': KualifikasiPendidik;
  'pendidik-tersertifikasi': PendidikTersertifikasi;
  rasio: Rasio[];
  kgb: BulanTotal[];
  kunjungan: KunjunganHarian[];
}

/** POST api/kunjungan: the visit of the signed-in user today (counted once per day). */
export interface KunjunganTercatat {
  tanggal: string;
  /** False when this user's visit today was already counted. */
  baru: boolean;
}
