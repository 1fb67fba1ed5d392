import { describe, expect, it } from 'vitest';
import {
  awalBulanBerikut,
  basisFromDecrees,
  bulanGajiSetelah,
  cycleAnchor,
  dueState,
  gajiDibayar,
  monthsBetween,
  nextStep,
  nextTmt,
  planKgb,
  rapel,
  salaryOn,
  takesPart,
  tundaBulan,
  type Decree,
  type KgbInput,
  type KgbPlan,
  type RapelSurat,
  type SalaryStep,
} from './kgb.ts';
import { PP_5_2024 } from './gaji-pp5-2024.ts';
import { PP_15_2019 } from './gaji-pp15-2019.ts';
import { PERPRES_11_2024 } from './gaji-pppk-perpres11-2024.ts';
import { officialFor } from './delegasi.ts';

// Salaries: PP 5/2024 annex (server/domain/gaji-pp5-2024.ts, docs/domain/kgb.md's table).
const TABLE: SalaryStep[] = Object.entries(PP_5_2024.rows).flatMap(([golongan, steps]) =>
  steps.map(([mkg, gaji]) => ({ regulasi: 'PP 5/2024', berlakuMulai: '2024-01-01', golongan, mkg, gaji })),
);

/** A decree of the record dated on its TMT: what it states (golongan, MKG, salary), its number and signer. */
const decree = (
  kind: Decree['kind'],
  [tmt, golongan, tahun, bulan, gaji]: [string, string, number, number, number | null],
  id: number,
  nomor: string,
  pejabat: string,
): Decree => ({ kind, id, tmt, golongan, mkg: { tahun, bulan }, gaji, nomor, tanggal: tmt, pejabat });
const kgb = (tmt: string, golongan: string, tahun: number, bulan: number, gaji: number, id = 1): Decree =>
  decree('kgb', [tmt, golongan, tahun, bulan, gaji], id, `822.4/${id}/DIKBUD`, 'Kepala Dinas Pendidikan');
const pangkat = (tmt: string, golongan: string, tahun: number, bulan: number, id = 1): Decree =>
  decree('pangkat', [tmt, golongan, tahun, bulan, null], id, `821.2/${id}/BKD`, 'Wali Kota Ternate');
const teacher = (decrees: Decree[], over: Partial<KgbInput> = {}): KgbInput => ({
  statusGuru: 'PNS',
  nip: '198203152006041002',
  tglLahir: '1982-03-15',
  retirementAge: 60,
  decrees,
  ...over,
});

describe('who takes part', () => {
  it('PNS, CPNS and PPPK teachers (docs/domain/kgb.md, corrected); GTT, GTY and honorary teachers do not', () => {
    for (const s of ['PNS', 'CPNS', 'PPPK']) expect(takesPart(s)).toBe(true);
    for (const s of ['GTT', 'GTY', 'Honor Daerah', 'Honor Sekolah', null]) expect(takesPart(s)).toBe(false);
    expect(
      planKgb(teacher([kgb('2024-12-01', 'III/b', 12, 0, 3497300)], { statusGuru: 'Honor Sekolah' }), TABLE),
    ).toEqual({ ok: false, reason: 'not_participant' });
  });
});

// PPPK: Perpres 11/2024 (server/domain/gaji-pppk-perpres11-2024.ts). PNS before 2024: PP 15/2019.
const ALL: SalaryStep[] = [
  ...TABLE,
  ...[PP_15_2019, PERPRES_11_2024].flatMap((t) =>
    Object.entries(t.rows).flatMap(([golongan, steps]) =>
      steps.map(([mkg, gaji]) => ({ regulasi: t.regulation, berlakuMulai: t.effectiveFrom, golongan, mkg, gaji })),
    ),
  ),
];
const appointment = (tmt: string, golongan: string, tahun: number, id = 1): Decree => ({
  ...pangkat(tmt, golongan, tahun, 0, id),
  nomor: `800.1.13.2/${id}/BKPSDM/PPPK`,
  pejabat: 'Wali Kota Ternate',
});

