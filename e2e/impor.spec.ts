import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { IMPOR_COLUMNS, IMPOR_MSG, type ImporKey } from '../contract/impor.ts';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import { apiGet, settled } from './guru-helpers.ts';

type Row = Partial<Record<ImporKey, string>>;

const rand3 = () => String(100 + Math.floor(Math.random() * 900));
/** A NIP consistent with the birth date and sex: YYYYMMDD + 201505 + sex digit + 3 random digits. */
const nipOf = (tglLahir: string, jk: 'Laki-laki' | 'Perempuan') =>
  `${tglLahir.replaceAll('-', '')}201505${jk === 'Laki-laki' ? '1' : '2'}${rand3()}`;

/** The downloaded template with its example row replaced by `rows`. */
async function workbookFrom(template: Buffer, rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as never);
  const ws = wb.worksheets[0]!;
  ws.spliceRows(2, ws.rowCount - 1);
  for (const r of rows) ws.addRow(IMPOR_COLUMNS.map((c) => r[c.key] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const preview = (page: Page) => page.getByTestId('impor-preview');
/** The table row of a spreadsheet row number. */
const rowOf = (page: Page, baris: number) =>
  page
    .getByTestId('impor-table')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.locator(`td:first-child:text-is("${baris}")`) });
const upload = (
  page: Page,
  name: string,
  buffer: Buffer,
  mimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) => page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });

