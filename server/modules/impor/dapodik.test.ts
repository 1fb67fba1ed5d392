import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { createGuru, refId } from '../../test/guru-factory.ts';
import { guru } from '../../db/schema/index.ts';
import { IMPOR_MSG, type ImporBaris, type ImporHasil } from '#contract/impor.ts';
import { HONOR, KEPSEK, PNS, PPPK, SCIENTIFIC, TENDIK, dapodikXlsx, type Person } from './dapodik.fixtures.ts';

// The Dapodik "Daftar Guru dan Tenaga Kependidikan" export as an operator downloads it
// (docs/domain/dapodik.md): title rows, then Dapodik's header, Dapodik's words for values, dates as
// text and as Excel dates, identity numbers as text, and one NIP Excel has turned into a number.

let t: TestApp;
let admin: string;
let schoolId: number;
const NPSN = '60200100';

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  ({
    school: { id: schoolId },
  } = await createSchoolWithOperator(t.database.db, { npsn: NPSN }));
  await createSchoolWithOperator(t.database.db, { npsn: '60200200' });
  admin = await t.login('admin');
});
afterEach(async () => {
  await t.app.close();
});

const upload = (url: string, bytes: Buffer, fields: Record<string, string> = {}) =>
  t.call<ImporHasil>('POST', url, {
    token: admin,
    form: { fields, files: { file: { bytes, filename: 'daftar-gtk.xlsx', type: 'application/octet-stream' } } },
  });
const byName = (h: ImporHasil) => Object.fromEntries(h.baris.map((b) => [b.nama, b])) as Record<string, ImporBaris>;

