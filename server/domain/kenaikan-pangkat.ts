// Rank promotion (kenaikan pangkat, KP) of a civil-servant teacher for one period, and the rating
// check the KGB due list shares. Pure functions on YYYY-MM-DD strings, no clock. Every rule and its
// source: docs/domain/kenaikan-pangkat.md.
import { GOLONGAN_PNS, STATUS_PNS } from '#contract/asn.ts';
import { PREDIKAT_SKP, PREDIKAT_MINIMAL, type KpSyarat, type PredikatSkp } from '#contract/kenaikan-pangkat-values.ts';
import { addMonths } from './kepegawaian.ts';
import { tmtPensiun } from './pensiun.ts';
import { addMkg, monthsBetween, type Mkg } from './kgb.ts';
import { tanggalPanjang } from './terbilang.ts';

/** Minimum months in the current rank: regular promotion (PP 99/2000 art. 7(1)a as amended). */
export const MASA_REGULER_BULAN = 48;
/** Minimum months in the current rank for a functional position (PP 99/2000 art. 13a; Peraturan BKN 11/2022 art. 39(1)a). */
export const MASA_FUNGSIONAL_BULAN = 24;
/** The smallest of the two: a teacher with fewer months since the last rank is never due (the list's window). */
export const MASA_MINIMAL_BULAN = Math.min(MASA_REGULER_BULAN, MASA_FUNGSIONAL_BULAN);
/** Ratings of at least Baik in the last two years (PP 99/2000 art. 7(1)b and 13c). */
export const TAHUN_SKP_DINILAI = 2;

/**
 * Highest rank of a regular promotion by education (PP 99/2000 art. 18 as amended by PP 12/2002;
 * the BKN table of Kep. Ka BKN 12/2002). SLTP Kejuruan (II/d) is not told apart from SMP here.
 */
export const PANGKAT_TERTINGGI_PENDIDIKAN: Record<string, string> = {
  SD: 'II/a',
  SMP: 'II/c',
  'SMA/SMK': 'III/b',
  D1: 'III/b',
  D2: 'III/b',
  D3: 'III/c',
  D4: 'III/d',
  S1: 'III/d',
  S2: 'IV/a',
  S3: 'IV/b',
};
/** Education that the expert levels (Ahli) of the teacher's functional position require (PermenPANRB 21/2024 on JF Guru keeps D-IV/S-1). */
const PENDIDIKAN_AHLI = new Set(['D4', 'S1', 'S2', 'S3']);

/** Levels of the teacher's functional position by golongan, and the yearly credit coefficient per level (PermenPANRB 1/2023; Peraturan BKN 3/2023). */
export interface Jenjang {
  nama: string;
  koefisien: number;
  golongan: readonly string[];
}
export const JENJANG_GURU: readonly Jenjang[] = [
  { nama: 'Ahli Pertama', koefisien: 12.5, golongan: ['III/a', 'III/b'] },
  { nama: 'Ahli Muda', koefisien: 25, golongan: ['III/c', 'III/d'] },
  { nama: 'Ahli Madya', koefisien: 37.5, golongan: ['IV/a', 'IV/b', 'IV/c'] },
  { nama: 'Ahli Utama', koefisien: 50, golongan: ['IV/d', 'IV/e'] },
];

/**
 * Credit points counted in the level (jenjang) at the start of each golongan, and what the next
 * golongan needs, in the integrated scheme (Peraturan BKN 3/2023, Lampiran; BKN's conversion
 * table: III/a 0-50, III/b 50-100, III/c 0-100, III/d 100-200, IV/a 0-150, IV/b 150-300,
 * IV/c 300-450, IV/d 0-200). Crossing to the next level (III/b→III/c, III/d→IV/a, IV/c→IV/d) needs
 * the level's cumulative figure; the points start again from 0 in the new level.
 */
export const ANGKA_KREDIT: Record<string, { awal: number; dibutuhkan: number }> = {
  'III/a': { awal: 0, dibutuhkan: 50 },
  'III/b': { awal: 50, dibutuhkan: 100 },
  'III/c': { awal: 0, dibutuhkan: 100 },
  'III/d': { awal: 100, dibutuhkan: 200 },
  'IV/a': { awal: 0, dibutuhkan: 150 },
  'IV/b': { awal: 150, dibutuhkan: 300 },
  'IV/c': { awal: 300, dibutuhkan: 450 },
  'IV/d': { awal: 0, dibutuhkan: 200 },
};

