import { loadConfig } from '../../config.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createAdmin, type TestApp } from '../../test/test-app.ts';
import { kunjungan, sekolah } from '../../db/schema/index.ts';
import { STATISTIK, type StatistikData, type StatistikName } from '#contract/statistik.ts';
import { knownDataApp, TODAY, type KnownData } from './statistik-fixture.ts';
import { createStatCache, STAT_SOURCE_TABLES } from './statistik.cache.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { DEFAULT_OFFICE_TIMEZONE, hariIni } from '../../domain/waktu-kantor.ts';
import {
  duaMingguTerakhir,
  enamBulanTerakhir,
  kgbTerakhirPaling,
  limaTahunBerikutnya,
  tambahHari,
  tmtPalingLambat,
} from '../../domain/periode.ts';
import { addMonths, KGB_CYCLE_MONTHS } from '../../domain/kepegawaian.ts';
import { NOTICE_MONTHS } from '../../domain/kgb.ts';
import { lahirPensiunDalam } from '../../domain/pensiun.ts';
import { unannounced } from '../../test/unannounced.ts';

let t: TestApp;
let admin: string;
let operator: string;
let known: KnownData;
let adminUserId: number;

beforeEach(async () => {
  ({ t, known, admin, adminUserId } = await knownDataApp());
  operator = await t.login(known.npsn.sdA);
});
afterEach(async () => {
  await t.app.close();
});

async function stat<K extends StatistikName>(name: K, token = admin): Promise<StatistikData[K]> {
  const res = await t.call<StatistikData[K]>('GET', `/api/data-statistik/${name}`, { token });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  expect(res.body.diagnostic.status).toBe(200);
  return res.body.data;
}

describe('statistics of schools and teachers per level', () => {
  it('jumlah-unit-sekolah: schools per level, every level present', async () => {
    expect(await stat('jumlah-unit-sekolah')).toEqual([
      { bentuk_pendidikan: 'TK', total_sekolah: 0 },
      { bentuk_pendidikan: 'SD', total_sekolah: 2 },
      { bentuk_pendidikan: 'SMP', total_sekolah: 1 },
      { bentuk_pendidikan: 'SMA', total_sekolah: 1 },
      { bentuk_pendidikan: 'SMK', total_sekolah: 2 },
      // SLB, the special schools a provincial office manages, is a level too (docs/domain/data-guru.md).
      { bentuk_pendidikan: 'SLB', total_sekolah: 0 },
    ]);
  });

  it('jumlah-guru: active teachers per level of their school (a teacher without a school is in no level)', async () => {
    // SD: t2, t3, t5; not t1 and t4, PNS past their retirement date. t2, a GTT born
    // in 1966, has no civil-service retirement and stays.
    expect(await stat('jumlah-guru')).toEqual([
      { bentuk_pendidikan: 'TK', total_guru: 0 },
      { bentuk_pendidikan: 'SD', total_guru: 3 },
      { bentuk_pendidikan: 'SMP', total_guru: 3 },
      { bentuk_pendidikan: 'SMA', total_guru: 3 },
      { bentuk_pendidikan: 'SMK', total_guru: 3 },
      { bentuk_pendidikan: 'SLB', total_guru: 0 },
    ]);
  });

  it('jumlah-guru-jenis-kelamin: lk and pr per level', async () => {
    expect(await stat('jumlah-guru-jenis-kelamin')).toEqual([
      { pendidikan: 'TK', lk: 0, pr: 0 },
      // t1 and t4 (retired PNS, both men) are not counted.
      { pendidikan: 'SD', lk: 0, pr: 3 },
      { pendidikan: 'SMP', lk: 1, pr: 2 },
      { pendidikan: 'SMA', lk: 2, pr: 1 },
      { pendidikan: 'SMK', lk: 2, pr: 1 },
      { pendidikan: 'SLB', lk: 0, pr: 0 },
    ]);
  });

  it('rasio: students per teacher and per PNS teacher, current year, null without teachers', async () => {
    expect(await stat('rasio')).toEqual([
      { pendidikan: 'TK', tahun: 2026, siswa: 0, guru: 0, pns: 0, gurusiswa: null, pnssiswa: null },
      // Active teachers: t2, t3, t5; PNS: t5 (t1 and t4 have retired).
      { pendidikan: 'SD', tahun: 2026, siswa: 450, guru: 3, pns: 1, gurusiswa: 150, pnssiswa: 450 },
      { pendidikan: 'SMP', tahun: 2026, siswa: 400, guru: 3, pns: 1, gurusiswa: 133.33, pnssiswa: 400 },
      { pendidikan: 'SMA', tahun: 2026, siswa: 500, guru: 3, pns: 3, gurusiswa: 166.67, pnssiswa: 166.67 },
      { pendidikan: 'SMK', tahun: 2026, siswa: 7, guru: 3, pns: 1, gurusiswa: 2.33, pnssiswa: 7 },
      { pendidikan: 'SLB', tahun: 2026, siswa: 0, guru: 0, pns: 0, gurusiswa: null, pnssiswa: null },
    ]);
  });
});