describe('teacher import: the Dapodik GTK export', () => {
  it('reads the export as downloaded: title rows, Dapodik values, dates as text and as Excel dates; staff counted, not imported', async () => {
    const bytes = await dapodikXlsx([PNS, PPPK, HONOR, KEPSEK, TENDIK, SCIENTIFIC]);
    const preview = await upload('/api/guru/import/preview', bytes, { npsn: NPSN });
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    const hasil = preview.body.data;
    expect(hasil.format).toBe('dapodik');
    expect(hasil.ringkasan).toEqual({ total: 6, baru: 4, ubah: 0, sama: 0, galat: 1, tendik: 1, konflik: 0 });
    const rows = byName(hasil);
    // Row numbers are the sheet's: the header is row 6.
    expect(rows['Abdullah Umar']!.baris).toBe(7);
    expect(rows['Hamid Abas']).toMatchObject({ aksi: 'tendik', jenis_ptk: 'Tenaga Administrasi Sekolah', masalah: [] });
    expect(rows['Nurlela']!.masalah).toEqual([{ kolom: 'NIP', pesan: IMPOR_MSG.scientific('NIP', '1,98703E+17') }]);
    expect(await t.database.db.select().from(guru)).toHaveLength(0);

    const done = await upload('/api/guru/import', bytes, { npsn: NPSN, konfirmasi: 'ya' });
    expect(done.status, done.body.diagnostic.message).toBe(200);
    expect(done.body.data).toMatchObject({ dibuat: 4, diperbarui: 0, dilewati: 2 });
    const stored = Object.fromEntries((await t.database.db.select().from(guru)).map((g) => [g.nama, g]));
    expect(Object.keys(stored).sort()).toEqual(['Abdullah Umar', 'Fatmawati', 'Rahma Said', 'Yusuf Hasan']);
    expect(stored['Abdullah Umar']).toMatchObject({
      nip: '198609262015051001',
      nuptk: '1234567890123456',
      nik: '8271012609860001',
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1986-09-26',
      status_guru: 'PNS',
      golongan: 'III/b',
      sekolah_id: schoolId,
      no_hp: '081234567890',
      verifikasi: 0,
      id_jabatan: await refId(t.database.db, 'jabatan', 'Guru Mata Pelajaran'),
    });
    expect(stored['Fatmawati']).toMatchObject({
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1990-01-01',
      status_guru: 'PPPK',
      golongan: 'IX',
      no_hp: null,
      id_jabatan: await refId(t.database.db, 'jabatan', 'Guru Kelas'),
    });
    expect(stored['Rahma Said']).toMatchObject({
      nip: null,
      tgl_lahir: '1991-01-01',
      status_guru: 'Honor Sekolah',
      golongan: null,
    });
    expect(stored['Yusuf Hasan']).toMatchObject({
      status_guru: 'GTY',
      id_jabatan: await refId(t.database.db, 'jabatan', 'Kepala Sekolah'),
    });
  });

  it('finds the columns by name in any order, and the NPSN in the file when it has the column', async () => {
    const columns = [
      'NPSN',
      'NIK',
      'Jenis PTK',
      'Status Kepegawaian',
      'Tanggal Lahir',
      'JK',
      'NIP',
      'Nama',
      'Pangkat Golongan',
    ];
    const bytes = await dapodikXlsx(
      [
        { ...PNS, NPSN: NPSN },
        { ...PPPK, NPSN: '60200200' },
      ],
      columns,
    );
    const preview = await upload('/api/guru/import/preview', bytes);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.ringkasan).toMatchObject({ total: 2, baru: 2, galat: 0 });
    // Two schools in one file: nobody is listed as missing from either.
    expect(preview.body.data.tidak_ada_di_berkas).toEqual([]);
  });

  it("asks for the school when the file has no NPSN; refuses an unknown one and a file without Dapodik's required columns", async () => {
    const bytes = await dapodikXlsx([PNS]);
    const none = await upload('/api/guru/import/preview', bytes);
    expect(none.status).toBe(422);
    expect(none.body.diagnostic.message).toBe(IMPOR_MSG.dapodikNoNpsn);
    const unknown = await upload('/api/guru/import/preview', bytes, { npsn: '69999999' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.diagnostic.message).toBe(IMPOR_MSG.dapodikNpsnUnknown);
    const partial = await upload(
      '/api/guru/import/preview',
      await dapodikXlsx([PNS], ['No', 'Nama', 'NIP', 'Jenis PTK']),
      { npsn: NPSN },
    );
    expect(partial.status).toBe(422);
    expect(partial.body.diagnostic.message).toBe(
      IMPOR_MSG.dapodikMissing(['JK', 'Tanggal Lahir', 'Status Kepegawaian']),
    );
  });

  it('names a Dapodik value Sidasek has no place for, and JK other than L/P', async () => {
    const bytes = await dapodikXlsx([{ ...HONOR, 'Status Kepegawaian': 'Kontrak Kerja WNA', JK: 'X' }]);
    const preview = await upload('/api/guru/import/preview', bytes, { npsn: NPSN });
    expect(preview.body.data.baris[0]!.masalah.map((m) => m.kolom)).toEqual(['JK', 'Status Kepegawaian']);
    expect(preview.body.data.baris[0]!.masalah[1]!.pesan).toContain('"Kontrak Kerja WNA" belum dikenal Sidasek');
    const empty = await upload(
      '/api/guru/import/preview',
      await dapodikXlsx([{ ...HONOR, 'Status Kepegawaian': '' }]),
      { npsn: NPSN },
    );
    expect(empty.body.data.baris[0]!.masalah[0]).toEqual({
      kolom: 'Status Kepegawaian',
      pesan: 'Status Kepegawaian tidak boleh Kosong',
    });
    expect(empty.body.data.baris[0]!.aksi).toBe('galat');
  });
});