/** Share of the yearly coefficient a predicate earns (PermenPANRB 1/2023; Peraturan BKN 3/2023). */
export const PERSEN_PREDIKAT: Record<PredikatSkp, number> = {
  'Sangat Baik': 150,
  Baik: 100,
  'Butuh Perbaikan': 75,
  Kurang: 50,
  'Sangat Kurang': 25,
};

/** Months a periodic rating covers. */
const BULAN_PERIODE: Record<string, [number, number]> = {
  'Triwulan I': [1, 3],
  'Triwulan II': [4, 6],
  'Triwulan III': [7, 9],
  'Triwulan IV': [10, 12],
  'Semester I': [1, 6],
  'Semester II': [7, 12],
};

export interface Penilaian {
  tahun: number;
  periode: string;
  predikat: PredikatSkp;
  terverifikasi: boolean;
}

export interface Hukdis {
  tingkat: string;
  tmt: string;
  selesai: string | null;
  terverifikasi: boolean;
}

export interface KpInput {
  statusGuru: string | null;
  tglLahir: string;
  retirementAge: number;
  /** The newest verified Kepangkatan (rank decree): its golongan and TMT. */
  pangkat: { golongan: string; tmt: string } | null;
  /** Highest education (PENDIDIKAN_TERAKHIR code), or null when unknown. */
  pendidikan: string | null;
  penilaian: Penilaian[];
  hukdis: Hukdis[];
  /**
   * The newest verified credit point decision (PAK): the cumulative points it sets and the last day
   * it assessed. Counted from when it belongs to the current rank (assessed up to the rank's TMT or
   * later); absent or older, the points start at the golongan's lower end.
   */
  pak?: { akKumulatif: number; sampai: string } | null;
}

/** The promotion result of a teacher for a period: the contract's shape (contract/kenaikan-pangkat-values.ts). */
export type KpHasil = KpSyarat;

const RANK = new Map(GOLONGAN_PNS.map((g, i) => [g, i]));
const rankOf = (g: string | null | undefined) => (g ? (RANK.get(g) ?? -1) : -1);
const baik = (p: PredikatSkp) => PREDIKAT_SKP.indexOf(p) <= PREDIKAT_SKP.indexOf(PREDIKAT_MINIMAL);
const round3 = (n: number) => Math.round(n * 1000) / 1000;
// One formatter for every call (toLocaleString builds one each time: the list formats a figure per teacher).
const ANGKA = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 3 });
const angka = (n: number) => ANGKA.format(n);
const masaText = (bulan: number) => `${Math.floor(bulan / 12)} tahun ${bulan % 12} bulan`;

/** The first day of the month of a YYYY-MM period. */
export const tmtPeriode = (periode: string): string => `${periode}-01`;

/**
 * Whether a month is a promotion period: every month from October 2025 (Peraturan BKN 4/2025);
 * February, April, June, August, October and December in 2024 until September 2025 (Peraturan BKN
 * 4/2023); April and October before (PP 99/2000 art. 4 as amended by PP 12/2002).
 */
export function periodeSah(periode: string): boolean {
  const month = Number(periode.slice(5, 7));
  if (periode >= '2025-10') return true;
  if (periode >= '2024-01') return month % 2 === 0;
  return month === 4 || month === 10;
}

/** The names of the periods in force in a month, for the message when another month is asked. */
export function periodeBerlaku(periode: string): string {
  if (periode >= '2025-10') return 'setiap bulan (Peraturan BKN 4/2025)';
  if (periode >= '2024-01') return 'Februari, April, Juni, Agustus, Oktober dan Desember (Peraturan BKN 4/2023)';
  return 'April dan Oktober (PP 12/2002)';
}

export const jenjangOf = (golongan: string): Jenjang | undefined =>
  JENJANG_GURU.find((j) => j.golongan.includes(golongan));

/** The annual rating of a year (verified first), or undefined. */
function tahunan(penilaian: Penilaian[], tahun: number): Penilaian | undefined {
  const rows = penilaian.filter((p) => p.tahun === tahun && p.periode === 'Tahunan');
  return rows.find((p) => p.terverifikasi) ?? rows[0];
}

/**
 * Ratings below Baik in the given years (verified annual ratings only), e.g. for the KGB due list:
 * the years a salary step covers (docs/domain/kenaikan-pangkat.md, "Ratings and the KGB").
 */