describe('retirements', () => {
  it('guru-pensiun: retired in each of the last 6 calendar months, this month included', async () => {
    // t1 born 1966-05 → June; t14 born 1966-06-01 → July; t4 born 1966-10 → November (this month).
    // t2 (May) is before the window, t5 (December) has not retired yet.
    expect(await stat('guru-pensiun')).toEqual([
      { bulan: '2026-06', label: 'Juni 2026', total: 1 },
      { bulan: '2026-07', label: 'Juli 2026', total: 1 },
      { bulan: '2026-08', label: 'Agustus 2026', total: 0 },
      { bulan: '2026-09', label: 'September 2026', total: 0 },
      { bulan: '2026-10', label: 'Oktober 2026', total: 0 },
      { bulan: '2026-11', label: 'November 2026', total: 1 },
    ]);
  });

  it('pensiun-lima-tahun: retiring in each of the next five calendar years', async () => {
    // 2027: t8 (Jan), t6 (Nov), t7 (Dec). 2031: t11 (Jan), t12 (Dec). t5 (Dec 2026) and t13 (Jan 2032) fall outside.
    expect(await stat('pensiun-lima-tahun')).toEqual([
      { tahun: 2027, total: 3 },
      { tahun: 2028, total: 0 },
      { tahun: 2029, total: 0 },
      { tahun: 2030, total: 0 },
      { tahun: 2031, total: 2 },
    ]);
  });

  it('follows the retirement age setting', async () => {
    await t.app.close();
    ({ t, admin } = await knownDataApp({ retirementAge: 58 }));
    // At 58, born 1968-05..1968-10 retire June..November 2026: nobody in the data set.
    expect((await stat('guru-pensiun')).map((r) => r.total)).toEqual([0, 0, 0, 0, 0, 0]);
    // 2027..2031 at 58 = born 1968-12..1973-11: t11 (1970-12) → 2029-01, t12 (1971-11) → 2029-12, t13 (1971-12) → 2030-01.
    expect(await stat('pensiun-lima-tahun')).toEqual([
      { tahun: 2027, total: 0 },
      { tahun: 2028, total: 0 },
      { tahun: 2029, total: 2 },
      { tahun: 2030, total: 1 },
      { tahun: 2031, total: 0 },
    ]);
  });
});

