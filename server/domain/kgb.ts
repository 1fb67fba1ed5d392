// Periodic salary increase (KGB) of civil-servant teachers (DOMAIN.md; PP 7/1977 art. 11-13,
// salary table PP 5/2024). Pure functions on YYYY-MM-DD strings; "today" is always passed in.
//
// The personnel record drives the numbers (issue 22): golongan, MKG, basic salary and the letter's
// "atas dasar" come from the newest verified decree that set the basic salary (a KGB or a rank
// promotion); the next TMT from the last KGB decree (a promotion does not move the two-year cycle),
// or from the first appointment read from the NIP when there has been no KGB yet.
import { addMonths, tanggalPensiun, tmtKgbBerikutnya } from './kepegawaian.ts';
import { tmtCpnsFromNip } from '#contract/nip.ts';
import { isAsn, STATUS_CPNS, STATUS_PPPK } from '#contract/asn.ts';

export const NOTICE_MONTHS = 2;

/**
 * A verified decree that set the basic salary: a KGB (Riwayat KGB), a promotion or appointment
 * (Kepangkatan), or a service-credit review (PMK, Peninjauan Masa Kerja).
 */
export interface Decree {
  kind: 'kgb' | 'pangkat' | 'pmk';
  id: number;
  /** Effective date (TMT). */
  tmt: string;
  golongan: string;
  mkg: Mkg;
  /** The basic salary the decree states (KGB and PMK decrees); null: read from the table (promotions). */
  gaji: number | null;
  nomor: string;
  tanggal: string | null;
  pejabat: string;
}

export interface Mkg {
  tahun: number;
  bulan: number;
}

export interface SalaryStep {
  regulasi: string;
  berlakuMulai: string;
  golongan: string;
  mkg: number;
  gaji: number;
}

/** A salary table as its module writes it (gaji-*.ts): golongan → [MKG years, rupiah]. */
export interface SalaryTable {
  regulation: string;
  effectiveFrom: string;
  rows: Record<string, [number, number][]>;
}

/** The rows of a salary table as steps (what gaji_pokok_tabel stores). */
export function salarySteps(t: SalaryTable): SalaryStep[] {
  return Object.entries(t.rows).flatMap(([golongan, steps]) => steps.map(([mkg, gaji]) => ({ regulasi: t.regulation, berlakuMulai: t.effectiveFrom, golongan, mkg, gaji })));
}

export interface KgbInput {
  statusGuru: string | null;
  nip: string | null;
  tglLahir: string;
  retirementAge: number;
  /** The teacher's verified salary-setting decrees, in any order. */
  decrees: Decree[];
  /** Months the next TMT moves (`tundaBulan`: postponements after the last KGB, less those it waited). */
  tundaBulan?: number;
}

/** A postponement of a KGB (penundaan): the increase due on `tmtSemula` moves by `bulan` months. */
export interface Postponement {
  tmtSemula: string;
  bulan: number;
}

/**
 * The months by which the next TMT moves from two years after the last KGB (PP 7/1977 on
 * postponement: at most a year at a time, again while the conditions are still not met; the
 * increase is then given from the month after the postponement, and "masa penundaan ... dihitung
 * penuh untuk kenaikan gaji berkala berikutnya"):
 * - plus the postponements decided after the last KGB (a second one moves the TMT the first gave);
 * - minus the postponements that led to the last KGB itself: the months it waited count for the
 *   next one, so the cycle returns to its regular dates (due 2026-12-01, postponed 12 months,
 *   granted 2027-12-01: the next is 2028-12-01, not 2029-12-01).
 */
export function tundaBulan(lastKgbTmt: string | null, postponements: Postponement[]): number {
  const after = postponements.filter((p) => lastKgbTmt === null || p.tmtSemula > lastKgbTmt).reduce((n, p) => n + p.bulan, 0);
  let waited = 0;
  // The chain that ends on the last KGB's TMT: each postponement moved the TMT the previous gave.
  for (let at = lastKgbTmt, link = chainLink(postponements, at); at && link; at = link.tmtSemula, link = chainLink(postponements, at)) waited += link.bulan;
  return after - waited;
}