describe('PPPK', () => {
  const pppk = (decrees: Decree[], over: Partial<KgbInput> = {}) =>
    teacher(decrees, { statusGuru: 'PPPK', nip: '199001012022211001', tglLahir: '1990-01-01', ...over });

  it('a PPPK IX teacher appointed at MKG 0 on 2024-12-01: first KGB two years on, MKG 2, Rp3.304.400 (Perpres 11/2024 IX)', () => {
    const r = planKgb(pppk([appointment('2024-12-01', 'IX', 0)]), ALL);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-12-01',
      tmtBerikutnya: '2028-12-01',
      golongan: 'IX',
      mkgLama: { tahun: 0, bulan: 0 },
      mkgBaru: { tahun: 2, bulan: 0 },
      gajiLama: 3203600,
      gajiBaru: 3304400,
      persen: 100,
      regulasi: 'Perpres 11/2024',
    });
  });

  it('the NI PPPK carries no month: without a decree there is no TMT to guess', () => {
    expect(planKgb(pppk([]), ALL)).toEqual({ ok: false, reason: 'no_decree', tmt: null });
  });

  it('after a KGB the cycle counts from it; the table steps by two years (IX MKG 10 → 12: Rp3.858.600)', () => {
    const r = planKgb(pppk([appointment('2022-03-01', 'IX', 8, 1), kgb('2024-03-01', 'IX', 10, 0, 3740800, 2)]), ALL);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-03-01',
      mkgBaru: { tahun: 12, bulan: 0 },
      gajiLama: 3740800,
      gajiBaru: 3858600,
    });
  });

  it('at the top of golongan IX (MKG 32) there is no further increase', () => {
    expect(planKgb(pppk([kgb('2024-03-01', 'IX', 32, 0, 5261500)]), ALL)).toMatchObject({
      ok: false,
      reason: 'top_of_scale',
      golongan: 'IX',
    });
  });
});

describe('service-credit review (PMK)', () => {
  const pmk = (tmt: string, golongan: string, tahun: number, bulan: number, gaji: number, id = 9): Decree =>
    decree('pmk', [tmt, golongan, tahun, bulan, gaji], id, `800/${id}/PMK`, 'Kepala BKPSDM');

  it('a PMK crediting a year moves the next KGB to when the MKG reaches the next step: III/b MKG 13 on 2025-06-01 → TMT 2026-06-01, MKG 14, Rp3.607.500', () => {
    const r = planKgb(
      teacher([kgb('2024-12-01', 'III/b', 12, 0, 3497300, 1), pmk('2025-06-01', 'III/b', 13, 0, 3497300)]),
      ALL,
    );
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-06-01',
      mkgLama: { tahun: 13, bulan: 0 },
      mkgBaru: { tahun: 14, bulan: 0 },
      gajiLama: 3497300,
      gajiBaru: 3607500,
    });
    expect(r.ok && r.plan.basis).toMatchObject({ kind: 'pmk', nomor: '800/9/PMK' });
  });

  it('six months credited: the step is reached after 18 months (MKG 12 y 6 m on 2025-06-01 → 14 y on 2026-12-01); a KGB after the PMK is again the basis', () => {
    expect(
      planKgb(
        teacher([kgb('2024-12-01', 'III/b', 12, 0, 3497300, 1), pmk('2025-06-01', 'III/b', 12, 6, 3497300)]),
        ALL,
      ),
    ).toMatchObject({ ok: true, plan: { tmt: '2026-12-01', mkgBaru: { tahun: 14, bulan: 0 }, gajiBaru: 3607500 } });
    const later = planKgb(
      teacher([pmk('2025-06-01', 'III/b', 13, 0, 3497300), kgb('2026-06-01', 'III/b', 14, 0, 3607500, 2)]),
      ALL,
    );
    expect(later.ok && later.plan).toMatchObject({
      tmt: '2028-06-01',
      mkgBaru: { tahun: 16, bulan: 0 },
      basis: { kind: 'kgb' },
    });
  });
});

describe('CPNS at 80 % (PP 7/1977 art. 5(1))', () => {
  it('a CPNS II/a appointed 2025-12-01: first KGB after one year, MKG 1, 80 % of Rp2.218.400 = Rp1.774.720', () => {
    const cpns = teacher([appointment('2025-12-01', 'II/a', 0)], {
      statusGuru: 'CPNS',
      nip: '200301012025121001',
      tglLahir: '2003-01-01',
    });
    const r = planKgb(cpns, ALL);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-12-01',
      mkgBaru: { tahun: 1, bulan: 0 },
      gajiTabel: 2218400,
      gajiBaru: 1774720,
      gajiLama: 1747200,
      persen: 80,
    });
  });
});

