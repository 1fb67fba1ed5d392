// Periodic salary increase (KGB) of civil-servant teachers: docs/domain/kgb.md (PP 7/1977 art. 11-13
// as amended; salary tables in docs/domain/tabel-gaji.md). Pure functions on YYYY-MM-DD strings;
// "today" is always passed in.
//
// The personnel record drives the numbers: golongan, MKG, basic salary and the letter's "atas dasar"
// come from the newest verified decree that set the basic salary (a KGB, a rank promotion or a PMK).
// The next TMT is the step rule (PP 7/1977 art. 7): the date the MKG, counted on from that decree,
// reaches the next step of the table; two years apart only while the MKG sits on a step.
import { addMonths, KGB_CYCLE_MONTHS, tmtKgbBerikutnya } from './kepegawaian.ts';
import { tmtPensiun } from './pensiun.ts';
import { tmtCpnsFromNip } from '#contract/nip.ts';
import { isAsn, STATUS_CPNS, STATUS_PPPK } from '#contract/asn.ts';

/** The office prepares a KGB two months before its TMT (docs/domain/kgb.md): the due list, dashboard and month run read it here. */
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
  return Object.entries(t.rows).flatMap(([golongan, steps]) =>
    steps.map(([mkg, gaji]) => ({ regulasi: t.regulation, berlakuMulai: t.effectiveFrom, golongan, mkg, gaji })),
  );
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
 * The months by which the next TMT moves from the step rule's date: the postponements decided after
 * the last KGB (PP 7/1977 on postponement: at most a year at a time, again while the conditions
 * are still not met; a second one moves the TMT the first gave). The months a granted KGB waited
 * need no correction: "masa penundaan ... dihitung penuh untuk kenaikan gaji berkala berikutnya",
 * and they are in that KGB's MKG already, so the step rule brings the next one back to the regular
 * date (due 2026-12-01, postponed 12 months, granted 2027-12-01 at MKG 15: the next is 2028-12-01).
 */
export function tundaBulan(lastKgbTmt: string | null, postponements: Postponement[]): number {
  return postponements.filter((p) => lastKgbTmt === null || p.tmtSemula > lastKgbTmt).reduce((n, p) => n + p.bulan, 0);
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
  /**
   * The one after it (the step rule from the new MKG), or null when there is none: the teacher
   * retires first, or the new salary is the highest of the golongan (`tanpaBerikutnya` says which).
   */
  tmtBerikutnya: string | null;
  tanpaBerikutnya: TanpaBerikutnya | null;
  /** The letter may be issued from this date (two months before the TMT). */
  dueFrom: string;
  /** The decree the letter cites ("atas dasar"), with its MKG and salary (the old-salary block). */
  basis: Decree;
  mkgLama: Mkg;
  mkgBaru: Mkg;
  /** The table steps (MKG years) the old and new salaries were read at (a postponement pays the step of its regular date). */
  stepLama: number;
  stepBaru: number;
  golongan: string;
  /** What was paid on the eve of the TMT (gajiDibayar): the table in force then, at the old golongan and MKG. */
  gajiLama: number | null;
  /** The regulation of the old salary when it is not the decree's own figure (a table re-set it since), else null. */
  regulasiLama: string | null;
  gajiBaru: number;
  /** The regulation whose table gave the new salary. */
  regulasi: string;
  /** 80 for a CPNS (PP 7/1977 art. 5(1): 80 % of the table), else 100. */
  persen: number;
  /** The table's salary at the new MKG before the CPNS percentage (equal to gajiBaru otherwise). */
  gajiTabel: number;
}

export type TanpaBerikutnya = { alasan: 'pensiun'; pensiun: string } | { alasan: 'puncak'; golongan: string };

/** Why a teacher gets no letter now (the due list shows it with a way to fix it). */
export type NotReady =
  | { reason: 'not_participant' }
  | { reason: 'no_decree'; tmt: string | null }
  | { reason: 'no_tmt' }
  | { reason: 'retires_first'; tmt: string; pensiun: string }
  | { reason: 'top_of_scale'; tmt: string; golongan: string; mkg: Mkg }
  | { reason: 'no_salary'; tmt: string; golongan: string }
  | { reason: 'no_raise'; tmt: string; golongan: string; gajiLama: number; gajiBaru: number };

export type PlanResult = { ok: true; plan: KgbPlan } | ({ ok: false } & NotReady);

/** Civil-servant teachers take part: PNS, CPNS and PPPK (contract/asn.ts; docs/domain/kgb.md, corrected). */
export function takesPart(statusGuru: string | null): boolean {
  return isAsn(statusGuru);
}

/** A CPNS is paid 80 % of the table (PP 7/1977 art. 5(1)); table values are whole hundreds, so exact. */
export const persenGaji = (statusGuru: string | null): number => (statusGuru === STATUS_CPNS ? 80 : 100);
export const applyPersen = (gaji: number, persen: number): number => Math.round((gaji * persen) / 100);