function chainLink(postponements: Postponement[], tmt: string | null): Postponement | undefined {
  return tmt ? postponements.find((p) => p.tmtSemula < tmt && addMonths(p.tmtSemula, p.bulan) === tmt) : undefined;
}

/** What the record says now: the newest salary-setting decree and the last KGB. */
export interface KgbBasis {
  decree: Decree;
  golongan: string;
  mkg: Mkg;
  gaji: number | null;
  lastKgbTmt: string | null;
  /** The oldest decree's TMT: for a PPPK teacher the appointment, from which the first KGB counts. */
  firstTmt: string;
}

export interface KgbPlan {
  /** Effective date (TMT) of the next increase: always the first of a month. */
  tmt: string;
  /** The one after it: two years on, less the months this one was postponed (they count for it). */
  tmtBerikutnya: string;
  /** The letter may be issued from this date (two months before the TMT). */
  dueFrom: string;
  /** The decree the letter cites ("atas dasar"), with its MKG and salary (the old-salary block). */
  basis: Decree;
  mkgLama: Mkg;
  mkgBaru: Mkg;
  golongan: string;
  gajiLama: number | null;
  gajiBaru: number;
  /** The regulation whose table gave the new salary. */
  regulasi: string;
  /** 80 for a CPNS (PP 7/1977 art. 5(1): 80 % of the table), else 100. */
  persen: number;
  /** The table's salary at the new MKG before the CPNS percentage (equal to gajiBaru otherwise). */
  gajiTabel: number;
}

/** Why a teacher gets no letter now (the due list shows it with a way to fix it). */
export type NotReady =
  | { reason: 'not_participant' }
  | { reason: 'no_decree'; tmt: string | null }
  | { reason: 'no_tmt' }
  | { reason: 'retires_first'; tmt: string; pensiun: string }
  | { reason: 'top_of_scale'; tmt: string; golongan: string; mkg: Mkg }
  | { reason: 'no_salary'; tmt: string; golongan: string };

export type PlanResult = { ok: true; plan: KgbPlan } | ({ ok: false } & NotReady);

/** Civil-servant teachers take part: PNS, CPNS and PPPK (contract/asn.ts; DOMAIN.md, corrected). */
export function takesPart(statusGuru: string | null): boolean {
  return isAsn(statusGuru);
}

/** A CPNS is paid 80 % of the table (PP 7/1977 art. 5(1)); table values are whole hundreds, so exact. */
export const persenGaji = (statusGuru: string | null): number => (statusGuru === STATUS_CPNS ? 80 : 100);
export const applyPersen = (gaji: number, persen: number): number => Math.round((gaji * persen) / 100);

/**
 * Where the next KGB counts from (two years on) when it is not the last KGB, or null:
 * - after a service-credit review (PMK) newer than the last KGB, the KGB falls when the credited MKG
 *   reaches the table's next step (PP 7/1977: the increase is given once the MKG it needs is met),
 *   so the anchor is that date less two years;
 * - a PPPK teacher without a KGB counts from the appointment (the oldest decree: the NI PPPK
 *   carries no month). A PNS or CPNS teacher without a KGB counts from the TMT CPNS in the NIP.
 * Kept as `guru.tmt_awal_kgb`, so the due list's SQL reads `coalesce(tmt_awal_kgb, tgl_kgb_terakhir)`.
 */
export function cycleAnchor(statusGuru: string | null, basis: KgbBasis, table: SalaryStep[]): string | null {
  if (basis.decree.kind === 'pmk') {
    const next = tableInForce(table, basis.golongan, basis.decree.tmt).find((s) => s.mkg > basis.mkg.tahun);
    if (next) return addMonths(basis.decree.tmt, next.mkg * 12 - (basis.mkg.tahun * 12 + basis.mkg.bulan) - 24);
  }
  return basis.lastKgbTmt === null && statusGuru === STATUS_PPPK ? basis.firstTmt : null;
}

