import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { eq } from 'drizzle-orm';
import { guru } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { refId } from '../../test/guru-factory.ts';
import type { Page } from '#contract/paging.ts';
import type { KualitasCount, KualitasRow } from '#contract/kualitas.ts';

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  const a = (
    await createSchoolWithOperator(t.database.db, {
      npsn: '60200100',
      lat: 0.79,
      long: 127.38,
      kodeWilayah: '82.71.03.1008',
    })
  ).school.id;
  await createSchoolWithOperator(t.database.db, { npsn: '60200200', kodeWilayah: '82.71.03.1008' }); // no coordinates
  await createSchoolWithOperator(t.database.db, { npsn: '60200300', lat: 1, long: 127 }); // no region
  // A known set: complete, no NUPTK/NIK, PNS without last KGB, PNS without golongan, NIP of another birth date.
  await createGuru(t.database.db, a, {
    nama: 'Lengkap',
    nuptk: '1234567890123456',
    tgl_kgb_terakhir: '2025-01-01',
    verifikasi: 1,
  });
  await createGuru(t.database.db, a, {
    nama: 'Tanpa Nomor',
    nuptk: null,
    nik: null,
    tgl_kgb_terakhir: '2025-01-01',
    verifikasi: 1,
  });
  await createGuru(t.database.db, a, {
    nama: 'Tanpa KGB',
    nuptk: '1234567890123457',
    tgl_kgb_terakhir: null,
    verifikasi: 1,
  });
  await createGuru(t.database.db, a, {
    nama: 'Tanpa Golongan',
    nuptk: '1234567890123458',
    golongan: null,
    tgl_kgb_terakhir: '2025-01-01',
    verifikasi: 0,
  });
  const wrong = await createGuru(t.database.db, a, {
    nama: 'NIP Salah',
    nuptk: '1234567890123459',
    tgl_lahir: '1985-04-13',
    nip: '198504122010011999',
    tgl_kgb_terakhir: '2025-01-01',
    verifikasi: 1,
  });
  // Imported over the record: the profile says IV/a, the verified KGB decree III/b.
  const imported = await createGuru(t.database.db, a, {
    nama: 'Profil Beda',
    nuptk: '1234567890123460',
    tgl_kgb_terakhir: '2025-01-01',
    verifikasi: 1,
  });
  await t.database.db.update(guru).set({ golongan: 'IV/a' }).where(eq(guru.id, imported.id));
  // The step rule's checks: a last KGB at an odd MKG in III/b (the steps are even), and a KGB whose
  // MKG did not grow in the two years since the one before.
  await createGuru(t.database.db, a, {
    nama: 'MKG Ganjil',
    nuptk: '1234567890123461',
    tgl_kgb_terakhir: '2025-01-01',
    mkg_tahun: 9,
    gaji_pokok: 3287000,
    verifikasi: 1,
  });
  const still = await createGuru(t.database.db, a, {
    nama: 'MKG Tetap',
    nuptk: '1234567890123462',
    tgl_kgb_terakhir: '2025-01-01',
    verifikasi: 1,
  });
  await t.database.db.insert(recordTableOf('riwkgb')).values({
    guru_id: still.id,
    no_kgb: '822.4/9/DIKBUD/2023',
    ttgl_kgb: '2023-01-01',
    gpl_kgb: 3390500,
    gol_kgb: 'III/b',
    nosk_kgb: '822.4/9/DIKBUD/2023',
    mkg_tahun: 10,
    mkg_bulan: 0,
    status: 1,
  });
  await t.database.db.insert(recordTableOf('riwpendidikan')).values({
    guru_id: wrong.id,
    riw_pendidikan_nm: 'X',
    riw_pendidikan_sttb_ijazah: '1',
    riw_pendidikan_tgl: '2005-01-01',
    riw_pendidikan_pejabat: 'R',
    jurusan_id: await refId(t.database.db, 'jurusan', 'IPA'),
    tingpend_id: await refId(t.database.db, 'tingkatpendidikan', 'SMA/SMK'),
    luar_negeri: 'f',
    status: 0,
  });
  admin = await t.login('admin');
});
afterEach(async () => {
  await t.app.close();
});

describe('data quality', () => {
  it('counts each check on a known data set', async () => {
    const res = await t.call<KualitasCount[]>('GET', '/api/kualitas-data', { token: admin });
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.body.data.map((c) => [c.kode, c.jumlah]))).toEqual({
      'guru-tanpa-nuptk': 1,
      'guru-tanpa-nik': 1,
      'pns-tanpa-kgb': 1,
      'pns-tanpa-golongan': 1,
      // Tanpa KGB and Tanpa Golongan have no verified decree in their record.
      'pns-tanpa-sk': 2,
      'profil-beda-riwayat': 1,
      'mkg-di-antara-tahap': 1,
      'mkg-tidak-bertambah': 1,
      'nip-tidak-cocok': 1,
      'guru-belum-verifikasi': 1,
      'pendidikan-belum-verifikasi': 1,
      'sekolah-tanpa-koordinat': 1,
      'sekolah-tanpa-wilayah': 1,
    });
  });

  it('drills down to the rows; administrators only', async () => {
    const nip = await t.call<Page<KualitasRow>>('GET', '/api/kualitas-data/nip-tidak-cocok?page=1', { token: admin });
    expect(nip.body.data.data).toEqual([
      expect.objectContaining({ nama: 'NIP Salah', nomor: '198504122010011999', npsn: '60200100' }),
    ]);
    const beda = await t.call<Page<KualitasRow>>('GET', '/api/kualitas-data/profil-beda-riwayat', { token: admin });
    expect(beda.body.data.data.map((r) => r.nama)).toEqual(['Profil Beda']);
    expect(
      (
        await t.call<Page<KualitasRow>>('GET', '/api/kualitas-data/mkg-di-antara-tahap', { token: admin })
      ).body.data.data.map((r) => r.nama),
    ).toEqual(['MKG Ganjil']);
    expect(
      (
        await t.call<Page<KualitasRow>>('GET', '/api/kualitas-data/mkg-tidak-bertambah', { token: admin })
      ).body.data.data.map((r) => r.nama),
    ).toEqual(['MKG Tetap']);
    const noCoord = await t.call<Page<KualitasRow>>('GET', '/api/kualitas-data/sekolah-tanpa-koordinat', {
      token: admin,
    });
    expect(noCoord.body.data.data.map((r) => r.npsn)).toEqual(['60200200']);
    expect((await t.call('GET', '/api/kualitas-data/tidak-ada', { token: admin })).status).toBe(422);
    const op = await t.login('60200100');
    expect((await t.call('GET', '/api/kualitas-data', { token: op })).status).toBe(403);
    expect((await t.call('GET', '/api/kualitas-data')).status).toBe(401);
  });
});
