// Employment life cycle: only active teachers are due for KGB, counted and forecast.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { createGuru } from '../../test/guru-factory.ts';
import type { Page } from '#contract/paging.ts';
import type { Guru } from '#contract/guru.ts';
import type { KgbDueItem } from '#contract/kgb.ts';
import type { Dashboard } from '#contract/dashboard.ts';

let t: TestApp;
let admin: string;
let op: string;
let due: number;
let other: number;

beforeEach(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-21T02:00:00Z');
  await createAdmin(t.database.db);
  const school = (await createSchoolWithOperator(t.database.db, { npsn: '60200100', bentukPendidikan: 'SMA' })).school
    .id;
  // TMT 2027-01-01: due since 2026-11-01.
  due = (await createGuru(t.database.db, school, { nama: 'Abdullah Umar', tgl_kgb_terakhir: '2025-01-01' })).id;
  other = (await createGuru(t.database.db, school, { nama: 'Masih Aktif', tgl_kgb_terakhir: '2025-06-01' })).id;
  admin = await t.login('admin');
  op = await t.login('60200100');
});
afterEach(async () => {
  await t.app.close();
});

const put = (id: number, body: unknown, token = admin) =>
  t.call<Guru>('PUT', `/api/guru/${id}/status-kepegawaian`, { token, body });
const dueIds = async () =>
  (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: admin })).body.data.data.map((r) => r.id);
const jumlahGuru = async () =>
  (await t.call<{ total_guru: number }[]>('GET', '/api/data-statistik/jumlah-guru', { token: admin })).body.data.reduce(
    (n, r) => n + r.total_guru,
    0,
  );
const dashboard = async () => (await t.call<Dashboard>('GET', '/api/dashboard', { token: admin })).body.data;

describe('employment status', () => {
  it('a teacher moved out leaves the due list, the counts and the statistics at once; active again, returns', async () => {
    expect(await dueIds()).toContain(due);
    expect((await dashboard()).daftar_guru).toBe(2);
    expect(await jumlahGuru()).toBe(2);

    const moved = await put(due, {
      status: 'mutasi',
      tanggal: '2026-11-01',
      keterangan: 'Pindah ke Dinas Pendidikan Kota Tidore Kepulauan',
    });
    expect(moved.status, moved.body.diagnostic.message).toBe(200);
    expect(moved.body.diagnostic.message).toBe('Status kepegawaian guru disimpan');
    expect(moved.body.data.status_kepegawaian).toEqual({
      kode: 'mutasi',
      label: 'Mutasi keluar',
      tanggal: '2026-11-01',
      keterangan: 'Pindah ke Dinas Pendidikan Kota Tidore Kepulauan',
      otomatis: false,
    });
    expect(await dueIds()).not.toContain(due);
    expect((await dashboard()).daftar_guru).toBe(1);
    expect((await dashboard()).guru_akan_kgb).toBe(0);
    expect(await jumlahGuru()).toBe(1);

    const back = await put(due, { status: 'aktif' });
    expect(back.body.data.status_kepegawaian).toEqual({
      kode: 'aktif',
      label: 'Aktif',
      tanggal: null,
      keterangan: null,
      otomatis: false,
    });
    expect(await dueIds()).toContain(due);
    expect((await dashboard()).daftar_guru).toBe(2);
  });

  it('a civil servant past the retirement age is retired automatically, whatever the record says', async () => {
    const old = (
      await createGuru(t.database.db, null as unknown as number, {
        nama: 'Sudah Pensiun',
        tgl_lahir: '1966-03-10',
        tgl_kgb_terakhir: '2025-01-01',
      })
    ).id;
    const detail = await t.call<Guru>('GET', `/api/guru/${old}`, { token: admin });
    expect(detail.body.data.status_kepegawaian).toEqual({
      kode: 'pensiun',
      label: 'Pensiun (batas usia pensiun)',
      tanggal: '2026-04-01',
      keterangan: null,
      otomatis: true,
    });
    expect((await dashboard()).daftar_guru).toBe(2);
    // An honorary teacher of the same age has no civil-service retirement.
    const honor = (
      await createGuru(
        t.database.db,
        null as unknown as number,
        { nama: 'Guru Honor Senior', tgl_lahir: '1966-03-10', status_guru: 'Honor Sekolah', golongan: null, nip: null },
        { decree: false },
      )
    ).id;
    expect((await t.call<Guru>('GET', `/api/guru/${honor}`, { token: admin })).body.data.status_kepegawaian.kode).toBe(
      'aktif',
    );
  });

  it('needs an administrator, a known status and, except for aktif, a date', async () => {
    expect((await put(due, { status: 'wafat', tanggal: '2026-11-02' }, op)).status).toBe(403);
    for (const [body, text] of [
      [{}, 'Status kepegawaian tidak boleh Kosong'],
      [{ status: 'cuti' }, 'Status kepegawaian harus salah satu dari: aktif, pensiun, mutasi, berhenti, wafat'],
      [{ status: 'berhenti' }, 'Tanggal status tidak boleh Kosong'],
      [{ status: 'berhenti', tanggal: '2026-02-30' }, 'Tanggal status harus tanggal yang valid (YYYY-MM-DD)'],
    ] as const) {
      const r = await put(due, body);
      expect(r.status).toBe(422);
      expect(r.body.diagnostic.message).toBe(text);
    }
    expect((await put(999999, { status: 'aktif' })).status).toBe(404);
    expect((await t.call<Guru>('GET', `/api/guru/${other}`, { token: admin })).body.data.status_kepegawaian.kode).toBe(
      'aktif',
    );
  });
});