describe('older tables for the backlog', () => {
  it('a TMT in 2023 reads PP 15/2019 (III/b MKG 10: Rp3.139.400), one in 2024 PP 5/2024 (Rp3.390.500)', () => {
    expect(salaryOn(ALL, 'III/b', 10, '2023-06-01')).toMatchObject({ gaji: 3139400, regulasi: 'PP 15/2019' });
    expect(salaryOn(ALL, 'III/b', 10, '2024-01-01')).toMatchObject({ gaji: 3390500, regulasi: 'PP 5/2024' });
    const r = planKgb(teacher([kgb('2021-04-01', 'III/b', 8, 0, 3043600)]), ALL);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2023-04-01',
      mkgBaru: { tahun: 10, bulan: 0 },
      gajiBaru: 3139400,
      regulasi: 'PP 15/2019',
    });
  });

  it('PP 15/2019 has the steps of PP 5/2024, and each cell raised by 8 % lies within Rp188 of it (a misprint would not)', () => {
    for (const [golongan, steps] of Object.entries(PP_5_2024.rows)) {
      const old = PP_15_2019.rows[golongan]!;
      expect(old.map(([mkg]) => mkg)).toEqual(steps.map(([mkg]) => mkg));
      steps.forEach(([, gaji], i) => expect(Math.abs(gaji - old[i]![1] * 1.08)).toBeLessThanOrEqual(188));
    }
  });

  it('every PPPK column rises step by step and ends where the published Lampiran figures end', () => {
    const ends: Record<string, [number, number]> = {
      I: [1938500, 2900900],
      V: [2511500, 4189900],
      IX: [3203600, 5261500],
      XVII: [4462500, 7329000],
    };
    for (const [golongan, steps] of Object.entries(PERPRES_11_2024.rows)) {
      steps.slice(1).forEach(([, gaji], i) => expect(gaji).toBeGreaterThan(steps[i]![1]));
      if (ends[golongan]) expect([steps[0]![1], steps.at(-1)![1]]).toEqual(ends[golongan]);
    }
  });
});

describe('TMT on the first of a month (PP 7/1977 art. 13(3))', () => {
  it('two years after the last KGB; a legacy TMT on the 25th moves to the next 1st', () => {
    expect(nextTmt('2025-03-01', null, 'III/b')).toBe('2027-03-01');
    expect(nextTmt('2024-10-25', null, 'III/b')).toBe('2026-11-01');
    expect(awalBulanBerikut('2026-12-31')).toBe('2027-01-01');
  });
  it('without a KGB: one year after appointment in II/a, two years otherwise (from the NIP)', () => {
    expect(nextTmt(null, '199801012024031001', 'II/a')).toBe('2025-03-01');
    expect(nextTmt(null, '199801012024031001', 'III/a')).toBe('2026-03-01');
    expect(nextTmt(null, null, 'III/a')).toBeNull();
  });
  it('counts whole months', () => {
    expect(monthsBetween('2024-12-01', '2026-12-01')).toBe(24);
    expect(monthsBetween('2025-04-01', '2026-12-01')).toBe(20);
    expect(monthsBetween('2024-10-25', '2026-11-01')).toBe(24);
  });
});

