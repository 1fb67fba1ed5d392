// Retirement at the age limit (BUP) and the pension proposal (docs/domain/pensiun.md). The one home
// of the BUP rule: every caller (the teacher's status, KGB, rank promotion, statistics, dashboard,
// the retirement list) reads the dates from here. Pure functions on YYYY-MM-DD strings, no clock.
import { STATUS_CPNS, STATUS_PNS, STATUS_PPPK } from '#contract/asn.ts';

/**
 * A teacher's BUP: 60 years (UU 14/2005 art. 30(4); PP 11/2017 art. 240 as amended by PP 17/2020
 * defers to the law for functional positions a law names). A setting (RETIREMENT_AGE).
 */
export const DEFAULT_RETIREMENT_AGE = 60;

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y!, m!, d!];
}
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The first day of the month `n` months after `date`'s month. */
function awalBulanKe(date: string, n: number): string {
  const [y, m] = parts(date);
  const total = y * 12 + (m - 1) + n;
  return iso(Math.floor(total / 12), (total % 12) + 1, 1);
}

/** The day the teacher reaches the BUP: the birthday at `usia` (29 February: the 28th in a common year). */
export function tanggalBup(tglLahir: string, usia = DEFAULT_RETIREMENT_AGE): string {
  const [y, m, d] = parts(tglLahir);
  const last = new Date(Date.UTC(y + usia, m, 0)).getUTCDate();
  return iso(y + usia, m, Math.min(d, last));
}

/**
 * Pension TMT: the first day of the month after the month in which the BUP is reached (the PNS is
 * discharged at the end of that month, and a pension is paid from the next month: UU 11/1969 art.
 * 9; docs/domain/pensiun.md). Born 10 June 1967 → BUP 10 June 2027 → TMT 1 July 2027; born 1 June
 * 1967 → TMT 1 July 2027 too (not 1 June).
 */
export function tmtPensiun(tglLahir: string, usia = DEFAULT_RETIREMENT_AGE): string {
  const [y, m] = parts(tglLahir);
  return awalBulanKe(iso(y + usia, m, 1), 1);
}

/** Whole calendar months from `today`'s month to the TMT's month (0 = the TMT is this month's first or already past in this month). */
export function bulanMenujuPensiun(today: string, tmt: string): number {
  const [ty, tm] = parts(today);
  const [py, pm] = parts(tmt);
  return (py - ty) * 12 + (pm - tm);
}

/**
 * Teachers retiring in month M were born in month M − (usia × 12 + 1): filters on the birth date
 * keep the index on tgl_lahir usable.
 */
export const bulanLahirSebelumPensiun = (usia: number) => usia * 12 + 1;

/**
 * The earliest birth date of a teacher not yet retired on `today`: whoever was born before the
 * first of the month after (today − usia years − 1 month) has their pension TMT on or before today.
 */
export function lahirBelumPensiun(today: string, usia: number): string {
  return awalBulanKe(today, 1 - bulanLahirSebelumPensiun(usia));
}

/**
 * Birth dates [dari, sebelum) of the teachers whose pension TMT falls after today and at most
 * `bulan` months ahead (the TMT months from next month to today's month + `bulan`).
 */
export function lahirPensiunDalam(today: string, usia: number, bulan: number): { dari: string; sebelum: string } {
  const geser = -bulanLahirSebelumPensiun(usia);
  return { dari: awalBulanKe(today, 1 + geser), sebelum: awalBulanKe(today, bulan + geser + 1) };
}

/**
 * How the service of a civil-servant teacher ends at the age limit: a PNS gets a pension decree
 * (UU 5/2014 art. 87(1)(c), UU 11/1969); a PPPK's work agreement ends instead (UU 5/2014 art.
 * 105(1)(a), PP 49/2018): no pension decree, no DPCP; a CPNS has no pension right yet (UU 11/1969
 * art. 1: pegawai negeri) and is flagged. Others (GTT, GTY, honorary) have no BUP here.
 */
export type AkhirMasaKerja = 'pensiun' | 'akhir_perjanjian' | 'cpns';
export function akhirMasaKerja(statusGuru: string | null | undefined): AkhirMasaKerja | null {
  if (statusGuru === STATUS_PNS) return 'pensiun';
  if (statusGuru === STATUS_PPPK) return 'akhir_perjanjian';
  if (statusGuru === STATUS_CPNS) return 'cpns';
  return null;
}

/** Months ahead at which the office and the school are reminded (docs/domain/pensiun.md). */
export const PENGINGAT_BULAN = [15, 12, 6] as const;
/** The retirement list's default window, in months. */
export const JENDELA_DEFAULT_BULAN = 15;

/** What the record holds for the proposal (the DPCP and the BKN checklist, Peraturan BKN 2/2018). */
export interface DataUsulPensiun {
  statusGuru: string | null;
  nip: string | null;
  tempatLahir: string | null;
  /** The newest verified salary-setting decree (rank, KGB, PMK): golongan, MKG and gaji pokok. */
  golongan: string | null;
  gajiPokok: number | null;
  /** A verified rank decree exists (the last SK KP is a required attachment). */
  adaSkPangkat: boolean;
  /** Verified family rows: spouses (with a marriage date) and children. */
  pasangan: { tglNikah: string | null }[];
  /** Unverified family rows (the BKN checks the family against its own data). */
  keluargaBelumVerifikasi: number;
  /** The teacher's marital status in the profile (contract/guru-values.ts STATUS_NIKAH: 'Nikah' or 'Single'). */
  statusNikah: string | null;
  /** A verified performance rating of the last full year before the TMT (Peraturan BKN 2/2018 checklist). */
  adaSkpTahunTerakhir: boolean;
}

/** What is missing for the pension proposal, in the office's words; empty when the file can go. */
export function kekuranganUsulPensiun(d: DataUsulPensiun): string[] {
  const akhir = akhirMasaKerja(d.statusGuru);
  const out: string[] = [];
  if (akhir === 'cpns') out.push('Masih CPNS: belum berhak pensiun PNS');
  if (!d.nip) out.push(d.statusGuru === STATUS_PPPK ? 'NI PPPK kosong' : 'NIP kosong');
  if (akhir === 'akhir_perjanjian') return out;
  if (!d.tempatLahir) out.push('Tempat lahir kosong');
  if (!d.adaSkPangkat) out.push('SK pangkat terakhir belum ada atau belum diverifikasi');
  if (!d.golongan) out.push('Golongan terakhir tidak diketahui');
  if (d.gajiPokok == null) out.push('Gaji pokok terakhir tidak diketahui');
  const kawin = d.statusNikah === 'Nikah';
  if (kawin && d.pasangan.length === 0) out.push('Data suami/istri belum ada di riwayat keluarga');
  if (d.pasangan.some((p) => !p.tglNikah)) out.push('Tanggal nikah suami/istri kosong');
  if (d.keluargaBelumVerifikasi > 0) out.push(`${d.keluargaBelumVerifikasi} data keluarga belum diverifikasi`);
  if (!d.adaSkpTahunTerakhir) out.push('Penilaian kinerja (SKP) tahun terakhir belum ada');
  return out;
}
