import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { createGuru, recordsOf } from '../../test/guru-factory.ts';
import { download, rowValues, workbookOf } from '../../test/workbook.ts';
import type { guru } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { IMPOR_MSG, SK_IMPOR_COLUMNS, SK_IMPOR_MSG, type SkImporHasil, type SkImporKey } from '#contract/impor.ts';
import type { Guru } from '#contract/guru.ts';

// The decree history import (docs/domain/dapodik.md "Riwayat SK") through HTTP: KGB and rank decrees
// checked like the record tabs, written as verified rows, and the teacher's KGB fields then derived
// from the record, so the due list is right on day one.

let t: TestApp;
let admin: string;
let teacher: typeof guru.$inferSelect;

beforeEach(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-21T02:00:00Z');
  await createAdmin(t.database.db);
  const { school } = await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
  // Imported from Dapodik: golongan typed, no decree in the record, no last KGB.
  teacher = await createGuru(
    t.database.db,
    school.id,
    {
      nama: 'Abdullah Umar',
      tgl_lahir: '1986-09-26',
      nip: '198609262015051001',
      golongan: 'III/a',
      mkg_tahun: 0,
      mkg_bulan: 0,
      gaji_pokok: null,
      tgl_kgb_terakhir: null,
      verifikasi: 0,
    },
    { decree: false },
  );
  admin = await t.login('admin');
});
afterEach(async () => {
  await t.app.close();
});

type Row = Partial<Record<SkImporKey, string | number | Date>>;
const NIP = '198609262015051001';
const PANGKAT: Row = {
  nip: NIP,
  jenis: 'Pangkat',
  nomor: '823.3/45/BKD/2023',
  tanggal: '2023-03-01',
  pejabat: 'Bupati Halmahera Barat',
  tmt: '2023-04-01',
  golongan: 'Penata Muda Tk. I, III/b',
  mkg_tahun: 6,
  mkg_bulan: 0,
};
const KGB: Row = {
  nip: NIP,
  jenis: 'KGB',
  nomor: '822.4/125/DIKBUD/2024',
  tanggal: new Date(Date.UTC(2024, 11, 2)),
  pejabat: 'Kepala Dinas Pendidikan dan Kebudayaan',
  tmt: '2025-01-01',
  golongan: 'III/b',
  mkg_tahun: 8,
  mkg_bulan: 0,
  gaji_pokok: 3287000,
};

