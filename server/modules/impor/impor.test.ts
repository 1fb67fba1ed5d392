import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { oneSchoolApp, type TestApp } from '../../test/test-app.ts';
import { guru } from '../../db/schema/index.ts';
import { IMPOR_COLUMNS, IMPOR_MSG, type ImporHasil } from '#contract/impor.ts';
import { rowBomb, sheetPart, xlsxWith } from './impor.fixtures.ts';
import { XLSX_MAX_ENTRY_BYTES, XLSX_MSG } from './xlsx-guard.ts';

let t: TestApp;
let admin: string;

beforeEach(async () => {
  ({ t, admin } = await oneSchoolApp());
});
afterEach(async () => {
  await t.app.close();
});

const base = {
  nip: '198609262015051001',
  nama: 'Abdullah Umar',
  gelar_depan: '',
  gelar_belakang: 'S.Pd.',
  jenis_kelamin: 'Laki-laki',
  tempat_lahir: 'Ternate',
  tgl_lahir: '1986-09-26',
  npsn: '60200100',
  status_guru: 'PNS',
  golongan: 'III/b',
  jabatan: 'Guru Mata Pelajaran',
  pendidikan_terakhir: 'S1',
  nik: '8271012609860001',
  nuptk: '1234567890123456',
  no_hp: '081234567890',
  email: 'abdullah@guru.sch.id',
  sertifikasi: 'Ya',
  mapel_1: 'Matematika',
  tgl_kgb_terakhir: '2025-05-01',
  mkg_tahun: '10',
  mkg_bulan: '0',
  gaji_pokok: '3390500',
};