describe('teacher import: sync, not duplicates', () => {
  it('a second import of the same file creates nobody; a changed file shows each change old → new', async () => {
    const bytes = await dapodikXlsx([PNS, PPPK, HONOR, TENDIK]);
    expect((await upload('/api/guru/import', bytes, { npsn: NPSN, konfirmasi: 'ya' })).body.data).toMatchObject({
      dibuat: 3,
    });
    const again = await upload('/api/guru/import', bytes, { npsn: NPSN, konfirmasi: 'ya' });
    expect(again.body.data).toMatchObject({ dibuat: 0, diperbarui: 0, dilewati: 4 });
    expect(again.body.data.ringkasan).toMatchObject({ sama: 3, tendik: 1 });
    expect(byName(again.body.data)['Abdullah Umar']!.cocok).toBe('NIP');
    expect(byName(again.body.data)['Rahma Said']!.cocok).toBe('NUPTK');
    expect(await t.database.db.select().from(guru)).toHaveLength(3);

    // The honorary teacher is now PPPK with an NI PPPK: found by her NUPTK, not created again.
    // An empty cell (Abdullah's email) never erases what Sidasek has.
    const changed = await dapodikXlsx([
      { ...PNS, HP: '081298765432', Email: '' },
      PPPK,
      { ...HONOR, NIP: '199101012023212001', 'Status Kepegawaian': 'PPPK', 'Pangkat Golongan': 'IX' },
    ]);
    const preview = await upload('/api/guru/import/preview', changed, { npsn: NPSN });
    const rows = byName(preview.body.data);
    expect(rows['Abdullah Umar']).toMatchObject({
      aksi: 'ubah',
      cocok: 'NIP',
      perubahan: [{ kolom: 'HP', lama: '081234567890', baru: '081298765432' }],
    });
    expect(rows['Fatmawati']!.aksi).toBe('sama');
    expect(rows['Rahma Said']).toMatchObject({ aksi: 'ubah', cocok: 'NUPTK' });
    expect(rows['Rahma Said']!.perubahan).toEqual([
      { kolom: 'NIP', lama: null, baru: '199101012023212001' },
      { kolom: 'Status Kepegawaian', lama: 'Honor Sekolah', baru: 'PPPK' },
      { kolom: 'Pangkat Golongan', lama: null, baru: 'IX' },
    ]);
    const done = await upload('/api/guru/import', changed, { npsn: NPSN, konfirmasi: 'ya' });
    expect(done.body.data).toMatchObject({ dibuat: 0, diperbarui: 2 });
    const stored = Object.fromEntries((await t.database.db.select().from(guru)).map((g) => [g.nama, g]));
    expect(Object.keys(stored)).toHaveLength(3);
    expect(stored['Abdullah Umar']).toMatchObject({ no_hp: '081298765432', email: 'abdullah@guru.sch.id', versi: 2 });
    expect(stored['Rahma Said']).toMatchObject({ nip: '199101012023212001', status_guru: 'PPPK', golongan: 'IX' });
  });

  it('matches by NIK when there is no NIP and no NUPTK; a NIK is shown by its last four digits only', async () => {
    await upload('/api/guru/import', await dapodikXlsx([{ ...HONOR, NUPTK: '' }]), { npsn: NPSN, konfirmasi: 'ya' });
    const preview = await upload(
      '/api/guru/import/preview',
      await dapodikXlsx([{ ...HONOR, NUPTK: '', 'Tempat Lahir': 'Tobelo' }]),
      { npsn: NPSN },
    );
    expect(preview.body.data.baris[0]).toMatchObject({
      aksi: 'ubah',
      cocok: 'NIK',
      perubahan: [{ kolom: 'Tempat Lahir', lama: 'Sofifi', baru: 'Tobelo' }],
    });
    const nik = await upload('/api/guru/import/preview', await dapodikXlsx([{ ...HONOR, NUPTK: '5234567890123456' }]), {
      npsn: NPSN,
    });
    // Matched by NIK, the NIK unchanged; the new NUPTK is a change.
    expect(nik.body.data.baris[0]!.perubahan).toEqual([{ kolom: 'NUPTK', lama: null, baru: '5234567890123456' }]);
    expect(JSON.stringify(nik.body.data)).not.toContain(HONOR.NIK);
  });

  it('verified teachers and the fields the verified decrees decide are not overwritten: shown as conflicts', async () => {
    const db = t.database.db;
    // A verified teacher, and an unverified one whose golongan, MKG and salary come from a verified KGB decree.
    const verified = await createGuru(db, schoolId, {
      nama: 'Guru Terverifikasi',
      nip: '198001012005011001',
      tgl_lahir: '1980-01-01',
      nuptk: '6234567890123456',
      no_hp: '081211112222',
      verifikasi: 1,
    });
    const decreed = await createGuru(db, schoolId, {
      nama: 'Guru Ber-SK',
      nip: '198202022006041002',
      tgl_lahir: '1982-02-02',
      nuptk: '7234567890123456',
      no_hp: '081233334444',
      verifikasi: 0,
      tgl_kgb_terakhir: '2024-04-01',
    });
    const row = (g: typeof verified, extra: Person): Person => ({
      Nama: g.nama,
      NUPTK: g.nuptk!,
      JK: 'L',
      'Tanggal Lahir': g.tgl_lahir,
      NIP: g.nip!,
      'Status Kepegawaian': 'PNS',
      'Jenis PTK': 'Guru Mapel',
      'Pangkat Golongan': 'III/b',
      NIK: g.nik!,
      ...extra,
    });
    const bytes = await dapodikXlsx([
      row(verified, { HP: '081299990000' }),
      row(decreed, { HP: '081255556666', 'Pangkat Golongan': 'III/c' }),
    ]);
    const preview = await upload('/api/guru/import/preview', bytes, { npsn: NPSN });
    const rows = byName(preview.body.data);
    expect(preview.body.data.ringkasan).toMatchObject({ ubah: 1, sama: 1, konflik: 2 });
    expect(rows['Guru Terverifikasi']).toMatchObject({
      aksi: 'sama',
      konflik: [{ kolom: 'HP', lama: '081211112222', baru: '081299990000', alasan: IMPOR_MSG.verified }],
    });
    expect(rows['Guru Ber-SK']).toMatchObject({
      aksi: 'ubah',
      perubahan: [{ kolom: 'HP', lama: '081233334444', baru: '081255556666' }],
      konflik: [
        {
          kolom: 'Pangkat Golongan',
          lama: 'III/b',
          baru: 'III/c',
          alasan:
            'Golongan mengikuti riwayat Kepangkatan dan Riwayat KGB yang terverifikasi; ubah lewat tab riwayat guru',
        },
      ],
    });
    await upload('/api/guru/import', bytes, { npsn: NPSN, konfirmasi: 'ya' });
    const [v] = await db.select().from(guru).where(eq(guru.id, verified.id));
    const [d] = await db.select().from(guru).where(eq(guru.id, decreed.id));
    expect(v).toMatchObject({ no_hp: '081211112222', versi: verified.versi });
    expect(d).toMatchObject({ no_hp: '081255556666', golongan: 'III/b' });
  });

  it("lists the school's active teachers the file does not carry, and deletes nobody", async () => {
    const db = t.database.db;
    const gone = await createGuru(db, schoolId, { nama: 'Guru Pindah' });
    await createGuru(db, schoolId, {
      nama: 'Guru Pensiun',
      status_kepegawaian: 'pensiun',
      tgl_status_kepegawaian: '2025-01-01',
    });
    const preview = await upload('/api/guru/import/preview', await dapodikXlsx([PNS]), { npsn: NPSN });
    expect(preview.body.data.tidak_ada_di_berkas).toEqual([{ id: gone.id, nip: gone.nip, nama: 'Guru Pindah' }]);
    const done = await upload('/api/guru/import', await dapodikXlsx([PNS]), { npsn: NPSN, konfirmasi: 'ya' });
    expect(done.body.data.tidak_ada_di_berkas).toHaveLength(1);
    expect(await db.select().from(guru)).toHaveLength(3);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('teacher import: the same file imported twice at once', () => {
  it('creates each person once: 5 rounds', async () => {
    const people = [PNS, PPPK, HONOR, KEPSEK, TENDIK];
    for (let round = 0; round < 5; round++) {
      await t.database.db.delete(guru);
      const bytes = await dapodikXlsx(people);
      const [a, b] = await Promise.all([
        upload('/api/guru/import', bytes, { npsn: NPSN, konfirmasi: 'ya' }),
        upload('/api/guru/import', bytes, { npsn: NPSN, konfirmasi: 'ya' }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body.data.dibuat, b.body.data.dibuat].sort()).toEqual([0, 4]);
      const names = (await t.database.db.select({ nama: guru.nama }).from(guru)).map((g) => g.nama).sort();
      expect(names).toEqual(['Abdullah Umar', 'Fatmawati', 'Rahma Said', 'Yusuf Hasan']);
    }
  });
});