describe('the record drives the numbers', () => {
  it('III/b MKG 12 at TMT 2024-12-01 → TMT 2026-12-01, MKG 14, Rp3.607.500 (PP 5/2024 III/b)', () => {
    const r = planKgb(teacher([kgb('2024-12-01', 'III/b', 12, 0, 3497300)]), TABLE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.plan).toMatchObject({
      tmt: '2026-12-01',
      dueFrom: '2026-10-01',
      golongan: 'III/b',
      mkgLama: { tahun: 12, bulan: 0 },
      mkgBaru: { tahun: 14, bulan: 0 },
      gajiLama: 3497300,
      gajiBaru: 3607500,
      regulasi: 'PP 5/2024',
    });
    expect(r.plan.basis.kind).toBe('kgb');
  });

  it("the old salary and MKG are the decree's, not a profile's (SK 822.4/9, MKG 14, Rp4.084.900)", () => {
    const r = planKgb(teacher([kgb('2024-10-01', 'IV/a', 14, 0, 4084900, 9)]), TABLE);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-10-01',
      mkgLama: { tahun: 14, bulan: 0 },
      mkgBaru: { tahun: 16, bulan: 0 },
      gajiLama: 4084900,
      gajiBaru: 4213500,
    });
  });

  it('a decree whose MKG sits between two steps (IV/a MKG 15: the steps are even) gets the raise when the next step is reached, a year on', () => {
    const r = planKgb(teacher([kgb('2024-10-01', 'IV/a', 15, 0, 4084900, 9)]), TABLE);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2025-10-01',
      mkgLama: { tahun: 15, bulan: 0 },
      mkgBaru: { tahun: 16, bulan: 0 },
      gajiLama: 4084900,
      gajiBaru: 4213500,
      tmtBerikutnya: '2027-10-01',
    });
  });

  it('a promotion to III/c between two KGBs: the next KGB keeps the 2-year cycle and uses III/c with its MKG', () => {
    const decrees = [kgb('2024-12-01', 'III/b', 12, 0, 3497300, 1), pangkat('2025-04-01', 'III/c', 12, 4, 2)];
    expect(basisFromDecrees(decrees)).toMatchObject({ golongan: 'III/c', lastKgbTmt: '2024-12-01' });
    const r = planKgb(teacher(decrees), TABLE);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-12-01', // from the KGB of 2024-12-01, not from the promotion
      golongan: 'III/c',
      mkgLama: { tahun: 12, bulan: 4 },
      mkgBaru: { tahun: 14, bulan: 0 }, // 12 y 4 m + 20 months
      gajiLama: 3645200, // III/c MKG 12 (the rank decree states no salary)
      gajiBaru: 3760100, // III/c MKG 14
    });
    expect(r.ok && r.plan.basis).toMatchObject({ kind: 'pangkat', nomor: '821.2/2/BKD' });
  });

  it('the first KGB of someone appointed in II/a: one year after the appointment decree, MKG 1', () => {
    const r = planKgb(
      teacher([pangkat('2025-01-01', 'II/a', 0, 0)], { nip: '200001012025011001', tglLahir: '2000-01-01' }),
      TABLE,
    );
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-01-01',
      mkgBaru: { tahun: 1, bulan: 0 },
      gajiLama: 2184000,
      gajiBaru: 2218400,
    });
  });

  it('a teacher retiring before the next TMT gets no letter', () => {
    // Born October 1966: BUP 1 November 2026, before the TMT of 1 December 2026.
    const r = planKgb(
      teacher([kgb('2024-12-01', 'IV/a', 30, 0, 5235000)], { nip: '196610152000031001', tglLahir: '1966-10-15' }),
      TABLE,
    );
    expect(r).toEqual({ ok: false, reason: 'retires_first', tmt: '2026-12-01', pensiun: '2026-11-01' });
    // Born December 1966: BUP 1 January 2027, after the TMT.
    expect(planKgb(teacher([kgb('2024-12-01', 'IV/a', 30, 0, 5235000)], { tglLahir: '1966-12-15' }), TABLE).ok).toBe(
      true,
    );
  });

  it('at the top of IV/b (MKG 32, the last step) there is no further increase', () => {
    expect(planKgb(teacher([kgb('2024-12-01', 'IV/b', 32, 0, 5628300)]), TABLE)).toEqual({
      ok: false,
      reason: 'top_of_scale',
      tmt: '2026-12-01',
      golongan: 'IV/b',
      mkg: { tahun: 32, bulan: 0 },
    });
    // One step before the top still rises to it.
    expect(planKgb(teacher([kgb('2024-12-01', 'IV/b', 30, 0, 5456400)]), TABLE)).toMatchObject({
      ok: true,
      plan: { gajiBaru: 5628300, mkgBaru: { tahun: 32, bulan: 0 } },
    });
  });

  it('without a verified decree there is no letter (the due list says so)', () => {
    expect(planKgb(teacher([]), TABLE)).toEqual({ ok: false, reason: 'no_decree', tmt: '2008-04-01' });
  });

  it('a TMT with no salary table in force (before PP 5/2024) says so', () => {
    expect(planKgb(teacher([kgb('2021-06-01', 'III/b', 8, 0, 3044000)]), TABLE)).toEqual({
      ok: false,
      reason: 'no_salary',
      tmt: '2023-06-01',
      golongan: 'III/b',
    });
  });
});