async function skXlsx(rows: Row[], columns = SK_IMPOR_COLUMNS.map((c) => c.key)): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Riwayat SK');
  ws.addRow(columns.map((k) => SK_IMPOR_COLUMNS.find((c) => c.key === k)!.header));
  for (const r of rows) ws.addRow(columns.map((k) => r[k] ?? ''));
  ws.getColumn(columns.indexOf('nip') + 1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (url: string, bytes: Buffer, fields: Record<string, string> = {}, token = admin) =>
  t.call<SkImporHasil>('POST', url, {
    token,
    form: { fields, files: { file: { bytes, filename: 'riwayat-sk.xlsx', type: 'application/octet-stream' } } },
  });

describe('decree history import', () => {
  it('the template has the columns and two example rows', async () => {
    const res = await download(t, '/api/riwayat-sk/import/template', admin);
    expect(res.statusCode).toBe(200);
    const wb = await workbookOf(res.rawPayload);
    expect(rowValues(wb.worksheets[0]!, 1)).toEqual(SK_IMPOR_COLUMNS.map((c) => c.header));
    // The example NIP is the demo teacher's: here it is a teacher Sidasek has.
    const preview = await upload('/api/riwayat-sk/import/preview', res.rawPayload);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.ringkasan).toMatchObject({ total: 2 });
  });

  it('checks each row like the record tabs, imports the good ones as verified decrees, and the teacher follows the record', async () => {
    const bytes = await skXlsx([
      PANGKAT,
      KGB,
      { ...KGB, nomor: 'X/1', tmt: '2025-01-15' },
      { ...KGB, nip: '199001012015051009' },
      { ...KGB, nomor: 'X/2', golongan: 'IX' },
      { ...KGB, jenis: 'Mutasi' },
      { ...KGB, nip: Number(NIP) },
      { ...KGB, gaji_pokok: '', nomor: 'X/3' },
      KGB,
    ]);
    const preview = await upload('/api/riwayat-sk/import/preview', bytes);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.ringkasan).toEqual({
      total: 9,
      baru: 2,
      ubah: 0,
      sama: 0,
      galat: 7,
      tendik: 0,
      konflik: 0,
    });
    const byRow = Object.fromEntries(preview.body.data.baris.map((b) => [b.baris, b]));
    expect(byRow[2]).toMatchObject({ aksi: 'baru', nama: 'Abdullah Umar' });
    expect(byRow[4]!.masalah).toEqual([{ kolom: 'TMT', pesan: 'TMT KGB harus tanggal 1 (TMT selalu awal bulan)' }]);
    expect(byRow[5]!.masalah).toEqual([{ kolom: 'NIP / NI PPPK', pesan: SK_IMPOR_MSG.teacherNotFound }]);
    expect(byRow[6]!.masalah).toEqual([{ kolom: 'Golongan', pesan: 'Golongan PNS dan CPNS ditulis I/a sampai IV/e' }]);
    expect(byRow[7]!.masalah).toEqual([{ kolom: 'Jenis SK', pesan: SK_IMPOR_MSG.jenis }]);
    expect(byRow[8]!.masalah[0]).toEqual({
      kolom: 'NIP / NI PPPK',
      pesan: IMPOR_MSG.scientific('NIP / NI PPPK', '1,98609E+17'),
    });
    expect(byRow[9]!.masalah).toEqual([{ kolom: 'Gaji Pokok', pesan: 'Gaji Pokok Tidak Boleh Kosong' }]);
    expect(byRow[10]!.masalah).toEqual([{ kolom: 'Nomor SK', pesan: SK_IMPOR_MSG.twice(3) }]);

    expect((await upload('/api/riwayat-sk/import', bytes)).status).toBe(422);
    const done = await upload('/api/riwayat-sk/import', bytes, { konfirmasi: 'ya' });
    expect(done.status, done.body.diagnostic.message).toBe(200);
    expect(done.body.data).toMatchObject({ dibuat: 2, dilewati: 7, guru_disinkron: 1 });
    const kgb = await recordsOf(t.database.db, 'riwkgb', teacher.id);
    expect(kgb).toHaveLength(1);
    expect(kgb[0]).toMatchObject({
      status: 1,
      nosk_kgb: '822.4/125/DIKBUD/2024',
      no_kgb: '822.4/125/DIKBUD/2024',
      tglsk_kgb: '2024-12-02',
      ttgl_kgb: '2025-01-01',
      gol_kgb: 'III/b',
      mkg_tahun: 8,
      mkg_bulan: 0,
      gpl_kgb: 3287000,
      pejabat_kgb: 'Kepala Dinas Pendidikan dan Kebudayaan',
    });
    const pangkat = await recordsOf(t.database.db, 'riwpangkat', teacher.id);
    expect(pangkat[0]).toMatchObject({
      status: 1,
      golongan: 'III/b',
      riw_pangkat_tmt: '2023-04-01',
      riw_pangkat_thn: 6,
    });

    // The profile now follows the newest decree: golongan, MKG, salary, last KGB; the next KGB two years on.
    const detail = await t.call<Guru>('GET', `/api/guru/${teacher.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({
      golongan: 'III/b',
      mkg_tahun: 8,
      mkg_bulan: 0,
      gaji_pokok: 3287000,
      tgl_kgb_terakhir: '2025-01-01',
      tgl_kgb_berikutnya: '2027-01-01',
    });

    // The same file again writes nothing: the decrees are already in the record.
    const again = await upload('/api/riwayat-sk/import', bytes, { konfirmasi: 'ya' });
    expect(again.body.data).toMatchObject({ dibuat: 0, guru_disinkron: 0 });
    expect(again.body.data.ringkasan).toMatchObject({ sama: 2 });
  });

  it('finds the columns by name in any order; refuses a file without them, and non-administrators', async () => {
    const reordered = await skXlsx(
      [KGB],
      ['tmt', 'nip', 'gaji_pokok', 'jenis', 'nomor', 'tanggal', 'golongan', 'mkg_bulan', 'mkg_tahun', 'pejabat'],
    );
    expect((await upload('/api/riwayat-sk/import/preview', reordered)).body.data.ringkasan).toMatchObject({ baru: 1 });
    const partial = await upload('/api/riwayat-sk/import/preview', await skXlsx([KGB], ['nip', 'jenis', 'nomor']));
    expect(partial.status).toBe(422);
    expect(partial.body.diagnostic.message).toBe(SK_IMPOR_MSG.wrongHeader);
    const op = await t.login('60200100');
    expect((await upload('/api/riwayat-sk/import/preview', reordered, {}, op)).status).toBe(403);
    expect((await upload('/api/riwayat-sk/import', reordered, { konfirmasi: 'ya' }, op)).status).toBe(403);
  });
});

describe("decree history import: Dapodik's own riwayat tables", () => {
  /** A Dapodik riwayat list as exported for the school's teachers: title rows, then its table guide's columns with NIP and Nama. */
  async function dapodikRiwayat(
    tmt: 'TMT KGB' | 'TMT Pangkat',
    rows: (string | number | Date)[][],
    extra: string[] = [],
  ): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(tmt === 'TMT KGB' ? 'Riwayat Gaji Berkala' : 'Riwayat Kepangkatan');
    ws.addRow([tmt === 'TMT KGB' ? 'Riwayat Gaji Berkala PTK' : 'Riwayat Kepangkatan PTK']);
    ws.addRow(['SD Negeri 1 Ternate']);
    ws.addRow([]);
    ws.addRow([
      'No',
      'Nama',
      'NIP',
      'Pangkat Golongan',
      'Nomor SK',
      'Tanggal SK',
      tmt,
      'Masa Kerja Thn',
      'Masa Kerja Bln',
      ...(tmt === 'TMT KGB' ? ['Gaji Pokok'] : []),
      ...extra,
    ]);
    for (const r of rows) ws.addRow(r);
    ws.getColumn(3).numFmt = '@';
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('reads Riwayat Gaji Berkala and Riwayat Kepangkatan as Dapodik names their columns; the kind from the TMT column', async () => {
    const kgb = await dapodikRiwayat('TMT KGB', [
      [
        1,
        'Abdullah Umar',
        NIP,
        'Penata Muda Tk. I, III/b',
        '822.4/125/DIKBUD/2024',
        new Date(Date.UTC(2024, 11, 2)),
        '2025-01-01',
        8,
        0,
        3287000,
      ],
    ]);
    const preview = await upload('/api/riwayat-sk/import/preview', kgb);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.ringkasan).toMatchObject({ total: 1, baru: 1, galat: 0 });
    // The row number is the sheet's: the header is on row 4.
    expect(preview.body.data.baris[0]).toMatchObject({ baris: 5, nip: NIP, nama: 'Abdullah Umar', aksi: 'baru' });

    // Dapodik keeps no issuer: a rank decree without one is refused as the tab refuses it…
    const pangkat = [1, 'Abdullah Umar', NIP, 'III/b', '823.3/45/BKD/2023', '2023-03-01', '2023-04-01', 6, 0];
    const tanpa = await upload('/api/riwayat-sk/import/preview', await dapodikRiwayat('TMT Pangkat', [pangkat]));
    expect(tanpa.status, tanpa.body.diagnostic.message).toBe(200);
    expect(tanpa.body.data.baris[0]!.aksi).toBe('galat');
    expect(tanpa.body.data.baris[0]!.masalah).toEqual([
      { kolom: 'Pejabat yang Menetapkan', pesan: 'Jabatan Penandatangan SK tidak boleh Kosong' },
    ]);
    // …and read from the column the office adds.
    const dengan = await dapodikRiwayat(
      'TMT Pangkat',
      [[...pangkat, 'Bupati Halmahera Barat']],
      ['Pejabat yang Menetapkan'],
    );
    const done = await upload('/api/riwayat-sk/import', dengan, { konfirmasi: 'ya' });
    expect(done.status, done.body.diagnostic.message).toBe(200);
    expect(done.body.data).toMatchObject({ dibuat: 1 });
    expect((await upload('/api/riwayat-sk/import', kgb, { konfirmasi: 'ya' })).body.data).toMatchObject({ dibuat: 1 });
    const [pangkatRow] = await t.database.db.select().from(recordTableOf('riwpangkat'));
    expect(pangkatRow).toMatchObject({
      riw_pangkat_sk: '823.3/45/BKD/2023',
      riw_pangkat_tmt: '2023-04-01',
      golongan: 'III/b',
      riw_pangkat_thn: 6,
      riw_pangkat_pejabat: 'Bupati Halmahera Barat',
      status: 1,
    });
    const [kgbRow] = await t.database.db.select().from(recordTableOf('riwkgb'));
    expect(kgbRow).toMatchObject({
      nosk_kgb: '822.4/125/DIKBUD/2024',
      ttgl_kgb: '2025-01-01',
      gpl_kgb: 3287000,
      mkg_tahun: 8,
      status: 1,
    });
  });

  it('a Dapodik riwayat list without its required columns is refused by the header', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['Nama', 'NIP', 'Nomor SK', 'TMT KGB']);
    const res = await upload('/api/riwayat-sk/import/preview', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toBe(SK_IMPOR_MSG.wrongHeader);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('decree history import: the same file twice at once', () => {
  it('writes each decree once', async () => {
    const bytes = await skXlsx([PANGKAT, KGB]);
    const [a, b] = await Promise.all([
      upload('/api/riwayat-sk/import', bytes, { konfirmasi: 'ya' }),
      upload('/api/riwayat-sk/import', bytes, { konfirmasi: 'ya' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.dibuat, b.body.data.dibuat].sort()).toEqual([0, 2]);
    expect(await t.database.db.select().from(recordTableOf('riwkgb'))).toHaveLength(1);
    expect(await t.database.db.select().from(recordTableOf('riwpangkat'))).toHaveLength(1);
  });
});
