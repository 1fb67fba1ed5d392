import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, ADMIN, signedIn } from './fixtures.ts';
import { apiGet, settled } from './guru-helpers.ts';
import { exportFile, previewRow as rowOf, uploadXlsx } from './impor-helpers.ts';

// The Dapodik / Data Pokok Sekolah school list through the import page (docs/domain/dapodik.md
// "Sekolah"): title rows, a school of a level the office does not manage, a village the Kemendagri
// table does not have, the import, and the same list again.

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
  'Lintang',
  'Bujur',
];
const npsn = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** The school list: title rows, a blank row, the header; NPSN stored as text. */
const listFile = (schools: Record<string, string>[]) =>
  exportFile('Sekolah', [['Data Pokok Sekolah'], ['Kota Ternate, Provinsi Maluku Utara'], []], HEADER, schools, [
    'NPSN',
  ]);

const upload = (page: Page, buffer: Buffer) => uploadXlsx(page, 'data-sekolah.xlsx', buffer);

for (const pass of [
  { family: 'admin-side', viewport: { width: 1366, height: 768 } },
  { family: 'admin-simple', viewport: { width: 390, height: 844 } },
]) {
  test(`school list: preview with a level not managed and a village not found, import, then the same list again (${pass.viewport.width}×${pass.viewport.height})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(pass.viewport);
    // The office's levels (other specs may make it a province office): one it manages, one it does not.
    const { kantor } = await apiGet<{ kantor: { jenjang: string[] } }>(request, ADMIN, 'config');
    const managed = kantor.jenjang.includes('SD') ? 'SD' : 'SMA';
    const other = managed === 'SD' ? 'SMA' : 'SD';
    const sd = {
      NPSN: npsn(),
      'Nama Sekolah': `${managed} NEGERI UJI JAMBULA`,
      'Bentuk Pendidikan': managed,
      Status: 'NEGERI',
      Alamat: 'Jl. Raya Jambula',
      'Desa/Kelurahan': 'Jambula',
      Kecamatan: 'Kec. Pulau Ternate',
      'Kabupaten/Kota': 'Kota Ternate',
      Lintang: '0,7395',
      Bujur: '127,3210',
    };
    const tk = {
      NPSN: npsn(),
      'Nama Sekolah': `${managed} UJI KAMPUNG BARU`,
      'Bentuk Pendidikan': managed,
      Status: 'SWASTA',
      'Desa/Kelurahan': 'Kampung Tak Ada',
      Kecamatan: 'Pulau Ternate',
      'Kabupaten/Kota': 'Kota Ternate',
    };
    const sma = { NPSN: npsn(), 'Nama Sekolah': `${other} UJI`, 'Bentuk Pendidikan': other, Status: 'NEGERI' };
    const file = await listFile([sd, tk, sma]);

    await signedIn(page, ADMIN, `/${pass.family}/guru/impor`);
    await page.getByTestId('impor-jenis-sekolah').click();
    await upload(page, file);
    await expect(page.getByTestId('impor-preview')).toBeVisible();
    await expect(page.getByTestId('ringkasan-total')).toHaveText('3');
    await expect(page.getByTestId('ringkasan-baru')).toHaveText('Baru: 2');
    await expect(page.getByTestId('ringkasan-galat')).toHaveText('Galat: 1');
    // Title rows above the header: the data starts on row 5.
    await expect(rowOf(page, 5)).toContainText(sd.NPSN);
    await expect(rowOf(page, 6).getByTestId('impor-catatan')).toContainText(
      'Wilayah Kampung Tak Ada, Pulau Ternate, Kota Ternate tidak ditemukan',
    );
    await expect(rowOf(page, 7).getByTestId('impor-masalah')).toContainText(
      `Bentuk Pendidikan ${other} tidak dikelola kantor ini`,
    );
    await settled(page);
    const fullPage = pass.viewport.width < 768;
    await page.screenshot({ path: `.tmp/screens/issue40-sekolah-preview-${pass.viewport.width}.png`, fullPage });

    await page.getByTestId('impor-submit').click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toContainText(
      '2 sekolah baru ditambahkan (akun operatornya nonaktif sampai diaktifkan dan direset)',
    );
    await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(page.getByTestId('hasil-dibuat')).toHaveText('2');
    const report = page.waitForEvent('download');
    await page.getByTestId('impor-laporan').click();
    const lines = readFileSync(await (await report).path(), 'utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFBaris;NPSN;Nama Sekolah;Hasil;Keterangan');
    expect(lines.find((l) => l.startsWith('6;'))).toContain('Wilayah: Wilayah Kampung Tak Ada');

    // The same list again: nothing twice.
    await page.getByRole('button', { name: 'Impor berkas lain' }).click();
    await upload(page, file);
    await expect(page.getByTestId('ringkasan-sama')).toHaveText('Sama: 2');
    await expect(page.getByTestId('ringkasan-baru')).toHaveText('Baru: 0');
  });
}