async function workbook(rows: Record<string, string | Date>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Guru');
  ws.addRow(IMPOR_COLUMNS.map((c) => c.header));
  for (const r of rows) ws.addRow(IMPOR_COLUMNS.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (url: string, bytes: Buffer, fields: Record<string, string> = {}) =>
  t.call<ImporHasil>('POST', url, {
    token: admin,
    form: { fields, files: { file: { bytes, filename: 'guru.xlsx', type: 'application/octet-stream' } } },
  });

describe('teacher import', () => {
  it('the template has the columns and one example row that passes the checks', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/guru/import/template',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const preview = await upload('/api/guru/import/preview', res.rawPayload);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.ringkasan).toMatchObject({ total: 1, galat: 1 }); // the example's NPSN 60200338 is not in this test database
  });

  it('previews good and bad rows by row and column, imports nothing until confirmed, then is idempotent', async () => {
    const bytes = await workbook([
      base,
      {
        ...base,
        nip: '199001012015052001',
        nama: 'Fatmawati',
        jenis_kelamin: 'Perempuan',
        tgl_lahir: new Date('1990-01-01T00:00:00Z') as never,
        nik: '8271014101900001',
      },
      { ...base, nip: '198609262015051002', tgl_lahir: '1986-09-27', nama: 'Salah Tanggal' },
      {
        ...base,
        nip: '',
        golongan: '',
        status_guru: 'Honor Sekolah',
        nama: 'Guru Honor',
        npsn: '69999999',
        nik: '123',
      },
      { ...base, nama: 'Duplikat' },
    ]);
    const preview = await upload('/api/guru/import/preview', bytes);
    expect(preview.status).toBe(200);
    expect(preview.body.data.ringkasan).toEqual({
      total: 5,
      baru: 2,
      ubah: 0,
      sama: 0,
      galat: 3,
      tendik: 0,
      konflik: 0,
    });
    const byRow = Object.fromEntries(preview.body.data.baris.map((b) => [b.baris, b]));
    expect(byRow[2]!.aksi).toBe('baru');
    expect(byRow[4]!.masalah).toEqual([
      { kolom: 'NIP', pesan: 'NIP tidak sesuai dengan tanggal lahir (8 digit pertama harus 19860927)' },
    ]);
    expect(byRow[5]!.masalah).toEqual([
      { kolom: 'NPSN Sekolah', pesan: 'Sekolah dengan NPSN ini tidak ditemukan' },
      { kolom: 'NIK', pesan: 'NIK harus 16 digit angka' },
    ]);
    expect(byRow[6]!.masalah).toEqual([{ kolom: 'NIP', pesan: 'NIP sama dengan baris 2' }]);
    expect(await t.database.db.select().from(guru)).toHaveLength(0);

    expect((await upload('/api/guru/import', bytes)).status).toBe(422);
    const done = await upload('/api/guru/import', bytes, { konfirmasi: 'ya' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ dibuat: 2, diperbarui: 0, dilewati: 3 });
    const rows = await t.database.db.select().from(guru);
    expect(rows.map((g) => g.nama).sort()).toEqual(['Abdullah Umar', 'Fatmawati']);
    expect(rows.find((g) => g.nama === 'Fatmawati')!.tgl_lahir).toBe('1990-01-01');

    const again = await upload('/api/guru/import', bytes, { konfirmasi: 'ya' });
    expect(again.body.data).toMatchObject({ dibuat: 0, diperbarui: 0, dilewati: 5 });
    expect(again.body.data.ringkasan.sama).toBe(2);
    expect(await t.database.db.select().from(guru)).toHaveLength(2);

    const changed = await upload('/api/guru/import', await workbook([{ ...base, golongan: 'III/c' }]), {
      konfirmasi: 'ya',
    });
    expect(changed.body.data).toMatchObject({ dibuat: 0, diperbarui: 1 });
  });

  it('refuses a non-Excel file, a wrong header, and non-administrators', async () => {
    expect((await upload('/api/guru/import/preview', Buffer.from('NIP,Nama\n1,2'))).body.diagnostic.message).toBe(
      'Berkas harus spreadsheet Excel (.xlsx)',
    );
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['Nama', 'NIP']);
    const wrong = await upload('/api/guru/import/preview', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(wrong.body.diagnostic.message).toBe('Kolom berkas tidak sesuai template; unduh template terbaru');
    const op = await t.login('60200100');
    expect(
      (
        await t.call('POST', '/api/guru/import/preview', {
          token: op,
          form: { files: { file: { bytes: await workbook([base]) } } },
        })
      ).status,
    ).toBe(403);
  });
});

/** `n` data rows after the header, each a full teacher (NIP made unique), as inline strings. */
function rowsXml(n: number, cols: number = IMPOR_COLUMNS.length): string {
  const col = (i: number) =>
    (i >= 26 ? String.fromCharCode(64 + Math.floor(i / 26)) : '') + String.fromCharCode(65 + (i % 26));
  const out: string[] = [];
  for (let r = 2; r <= n + 1; r++) {
    const values = IMPOR_COLUMNS.map((c) =>
      c.key === 'nip' ? `1986092620150${String(r).padStart(5, '0')}` : String(base[c.key]),
    );
    const cells = Array.from(
      { length: cols },
      (_, i) => `<c r="${col(i)}${r}" t="inlineStr"><is><t>${values[i] ?? 'x'}</t></is></c>`,
    );
    out.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  return out.join('');
}

describe('teacher import: oversized and hostile workbooks are refused before they are loaded', () => {
  const refused = async (bytes: Buffer, status: number, message: string) => {
    for (const url of ['/api/guru/import/preview', '/api/guru/import']) {
      const res = await upload(url, bytes, { konfirmasi: 'ya' });
      expect(res.status, res.body.diagnostic.message).toBe(status);
      expect(res.body.diagnostic).toMatchObject({ status, message });
      expect(res.body.data).toBeNull();
    }
    expect(await t.database.db.select().from(guru)).toHaveLength(0);
  };

  it('8 000 rows: refused with the row-limit message (the sheet is counted, not loaded)', async () => {
    await refused(xlsxWith(sheetPart(rowsXml(8000))), 413, IMPOR_MSG.tooManyRows);
  });

  it('5 000 rows are read and previewed; 5 001 are refused', async () => {
    const five = xlsxWith(sheetPart(rowsXml(5000)));
    const preview = await upload('/api/guru/import/preview', five);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.ringkasan.total).toBe(5000);
    expect(preview.body.data.baris.at(-1)!.baris).toBe(5001);
    await refused(xlsxWith(sheetPart(rowsXml(5001))), 413, IMPOR_MSG.tooManyRows);
  });

  it('a 5 000-row workbook written by ExcelJS (shared strings, styles, dates) is previewed', async () => {
    const bytes = await workbook(
      Array.from({ length: 5000 }, (_, i) => ({
        ...base,
        nama: `Guru ${i}`,
        tgl_lahir: new Date('1986-09-26T00:00:00Z') as never,
      })),
    );
    const preview = await upload('/api/guru/import/preview', bytes);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.ringkasan).toMatchObject({ total: 5000, baru: 1, galat: 4999 }); // one NIP, so rows 3.. repeat row 2
    expect(preview.body.data.baris[1]!.masalah).toEqual([{ kolom: 'NIP', pesan: 'NIP sama dengan baris 2' }]);
  }, 60_000);

  it('a zip bomb (200 MB of <row/> in a few hundred kB) is refused from its declared size', async () => {
    const bomb = xlsxWith(rowBomb(200));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(bomb, 413, XLSX_MSG.tooBig);
  });

  it('an entry whose declared size lies is refused as soon as it inflates past it', async () => {
    // The 200 MB bomb declaring 100 kB, or just under the entry bound (×80 on paper, under the ratio
    // bound): both look acceptable in the central directory, and the inflate stops at the declared size.
    await refused(xlsxWith({ ...rowBomb(200), declared: 100_000 }), 415, XLSX_MSG.damaged);
    await refused(xlsxWith({ ...rowBomb(200), declared: XLSX_MAX_ENTRY_BYTES - 1 }), 415, XLSX_MSG.damaged);
  });

  it('an honest bomb under the size bounds (20 MB at ×700) is refused by its compression ratio', async () => {
    const bomb = rowBomb(20);
    expect(bomb.size).toBeLessThan(XLSX_MAX_ENTRY_BYTES);
    await refused(xlsxWith(bomb), 413, XLSX_MSG.tooBig);
  });

  it('a sheet as wide as it is long (5 000 rows of 70 cells) is refused by its number of cells', async () => {
    await refused(xlsxWith(sheetPart(rowsXml(5000, 70))), 413, XLSX_MSG.tooBig);
  });

  it('a sheet declaring a huge dimension with a row at 1 048 576 is read as it is, quickly', async () => {
    const cells = IMPOR_COLUMNS.map(
      (c, i) => `<c r="${String.fromCharCode(65 + i)}1048576" t="inlineStr"><is><t>${base[c.key]}</t></is></c>`,
    ).join('');
    const bytes = xlsxWith(sheetPart(`<row r="1048576">${cells}</row>`, '<dimension ref="A1:XFD1048576"/>'));
    const preview = await upload('/api/guru/import/preview', bytes);
    expect(preview.status, preview.body.diagnostic.message).toBe(200);
    expect(preview.body.data.baris.map((b) => b.baris)).toEqual([1048576]);
  });

  it('a damaged zip (no central directory) is refused as a damaged Excel file', async () => {
    const bytes = await workbook([base]);
    await refused(bytes.subarray(0, bytes.length - 30), 415, XLSX_MSG.damaged);
  });
});