describe('salary lookup (PP 5/2024)', () => {
  it('reads listed steps', () => {
    expect(salaryOn(TABLE, 'III/a', 0, '2026-01-01')).toEqual({
      gaji: 2785700,
      regulasi: 'PP 5/2024',
      mkgStep: 0,
      berlakuMulai: '2024-01-01',
    });
    expect(salaryOn(TABLE, 'IV/e', 32, '2026-01-01')?.gaji).toBe(6373200);
    expect(salaryOn(TABLE, 'II/a', 1, '2026-01-01')?.gaji).toBe(2218400);
    expect(salaryOn(TABLE, 'I/b', 3, '2026-01-01')?.gaji).toBe(1840800);
  });
  it('between two listed steps the lower applies; beyond the last the last', () => {
    expect(salaryOn(TABLE, 'III/b', 11, '2026-01-01')?.gaji).toBe(3390500); // step 10
    expect(salaryOn(TABLE, 'II/c', 4, '2026-01-01')?.gaji).toBe(2485900); // step 3
    expect(salaryOn(TABLE, 'III/d', 40, '2026-01-01')?.gaji).toBe(5180700); // step 32
  });
  it('uses the table in force on the date', () => {
    const older: SalaryStep[] = [
      { regulasi: 'PP lama', berlakuMulai: '2019-01-01', golongan: 'III/a', mkg: 0, gaji: 2579400 },
    ];
    expect(salaryOn([...older, ...TABLE], 'III/a', 0, '2023-12-31')?.regulasi).toBe('PP lama');
    expect(salaryOn([...older, ...TABLE], 'III/a', 0, '2024-01-01')?.regulasi).toBe('PP 5/2024');
    expect(salaryOn(TABLE, 'III/a', 0, '2023-12-31')).toBeNull();
  });
});

describe('due state', () => {
  it('due from two months before the TMT, overdue after it', () => {
    expect(dueState('2027-01-01', '2026-10-31')).toEqual({ due: false, overdue: false, daysLeft: 62 });
    expect(dueState('2027-01-01', '2026-11-01')).toMatchObject({ due: true, overdue: false });
    expect(dueState('2027-01-01', '2027-01-02')).toMatchObject({ due: true, overdue: true, daysLeft: -1 });
  });
});

describe('postponement (penundaan KGB, PP 7/1977, postponement article)', () => {
  const decree = kgb('2024-12-01', 'III/b', 12, 0, 3497300);

  it('moves the next TMT by its months; the months count as service (MKG), the salary is the step reached', () => {
    // Due 2026-12-01, postponed 6 months: TMT 2027-06-01, MKG 14 years 6 months, step 14 (Rp3.607.500).
    const six = planKgb(teacher([decree], { tundaBulan: 6 }), TABLE);
    expect(six.ok && six.plan).toMatchObject({
      tmt: '2027-06-01',
      dueFrom: '2027-04-01',
      mkgBaru: { tahun: 14, bulan: 6 },
      gajiBaru: 3607500,
    });
    // A second postponement of 6 more months (a year in all): TMT 2027-12-01, MKG 15.
    const twelve = planKgb(teacher([decree], { tundaBulan: 12 }), TABLE);
    expect(twelve.ok && twelve.plan).toMatchObject({
      tmt: '2027-12-01',
      mkgBaru: { tahun: 15, bulan: 0 },
      gajiBaru: 3607500,
    });
  });

  it('counts the postponements after the last KGB only (the months a granted KGB waited are in its MKG already)', () => {
    const list = [
      { tmtSemula: '2024-12-01', bulan: 12 },
      { tmtSemula: '2026-12-01', bulan: 6 },
      { tmtSemula: '2027-06-01', bulan: 3 },
    ];
    expect(tundaBulan('2024-12-01', list)).toBe(9);
    expect(tundaBulan('2023-12-01', list)).toBe(21);
    expect(tundaBulan(null, list)).toBe(21);
    // The KGB due 2026-12-01 was postponed 6 then 3 months and granted on 2027-09-01.
    expect(tundaBulan('2027-09-01', list)).toBe(0);
    expect(nextTmt('2024-12-01', null, 'III/b', 9)).toBe('2027-09-01');
  });

  it('a postponed increase pays the step of its regular date; after it, the cycle returns to its regular dates', () => {
    // Due 2026-12-01 (MKG 14), postponed 12 months: TMT 2027-12-01, MKG 15, step 14.
    const postponed = planKgb(teacher([decree], { tundaBulan: 12 }), TABLE);
    expect(postponed.ok && postponed.plan).toMatchObject({
      tmt: '2027-12-01',
      tmtBerikutnya: '2028-12-01',
      mkgBaru: { tahun: 15, bulan: 0 },
      gajiBaru: 3607500,
    });
    // Granted (the letter of 2027-12-01 is now the last KGB, MKG 15): the next is 2028-12-01, MKG 16.
    const granted = [decree, kgb('2027-12-01', 'III/b', 15, 0, 3607500, 2)];
    const tunda = tundaBulan('2027-12-01', [{ tmtSemula: '2026-12-01', bulan: 12 }]);
    expect(tunda).toBe(0);
    const r = planKgb(teacher(granted, { tundaBulan: tunda }), TABLE);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2028-12-01',
      mkgLama: { tahun: 15, bulan: 0 },
      mkgBaru: { tahun: 16, bulan: 0 },
      gajiBaru: 3721100,
    });
  });
});