/**
 * Where the next KGB counts from, two years before it (`guru.tmt_awal_kgb`): the due list's SQL
 * reads `coalesce(tmt_awal_kgb, tgl_kgb_terakhir)` + two years from its index, so the step rule's
 * date (nextStep from the newest decree) is kept as that anchor. Null at the top of the scale.
 */
export function cycleAnchor(basis: KgbBasis, table: SalaryStep[]): string | null {
  const next = nextStep(table, basis.golongan, basis.decree.tmt, basis.mkg);
  return next ? addMonths(next.tmt, -KGB_CYCLE_MONTHS) : null;
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
  return {
    decree,
    golongan: decree.golongan,
    mkg: decree.mkg,
    gaji: decree.gaji,
    lastKgbTmt: lastKgb?.tmt ?? null,
    firstTmt: sorted.at(-1)!.tmt,
  };
}

/**
 * The due list's pre-selection (the SQL function sidasek_kgb_tmt mirrors it, read from an index):
 * two years after the anchor (cycleAnchor, else the last KGB); without either, from the first
 * appointment in the NIP (after one year in II/a, else two). Always on the first of a month; a
 * postponement moves it by its months. planKgb decides the real date from the record.
 */
export function nextTmt(lastKgbTmt: string | null, nip: string | null, golongan: string, tunda = 0): string | null {
  const regular = regularTmt(lastKgbTmt, nip, golongan);
  return regular && tunda ? addMonths(regular, tunda) : regular;
}

function regularTmt(lastKgbTmt: string | null, nip: string | null, golongan: string): string | null {
  if (lastKgbTmt) return tmtKgbBerikutnya(lastKgbTmt);
  const cpns = nip ? tmtCpnsFromNip(nip) : null;
  if (!cpns) return null;
  return awalBulanBerikut(addMonths(cpns, golongan === 'II/a' ? 12 : KGB_CYCLE_MONTHS));
}

/** A salary table by golongan: its versions (oldest first), each version's steps by MKG. */
type TableIndex = Map<string, { versions: string[]; steps: Map<string, SalaryStep[]> }>;
const tableIndexes = new WeakMap<SalaryStep[], TableIndex>();

/** The table indexed once per table (a month of 4,000 teachers asks it tens of thousands of times). */
function indexOf(table: SalaryStep[]): TableIndex {
  let index = tableIndexes.get(table);
  if (index) return index;
  index = new Map();
  for (const s of table) {
    let g = index.get(s.golongan);
    if (!g) index.set(s.golongan, (g = { versions: [], steps: new Map() }));
    let steps = g.steps.get(s.berlakuMulai);
    if (!steps) {
      g.steps.set(s.berlakuMulai, (steps = []));
      g.versions.push(s.berlakuMulai);
    }
    steps.push(s);
  }
  for (const g of index.values()) {
    g.versions.sort();
    for (const steps of g.steps.values()) steps.sort((a, b) => a.mkg - b.mkg);
  }
  tableIndexes.set(table, index);
  return index;
}

/** The steps of a golongan in the table version in force on a date (the newest begun by then), by MKG. */
function tableInForce(table: SalaryStep[], golongan: string, date: string): readonly SalaryStep[] {
  const g = indexOf(table).get(golongan);
  if (!g) return [];
  let inForce: string | undefined;
  for (const v of g.versions) if (v <= date) inForce = v;
  return inForce ? g.steps.get(inForce)! : [];
}

/**
 * The salary for a golongan and MKG on a date: the table version in force on that date, and in it
 * the highest listed MKG step not above the MKG ("between two listed steps, the lower applies").
 */
export function salaryOn(
  table: SalaryStep[],
  golongan: string,
  mkgTahun: number,
  date: string,
): { gaji: number; regulasi: string; mkgStep: number; berlakuMulai: string } | null {
  const steps = tableInForce(table, golongan, date);
  let found: SalaryStep | undefined;
  for (const s of steps) if (s.mkg <= mkgTahun) found = s;
  found ??= steps[0];
  return found
    ? { gaji: found.gaji, regulasi: found.regulasi, mkgStep: found.mkg, berlakuMulai: found.berlakuMulai }
    : null;
}

/**
 * The MKG steps of a golongan's table (the table in force on the date; before the oldest table an
 * office keeps, that one: the steps of PP 15/2019 and PP 5/2024 are the same, only the amounts differ).
 */
function stepsOf(table: SalaryStep[], golongan: string, date: string): number[] {
  let steps: readonly SalaryStep[] = tableInForce(table, golongan, date);
  if (!steps.length) {
    const oldest = table
      .filter((s) => s.golongan === golongan)
      .reduce<string | null>((o, s) => (o === null || s.berlakuMulai < o ? s.berlakuMulai : o), null);
    steps = oldest ? tableInForce(table, golongan, oldest) : [];
  }
  return steps.map((s) => s.mkg);
}