export function skpDiBawahBaik(penilaian: Penilaian[], tahun: number[]): { tahun: number; predikat: PredikatSkp }[] {
  const out: { tahun: number; predikat: PredikatSkp }[] = [];
  for (const y of tahun) {
    const p = penilaian.find((x) => x.tahun === y && x.periode === 'Tahunan' && x.terverifikasi);
    if (p && !baik(p.predikat)) out.push({ tahun: y, predikat: p.predikat });
  }
  return out;
}

/** The years whose ratings a KGB with this TMT looks at: the two calendar years before it. */
export const tahunSkpKgb = (tmt: string): number[] => {
  const y = Number(tmt.slice(0, 4));
  return [y - 2, y - 1];
};

/**
 * Credit points earned month by month from the TMT of the rank, for `bulan` months: coefficient ×
 * predicate share / 12 (Peraturan BKN 3/2023: proportional conversion of periodic ratings). A month
 * counts at its year's verified annual rating, else at a verified periodic rating covering it; a
 * month with neither counts at the last known predicate (`perkiraan`), or, when projecting, at Baik.
 */
function akBulanan(
  jenjang: Jenjang,
  tmt: string,
  bulan: number,
  penilaian: Penilaian[],
  proyeksi: boolean,
): { per: number[]; perkiraan: boolean[] } {
  const per: number[] = [];
  const perkiraan: boolean[] = [];
  let terakhir: PredikatSkp | null = null;
  const byYear = new Map<number, Penilaian[]>();
  for (const p of penilaian) if (p.terverifikasi) byYear.set(p.tahun, [...(byYear.get(p.tahun) ?? []), p]);
  let y = Number(tmt.slice(0, 4));
  let month = Number(tmt.slice(5, 7));
  for (let i = 0; i < bulan; i++) {
    const rows = byYear.get(y) ?? [];
    const annual = rows.find((p) => p.periode === 'Tahunan');
    const periodic = annual
      ? undefined
      : rows.find(
          (p) =>
            BULAN_PERIODE[p.periode] && month >= BULAN_PERIODE[p.periode]![0] && month <= BULAN_PERIODE[p.periode]![1],
        );
    let predikat: PredikatSkp | null = annual?.predikat ?? periodic?.predikat ?? null;
    let estimated = false;
    if (predikat) terakhir = predikat;
    else if (terakhir || proyeksi) {
      predikat = terakhir ?? 'Baik';
      estimated = true;
    }
    per.push(predikat ? (jenjang.koefisien * PERSEN_PREDIKAT[predikat]) / 100 / 12 : 0);
    perkiraan.push(estimated);
    if (++month > 12) {
      month = 1;
      y++;
    }
  }
  return { per, perkiraan };
}

const sum = (xs: number[], n = xs.length, from = 0) => {
  let t = 0;
  for (let i = from; i < n; i++) t += xs[i]!;
  return round3(t);
};

/**
 * Where the credit points of the current rank start: a PAK of this rank (assessed up to its TMT or
 * later) sets them at its cumulative figure, and the months after the one it assessed last are
 * converted from the ratings; without one, the golongan's lower end and every month since the TMT
 * (Peraturan BKN 3/2023: the PAK's cumulative points carry over; docs/domain/kenaikan-pangkat.md).
 */
export function akDasar(
  pangkatTmt: string,
  awalGolongan: number,
  pak: KpInput['pak'],
): { awal: number; dariBulan: number; pak: boolean } {
  if (!pak || pak.sampai < pangkatTmt) return { awal: awalGolongan, dariBulan: 0, pak: false };
  const sesudah = addMonths(`${pak.sampai.slice(0, 7)}-01`, 1);
  return { awal: pak.akKumulatif, dariBulan: Math.max(0, monthsBetween(pangkatTmt, sesudah)), pak: true };
}

/** Whether a verified penalty is in force on a date (PP 94/2021; docs/domain/kenaikan-pangkat.md). */
function berlaku(h: Hukdis, tanggal: string): boolean {
  if (h.tingkat === 'Ringan') return false;
  return h.tmt <= tanggal && (h.selesai === null || h.selesai >= tanggal);
}

/**
 * Whether a teacher meets the conditions of a promotion with the period's TMT, and if not, why;
 * what data is missing; and the earliest later TMT at which time in rank and credit points are met.
 */
