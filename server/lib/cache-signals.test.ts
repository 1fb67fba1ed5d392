// Two app instances on one database behave as one application. A change made through
// instance A (or on the database by anyone) empties B's dashboard, statistics and master-list
// caches at once, by the database's notification; when B's listening connection is lost, B
// connects again and empties its caches, as a notification may have been missed meanwhile.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Dashboard } from '#contract/dashboard.ts';
import type { StatistikData } from '#contract/statistik.ts';
import { referensi, sekolah } from '../db/schema/index.ts';
import { recordTableOf } from '../db/schema/riwayat.ts';
import { rowsOf } from '../db/client.ts';
import { LISTEN_APPLICATION_NAME } from '../db/notifications.ts';
import { createAdmin, createSchoolWithOperator, createTestApp, type TestApp } from '../test/test-app.ts';
import { createGuru } from '../test/guru-factory.ts';
import { TEST_DB_KIND } from '../test/test-db.ts';
import { unannounced } from '../test/unannounced.ts';

let a: TestApp;
let b: TestApp;
let tokenA: string;
let tokenB: string;

beforeEach(async () => {
  a = await createTestApp();
  // The second instance: its own app, caches and listener on the same database.
  b = await createTestApp();
  await createAdmin(a.database.db);
  tokenA = await a.login('admin');
  tokenB = await b.login('admin');
  await listening(2);
});
afterEach(async () => {
  await Promise.all([a.app.close(), b.app.close()]);
});

/** Calls `read` until `done` holds for its answer, for at most `ms`; answers the last one. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 1000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The instances' listening connections (PostgreSQL), each having run its LISTEN. */
async function listenerPids(): Promise<number[]> {
  const rows = await a.database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME} and state = 'idle' and query ilike 'LISTEN%'`,
  );
  return rowsOf<{ pid: number }>(rows).map((r) => r.pid);
}

/** On PostgreSQL, waits until `count` instances listen (ready does not wait for it). */
async function listening(count: number): Promise<void> {
  if (TEST_DB_KIND !== 'postgres') return;
  const pids = await until(listenerPids, (p) => p.length >= count, 5000);
  expect(pids.length, 'koneksi LISTEN').toBeGreaterThanOrEqual(count);
}

const dashboardOf = async (t: TestApp, token: string) => {
  const res = await t.call<Dashboard>('GET', '/api/dashboard', { token });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  return res.body.data;
};
const smpUnitsOf = async (t: TestApp, token: string) => {
  const res = await t.call<StatistikData['jumlah-unit-sekolah']>('GET', '/api/data-statistik/jumlah-unit-sekolah', { token });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  return res.body.data.find((r) => r.bentuk_pendidikan === 'SMP')?.total_sekolah ?? 0;
};

describe('two instances on one database', () => {
  it("a school created on A shows at once on B's dashboard and statistics", async () => {
    const schools = (await dashboardOf(b, tokenB)).daftar_sekolah;
    const units = await smpUnitsOf(b, tokenB);
    // B answers from its cache from now on.
    expect((await dashboardOf(b, tokenB)).daftar_sekolah).toBe(schools);

    const created = await a.call('POST', '/api/sekolah', { token: tokenA, body: { npsn: '60309101', nama_sekolah: 'SMP Uji Dua Instans', bentuk_pendidikan: 'SMP', status: 'Negeri' } });
    expect(created.status, created.body.diagnostic.message).toBe(200);

    expect((await until(() => dashboardOf(b, tokenB), (d) => d.daftar_sekolah === schools + 1)).daftar_sekolah).toBe(schools + 1);
    expect(await until(() => smpUnitsOf(b, tokenB), (n) => n === units + 1)).toBe(units + 1);
  });

  it("a master list changed on the database (a seed, a restore) shows at once on B's record pages", async () => {
    const db = a.database.db;
    const { school } = await createSchoolWithOperator(db);
    const guruId = (await createGuru(db, school.id)).id;
    const [item] = await db.select().from(referensi).where(eq(referensi.kategori, 'diklatteknis')).limit(1);
    const table = recordTableOf('diklat-teknis');
    const [record] = await db
      .insert(table)
      .values({ guru_id: guruId, diklat_id: item!.id, diklat_mulai: '2020-01-15', diklat_selesai: '2020-02-15', diklat_penyelenggara: 'LPMP', diklat_tempat: 'Ternate', diklat_sttp_no: '1/STTP/2020', diklat_sttp_tgl: '2020-02-15', diklat_sttp_pej: 'Kepala LPMP', diklat_jumlah_jam: 40 } as never)
      .returning({ id: table.id });
    const nameOnB = async () => {
      const res = await b.call<{ namadiklat: { diklat_teknis_nm: string } }>('GET', `/api/diklat-teknis/${record!.id}`, { token: tokenB });
      expect(res.status, res.body.diagnostic.message).toBe(200);
      return res.body.data.namadiklat.diklat_teknis_nm;
    };
    expect(await nameOnB()).toBe(item!.nama);

    await db.update(referensi).set({ nama: 'Diklat Nama Baru' }).where(eq(referensi.id, item!.id));
    expect(await until(nameOnB, (n) => n === 'Diklat Nama Baru')).toBe('Diklat Nama Baru');
  });
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('a lost listening connection (PostgreSQL)', () => {
  it('is opened again, and the caches are emptied then: a notification may have been missed', async () => {
    const schools = (await dashboardOf(b, tokenB)).daftar_sekolah;
    // A change whose notification B never gets: the cache holds it back.
    await unannounced(a.database.db, (tx) => tx.insert(sekolah).values({ npsn: '60309102', namaSekolah: 'SMP Tanpa Notifikasi', status: 'Swasta', bentukPendidikan: 'SMP' }));
    await new Promise((r) => setTimeout(r, 100));
    expect((await dashboardOf(b, tokenB)).daftar_sekolah).toBe(schools);

    const killed = await listenerPids();
    expect(killed.length).toBeGreaterThanOrEqual(2);
    for (const pid of killed) await a.database.db.execute(sql`select pg_terminate_backend(${pid})`);

    // Connected again (with backoff from 200 ms): everything cached is forgotten.
    expect((await until(() => dashboardOf(b, tokenB), (d) => d.daftar_sekolah === schools + 1, 3000)).daftar_sekolah).toBe(schools + 1);
    await listening(2);
    expect((await listenerPids()).some((pid) => killed.includes(pid))).toBe(false);

    // And notifications arrive again.
    const created = await a.call('POST', '/api/sekolah', { token: tokenA, body: { npsn: '60309103', nama_sekolah: 'SMP Sesudah Sambung Ulang', bentuk_pendidikan: 'SMP', status: 'Negeri' } });
    expect(created.status, created.body.diagnostic.message).toBe(200);
    expect((await until(() => dashboardOf(b, tokenB), (d) => d.daftar_sekolah === schools + 2)).daftar_sekolah).toBe(schools + 2);
  });
});
