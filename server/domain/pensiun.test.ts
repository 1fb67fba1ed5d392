import { describe, expect, it } from 'vitest';
import {
  akhirMasaKerja,
  bulanMenujuPensiun,
  kekuranganUsulPensiun,
  lahirBelumPensiun,
  lahirPensiunDalam,
  tanggalBup,
  tmtPensiun,
  type DataUsulPensiun,
} from './pensiun.ts';

describe('BUP and pension TMT (docs/domain/pensiun.md)', () => {
  it('born 10 June 1967: BUP 10 June 2027, pension TMT 1 July 2027', () => {
    expect(tanggalBup('1967-06-10')).toBe('2027-06-10');
    expect(tmtPensiun('1967-06-10')).toBe('2027-07-01');
  });
  it('born on the first of a month: the TMT is still the first of the NEXT month', () => {
    expect(tanggalBup('1967-06-01')).toBe('2027-06-01');
    expect(tmtPensiun('1967-06-01')).toBe('2027-07-01');
  });
  it('born in December: the TMT is in January of the next year', () => {
    expect(tmtPensiun('1966-12-31')).toBe('2027-01-01');
  });
  it('born on 29 February: the BUP falls on 28 February in a common year, the TMT on 1 March', () => {
    expect(tanggalBup('1968-02-29')).toBe('2028-02-29');
    expect(tanggalBup('1964-02-29')).toBe('2024-02-29');
    expect(tanggalBup('1965-02-28')).toBe('2025-02-28');
    expect(tanggalBup('1967-02-28', 61)).toBe('2028-02-28');
    expect(tanggalBup('1968-02-29', 61)).toBe('2029-02-28');
    expect(tmtPensiun('1968-02-29', 61)).toBe('2029-03-01');
  });
  it('follows the configured age', () => {
    expect(tmtPensiun('1966-03-15', 58)).toBe('2024-04-01');
  });
  it('counts the months ahead by calendar month', () => {
    expect(bulanMenujuPensiun('2026-11-27', '2027-07-01')).toBe(8);
    expect(bulanMenujuPensiun('2026-11-27', '2028-02-01')).toBe(15);
    expect(bulanMenujuPensiun('2026-11-27', '2026-12-01')).toBe(1);
    expect(bulanMenujuPensiun('2026-11-27', '2026-11-01')).toBe(0);
  });
  it('a PPPK teacher: the work agreement ends, no pension decree; a CPNS is flagged', () => {
    expect(akhirMasaKerja('PNS')).toBe('pensiun');
    expect(akhirMasaKerja('PPPK')).toBe('akhir_perjanjian');
    expect(akhirMasaKerja('CPNS')).toBe('cpns');
    expect(akhirMasaKerja('GTY')).toBeNull();
    expect(akhirMasaKerja(null)).toBeNull();
  });
});

describe('birth-date windows used by the SQL filters', () => {
  it('not yet retired on a day: TMT after today', () => {
    const lahir = lahirBelumPensiun('2026-11-27', 60);
    expect(lahir).toBe('1966-11-01');
    expect(tmtPensiun('1966-10-31') <= '2026-11-27').toBe(true);
    expect(tmtPensiun('1966-11-01') > '2026-11-27').toBe(true);
  });
  it('retiring within 15 months: TMT from next month to the 15th month ahead', () => {
    const w = lahirPensiunDalam('2026-11-27', 60, 15);
    expect(w).toEqual({ dari: '1966-11-01', sebelum: '1968-02-01' });
    expect(tmtPensiun(w.dari)).toBe('2026-12-01');
    expect(tmtPensiun('1968-01-31')).toBe('2028-02-01');
    expect(bulanMenujuPensiun('2026-11-27', tmtPensiun('1968-01-31'))).toBe(15);
  });
  it('is the dashboard window of 12 months', () => {
    expect(lahirPensiunDalam('2026-11-21', 60, 12)).toEqual({ dari: '1966-11-01', sebelum: '1967-11-01' });
  });
});

describe('what the proposal still lacks', () => {
  const lengkap: DataUsulPensiun = {
    statusGuru: 'PNS',
    nip: '196706101990031002',
    tempatLahir: 'Ternate',
    golongan: 'IV/a',
    gajiPokok: 5_500_000,
    adaSkPangkat: true,
    pasangan: [{ tglNikah: '1993-05-02' }],
    keluargaBelumVerifikasi: 0,
    statusNikah: 'Nikah',
    adaSkpTahunTerakhir: true,
  };
  it('nothing when the record is complete', () => {
    expect(kekuranganUsulPensiun(lengkap)).toEqual([]);
  });
  it('names each missing piece', () => {
    expect(
      kekuranganUsulPensiun({
        ...lengkap,
        pasangan: [],
        adaSkPangkat: false,
        gajiPokok: null,
        keluargaBelumVerifikasi: 2,
        adaSkpTahunTerakhir: false,
      }),
    ).toEqual([
      'SK pangkat terakhir belum ada atau belum diverifikasi',
      'Gaji pokok terakhir tidak diketahui',
      'Data suami/istri belum ada di riwayat keluarga',
      '2 data keluarga belum diverifikasi',
      'Penilaian kinerja (SKP) tahun terakhir belum ada',
    ]);
    expect(kekuranganUsulPensiun({ ...lengkap, pasangan: [{ tglNikah: null }] })).toEqual([
      'Tanggal nikah suami/istri kosong',
    ]);
  });
  it('an unmarried teacher needs no spouse', () => {
    expect(kekuranganUsulPensiun({ ...lengkap, statusNikah: 'Single', pasangan: [] })).toEqual([]);
  });
  it('a PPPK needs only the number: no DPCP', () => {
    expect(kekuranganUsulPensiun({ ...lengkap, statusGuru: 'PPPK', adaSkPangkat: false, pasangan: [] })).toEqual([]);
    expect(kekuranganUsulPensiun({ ...lengkap, statusGuru: 'PPPK', nip: null })).toEqual(['NI PPPK kosong']);
  });
});