describe('back pay (rapel) of a letter signed after its TMT', () => {
  // Abdullah Umar, III/b: Rp3.287.000 -> Rp3.390.500 (PP 5/2024), a difference of Rp103.500 a month.
  const letter = {
    tmt: '2027-01-01',
    golongan: 'III/b',
    gajiLama: 3287000,
    gajiBaru: 3390500,
    stepLama: 8,
    stepBaru: 10,
    persen: 100,
  };
  it('counts every month from the TMT until the payroll month that first pays the new salary', () => {
    expect(rapel(letter, bulanGajiSetelah('2026-12-28'), ALL)).toBeNull();
    expect(rapel(letter, bulanGajiSetelah('2027-01-01'), ALL)).toMatchObject({ bulan: 1, jumlah: 103500 });
    expect(rapel(letter, bulanGajiSetelah('2027-03-31'), ALL)).toMatchObject({ bulan: 3, jumlah: 310500 });
    expect(rapel({ ...letter, tmt: '2026-10-01' }, bulanGajiSetelah('2027-01-15'), ALL)).toMatchObject({
      bulan: 4,
      jumlah: 414000,
    });
    // A payroll month chosen by the office: through June 2027.
    expect(rapel(letter, '2027-07-01', ALL)).toMatchObject({ bulan: 6, jumlah: 621000 });
  });
  it('has nothing to say without the old salary', () => {
    expect(rapel({ ...letter, gajiLama: null }, '2027-03-01', ALL)).toBeNull();
  });
});

describe('old salary and back pay follow what was actually paid (docs/domain/kgb.md)', () => {
  /** What back pay reads of a plan: the letter's TMT, golongan, salaries, steps and percentage. */
  const letterOf = ({ tmt, golongan, gajiLama, gajiBaru, stepLama, stepBaru, persen }: KgbPlan): RapelSurat => ({
    tmt,
    golongan,
    gajiLama,
    gajiBaru,
    stepLama,
    stepBaru,
    persen,
  });
  // Her last KGB, TMT 1 April 2022: IV/a MKG 18, Rp4.024.400 (PP 15/2019). PP 5/2024 re-set every
  // salary from 1 January 2024 at the same golongan and MKG: Rp4.346.200 (IV/a MKG 18).
  const kgb2022 = kgb('2022-04-01', 'IV/a', 18, 0, 4024400);
  it('the old salary on the letter is what was paid on the eve of the TMT: PP 5/2024 at the old MKG, not the decree’s PP 15/2019 figure', () => {
    const r = planKgb(teacher([kgb2022]), ALL);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2024-04-01',
      mkgBaru: { tahun: 20, bulan: 0 },
      gajiLama: 4346200,
      regulasiLama: 'PP 5/2024',
      gajiBaru: 4483100,
      regulasi: 'PP 5/2024',
    });
  });
  it('back pay signed in November 2026 is 32 × Rp136.900 = Rp4.380.800, not 32 × (4.483.100 − 4.024.400) = Rp14.678.400', () => {
    const r = planKgb(teacher([kgb2022]), ALL);
    if (!r.ok) throw new Error(r.reason);
    const back = rapel(letterOf(r.plan), bulanGajiSetelah('2026-11-27'), ALL);
    expect(back).toEqual({
      bulan: 32,
      jumlah: 4380800,
      rincian: [{ mulai: '2024-04-01', bulan: 32, lama: 4346200, baru: 4483100 }],
    });
  });
  it('across the table change month by month: TMT 1 October 2023 (PP 15/2019: Rp4.024.400 → Rp4.151.100), then PP 5/2024 from January 2024', () => {
    const r = planKgb(teacher([kgb('2021-10-01', 'IV/a', 18, 0, 4024400)]), ALL);
    if (!r.ok) throw new Error(r.reason);
    expect(r.plan).toMatchObject({
      tmt: '2023-10-01',
      gajiLama: 4024400,
      regulasiLama: null,
      gajiBaru: 4151100,
      regulasi: 'PP 15/2019',
    });
    const back = rapel(letterOf(r.plan), '2026-12-01', ALL);
    // 3 × 126.700 + 35 × 136.900 = 380.100 + 4.791.500
    expect(back).toEqual({
      bulan: 38,
      jumlah: 5171600,
      rincian: [
        { mulai: '2023-10-01', bulan: 3, lama: 4024400, baru: 4151100 },
        { mulai: '2024-01-01', bulan: 35, lama: 4346200, baru: 4483100 },
      ],
    });
  });
  it('a CPNS’s paid salary under a later table is 80 % of it', () => {
    const cpnsIIIa2023 = { golongan: 'III/a', mkg: { tahun: 0, bulan: 0 }, gaji: 2063520, tmt: '2023-03-01' };
    expect(gajiDibayar(ALL, cpnsIIIa2023, '2024-02-29', 80)).toBe(2228560);
    expect(gajiDibayar(ALL, cpnsIIIa2023, '2023-12-31', 80)).toBe(2063520);
  });
});

