import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { sekolah, users } from '../../db/schema/index.ts';
import { SEKOLAH_IMPOR_MSG, type ImporBaris, type ImporHasil } from '#contract/impor.ts';

// The Dapodik / Data Pokok Sekolah school list as an office downloads it (docs/domain/dapodik.md
// "Sekolah"): title rows, then the header, Dapodik's words (SD, SMPLB, NEGERI), region names as
// Dapodik writes them ("Kec. Pulau Ternate"), coordinates with a comma. The test office is the
// city of Ternate (TK, SD, SMP).

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  admin = await t.login('admin');
});
afterEach(async () => {
  await t.app.close();
});

const HEADER = [
  'No',
  'NPSN',
  'Nama Sekolah',
  'Bentuk Pendidikan',
  'Status',
  'Alamat',
  'Desa/Kelurahan',
  'Kecamatan',
  'Kabupaten/Kota',
  'Propinsi',
  'Lintang',
  'Bujur',
];
type School = Record<string, string | number>;
const SD: School = {
  NPSN: '60100001',
  'Nama Sekolah': 'SD NEGERI 1 KOTA TERNATE',
  'Bentuk Pendidikan': 'SD',
  Status: 'NEGERI',
  Alamat: 'Jl. Raya Jambula',
  'Desa/Kelurahan': 'Jambula',
  Kecamatan: 'Kec. Pulau Ternate',
  'Kabupaten/Kota': 'Kota Ternate',
  Propinsi: 'Prov. Maluku Utara',
  Lintang: '0,7395',
  Bujur: '127,3210',
};
const SMP: School = {
  NPSN: '60100002',
  'Nama Sekolah': 'SMP IT NURUL HASAN',
  'Bentuk Pendidikan': 'SMP',
  Status: 'SWASTA',
  Alamat: 'Jl. Kastela',
  'Desa/Kelurahan': 'Desa Kastela',
  Kecamatan: 'Pulau Ternate',
  'Kabupaten/Kota': 'Kota Ternate',
  Propinsi: 'Maluku Utara',
  Lintang: 0.7301,
  Bujur: 127.3005,
};
/** A village Kemendagri's table does not have: imported, its region left empty and noted. */
const UNKNOWN_VILLAGE: School = {
  NPSN: '60100003',
  'Nama Sekolah': 'TK PERTIWI',
  'Bentuk Pendidikan': 'TK',
  Status: 'Swasta',
  Alamat: '-',
  'Desa/Kelurahan': 'Kampung Baru Sekali',
  Kecamatan: 'Pulau Ternate',
  'Kabupaten/Kota': 'Kota Ternate',
  Propinsi: 'Maluku Utara',
  Lintang: '0',
  Bujur: '0',
};
/** A level the city office does not manage. */
const SMA: School = {
  NPSN: '60100004',
  'Nama Sekolah': 'SMA NEGERI 1 TERNATE',
  'Bentuk Pendidikan': 'SMA',
  Status: 'NEGERI',
  'Desa/Kelurahan': 'Jambula',
  Kecamatan: 'Pulau Ternate',
  'Kabupaten/Kota': 'Kota Ternate',
  Lintang: '0.74',
  Bujur: '127.32',
};
/** Lintang and Bujur swapped. */
const SWAPPED: School = {
  NPSN: '60100005',
  'Nama Sekolah': 'SD NEGERI 2 KOTA TERNATE',
  'Bentuk Pendidikan': 'SD',
  Status: 'NEGERI',
  Lintang: '127.32',
  Bujur: '0.74',
};
/** A special school of primary level: SLB, which a city office does not manage. */
const SDLB: School = {
  NPSN: '60100006',
  'Nama Sekolah': 'SDLB NEGERI TERNATE',
  'Bentuk Pendidikan': 'SDLB',
  Status: 'NEGERI',
};

