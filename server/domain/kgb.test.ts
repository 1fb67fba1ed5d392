import { describe, expect, it } from 'vitest';
import { dueState, nextTmt, planKgb, salaryOn, takesPart, type SalaryStep } from './kgb.ts';
import { PP_5_2024 } from './gaji-pp5-2024.ts';

const TABLE: SalaryStep[] = Object.entries(PP_5_2024.rows).flatMap(([golongan, steps]) =>
  steps.map(([mkg, gaji]) => ({ regulasi: 'PP 5/2024', berlakuMulai: '2024-01-01', golongan, mkg, gaji })),
);

describe('who takes part', () => {
  it('only PNS teachers with a golongan', () => {
    expect(takesPart({ statusGuru: 'PNS', golongan: 'III/a' })).toBe(true);
    expect(takesPart({ statusGuru: 'PPPK', golongan: 'III/a' })).toBe(false);
    expect(takesPart({ statusGuru: 'PNS', golongan: null })).toBe(false);
  });
});

describe('next TMT', () => {
  it('is two years after the last KGB', () => {
    expect(nextTmt({ golongan: 'III/b', nip: null, tglKgbTerakhir: '2025-03-01' })).toBe('2027-03-01');
  });
  it('the first one comes one year after appointment in II/a, two years otherwise', () => {
    expect(nextTmt({ golongan: 'II/a', nip: '199801012024031001', tglKgbTerakhir: null })).toBe('2025-03-01');
    expect(nextTmt({ golongan: 'III/a', nip: '199801012024031001', tglKgbTerakhir: null })).toBe('2026-03-01');
    expect(nextTmt({ golongan: 'III/a', nip: null, tglKgbTerakhir: null })).toBeNull();
  });
});

describe('salary lookup (PP 5/2024)', () => {
  it('reads listed steps', () => {
    expect(salaryOn(TABLE, 'III/a', 0, '2026-01-01')).toEqual({ gaji: 2785700, regulasi: 'PP 5/2024' });
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
    const next: SalaryStep[] = [...TABLE, { regulasi: 'PP X/2027', berlakuMulai: '2027-01-01', golongan: 'III/a', mkg: 0, gaji: 3000000 }];
    expect(salaryOn(next, 'III/a', 0, '2026-12-31')).toEqual({ gaji: 2785700, regulasi: 'PP 5/2024' });
    expect(salaryOn(next, 'III/a', 0, '2027-01-01')).toEqual({ gaji: 3000000, regulasi: 'PP X/2027' });
    expect(salaryOn(TABLE, 'III/a', 0, '2023-12-31')).toBeNull();
  });
});

describe('plan', () => {
  it('computes TMT, MKG old and new, and salaries', () => {
    const plan = planKgb({ statusGuru: 'PNS', golongan: 'III/b', nip: '198609262015051001', tglKgbTerakhir: '2025-01-01', mkgTahun: 8, mkgBulan: 4, gajiPokok: 3287000 }, TABLE);
    expect(plan).toEqual({ tmt: '2027-01-01', dueFrom: '2026-11-01', mkgLama: { tahun: 8, bulan: 4 }, mkgBaru: { tahun: 10, bulan: 4 }, golongan: 'III/b', gajiLama: 3287000, gajiBaru: 3390500, regulasi: 'PP 5/2024' });
  });
  it('II/a first increase adds one year of MKG', () => {
    const plan = planKgb({ statusGuru: 'PNS', golongan: 'II/a', nip: '200001012025011001', tglKgbTerakhir: null, mkgTahun: 0, mkgBulan: 0, gajiPokok: null }, TABLE)!;
    expect(plan.tmt).toBe('2026-01-01');
    expect(plan.mkgBaru).toEqual({ tahun: 1, bulan: 0 });
    expect(plan.gajiLama).toBe(2184000);
    expect(plan.gajiBaru).toBe(2218400);
  });
  it('nobody else', () => {
    expect(planKgb({ statusGuru: 'GTT', golongan: null, nip: null, tglKgbTerakhir: null, mkgTahun: null, mkgBulan: null, gajiPokok: null }, TABLE)).toBeNull();
  });
});

describe('due window', () => {
  it('opens exactly two months before the TMT', () => {
    expect(dueState('2027-01-21', '2026-11-20')).toEqual({ due: false, overdue: false, daysLeft: 62 });
    expect(dueState('2027-01-21', '2026-11-21')).toEqual({ due: true, overdue: false, daysLeft: 61 });
  });
  it('is still due on the TMT and overdue the day after', () => {
    expect(dueState('2026-11-21', '2026-11-21')).toEqual({ due: true, overdue: false, daysLeft: 0 });
    expect(dueState('2026-11-21', '2026-11-22')).toEqual({ due: true, overdue: true, daysLeft: -1 });
  });
});