/**
 * The step rule (PP 7/1977 art. 7; docs/domain/kgb.md "Kapan KGB jatuh"): a periodic increase falls
 * when the MKG reaches the next step of the table above the one it is on. Counted from a decree's
 * TMT and the MKG it states, the increase takes effect on the first of the month on or after the
 * day that step is reached (art. 13(3)). On a step the next one is two years on (one year from
 * II/a MKG 0); off a step (after an I→II promotion's six-year cut, a PMK, or data that says so) it
 * is sooner. Null beyond the last step: the top of the scale.
 */
export function nextStep(
  table: SalaryStep[],
  golongan: string,
  from: string,
  mkg: Mkg,
): { tmt: string; step: number } | null {
  const months = mkg.tahun * 12 + mkg.bulan;
  const step = stepsOf(table, golongan, from).find((s) => s * 12 > months);
  if (step === undefined) return null;
  return { tmt: awalBulanBerikut(addMonths(from, step * 12 - months)), step };
}

/** The day before a date (the eve of a TMT, when the old salary was still paid). */
export function hariSebelum(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * What the teacher was actually paid on a date while their newest decree held (docs/domain/kgb.md
 * "Gaji lama dan rapel"): the decree's stated salary while the table it was set under is still in
 * force; once a new table has re-set every salary (PP 5/2024 from 1 January 2024, at the same
 * golongan and MKG), that table's amount at the decree's golongan and MKG (times the CPNS
 * percentage). A promotion states no salary: the table in force on the date.
 */
export function gajiDibayar(
  table: SalaryStep[],
  basis: { golongan: string; mkg: Mkg; gaji: number | null; tmt: string },
  date: string,
  persen: number,
): number | null {
  const onDate = salaryOn(table, basis.golongan, basis.mkg.tahun, date);
  if (!onDate) return basis.gaji;
  const atDecree = salaryOn(table, basis.golongan, basis.mkg.tahun, basis.tmt);
  if (basis.gaji != null && atDecree?.berlakuMulai === onDate.berlakuMulai) return basis.gaji;
  return applyPersen(onDate.gaji, persen);
}

/** The next KGB of a teacher from their record, or why there is none now (docs/domain/kgb.md). */
export function planKgb(g: KgbInput, table: SalaryStep[]): PlanResult {
  if (!takesPart(g.statusGuru)) return { ok: false, reason: 'not_participant' };
  const basis = basisFromDecrees(g.decrees);
  if (!basis) {
    // Shown on the due list as "no decree yet"; the TMT only tells when it would have been (a NIP
    // carries the TMT CPNS; an NI PPPK no month).
    const cpns = g.nip && g.statusGuru !== STATUS_PPPK ? tmtCpnsFromNip(g.nip) : null;
    return { ok: false, reason: 'no_decree', tmt: cpns ? awalBulanBerikut(addMonths(cpns, KGB_CYCLE_MONTHS)) : null };
  }
  const tunda = g.tundaBulan ?? 0;
  const next = nextStep(table, basis.golongan, basis.decree.tmt, basis.mkg);
  if (!next)
    return {
      ok: false,
      reason: 'top_of_scale',
      tmt: awalBulanBerikut(addMonths(basis.decree.tmt, KGB_CYCLE_MONTHS)),
      golongan: basis.golongan,
      mkg: basis.mkg,
    };
  const tmt = tunda ? addMonths(next.tmt, tunda) : next.tmt;
  const pensiun = tmtPensiun(g.tglLahir, g.retirementAge);
  if (tmt >= pensiun) return { ok: false, reason: 'retires_first', tmt, pensiun };

  // Service in grade grows from the decree's TMT to the new TMT (a promotion between two KGBs keeps
  // its own MKG and counts on from its TMT; the months of a postponement count as service).
  const mkgBaru = addMkg(basis.mkg, Math.max(0, monthsBetween(basis.decree.tmt, tmt)));
  // A postponed increase pays the step of its regular date: the months it waited count for the
  // next increase, not this one.
  const mkgGaji = addMkg(mkgBaru, -Math.max(0, tunda));
  const baru = salaryOn(table, basis.golongan, mkgGaji.tahun, tmt);
  if (!baru) return { ok: false, reason: 'no_salary', tmt, golongan: basis.golongan };
  const persen = persenGaji(g.statusGuru);
  const dasar = { golongan: basis.golongan, mkg: basis.mkg, gaji: basis.gaji, tmt: basis.decree.tmt };
  const eve = hariSebelum(tmt);
  const gajiLama = gajiDibayar(table, dasar, eve, persen);
  const gajiBaru = applyPersen(baru.gaji, persen);
  // A letter never lowers a salary or leaves it equal (docs/domain/kgb.md): such a plan comes from
  // inconsistent data and is refused with the figures, like the top of the scale.
  if (gajiLama != null && gajiBaru <= gajiLama)
    return { ok: false, reason: 'no_raise', tmt, golongan: basis.golongan, gajiLama, gajiBaru };
  const lamaTabel = salaryOn(table, basis.golongan, basis.mkg.tahun, eve);
  const regulasiLama = basis.gaji != null && gajiLama === basis.gaji ? null : (lamaTabel?.regulasi ?? null);
  const after = nextStep(table, basis.golongan, tmt, mkgBaru);
  let tmtBerikutnya: string | null = after?.tmt ?? null;
  let tanpaBerikutnya: TanpaBerikutnya | null = after ? null : { alasan: 'puncak', golongan: basis.golongan };
  if (tmtBerikutnya && tmtBerikutnya >= pensiun)
    [tmtBerikutnya, tanpaBerikutnya] = [null, { alasan: 'pensiun', pensiun }];
  return {
    ok: true,
    plan: {
      tmt,
      tmtBerikutnya,
      tanpaBerikutnya,
      dueFrom: addMonths(tmt, -NOTICE_MONTHS),
      basis: basis.decree,
      mkgLama: basis.mkg,
      mkgBaru,
      stepLama: lamaTabel?.mkgStep ?? basis.mkg.tahun,
      stepBaru: baru.mkgStep,
      golongan: basis.golongan,
      gajiLama,
      regulasiLama,
      gajiBaru,
      gajiTabel: baru.gaji,
      persen,
      regulasi: baru.regulasi,
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

/** A run of months of back pay with the same old and new salary (one table in force). */
export interface RapelBagian {
  /** First month (YYYY-MM-01). */
  mulai: string;
  bulan: number;
  /** What was paid each month, and what the letter gives. */
  lama: number;
  baru: number;
}

/** What a letter says that back pay is computed from (frozen with the letter). */
export interface RapelSurat {
  tmt: string;
  golongan: string;
  gajiLama: number | null;
  gajiBaru: number;
  /** Table steps (MKG years) of the old and new salary; letters without them: their MKG years. */
  stepLama: number;
  stepBaru: number;
  persen: number;
}

/**
 * Back pay (rapel) up to the payroll month that first pays the new salary (docs/domain/kgb.md
 * "Gaji lama dan rapel"). Salaries are paid in advance at the start of each month, so every month
 * from the TMT until that payroll month went out at the old amount. Counted month by month as the
 * new salary less what was actually paid that month: while the tables of the letter hold, the
 * letter's own figures; in a month under a later table (PP 5/2024 re-set every salary from 1
 * January 2024), that table's amounts at the old and the new step. An estimate for the payroll
 * office (BPKAD/KPPN), which pays the difference (kekurangan gaji) in its own run. Null without the
 * old salary or when the payroll month is not after the TMT.
 */
export function rapel(
  l: RapelSurat,
  bulanGaji: string,
  table: SalaryStep[],
): { bulan: number; jumlah: number; rincian: RapelBagian[] } | null {
  if (l.gajiLama == null) return null;
  const months = monthsBetween(l.tmt, `${bulanGaji.slice(0, 7)}-01`);
  if (months <= 0) return null;
  const versiLama = salaryOn(table, l.golongan, l.stepLama, hariSebelum(l.tmt))?.berlakuMulai;
  const versiBaru = salaryOn(table, l.golongan, l.stepBaru, l.tmt)?.berlakuMulai;
  const rincian: RapelBagian[] = [];
  for (let i = 0; i < months; i++) {
    const date = addMonths(l.tmt, i);
    const lamaNow = salaryOn(table, l.golongan, l.stepLama, date);
    const baruNow = salaryOn(table, l.golongan, l.stepBaru, date);
    const lama = !lamaNow || lamaNow.berlakuMulai === versiLama ? l.gajiLama : applyPersen(lamaNow.gaji, l.persen);
    const baru = !baruNow || baruNow.berlakuMulai === versiBaru ? l.gajiBaru : applyPersen(baruNow.gaji, l.persen);
    const last = rincian.at(-1);
    if (last && last.lama === lama && last.baru === baru) last.bulan++;
    else rincian.push({ mulai: date, bulan: 1, lama, baru });
  }
  return { bulan: months, jumlah: rincian.reduce((n, r) => n + r.bulan * (r.baru - r.lama), 0), rincian };
}

/** The payroll month that first pays a letter signed on a date: the next month (this one's salary went out at its start). */
export function bulanGajiSetelah(tanggalTtd: string): string {
  return addMonths(`${tanggalTtd.slice(0, 7)}-01`, 1);
}