export function syaratKenaikanPangkat(g: KpInput, periode: string): KpHasil {
  const tmt = tmtPeriode(periode);
  const hasil: KpHasil = {
    tmt,
    golongan: g.pangkat?.golongan ?? null,
    golongan_baru: null,
    jalur: null,
    masa_bulan: null,
    angka_kredit: null,
    memenuhi: false,
    alasan: [],
    data_kurang: [],
    catatan: [],
    tmt_berikut: null,
  };
  if (g.statusGuru !== STATUS_PNS) {
    hasil.alasan.push(
      g.statusGuru === 'CPNS'
        ? 'Masih CPNS: kenaikan pangkat setelah diangkat menjadi PNS'
        : 'Kenaikan pangkat hanya untuk PNS',
    );
    return hasil;
  }
  const pensiun = tmtPensiun(g.tglLahir, g.retirementAge);
  const pensiunSebelum = pensiun <= tmt;
  if (pensiunSebelum) hasil.alasan.push(`Pensiun (BUP) ${tanggalPanjang(pensiun)}, sebelum TMT ${tanggalPanjang(tmt)}`);

  if (!g.pangkat) {
    hasil.data_kurang.push('SK pangkat terakhir (Kepangkatan terverifikasi)');
  }
  if (!g.pendidikan) hasil.data_kurang.push('Pendidikan terakhir');

  for (const h of g.hukdis) {
    if (!h.terverifikasi) hasil.data_kurang.push('Hukuman disiplin yang belum diverifikasi');
    else if (berlaku(h, tmt))
      hasil.alasan.push(
        `Sedang menjalani hukuman disiplin tingkat ${h.tingkat} (${tanggalPanjang(h.tmt)}${h.selesai ? ` s.d. ${tanggalPanjang(h.selesai)}` : ''})`,
      );
  }

  const tahunPeriode = Number(periode.slice(0, 4));
  for (let y = tahunPeriode - TAHUN_SKP_DINILAI; y < tahunPeriode; y++) {
    const p = tahunan(g.penilaian, y);
    if (!p) hasil.data_kurang.push(`SKP tahun ${y}`);
    else if (!p.terverifikasi) hasil.data_kurang.push(`SKP tahun ${y} belum diverifikasi`);
    else if (!baik(p.predikat)) hasil.alasan.push(`Predikat SKP ${y}: ${p.predikat} (minimal ${PREDIKAT_MINIMAL})`);
  }

  if (g.pangkat) {
    const gol = g.pangkat.golongan;
    const idx = rankOf(gol);
    const next = idx >= 0 ? GOLONGAN_PNS[idx + 1] : undefined;
    const masa = monthsBetween(g.pangkat.tmt, tmt);
    hasil.masa_bulan = masa;
    if (idx < 0) hasil.data_kurang.push(`Golongan ${gol} bukan golongan ruang PNS`);
    else if (!next) hasil.alasan.push(`Sudah pada pangkat tertinggi (${gol})`);
    else {
      hasil.golongan_baru = next;
      const fungsional = idx >= rankOf('III/a') && (g.pendidikan === null || PENDIDIKAN_AHLI.has(g.pendidikan));
      hasil.jalur = fungsional ? 'fungsional' : 'reguler';
      const minimal = fungsional ? MASA_FUNGSIONAL_BULAN : MASA_REGULER_BULAN;
      let capped = false;
      if (!fungsional && g.pendidikan) {
        const cap = PANGKAT_TERTINGGI_PENDIDIKAN[g.pendidikan];
        if (cap && idx >= rankOf(cap)) {
          capped = true;
          hasil.alasan.push(`Sudah mencapai pangkat tertinggi untuk pendidikan ${g.pendidikan} (${cap})`);
        }
      }
      const masaOk = masa >= minimal;
      if (!masaOk)
        hasil.alasan.push(
          `Masa dalam pangkat ${gol} baru ${masaText(Math.max(0, masa))}; minimal ${minimal / 12} tahun (terpenuhi ${tanggalPanjang(addMonths(g.pangkat.tmt, minimal))})`,
        );
      let akOk = true;
      const ak = ANGKA_KREDIT[gol];
      const jenjang = jenjangOf(gol);
      if (fungsional && ak && jenjang) {
        const earned = akBulanan(jenjang, g.pangkat.tmt, Math.max(0, masa), g.penilaian, false);
        const dasar = akDasar(g.pangkat.tmt, ak.awal, g.pak);
        // Years since the rank (or its PAK) whose months have no rating count nothing: name them
        // (the last two years are named above already).
        const unrated = new Set<number>();
        earned.per.forEach((v, i) => {
          const y = Number(addMonths(g.pangkat!.tmt, i).slice(0, 4));
          if (i >= dasar.dariBulan && v === 0 && !earned.perkiraan[i] && y < tahunPeriode - TAHUN_SKP_DINILAI)
            unrated.add(y);
        });
        for (const y of [...unrated].sort()) hasil.data_kurang.push(`SKP tahun ${y} (untuk angka kredit)`);
        const perkiraan = earned.perkiraan.slice(dasar.dariBulan).includes(true);
        const dimiliki = round3(dasar.awal + sum(earned.per, earned.per.length, dasar.dariBulan));
        if (dasar.pak)
          hasil.catatan.push(
            `Angka kredit dari PAK terakhir (${angka(g.pak!.akKumulatif)}, dinilai sampai ${tanggalPanjang(g.pak!.sampai)}) ditambah konversi predikat kinerja sesudahnya`,
          );
        hasil.angka_kredit = { dimiliki, dibutuhkan: ak.dibutuhkan, perkiraan };
        if (perkiraan)
          hasil.catatan.push(
            'Angka kredit bulan tanpa SKP dihitung dari predikat terakhir; lampirkan penilaian kinerja periodik',
          );
        akOk = dimiliki >= ak.dibutuhkan;
        if (!akOk)
          hasil.alasan.push(
            `Angka kredit ${angka(dimiliki)} dari ${angka(ak.dibutuhkan)} yang dibutuhkan untuk ${next}`,
          );
        if (jenjangOf(next)?.nama !== jenjang.nama)
          hasil.catatan.push(
            `Naik ke ${next} berarti naik jenjang ke Guru ${jenjangOf(next)?.nama}: perlu uji kompetensi dan formasi (Peraturan BKN 3/2023)`,
          );
      }
      if (!capped && !pensiunSebelum)
        hasil.tmt_berikut = masaOk && akOk ? tmt : nextTmt(g, jenjang, ak, fungsional, minimal, tmt, pensiun);
    }
  }
  hasil.memenuhi = hasil.alasan.length === 0 && hasil.data_kurang.length === 0;
  return hasil;
}