/**
 * The first of the month on or after `date` (PP 7/1977 art. 13(3): an increase takes effect from
 * the month after the conditions are met, so always on the 1st).
 */
export function awalBulanBerikut(date: string): string {
  return date.endsWith('-01') ? date : addMonths(`${date.slice(0, 7)}-01`, 1);
}


/** Whole months from `from` to `to` (a month counts only once its day is reached). */
export function monthsBetween(from: string, to: string): number {
  const [y1, m1, d1] = from.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = to.split('-').map(Number) as [number, number, number];
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
}

export function addMkg(m: Mkg, months: number): Mkg {
  const total = m.tahun * 12 + m.bulan + months;
  return { tahun: Math.floor(total / 12), bulan: total % 12 };
}

/**
 * Newest first. On the same TMT: a PMK (it corrects the MKG of the golongan it names), then a
 * promotion (it sets the new golongan), then a KGB.
 */
const KIND_ORDER: Record<Decree['kind'], number> = { pmk: 0, pangkat: 1, kgb: 2 };
function newestFirst(a: Decree, b: Decree): number {
  if (a.tmt !== b.tmt) return a.tmt < b.tmt ? 1 : -1;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return b.id - a.id;
}

/** The record's current golongan, MKG and salary, or null without a usable decree. */
export function basisFromDecrees(decrees: Decree[]): KgbBasis | null {
  const sorted = decrees.filter((d) => d.tmt && d.golongan).sort(newestFirst);
  const decree = sorted[0];
  if (!decree) return null;
  const lastKgb = sorted.find((d) => d.kind === 'kgb');
  return { decree, golongan: decree.golongan, mkg: decree.mkg, gaji: decree.gaji, lastKgbTmt: lastKgb?.tmt ?? null, firstTmt: sorted.at(-1)!.tmt };
}

/**
 * The next TMT: two years after the last KGB. Without a KGB in the record, counted from the first
 * appointment (TMT CPNS, read from the NIP): after one year for someone appointed in II/a, else two.
 * Always on the first of a month; a postponement moves it by its months.
 */
export function nextTmt(lastKgbTmt: string | null, nip: string | null, golongan: string, tunda = 0): string | null {
  const regular = regularTmt(lastKgbTmt, nip, golongan);
  return regular && tunda ? addMonths(regular, tunda) : regular;
}

function regularTmt(lastKgbTmt: string | null, nip: string | null, golongan: string): string | null {
  if (lastKgbTmt) return tmtKgbBerikutnya(lastKgbTmt);
  const cpns = nip ? tmtCpnsFromNip(nip) : null;
  if (!cpns) return null;
  return awalBulanBerikut(addMonths(cpns, golongan === 'II/a' ? 12 : 24));
}

function tableInForce(table: SalaryStep[], golongan: string, date: string): SalaryStep[] {
  const versions = [...new Set(table.filter((s) => s.golongan === golongan && s.berlakuMulai <= date).map((s) => s.berlakuMulai))].sort();
  const inForce = versions.at(-1);
  if (!inForce) return [];
  return table.filter((s) => s.golongan === golongan && s.berlakuMulai === inForce).sort((a, b) => a.mkg - b.mkg);
}

/**
 * The salary for a golongan and MKG on a date: the table version in force on that date, and in it
 * the highest listed MKG step not above the MKG ("between two listed steps, the lower applies").
 */
export function salaryOn(table: SalaryStep[], golongan: string, mkgTahun: number, date: string): { gaji: number; regulasi: string; mkgStep: number } | null {
  const steps = tableInForce(table, golongan, date);
  let found: SalaryStep | undefined;
  for (const s of steps) if (s.mkg <= mkgTahun) found = s;
  found ??= steps[0];
  return found ? { gaji: found.gaji, regulasi: found.regulasi, mkgStep: found.mkg } : null;
}

