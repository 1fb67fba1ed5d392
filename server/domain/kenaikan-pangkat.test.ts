// Worked cases of docs/domain/kenaikan-pangkat.md. Each names the rule (and regulation) it checks.
import { describe, expect, it } from 'vitest';
import {
  mkgKenaikanPangkat,
  periodeSah,
  skpDiBawahBaik,
  syaratKenaikanPangkat,
  tahunSkpKgb,
  type KpInput,
  type Penilaian,
} from './kenaikan-pangkat.ts';

const baik = (tahun: number, predikat: Penilaian['predikat'] = 'Baik', periode = 'Tahunan'): Penilaian => ({
  tahun,
  periode,
  predikat,
  terverifikasi: true,
});

/** A civil-servant teacher with S1, born 1985 (retires 2045), in III/b since 1 April 2022. */
function guru(over: Partial<KpInput> = {}): KpInput {
  return {
    statusGuru: 'PNS',
    tglLahir: '1985-06-15',
    retirementAge: 60,
    pangkat: { golongan: 'III/b', tmt: '2022-04-01' },
    pendidikan: 'S1',
    penilaian: [baik(2022), baik(2023), baik(2024), baik(2025)],
    hukdis: [],
    ...over,
  };
}

describe('syaratKenaikanPangkat', () => {
  it('III/b Guru Ahli Pertama, four years in rank, ratings Baik → III/c on 1 April 2026 (PP 99/2000 art. 13; Peraturan BKN 3/2023)', () => {
    const r = syaratKenaikanPangkat(guru(), '2026-04');
    expect(r.alasan).toEqual([]);
    expect(r.data_kurang).toEqual([]);
    expect(r.memenuhi).toBe(true);
    expect(r.golongan_baru).toBe('III/c');
    expect(r.jalur).toBe('fungsional');
    expect(r.masa_bulan).toBe(48);
    // 50 at the start of III/b + 12,5 × 100 % a year for 45 rated months (9,375 + 3 × 12,5) + 3
    // months of 2026 at the last predicate = 100, the Ahli Pertama → Ahli Muda figure.
    expect(r.angka_kredit).toEqual({ dimiliki: 100, dibutuhkan: 100, perkiraan: true });
    expect(r.catatan.join(' ')).toContain('uji kompetensi');
    expect(r.tmt_berikut).toBe('2026-04-01');
  });

  it('three years in rank → not yet, with the date it is met (credit points 87,5 of 100; at Baik from 1 April 2027)', () => {
    const r = syaratKenaikanPangkat(
      guru({ pangkat: { golongan: 'III/b', tmt: '2023-04-01' }, penilaian: [baik(2023), baik(2024), baik(2025)] }),
      '2026-04',
    );
    expect(r.memenuhi).toBe(false);
    expect(r.alasan).toEqual(['Angka kredit 87,5 dari 100 yang dibutuhkan untuk III/c']);
    expect(r.tmt_berikut).toBe('2027-04-01');
  });

  it('points a PAK set carry over: III/b since 2023 with a PAK of 85 assessed to the end of 2024 → due now, a year earlier (Peraturan BKN 3/2023)', () => {
    const tigaTahun = {
      pangkat: { golongan: 'III/b', tmt: '2023-04-01' },
      penilaian: [baik(2023), baik(2024), baik(2025)],
    };
    // 85 from the PAK + 15 months since January 2025 at Baik (12,5 a year: 15,625) = 100,625.
    const r = syaratKenaikanPangkat(guru({ ...tigaTahun, pak: { akKumulatif: 85, sampai: '2024-12-31' } }), '2026-04');
    expect(r.alasan).toEqual([]);
    expect(r.memenuhi).toBe(true);
    expect(r.angka_kredit).toEqual({ dimiliki: 100.625, dibutuhkan: 100, perkiraan: true });
    expect(r.catatan.join(' ')).toContain('Angka kredit dari PAK terakhir (85, dinilai sampai 31 Desember 2024)');
    // A smaller PAK: the date it is met, counting on at Baik (80 + 20 months × 12,5 / 12 = 100,83 from September 2026).
    const kurang = syaratKenaikanPangkat(
      guru({ ...tigaTahun, pak: { akKumulatif: 80, sampai: '2024-12-31' } }),
      '2026-04',
    );
    expect(kurang.alasan).toEqual(['Angka kredit 95,625 dari 100 yang dibutuhkan untuk III/c']);
    expect(kurang.tmt_berikut).toBe('2026-09-01');
    // A PAK of the previous rank (assessed before this rank's TMT) does not count: the lower end (50) does.
    const lama = syaratKenaikanPangkat(
      guru({ ...tigaTahun, pak: { akKumulatif: 95, sampai: '2022-12-31' } }),
      '2026-04',
    );
    expect(lama.alasan).toEqual(['Angka kredit 87,5 dari 100 yang dibutuhkan untuk III/c']);
  });

  it('regular promotion (no functional position, SMA education): three years is short of four, date named (PP 99/2000 art. 7)', () => {
    const r = syaratKenaikanPangkat(
      guru({ pendidikan: 'SMA/SMK', pangkat: { golongan: 'II/c', tmt: '2023-04-01' } }),
      '2026-04',
    );
    expect(r.jalur).toBe('reguler');
    expect(r.memenuhi).toBe(false);
    expect(r.alasan).toEqual([
      'Masa dalam pangkat II/c baru 3 tahun 0 bulan; minimal 4 tahun (terpenuhi 1 April 2027)',
    ]);
    expect(r.tmt_berikut).toBe('2027-04-01');
  });

  it('a rating Kurang in the period → not eligible (PP 99/2000 art. 13c: at least Baik in the last 2 years)', () => {
    const r = syaratKenaikanPangkat(
      guru({ penilaian: [baik(2022), baik(2023), baik(2024, 'Kurang'), baik(2025)] }),
      '2026-04',
    );
    expect(r.memenuhi).toBe(false);
    expect(r.alasan).toContain('Predikat SKP 2024: Kurang (minimal Baik)');
  });

  it('Sangat Baik earns 150 %: Ahli Muda III/d at 25 a year gets 37,5 (BKN example, Peraturan BKN 11/2022 Lampiran I angka 4)', () => {
    const r = syaratKenaikanPangkat(
      guru({
        pangkat: { golongan: 'III/d', tmt: '2024-01-01' },
        penilaian: [baik(2024, 'Sangat Baik'), baik(2025, 'Sangat Baik')],
      }),
      '2026-01',
    );
    // 100 at the start of III/d + 2 × 37,5 = 175 of 200 for IV/a.
    expect(r.angka_kredit).toEqual({ dimiliki: 175, dibutuhkan: 200, perkiraan: false });
    expect(r.alasan).toEqual(['Angka kredit 175 dari 200 yang dibutuhkan untuk IV/a']);
    // Projected at the last predicate (Sangat Baik, 3,125 a month): 200 reached after 8 more months.
    expect(r.tmt_berikut).toBe('2026-09-01');
  });

  it('education cap reached: D3 in III/c (PP 99/2000 art. 18: Diploma III up to Penata, III/c)', () => {
    const r = syaratKenaikanPangkat(
      guru({ pendidikan: 'D3', pangkat: { golongan: 'III/c', tmt: '2020-04-01' } }),
      '2026-04',
    );
    expect(r.jalur).toBe('reguler');
    expect(r.memenuhi).toBe(false);
    expect(r.alasan).toEqual(['Sudah mencapai pangkat tertinggi untuk pendidikan D3 (III/c)']);
    expect(r.tmt_berikut).toBeNull();
  });

  it('retiring before the TMT → not eligible (BUP at 60, UU 14/2005 art. 30(4))', () => {
    // Born 10 March 1966: retires 1 April 2026, the period's own TMT.
    const r = syaratKenaikanPangkat(guru({ tglLahir: '1966-03-10' }), '2026-04');
    expect(r.memenuhi).toBe(false);
    expect(r.alasan).toContain('Pensiun (BUP) 1 April 2026, sebelum TMT 1 April 2026');
    expect(r.tmt_berikut).toBeNull();
  });

  it('a disciplinary penalty in force blocks; a finished one or a reprimand (Ringan) does not (PP 94/2021)', () => {
    const berat = { tingkat: 'Berat', tmt: '2025-09-01', selesai: '2026-08-31', terverifikasi: true };
    expect(syaratKenaikanPangkat(guru({ hukdis: [berat] }), '2026-04').alasan).toEqual([
      'Sedang menjalani hukuman disiplin tingkat Berat (1 September 2025 s.d. 31 Agustus 2026)',
    ]);
    expect(syaratKenaikanPangkat(guru({ hukdis: [{ ...berat, selesai: '2026-03-31' }] }), '2026-04').memenuhi).toBe(
      true,
    );
    expect(
      syaratKenaikanPangkat(guru({ hukdis: [{ ...berat, tingkat: 'Ringan', selesai: null }] }), '2026-04').memenuhi,
    ).toBe(true);
  });

  it('missing data is named: no verified rank decree, an unverified rating, a missing year', () => {
    const r = syaratKenaikanPangkat(
      guru({ pangkat: null, penilaian: [baik(2022), { ...baik(2024), terverifikasi: false }] }),
      '2026-04',
    );
    expect(r.memenuhi).toBe(false);
    expect(r.data_kurang).toEqual([
      'SK pangkat terakhir (Kepangkatan terverifikasi)',
      'SKP tahun 2024 belum diverifikasi',
      'SKP tahun 2025',
    ]);
  });

  it('PPPK, CPNS and the top rank are not promoted', () => {
    expect(syaratKenaikanPangkat(guru({ statusGuru: 'PPPK' }), '2026-04').alasan).toEqual([
      'Kenaikan pangkat hanya untuk PNS',
    ]);
    expect(syaratKenaikanPangkat(guru({ statusGuru: 'CPNS' }), '2026-04').memenuhi).toBe(false);
    expect(
      syaratKenaikanPangkat(guru({ pangkat: { golongan: 'IV/e', tmt: '2015-04-01' } }), '2026-04').alasan,
    ).toContain('Sudah pada pangkat tertinggi (IV/e)');
  });

  it('a periodic rating counts for its months in a year without an annual one (Peraturan BKN 3/2023)', () => {
    // III/a since 1 January 2024: 2024 and 2025 Baik (25), Triwulan I 2026 Sangat Baik (3 × 1,5625).
    const r = syaratKenaikanPangkat(
      guru({
        pangkat: { golongan: 'III/a', tmt: '2024-01-01' },
        penilaian: [baik(2024), baik(2025), baik(2026, 'Sangat Baik', 'Triwulan I')],
      }),
      '2026-04',
    );
    expect(r.angka_kredit).toEqual({ dimiliki: 29.688, dibutuhkan: 50, perkiraan: false });
  });
});