/** The first month after `tmt` with time in rank and (projected at Baik) credit points met, before retirement. */
function nextTmt(
  g: KpInput,
  jenjang: Jenjang | undefined,
  ak: { awal: number; dibutuhkan: number } | undefined,
  fungsional: boolean,
  minimal: number,
  tmt: string,
  pensiun: string,
): string | null {
  const pangkat = g.pangkat!;
  let m = addMonths(pangkat.tmt, minimal);
  if (m <= tmt) m = addMonths(tmt, 1);
  const horizon = monthsBetween(pangkat.tmt, m) + 12 * 15;
  const projected =
    fungsional && ak && jenjang ? akBulanan(jenjang, pangkat.tmt, horizon, g.penilaian, true).per : null;
  const dasar = ak ? akDasar(pangkat.tmt, ak.awal, g.pak) : null;
  for (; m < pensiun && monthsBetween(pangkat.tmt, m) <= horizon; m = addMonths(m, 1)) {
    if (!periodeSah(m.slice(0, 7))) continue;
    if (!projected || dasar!.awal + sum(projected, monthsBetween(pangkat.tmt, m), dasar!.dariBulan) >= ak!.dibutuhkan)
      return m;
  }
  return null;
}

/**
 * The MKG a promotion decree states: the salary basis's MKG carried to the new TMT, less the cut
 * of a promotion across groups (I→II/a 6 years, II→III/a 5 years; III→IV none: PP 7/1977 as
 * amended; docs/domain/kenaikan-pangkat.md).
 */
export function mkgKenaikanPangkat(
  basis: { tmt: string; mkg: Mkg },
  golonganLama: string,
  golonganBaru: string,
  tmt: string,
): Mkg {
  const group = (g: string) => g.split('/')[0];
  const cut =
    group(golonganLama) === 'I' && group(golonganBaru) === 'II'
      ? 72
      : group(golonganLama) === 'II' && group(golonganBaru) === 'III'
        ? 60
        : 0;
  const m = addMkg(basis.mkg, Math.max(0, monthsBetween(basis.tmt, tmt)) - cut);
  return m.tahun < 0 ? { tahun: 0, bulan: 0 } : m;
}