describe('rooms, qualification and certification', () => {
  it('kondisi-ruang-kelas: percent of classrooms per condition group, other rooms ignored', async () => {
    expect(await stat('kondisi-ruang-kelas')).toEqual({
      layak: 50,
      kurang_layak: 33.33,
      tidak_layak: 16.67,
      jumlah: { layak: 3, kurang_layak: 2, tidak_layak: 1 },
      total_ruang_kelas: 6,
    });
  });

  it('kualifikasi-pendidik: D4/S1/S2/S3 vs the rest, unknown included', async () => {
    // Active teachers: 15 less the retired PNS t1 (S1) and t4 (S2).
    expect(await stat('kualifikasi-pendidik')).toEqual({ sarjana: 8, not_sarjna: 5 });
  });

  it('pendidik-tersertifikasi: Ya vs the rest', async () => {
    // Less t1 and t4, both certified.
    expect(await stat('pendidik-tersertifikasi')).toEqual({ sudah: 5, belum: 8 });
  });

  it('answers zeros on an empty database', async () => {
    await t.app.close();
    t = await createTestApp();
    t.clock.now = TODAY;
    await createAdmin(t.database.db);
    admin = await t.login('admin');
    expect(await stat('kondisi-ruang-kelas')).toEqual({
      layak: 0,
      kurang_layak: 0,
      tidak_layak: 0,
      jumlah: { layak: 0, kurang_layak: 0, tidak_layak: 0 },
      total_ruang_kelas: 0,
    });
    expect(await stat('kualifikasi-pendidik')).toEqual({ sarjana: 0, not_sarjna: 0 });
    expect(await stat('pendidik-tersertifikasi')).toEqual({ sudah: 0, belum: 0 });
    expect((await stat('jumlah-unit-sekolah')).map((r) => r.total_sekolah)).toEqual([0, 0, 0, 0, 0, 0]);
    expect((await stat('rasio')).every((r) => r.gurusiswa === null && r.pnssiswa === null)).toBe(true);
    expect((await stat('kgb')).map((r) => r.total)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('KGB letters and visits', () => {
  it('kgb: signed letters per month in WIT, unsigned ones left out', async () => {
    expect(await stat('kgb')).toEqual([
      { bulan: '2026-06', label: 'Juni 2026', total: 1 },
      { bulan: '2026-07', label: 'Juli 2026', total: 0 },
      { bulan: '2026-08', label: 'Agustus 2026', total: 1 },
      { bulan: '2026-09', label: 'September 2026', total: 0 },
      { bulan: '2026-10', label: 'Oktober 2026', total: 0 },
      { bulan: '2026-11', label: 'November 2026', total: 1 },
    ]);
  });

  it('kunjungan: a signed-in user counts once per day (WIT), 14 days with zeros', async () => {
    await t.database.db.insert(kunjungan).values([
      { userId: adminUserId, tanggal: '2026-11-07' }, // one day before the window
      { userId: adminUserId, tanggal: '2026-11-08' }, // its first day
    ]);
    // 2026-11-20 23:59 WIT, then midnight: two different days for the same user.
    t.clock.now = new Date('2026-11-20T14:59:00Z');
    const a = await t.login('admin');
    const o = await t.login(known.npsn.sdA);
    expect((await t.call('POST', '/api/kunjungan', { token: a })).body.data).toEqual({
      tanggal: '2026-11-20',
      baru: true,
    });
    expect((await t.call('POST', '/api/kunjungan', { token: a })).body.data).toEqual({
      tanggal: '2026-11-20',
      baru: false,
    });
    t.clock.now = new Date('2026-11-20T15:00:00Z');
    expect((await t.call('POST', '/api/kunjungan', { token: a })).body.data).toEqual({
      tanggal: '2026-11-21',
      baru: true,
    });
    expect((await t.call('POST', '/api/kunjungan', { token: o })).body.data).toEqual({
      tanggal: '2026-11-21',
      baru: true,
    });
    // Two tabs at once still count one visit.
    const twice = await Promise.all(
      [1, 2, 3].map(() => t.call<{ baru: boolean }>('POST', '/api/kunjungan', { token: o })),
    );
    expect(twice.every((r) => r.status === 200 && !r.body.data.baru)).toBe(true);
    expect((await t.call('POST', '/api/kunjungan')).status).toBe(401);

    t.clock.now = new Date('2026-11-21T01:00:00Z');
    const days = await stat('kunjungan', await t.login('admin'));
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ tanggal: '2026-11-08', label: '8 Nov', total: 1 });
    expect(days.at(-2)).toEqual({ tanggal: '2026-11-20', label: '20 Nov', total: 1 });
    expect(days.at(-1)).toEqual({ tanggal: '2026-11-21', label: '21 Nov', total: 2 });
    expect(days.slice(1, 12).every((d) => d.total === 0)).toBe(true);
    expect(days.map((d) => d.tanggal)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-11-${String(8 + i).padStart(2, '0')}`),
    );
  });
});

describe('access', () => {
  it('administrators only: operators 403, no token 401, unknown statistic 404', async () => {
    for (const name of STATISTIK) {
      const asOperator = await t.call('GET', `/api/data-statistik/${name}`, { token: operator });
      expect(asOperator.status, name).toBe(403);
      expect(asOperator.body.data, name).toBeNull();
      expect((await t.call('GET', `/api/data-statistik/${name}`)).status, name).toBe(401);
    }
    expect((await t.call('GET', '/api/data-statistik/gaji', { token: admin })).status).toBe(404);
    // Operators still record their own visits.
    expect((await t.call('POST', '/api/kunjungan', { token: operator })).status).toBe(200);
  });
});

// The default of STAT_CACHE_SECONDS, as the test app runs.
const STAT_TTL_MS = loadConfig({}).statCacheSeconds * 1000;

describe('cache', () => {
  it('STAT_CACHE_SECONDS sets how long answers are reused; 300 s when not given; not a positive whole number: refused', () => {
    expect(loadConfig({}).statCacheSeconds).toBe(300);
    expect(loadConfig({ STAT_CACHE_SECONDS: '30' }).statCacheSeconds).toBe(30);
    expect(() => loadConfig({ STAT_CACHE_SECONDS: '0' })).toThrow(/STAT_CACHE_SECONDS/);
  });

  it('reuses an answer for STAT_CACHE_SECONDS (300 s) and forgets it after any successful write', async () => {
    const units = async () =>
      (await stat('jumlah-unit-sekolah')).find((r) => r.bentuk_pendidikan === 'TK')!.total_sekolah;
    // Schools added without the notification (one missed): only the time limit or a write empties the cache.
    const addTk = (npsn: string) =>
      unannounced(t.database.db, (tx) =>
        tx.insert(sekolah).values({ npsn, namaSekolah: `TK ${npsn}`, status: 'Swasta', bentukPendidikan: 'TK' }),
      );
    expect(await units()).toBe(0);
    await addTk('60309001');
    expect(await units()).toBe(0); // cached
    t.clock.advance(STAT_TTL_MS - 1_000);
    expect(await units()).toBe(0);
    t.clock.advance(1_000);
    expect(await units()).toBe(1); // 300 s later
    await addTk('60309002');
    // A refused write changes nothing, so it keeps the cache.
    expect((await t.call('POST', '/api/sekolah', { token: admin, body: { npsn: '' } })).status).toBe(422);
    expect(await units()).toBe(1);
    // A school added through the API (a route registered before the statistics) shows at once.
    const created = await t.call('POST', '/api/sekolah', {
      token: admin,
      body: { npsn: '60309003', nama_sekolah: 'TK Uji Cache', bentuk_pendidikan: 'TK', status: 'Swasta' },
    });
    expect(created.status).toBe(200);
    expect(await units()).toBe(3);
  });

  it('keeps its answers across writes that change none of the tables the figures read', async () => {
    const units = async () =>
      (await stat('jumlah-unit-sekolah')).find((r) => r.bentuk_pendidikan === 'TK')!.total_sekolah;
    expect(await units()).toBe(0);
    await unannounced(t.database.db, (tx) =>
      tx
        .insert(sekolah)
        .values({ npsn: '60309011', namaSekolah: 'TK tanpa notifikasi', status: 'Swasta', bentukPendidikan: 'TK' }),
    );
    // Letter settings (table pengaturan) and a login (sessions) change no statistic source.
    const settings = await t.call<Record<string, unknown>>('GET', '/api/pengaturan/kgb', { token: admin });
    expect(settings.status).toBe(200);
    expect((await t.call('PUT', '/api/pengaturan/kgb', { token: admin, body: settings.body.data })).status).toBe(200);
    await t.login('admin');
    expect(await units()).toBe(0); // still the cached answer
    // A visit is a source (the Kunjungan statistic): the cache is emptied.
    expect((await t.call('POST', '/api/kunjungan', { token: admin })).status).toBe(200);
    expect(await units()).toBe(1);
  });

  it('lists the same source tables as the triggers of migration 0011', async () => {
    const rows = await t.database.db.execute(
      sql`select c.relname as name from pg_trigger tg join pg_class c on c.oid = tg.tgrelid where tg.tgname like '%\_stat\_changed' order by 1`,
    );
    expect(rowsOf<{ name: string }>(rows).map((r) => r.name)).toEqual([...STAT_SOURCE_TABLES]);
  });

  it('keeps no result computed across a write, and shares one computation', async () => {
    let clock = 0;
    const cache = createStatCache(() => clock, 30_000);
    let calls = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<number>((resolve) => {
        calls++;
        const n = calls;
        release = () => resolve(n);
      });
    const first = cache.get('k', slow);
    const second = cache.get('k', slow);
    expect(calls).toBe(1);
    cache.clear(); // a write while the first computation runs
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    const third = cache.get('k', slow);
    expect(calls).toBe(2);
    release();
    expect(await third).toBe(2);
    clock += 10_000;
    expect(await cache.get('k', slow)).toBe(2);
  });

  it('a change heard from the database: the answer computed before is given while one computation replaces it', async () => {
    let clock = 0;
    const cache = createStatCache(() => clock, 30_000);
    let calls = 0;
    const releases: (() => void)[] = [];
    const slow = () =>
      new Promise<number>((resolve) => {
        const n = ++calls;
        releases.push(() => resolve(n));
      });
    const first = cache.get('k', slow);
    releases.shift()!();
    expect(await first).toBe(1);
    cache.refresh(); // a batch of a background run committed
    // Readers do not wait: the old figures, and one new computation behind them.
    expect(await cache.get('k', slow)).toBe(1);
    expect(await cache.get('k', slow)).toBe(1);
    expect(calls).toBe(2);
    releases.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', slow)).toBe(2);
    expect(calls).toBe(2);
    // A write of this process's own API still answers nothing computed before it.
    cache.refresh();
    expect(await cache.get('k', slow)).toBe(2);
    cache.clear();
    const after = cache.get('k', slow);
    expect(calls).toBe(4);
    releases.pop()!();
    expect(await after).toBe(4);
    // Past STAT_CACHE_SECONDS a stale answer is not given (a change whose notice was missed).
    cache.refresh();
    clock += 30_000;
    const expired = cache.get('k', slow);
    expect(calls).toBe(5);
    releases.pop()!();
    expect(await expired).toBe(5);
  });
});

describe('periods', () => {
  it('today is the WIT date', () => {
    expect(hariIni(new Date('2026-11-20T14:59:59Z'), DEFAULT_OFFICE_TIMEZONE)).toBe('2026-11-20');
    expect(hariIni(new Date('2026-11-20T15:00:00Z'), DEFAULT_OFFICE_TIMEZONE)).toBe('2026-11-21');
    expect(hariIni(new Date('2026-12-31T15:00:00Z'), DEFAULT_OFFICE_TIMEZONE)).toBe('2027-01-01');
  });

  it('windows of 6 months, 5 years, 14 days and the next 12 months of retirements', () => {
    expect(enamBulanTerakhir('2026-11-21')).toEqual({ dari: '2026-06-01', sampai: '2026-11-01' });
    expect(enamBulanTerakhir('2027-03-01')).toEqual({ dari: '2026-10-01', sampai: '2027-03-01' });
    expect(limaTahunBerikutnya('2026-11-21')).toEqual({ dari: 2027, sampai: 2031 });
    expect(duaMingguTerakhir('2026-03-05')).toEqual({ dari: '2026-02-20', sampai: '2026-03-05' });
    // Retirements 2026-12-01 .. 2027-11-01 → born 1966-11-01 .. 1967-10-31.
    expect(lahirPensiunDalam('2026-11-21', 60, 12)).toEqual({ dari: '1966-11-01', sebelum: '1967-11-01' });
    // On the first of a month, that month's retirement has already happened.
    expect(lahirPensiunDalam('2026-11-01', 60, 12)).toEqual({ dari: '1966-11-01', sebelum: '1967-11-01' });
  });

  it('the KGB pre-filter never drops a teacher who is due (every day of 2027-2028, month ends included)', () => {
    for (let today = '2027-01-01'; today < '2029-01-01'; today = tambahHari(today, 1)) {
      const bound = kgbTerakhirPaling(today);
      // Any last-KGB date after the bound gives a TMT more than two months ahead.
      for (let k = 1; k <= 40; k++) {
        const last = tambahHari(bound, k);
        expect(addMonths(addMonths(last, KGB_CYCLE_MONTHS), -NOTICE_MONTHS) > today, `${today} ${last}`).toBe(true);
      }
    }
  });

  it('the TMT range of the due list never drops a teacher who is due (every day of 2027-2028)', () => {
    for (let today = '2027-01-01'; today < '2029-01-01'; today = tambahHari(today, 1)) {
      const bound = tmtPalingLambat(today);
      // Any TMT after the bound is more than two months ahead.
      for (let k = 1; k <= 40; k++) {
        const tmt = tambahHari(bound, k);
        expect(addMonths(tmt, -NOTICE_MONTHS) > today, `${today} ${tmt}`).toBe(true);
      }
    }
  });
});