/** The next KGB of a teacher from their record, or why there is none now. */
export function planKgb(g: KgbInput, table: SalaryStep[]): PlanResult {
  if (!takesPart(g.statusGuru)) return { ok: false, reason: 'not_participant' };
  const basis = basisFromDecrees(g.decrees);
  if (!basis) {
    // Shown on the due list as "no decree yet"; the TMT only tells when it would have been (a NIP
    // carries the TMT CPNS; an NI PPPK no month).
    const cpns = g.nip && g.statusGuru !== STATUS_PPPK ? tmtCpnsFromNip(g.nip) : null;
    return { ok: false, reason: 'no_decree', tmt: cpns ? awalBulanBerikut(addMonths(cpns, 24)) : null };
  }
  const pppk = g.statusGuru === STATUS_PPPK;
  const tmt = nextTmt(cycleAnchor(g.statusGuru, basis, table) ?? basis.lastKgbTmt, pppk ? null : g.nip, basis.golongan, g.tundaBulan ?? 0);
  if (!tmt) return { ok: false, reason: 'no_tmt' };
  const pensiun = tanggalPensiun(g.tglLahir, g.retirementAge);
  if (tmt >= pensiun) return { ok: false, reason: 'retires_first', tmt, pensiun };

  // Service in grade grows from the decree's TMT to the new TMT (a promotion between two KGBs keeps
  // its own MKG and counts on from its TMT; the months of a postponement count as service).
  const mkgBaru = addMkg(basis.mkg, Math.max(0, monthsBetween(basis.decree.tmt, tmt)));
  // A postponed increase pays the step of its regular date: the months it waited count for the
  // next increase, not this one.
  const mkgGaji = addMkg(mkgBaru, -Math.max(0, g.tundaBulan ?? 0));
  const steps = tableInForce(table, basis.golongan, tmt);
  const lastStep = steps.at(-1)?.mkg;
  if (lastStep !== undefined && basis.mkg.tahun >= lastStep) return { ok: false, reason: 'top_of_scale', tmt, golongan: basis.golongan, mkg: basis.mkg };
  const baru = salaryOn(table, basis.golongan, mkgGaji.tahun, tmt);
  if (!baru) return { ok: false, reason: 'no_salary', tmt, golongan: basis.golongan };
  const persen = persenGaji(g.statusGuru);
  const lamaTabel = salaryOn(table, basis.golongan, basis.mkg.tahun, basis.decree.tmt)?.gaji;
  const gajiLama = basis.gaji ?? (lamaTabel === undefined ? null : applyPersen(lamaTabel, persen));
  return {
    ok: true,
    plan: {
      tmt, tmtBerikutnya: addMonths(tmt, 24 - Math.max(0, g.tundaBulan ?? 0)), dueFrom: addMonths(tmt, -NOTICE_MONTHS), basis: basis.decree, mkgLama: basis.mkg, mkgBaru,
      golongan: basis.golongan, gajiLama, gajiBaru: applyPersen(baru.gaji, persen), gajiTabel: baru.gaji, persen, regulasi: baru.regulasi,
    },
  };
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

/**
 * Back pay (rapel) owed when a letter is signed on or after its TMT (issue 24.2). Salaries are paid
 * in advance on the first working day of each month, so the salary of every month from the TMT up
 * to and including the month of signing has already gone out at the old amount; the new amount can
 * be paid from the next payroll. An estimate for the payroll office (BPKAD/KPPN), which pays the
 * difference (kekurangan gaji) in its own run; none when signed before the TMT's month.
 */
export function rapel(tmt: string, tanggalTtd: string, gajiLama: number | null, gajiBaru: number): { bulan: number; jumlah: number } | null {
  if (gajiLama == null) return null;
  const bulan = monthsBetween(tmt, `${tanggalTtd.slice(0, 7)}-01`) + 1;
  if (bulan <= 0) return null;
  return { bulan, jumlah: bulan * (gajiBaru - gajiLama) };
}