test.describe('teacher import from Excel', () => {
  test('template, preview by row and column, nothing written before confirming, confirmed import, idempotent re-import', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const tag = `Impor${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    const found = async () =>
      await apiGet<{
        data: { nama: string; nip: string | null; sekolah: { npsn: string } | null; tempat_lahir: string | null }[];
        total: number;
      }>(request, ADMIN, `guru/cari?guru=${tag}`);

    await signedIn(page, ADMIN, '/admin-side/guru/impor');
    await expect(page.getByRole('heading', { name: 'Impor Data Guru' })).toBeVisible();
    // The menu entry of the page is the active one.
    await expect(page.getByTestId('main-menu').locator('[aria-current="page"]')).toHaveText('Impor Guru');

    // 1. The template: the columns in order and one example row.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('impor-template').click()]);
    expect(download.suggestedFilename()).toBe('template-impor-guru.xlsx');
    const template = await readFile(await download.path());
    const tpl = new ExcelJS.Workbook();
    await tpl.xlsx.load(template as never);
    const header = (tpl.worksheets[0]!.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    expect(header).toEqual(IMPOR_COLUMNS.map((c) => c.header));
    expect(tpl.worksheets[0]!.getRow(2).getCell(1).value).toBe(IMPOR_COLUMNS[0].contoh);

    // 2. A file with three good rows (rows 2-4) and three bad ones (rows 5-7).
    const school = {
      npsn: OPERATOR.username,
      jabatan: 'Guru Mata Pelajaran',
      pendidikan_terakhir: 'S1',
      tempat_lahir: 'Ternate',
    };
    const a: Row = {
      ...school,
      nama: `Rahmat ${tag} Satu`,
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1988-03-14',
      nip: nipOf('1988-03-14', 'Laki-laki'),
      status_guru: 'PNS',
      golongan: 'III/b',
      mapel_1: 'Matematika',
      gelar_belakang: 'S.Pd.',
    };
    const b: Row = {
      ...school,
      nama: `Siti ${tag} Dua`,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1990-11-02',
      nip: nipOf('1990-11-02', 'Perempuan'),
      status_guru: 'PNS',
      golongan: 'III/a',
      tgl_kgb_terakhir: '2024-05-01',
    };
    const c: Row = {
      ...school,
      nama: `Nurul ${tag} Tiga`,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1995-07-20',
      status_guru: 'GTT',
    };
    // Born 1985-01-01, but the NIP says 1985-01-02.
    const badNip: Row = {
      ...school,
      nama: `Salah ${tag} Nip`,
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1985-01-01',
      nip: `198501022015051${rand3()}`,
      status_guru: 'PNS',
      golongan: 'III/c',
    };
    const badSchool: Row = {
      ...school,
      nama: `Salah ${tag} Sekolah`,
      jenis_kelamin: 'Perempuan',
      tgl_lahir: '1992-02-02',
      status_guru: 'GTT',
      npsn: '99999999',
      jabatan: 'Penyihir',
    };
    const noGolongan: Row = {
      ...school,
      nama: `Tanpa ${tag} Golongan`,
      jenis_kelamin: 'Laki-laki',
      tgl_lahir: '1987-06-06',
      nip: nipOf('1987-06-06', 'Laki-laki'),
      status_guru: 'PNS',
    };
    const file = await workbookFrom(template, [a, b, c, badNip, badSchool, noGolongan]);

    // A file that is not a spreadsheet is refused before sending.
    await upload(page, 'guru.csv', Buffer.from('nip,nama\n'), 'text/csv');
    await expect(page.getByTestId('impor-errors')).toContainText(IMPOR_MSG.notXlsx);

    await upload(page, 'guru-baru.xlsx', file);
    await expect(preview(page)).toBeVisible();
    await expect(page.getByTestId('ringkasan-total')).toHaveText('6');
    await expect(page.getByTestId('ringkasan-baru')).toHaveText('Baru: 3');
    await expect(page.getByTestId('ringkasan-galat')).toHaveText('Galat: 3');
    await expect(page.getByTestId('impor-errors')).toHaveCount(0);
    for (const n of [2, 3, 4]) await expect(rowOf(page, n).getByTestId('impor-aksi')).toHaveText('Baru');
    await expect(rowOf(page, 2)).toContainText(a.nip!);
    await expect(rowOf(page, 4)).toContainText('Tanpa NIP');
    // The bad rows: each problem with its column.
    await expect(rowOf(page, 5).getByTestId('impor-aksi')).toHaveText('Galat');
    await expect(rowOf(page, 5).getByTestId('impor-masalah')).toContainText(
      'NIP: NIP tidak sesuai dengan tanggal lahir',
    );
    const sekolahProblems = await rowOf(page, 6).getByTestId('impor-masalah').locator('li').allTextContents();
    expect(sekolahProblems).toContain('NPSN Sekolah: Sekolah dengan NPSN ini tidak ditemukan');
    expect(sekolahProblems).toContain('Jabatan: Jabatan tidak ditemukan di data master');
    await expect(rowOf(page, 7).getByTestId('impor-masalah')).toHaveText('Golongan: golongan tidak boleh Kosong');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-impor-preview.png', fullPage: true });

    // Only the faulty rows.
    await page.getByText('Galat (3)').click();
    await expect(page.getByTestId('impor-table').locator('tbody tr.ant-table-row')).toHaveCount(3);
    await page.getByText('Semua (6)').click();

    // Nothing is written by the preview.
    expect((await found()).total).toBe(0);

    // 3. Cancelling the confirmation writes nothing either.
    const submit = page.getByTestId('impor-submit');
    await expect(submit).toHaveText('Impor 3 baris valid');
    await submit.click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Apakah Anda Yakin?');
    await expect(dialog).toContainText('3 guru baru ditambahkan');
    await expect(dialog).toContainText('3 baris bermasalah dilewati');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-impor-confirm.png' });
    await dialog.getByRole('button', { name: 'Tidak,Batalkan' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await found()).total).toBe(0);

    // 4. Confirmed: the three good rows are created, the bad ones skipped.
    await submit.click();
    await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(page.getByTestId('impor-hasil')).toBeVisible();
    await expect(page.getByTestId('hasil-dibuat')).toHaveText('3');
    await expect(page.getByTestId('hasil-diperbarui')).toHaveText('0');
    await expect(page.getByTestId('hasil-dilewati')).toHaveText('3');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-impor-hasil.png', fullPage: true });
    const created = await found();
    expect(created.total).toBe(3);
    expect(created.data.map((g) => g.nama).sort()).toEqual([a.nama, b.nama, c.nama].sort());
    for (const g of created.data) expect(g.sekolah?.npsn).toBe(OPERATOR.username);

    // 5. The same file again: every good row is 'Sama', nothing is created or changed.
    await page.getByRole('button', { name: 'Impor berkas lain' }).click();
    await expect(preview(page)).toHaveCount(0);
    await upload(page, 'guru-baru.xlsx', file);
    await expect(page.getByTestId('ringkasan-sama')).toHaveText('Sama: 3');
    await expect(page.getByTestId('ringkasan-baru')).toHaveText('Baru: 0');
    for (const n of [2, 3, 4]) await expect(rowOf(page, n).getByTestId('impor-aksi')).toHaveText('Sama');
    await page.getByTestId('impor-submit').click();
    await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(page.getByTestId('hasil-dibuat')).toHaveText('0');
    await expect(page.getByTestId('hasil-diperbarui')).toHaveText('0');
    await expect(page.getByTestId('hasil-dilewati')).toHaveText('6');
    expect((await found()).total).toBe(3);

    // 6. A changed row of a known NIP updates that teacher.
    await page.getByRole('button', { name: 'Impor berkas lain' }).click();
    await upload(page, 'guru-ubah.xlsx', await workbookFrom(template, [{ ...a, tempat_lahir: 'Tidore' }]));
    await expect(rowOf(page, 2).getByTestId('impor-aksi')).toHaveText('Ubah');
    await page.getByTestId('impor-submit').click();
    await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(page.getByTestId('hasil-diperbarui')).toHaveText('1');
    const after = await found();
    expect(after.total).toBe(3);
    expect(after.data.find((g) => g.nip === a.nip)?.tempat_lahir).toBe('Tidore');
  });

  test('a workbook with other columns is refused with the server message', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-simple/guru/impor');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Data').addRows([
      ['Nama', 'NIP'],
      ['Budi', '1'],
    ]);
    await upload(page, 'lain.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    await expect(page.getByTestId('impor-errors')).toContainText(IMPOR_MSG.wrongHeader);
    await expect(preview(page)).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-impor-simple.png' });
  });

  test('operators have no import page and no menu entry', async ({ page }) => {
    await signedIn(page, OPERATOR, '/operator-side/guru/impor');
    await expect(page.getByRole('heading', { name: 'Impor Data Guru' })).toHaveCount(0);
    await expect(page.getByTestId('main-menu')).not.toContainText('Impor Guru');
    await expect(page.getByTestId('main-menu')).not.toContainText('Kualitas Data');
  });
});