describe('skpDiBawahBaik (the KGB due list)', () => {
  it('names verified annual ratings below Baik in the two years before the TMT', () => {
    expect(tahunSkpKgb('2026-04-01')).toEqual([2024, 2025]);
    const ratings = [
      baik(2024, 'Butuh Perbaikan'),
      baik(2025),
      { ...baik(2023, 'Kurang') },
      { ...baik(2025, 'Kurang', 'Triwulan I') },
    ];
    expect(skpDiBawahBaik(ratings, tahunSkpKgb('2026-04-01'))).toEqual([{ tahun: 2024, predikat: 'Butuh Perbaikan' }]);
    expect(skpDiBawahBaik([{ ...baik(2024, 'Kurang'), terverifikasi: false }], [2024, 2025])).toEqual([]);
  });
});

describe('periodeSah (promotion periods)', () => {
  it('monthly from October 2025 (Peraturan BKN 4/2025), six a year in 2024 (Peraturan BKN 4/2023), April and October before (PP 12/2002)', () => {
    expect(['2025-10', '2025-11', '2026-01', '2026-03'].every(periodeSah)).toBe(true);
    expect(['2024-02', '2024-12', '2025-08'].every(periodeSah)).toBe(true);
    expect(['2024-01', '2025-09', '2023-02', '2023-06'].some(periodeSah)).toBe(false);
    expect(['2023-04', '2023-10'].every(periodeSah)).toBe(true);
  });

  it('the next date lands on a period: a regular promotion due in May 2025 waits for June 2025', () => {
    const r = syaratKenaikanPangkat(
      guru({ pendidikan: 'SMA/SMK', pangkat: { golongan: 'II/c', tmt: '2021-05-01' } }),
      '2025-04',
    );
    expect(r.tmt_berikut).toBe('2025-06-01');
  });
});

describe('mkgKenaikanPangkat', () => {
  it('keeps counting the MKG across III→III and III→IV; cuts 5 years from II to III (PP 7/1977 as amended)', () => {
    expect(
      mkgKenaikanPangkat({ tmt: '2024-04-01', mkg: { tahun: 10, bulan: 0 } }, 'III/b', 'III/c', '2026-04-01'),
    ).toEqual({ tahun: 12, bulan: 0 });
    expect(
      mkgKenaikanPangkat({ tmt: '2024-04-01', mkg: { tahun: 10, bulan: 0 } }, 'II/d', 'III/a', '2026-04-01'),
    ).toEqual({ tahun: 7, bulan: 0 });
  });
});

describe('ratings for the credit points', () => {
  it('names the years since the rank that have no rating (their months earn nothing)', () => {
    const r = syaratKenaikanPangkat(guru({ penilaian: [baik(2024), baik(2025)] }), '2026-04');
    expect(r.data_kurang).toEqual(['SKP tahun 2022 (untuk angka kredit)', 'SKP tahun 2023 (untuk angka kredit)']);
    expect(r.memenuhi).toBe(false);
  });
});
