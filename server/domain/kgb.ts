// Periodic salary increase (KGB) of civil-servant teachers (DOMAIN.md; PP 7/1977 art. 11-13,
// salary table PP 5/2024). Pure functions on YYYY-MM-DD strings; "today" is always passed in.
import { addMonths } from './kepegawaian.ts';
import { tmtCpnsFromNip } from '#contract/nip.ts';

export const NOTICE_MONTHS = 2;

export interface KgbInput {
  statusGuru: string | null;
  golongan: string | null;
  nip: string | null;
  tglKgbTerakhir: string | null;
  mkgTahun: number | null;
  mkgBulan: number | null;
  gajiPokok: number | null;
}

export interface SalaryStep {
  regulasi: string;
  berlakuMulai: string;
  golongan: string;
  mkg: number;
  gaji: number;
}

export interface KgbPlan {
  /** Effective date (TMT) of the next increase. */
  tmt: string;
  /** The letter may be issued from this date (two months before the TMT). */
  dueFrom: string;
  mkgLama: { tahun: number; bulan: number };
  mkgBaru: { tahun: number; bulan: number };
  golongan: string;
  gajiLama: number | null;
  gajiBaru: number | null;
  /** The regulation whose table gave the new salary. */
  regulasi: string | null;
}

/** Only PNS teachers with a golongan take part. */
export function takesPart(g: Pick<KgbInput, 'statusGuru' | 'golongan'>): boolean {
  return g.statusGuru === 'PNS' && !!g.golongan;
}

/**
 * The next TMT: two years after the last KGB. Without a recorded last KGB, counted from the first
 * appointment (TMT CPNS, read from the NIP): after one year for someone appointed in II/a, else two.
 */
export function nextTmt(g: Pick<KgbInput, 'golongan' | 'nip' | 'tglKgbTerakhir'>): string | null {
  if (g.tglKgbTerakhir) return addMonths(g.tglKgbTerakhir, 24);
  const cpns = g.nip ? tmtCpnsFromNip(g.nip) : null;
  if (!cpns) return null;
  return addMonths(cpns, g.golongan === 'II/a' ? 12 : 24);
}

/**
 * The salary for a golongan and MKG on a date: the table version in force on that date, and in it
 * the highest listed MKG step not above the MKG ("between two listed steps, the lower applies").
 */
export function salaryOn(table: SalaryStep[], golongan: string, mkgTahun: number, date: string): { gaji: number; regulasi: string } | null {
  const versions = [...new Set(table.filter((s) => s.golongan === golongan && s.berlakuMulai <= date).map((s) => s.berlakuMulai))].sort();
  const inForce = versions.at(-1);
  if (!inForce) return null;
  const steps = table.filter((s) => s.golongan === golongan && s.berlakuMulai === inForce).sort((a, b) => a.mkg - b.mkg);
  let found: SalaryStep | undefined;
  for (const s of steps) if (s.mkg <= mkgTahun) found = s;
  found ??= steps[0];
  return found ? { gaji: found.gaji, regulasi: found.regulasi } : null;
}

/** The next KGB of a teacher, or null when they do not take part or their data is incomplete. */
export function planKgb(g: KgbInput, table: SalaryStep[]): KgbPlan | null {
  if (!takesPart(g)) return null;
  const tmt = nextTmt(g);
  if (!tmt) return null;
  const mkgLama = { tahun: g.mkgTahun ?? 0, bulan: g.mkgBulan ?? 0 };
  // Service in grade grows by the time between the two increases.
  const years = g.tglKgbTerakhir ? 2 : g.golongan === 'II/a' ? 1 : 2;
  const mkgBaru = { tahun: mkgLama.tahun + years, bulan: mkgLama.bulan };
  const baru = salaryOn(table, g.golongan!, mkgBaru.tahun, tmt);
  const lama = g.gajiPokok ?? salaryOn(table, g.golongan!, mkgLama.tahun, tmt)?.gaji ?? null;
  return { tmt, dueFrom: addMonths(tmt, -NOTICE_MONTHS), mkgLama, mkgBaru, golongan: g.golongan!, gajiLama: lama, gajiBaru: baru?.gaji ?? null, regulasi: baru?.regulasi ?? null };
}

export interface DueState {
  due: boolean;
  overdue: boolean;
  /** Days from today to the TMT (negative when overdue). */
  daysLeft: number;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** Due from two months before the TMT until signed; overdue after the TMT. */
export function dueState(tmt: string, today: string): DueState {
  const daysLeft = dayNumber(tmt) - dayNumber(today);
  return { due: today >= addMonths(tmt, -NOTICE_MONTHS), overdue: daysLeft < 0, daysLeft };
}