describe('the step rule: a KGB falls when the MKG reaches the next step (PP 7/1977 art. 7)', () => {
  it('on a step the next is two years on (III: even MKG), from II/a MKG 0 one year', () => {
    expect(nextStep(ALL, 'III/b', '2024-12-01', { tahun: 12, bulan: 0 })).toEqual({ tmt: '2026-12-01', step: 14 });
    expect(nextStep(ALL, 'II/a', '2025-01-01', { tahun: 0, bulan: 0 })).toEqual({ tmt: '2026-01-01', step: 1 });
    expect(nextStep(ALL, 'IV/e', '2024-01-01', { tahun: 32, bulan: 0 })).toBeNull();
  });
  it('after an I→II promotion (six years cut) the MKG is off-step and the raise comes a year early: I/a MKG 8 → II/a MKG 2 on 1 April 2025 → KGB 1 April 2026 at MKG 3', () => {
    const r = planKgb(
      teacher(
        [kgb('2024-04-01', 'I/a', 8, 0, 1908300, 1), pangkat('2025-04-01', 'II/a', 3, 0, 2)].map((d) =>
          d.kind === 'pangkat' ? { ...d, mkg: { tahun: 2, bulan: 0 } } : d,
        ),
      ),
      ALL,
    );
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-04-01',
      mkgLama: { tahun: 2, bulan: 0 },
      mkgBaru: { tahun: 3, bulan: 0 },
      gajiLama: 2218400,
      gajiBaru: 2288200,
    });
  });
  it('the newest decree is the basis, not the NIP: a II/a teacher whose only decree is a rank decree (TMT 1 Oct 2025, MKG 2) → TMT 1 Oct 2026, Rp2.218.400 → Rp2.288.200, both PP 5/2024', () => {
    const r = planKgb(
      teacher([pangkat('2025-10-01', 'II/a', 2, 0)], { nip: '199501012020031001', tglLahir: '1995-01-01' }),
      ALL,
    );
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-10-01',
      mkgBaru: { tahun: 3, bulan: 0 },
      gajiLama: 2218400,
      gajiBaru: 2288200,
      regulasi: 'PP 5/2024',
      regulasiLama: 'PP 5/2024',
    });
  });
  it('the anchor the due list reads is the step date less two years, after every kind of decree', () => {
    const basis = basisFromDecrees([pangkat('2025-10-01', 'II/a', 2, 0)])!;
    expect(cycleAnchor(basis, ALL)).toBe('2024-10-01');
    expect(nextTmt(cycleAnchor(basis, ALL), null, 'II/a')).toBe('2026-10-01');
    expect(cycleAnchor(basisFromDecrees([kgb('2024-12-01', 'IV/b', 32, 0, 5628300)])!, ALL)).toBeNull();
  });
});