async function listXlsx(schools: School[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sekolah');
  ws.addRow(['Data Pokok Sekolah']);
  ws.addRow(['Kota Ternate, Provinsi Maluku Utara']);
  ws.addRow(['Tanggal unduh: 2026-11-20']);
  ws.addRow([]);
  ws.addRow(HEADER);
  ws.addRow(HEADER.map((_, i) => i + 1));
  schools.forEach((s, i) => ws.addRow(HEADER.map((c) => (c === 'No' ? i + 1 : (s[c] ?? '')))));
  ws.getColumn(2).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (url: string, bytes: Buffer, fields: Record<string, string> = {}, token = admin) =>
  t.call<ImporHasil>('POST', url, {
    token,
    form: { fields, files: { file: { bytes, filename: 'data-sekolah.xlsx', type: 'application/octet-stream' } } },
  });
const rowOf = (h: ImporHasil, npsn: string): ImporBaris => h.baris.find((b) => b.npsn === npsn)!;

describe('school import from the Dapodik school list', () => {
  it('previews without writing: new rows, an unknown village noted, a level the office does not manage and swapped coordinates refused', async () => {
    const res = await upload(
      '/api/sekolah/import/preview',
      await listXlsx([SD, SMP, UNKNOWN_VILLAGE, SMA, SWAPPED, SDLB]),
    );
    expect(res.status).toBe(200);
    const h = res.body.data;
    expect(h.format).toBe('sekolah');
    expect(h.ringkasan).toMatchObject({ total: 6, baru: 3, ubah: 0, sama: 0, galat: 3 });
    expect(rowOf(h, '60100001')).toMatchObject({ baris: 7, aksi: 'baru', nama: 'SD NEGERI 1 KOTA TERNATE' });
    expect(rowOf(h, '60100001').catatan).toBeUndefined();
    expect(rowOf(h, '60100003').catatan).toEqual([
      {
        kolom: 'Wilayah',
        pesan: SEKOLAH_IMPOR_MSG.wilayahTidakDitemukan('Kampung Baru Sekali, Pulau Ternate, Kota Ternate'),
      },
    ]);
    expect(rowOf(h, '60100004')).toMatchObject({
      aksi: 'galat',
      masalah: [
        {
          kolom: 'Bentuk Pendidikan',
          pesan: 'Bentuk Pendidikan SMA tidak dikelola kantor ini; pilih salah satu dari: TK, SD, SMP',
        },
      ],
    });
    expect(rowOf(h, '60100005')).toMatchObject({
      aksi: 'galat',
      masalah: [{ kolom: 'Lintang/Bujur', pesan: 'Lintang dan Bujur tertukar' }],
    });
    expect(rowOf(h, '60100006').masalah[0]!.pesan).toContain('Bentuk Pendidikan SLB tidak dikelola');
    expect(await t.database.db.select().from(sekolah)).toEqual([]);
  });

  it('imports the valid rows with their region by name, and the same file twice creates nothing twice', async () => {
    const bytes = await listXlsx([SD, SMP, UNKNOWN_VILLAGE, SMA]);
    const first = await upload('/api/sekolah/import', bytes, { konfirmasi: 'ya' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ dibuat: 3, diperbarui: 0, dilewati: 1 });
    const [sd] = await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60100001'));
    expect(sd).toMatchObject({
      namaSekolah: 'SD NEGERI 1 KOTA TERNATE',
      bentukPendidikan: 'SD',
      status: 'Negeri',
      alamat: 'Jl. Raya Jambula',
      kodeWilayah: '82.71.01.1001',
      lat: 0.7395,
      long: 127.321,
    });
    const [smp] = await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60100002'));
    expect(smp).toMatchObject({ status: 'Swasta', kodeWilayah: '82.71.01.1003', lat: 0.7301, long: 127.3005 });
    const [tk] = await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60100003'));
    expect(tk).toMatchObject({ bentukPendidikan: 'TK', alamat: null, kodeWilayah: null, lat: null, long: null });
    // Each new school has its operator account, inactive until the administrator gives it a password (docs/decisions/0050).
    const accounts = await t.database.db.select().from(users);
    expect(
      accounts
        .filter((u) => u.username !== 'admin')
        .map((u) => [u.username, u.statusAkun, u.mustChangePassword])
        .sort(),
    ).toEqual([
      ['60100001', 0, true],
      ['60100002', 0, true],
      ['60100003', 0, true],
    ]);
    expect(
      (await t.call('POST', '/api/token', { body: { username: '60100001', password: 'Sidasek#2026' } })).status,
    ).not.toBe(200);

    const again = await upload('/api/sekolah/import', bytes, { konfirmasi: 'ya' });
    expect(again.status).toBe(200);
    expect(again.body.data.ringkasan).toMatchObject({ baru: 0, ubah: 0, sama: 3, galat: 1 });
    expect(again.body.data).toMatchObject({ dibuat: 0, diperbarui: 0 });
    expect(await t.database.db.select().from(sekolah)).toHaveLength(3);
    expect(await t.database.db.select().from(users)).toHaveLength(4);
  });

  it('shows a known school changed field by field, old → new, and never erases with an empty cell', async () => {
    await createSchoolWithOperator(t.database.db, { npsn: '60100001' });
    const [before] = await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60100001'));
    const preview = await upload(
      '/api/sekolah/import/preview',
      await listXlsx([{ ...SD, Alamat: '', 'Nama Sekolah': 'SD NEGERI 1 TERNATE' }]),
    );
    const row = rowOf(preview.body.data, '60100001');
    expect(row.aksi).toBe('ubah');
    expect(row.perubahan).toContainEqual({
      kolom: 'Nama Sekolah',
      lama: before!.namaSekolah,
      baru: 'SD NEGERI 1 TERNATE',
    });
    expect(row.perubahan).toContainEqual({ kolom: 'Kode Wilayah', lama: before!.kodeWilayah, baru: '82.71.01.1001' });
    expect(row.perubahan!.map((p) => p.kolom)).not.toContain('Alamat');
    const done = await upload(
      '/api/sekolah/import',
      await listXlsx([{ ...SD, Alamat: '', 'Nama Sekolah': 'SD NEGERI 1 TERNATE' }]),
      { konfirmasi: 'ya' },
    );
    expect(done.body.data).toMatchObject({ dibuat: 0, diperbarui: 1 });
    const [after] = await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60100001'));
    expect(after).toMatchObject({
      namaSekolah: 'SD NEGERI 1 TERNATE',
      alamat: before!.alamat,
      kodeWilayah: '82.71.01.1001',
    });
  });

  it('refuses a file that is not a school list, an import without confirmation, and an operator', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['Nama', 'Alamat']);
    const wrong = await upload('/api/sekolah/import/preview', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(wrong.status).toBe(422);
    expect(wrong.body.diagnostic.message).toBe(SEKOLAH_IMPOR_MSG.wrongHeader);
    expect((await upload('/api/sekolah/import', await listXlsx([SD]))).status).toBe(422);
    await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
    const operator = await t.login('60200100');
    expect((await upload('/api/sekolah/import/preview', await listXlsx([SD]), {}, operator)).status).toBe(403);
  });

  it('reports the same NPSN twice in the file on its second row', async () => {
    const res = await upload('/api/sekolah/import/preview', await listXlsx([SD, { ...SD, 'Nama Sekolah': 'SALINAN' }]));
    expect(res.body.data.baris[1]).toMatchObject({
      aksi: 'galat',
      masalah: [{ kolom: 'NPSN', pesan: 'NPSN sama dengan baris 7' }],
    });
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('school import: the same file imported twice at once', () => {
  it('creates each school once: 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      await t.database.db.delete(sekolah);
      const bytes = await listXlsx([SD, SMP, UNKNOWN_VILLAGE]);
      const [a, b] = await Promise.all([
        upload('/api/sekolah/import', bytes, { konfirmasi: 'ya' }),
        upload('/api/sekolah/import', bytes, { konfirmasi: 'ya' }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body.data.dibuat, b.body.data.dibuat].sort()).toEqual([0, 3]);
      expect((await t.database.db.select().from(sekolah)).map((s) => s.npsn).sort()).toEqual([
        '60100001',
        '60100002',
        '60100003',
      ]);
    }
  });
});