describe('a letter never lowers a salary or leaves it equal', () => {
  it('a decree stating more than the table gives at the next step is refused with both figures', () => {
    expect(planKgb(teacher([kgb('2024-12-01', 'III/b', 12, 0, 3700000)]), ALL)).toEqual({
      ok: false,
      reason: 'no_raise',
      tmt: '2026-12-01',
      golongan: 'III/b',
      gajiLama: 3700000,
      gajiBaru: 3607500,
    });
  });
});

describe('KGB berikutnya: none after retirement or beyond the top of the scale', () => {
  it('a teacher retiring 1 August 2027 gets the KGB of 1 July 2027 and no promise of 1 July 2029', () => {
    const r = planKgb(
      teacher([kgb('2025-07-01', 'IV/a', 28, 0, 5075200)], { nip: '196707102000031001', tglLahir: '1967-07-10' }),
      ALL,
    );
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2027-07-01',
      tmtBerikutnya: null,
      tanpaBerikutnya: { alasan: 'pensiun', pensiun: '2027-08-01' },
    });
  });
  it('the step to the top of IV/b has no next one', () => {
    const r = planKgb(teacher([kgb('2024-12-01', 'IV/b', 30, 0, 5456400)]), ALL);
    expect(r.ok && r.plan).toMatchObject({
      tmt: '2026-12-01',
      gajiBaru: 5628300,
      tmtBerikutnya: null,
      tanpaBerikutnya: { alasan: 'puncak', golongan: 'IV/b' },
    });
  });
});

describe('which official signs', () => {
  const kepala = { id: 1, aktif: true, delegasi: null };
  const kabid = {
    id: 2,
    aktif: false,
    delegasi: { golongan: ['I/a', 'I/b', 'II/a', 'II/b', 'II/c', 'II/d'], jenjang: [] },
  };
  const cabang = { id: 3, aktif: false, delegasi: { golongan: [], jenjang: ['SMK'] } };
  const cabangII = { id: 4, aktif: false, delegasi: { golongan: ['II/a'], jenjang: ['SMK'] } };
  const all = [kepala, kabid, cabang, cabangII];
  it('a delegation covering the teacher wins over the default; the narrowest first', () => {
    expect(officialFor(all, { golongan: 'III/b', jenjang: 'SD' })?.id).toBe(1);
    expect(officialFor(all, { golongan: 'II/c', jenjang: 'SD' })?.id).toBe(2);
    expect(officialFor(all, { golongan: 'III/b', jenjang: 'SMK' })?.id).toBe(3);
    expect(officialFor(all, { golongan: 'II/a', jenjang: 'SMK' })?.id).toBe(4);
    // A teacher without a school level is never taken by a level's delegation.
    expect(officialFor(all, { golongan: 'III/b', jenjang: null })?.id).toBe(1);
  });
  it('none when nobody is active and no delegation covers the teacher', () => {
    expect(officialFor([{ ...kepala, aktif: false }, cabang], { golongan: 'III/b', jenjang: 'SD' })).toBeNull();
  });
});

describe('what a letter should not be signed over without a look', () => {
  it('an unverified profile, and a CPNS with a D-III in II/a (a D-III enters at II/c: PP 99/2000 art. 11)', async () => {
    const { peringatanData, golonganAwal } = await import('./golongan-awal.ts');
    expect(golonganAwal('S1')).toBe('III/a');
    expect(golonganAwal('D3')).toBe('II/c');
    expect(peringatanData({ verifikasi: 1, status_guru: 'PNS', golongan: 'III/b', pendidikan_terakhir: 'S1' })).toEqual(
      [],
    );
    expect(peringatanData({ verifikasi: 0, status_guru: 'CPNS', golongan: 'II/a', pendidikan_terakhir: 'D3' })).toEqual(
      ['Profil guru belum diverifikasi', 'CPNS berpendidikan D3 pada golongan II/a: golongan awal pendidikan itu II/c'],
    );
    // A PNS may stay below the entry golongan of a degree earned later: not flagged.
    expect(peringatanData({ verifikasi: 1, status_guru: 'PNS', golongan: 'II/c', pendidikan_terakhir: 'S1' })).toEqual(
      [],
    );
  });
});
