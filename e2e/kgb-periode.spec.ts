import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import { choose, confirmYes, errorUnder, expectFitsPhone, settled } from './guru-helpers.ts';
import { emptyMonth, teacherDueIn } from './periode-helpers.ts';

// The whole month run in the browser: choose the month, make the drafts, send one
// back, verify, sign all with one passphrase (progress and results), download the nominative list.
const DEMO_PASSPHRASE = 'ttd-demo-2026';

const row = (page: Page, nama: string) =>
  page.getByTestId('periode-table').locator('tbody tr.ant-table-row', { hasText: nama });

test.describe('Periode KGB bulanan', () => {
  test('the whole month: drafts, one sent back, verification, signature of all, nominative list (desktop and phone)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const bulan = await emptyMonth(page.request);
    const seq = String(Date.now()).slice(-3);
    const names = [`Ahmad Periode ${seq}`, `Nurul Periode ${seq}`, `Hasan Periode ${seq}`];
    // The first teacher's profile is not verified yet: signing asks the official to accept it.
    for (const [i, nama] of names.entries())
      await teacherDueIn(
        page.request,
        bulan,
        nama,
        String((Number(seq) + i * 7) % 1000).padStart(3, '0'),
        undefined,
        i !== 0,
      );

    await signedIn(page, ADMIN, '/admin-side/guru/periode-kgb');
    await expect(page.getByTestId('main-menu').getByText('Periode KGB Bulanan')).toBeVisible();
    // The month is chosen from the list, and kept in the address (reload, back).
    await page.getByTestId('periode-bulan').click();
    const label = new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric' }).format(
      new Date(`${bulan}-15T00:00:00`),
    );
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label })
      .click();
    await expect(page).toHaveURL(new RegExp(`bulan=${bulan}`));
    for (const nama of names) await expect(row(page, nama).getByTestId('periode-status')).toHaveText('Siap dibuat');
    await expect(row(page, names[0]!)).toContainText('Rp 3.287.000');
    await expect(row(page, names[0]!)).toContainText('Rp 3.390.500');

    await page.getByTestId('periode-buat-draf').click();
    await expect(page.locator('.ant-message')).toContainText('3 draf surat KGB dibuat');
    for (const nama of names) await expect(row(page, nama).getByTestId('periode-status')).toHaveText('Draf');

    // Sent back to the school: the note is required.
    await row(page, names[2]!).getByTestId('periode-kembalikan').click();
    await page.getByTestId('periode-catatan-input').fill('SK');
    await page.getByRole('button', { name: 'Kembalikan', exact: true }).click();
    await expect(page.getByTestId('periode-catatan-error')).toHaveText('Catatan perbaikan minimal 10 karakter');
    // At its field too, the cursor in it.
    await expect(page.locator('#kembalikan_catatan')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#kembalikan_catatan')).toBeFocused();
    await page.getByTestId('periode-catatan-input').fill('Unggah ulang SK KGB terakhir yang terbaca jelas');
    await page.getByRole('button', { name: 'Kembalikan', exact: true }).click();
    await expect(row(page, names[2]!).getByTestId('periode-status')).toHaveText('Dikembalikan');
    await expect(row(page, names[2]!).getByTestId('periode-catatan')).toHaveText(
      'Unggah ulang SK KGB terakhir yang terbaca jelas',
    );

    await expect(page.getByTestId('periode-verifikasi')).toContainText('Verifikasi (2)');
    // A selection narrows every action to the teachers chosen.
    await row(page, names[0]!).getByTestId('periode-pilih').check();
    await expect(page.getByTestId('periode-verifikasi')).toContainText('Verifikasi (1)');
    await expect(page.getByTestId('periode-terpilih')).toContainText('1 guru dipilih');
    await page.getByRole('button', { name: 'Batalkan pilihan' }).click();
    await expect(page.getByTestId('periode-verifikasi')).toContainText('Verifikasi (2)');
    await page.getByTestId('periode-verifikasi').click();
    await confirmYes(page);
    await expect(page.getByTestId('periode-run-summary')).toContainText(
      'Selesai: 2 dari 2 surat; 2 berhasil, 0 dilewati, 0 gagal.',
      { timeout: 30_000 },
    );
    await page.getByTestId('periode-run').getByRole('button', { name: 'Tutup' }).click();
    for (const nama of names.slice(0, 2))
      await expect(row(page, nama).getByTestId('periode-status')).toHaveText('Terverifikasi');

    // One passphrase for every verified letter; a wrong one signs nothing.
    await page.getByTestId('periode-ttd').click();
    await page.getByTestId('kgb-passphrase').fill('bukan-passphrase');
    await page.getByRole('button', { name: 'Tandatangani', exact: true }).click();
    await expect(page.getByTestId('kgb-sign-error')).toHaveText('Passphrase salah. Tanda tangan tidak dibuat.');
    await expect(page.getByTestId('kgb-passphrase')).toHaveValue('');
    // The wrong passphrase is said at the passphrase field, with the cursor in it.
    await expect(page.locator('#ttd_passphrase')).toHaveAttribute('aria-invalid', 'true');
    await expect(errorUnder(page, page.locator('#ttd_passphrase'))).toHaveText(
      'Passphrase salah. Tanda tangan tidak dibuat.',
    );
    await expect(page.locator('#ttd_passphrase')).toBeFocused();
    await expect(page.getByTestId('kgb-peringatan')).toContainText(`${names[0]}: Profil guru belum diverifikasi`);
    await page.getByTestId('kgb-terima-belum-verifikasi').check();
    await page.getByTestId('kgb-passphrase').fill(DEMO_PASSPHRASE);
    await page.getByRole('button', { name: 'Tandatangani', exact: true }).click();
    await expect(page.getByTestId('periode-run-summary')).toContainText('Selesai: 2 dari 2 surat; 2 berhasil', {
      timeout: 60_000,
    });
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-periode-ttd-selesai.png' });
    await page.getByTestId('periode-run').getByRole('button', { name: 'Tutup' }).click();
    for (const nama of names.slice(0, 2)) {
      await expect(row(page, nama).getByTestId('periode-status')).toHaveText('Ditandatangani');
      // Signed months after the TMT: back pay shown (Rp103.500 a month, III/b MKG 8 -> 10).
      await expect(row(page, nama).getByTestId('periode-rapel')).toContainText(/Rapel \d+ bulan: Rp \d{3}\.\d{3}/);
    }
    await settled(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: '.tmp/screens/kgb-periode.png', fullPage: true });

    // The nominative list: Excel, then the PDF signed like the letters.
    const xlsx = page.waitForEvent('download');
    await page.getByTestId('periode-nominatif-xlsx').click();
    expect((await xlsx).suggestedFilename()).toBe(`nominatif-kgb-${bulan}.xlsx`);
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('periode-nominatif-pdf').click();
    await page.getByTestId('kgb-passphrase').fill(DEMO_PASSPHRASE);
    await page.getByRole('button', { name: 'Tandatangani dan unduh' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`nominatif-kgb-${bulan}.pdf`);
    const file = await pdf.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdfsig', [file], { encoding: 'utf8' })).toContain('Signature is Valid');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const nama of names.slice(0, 2)) expect(text).toContain(nama);
    expect(text).not.toContain(names[2]);

    // The payroll file (docs/domain/dapodik.md), and payroll's answer on one letter: returned, with the reason.
    const csv = page.waitForEvent('download');
    await page.getByTestId('periode-gaji-csv').click();
    const csvFile = await csv;
    expect(csvFile.suggestedFilename()).toBe(`gaji-kgb-${bulan}.csv`);
    const lines = readFileSync(await csvFile.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'NIP / NI PPPK;Nama;Status Pegawai;Golongan;Nomor SK;Tanggal SK;TMT;MKG Tahun;MKG Bulan;Gaji Pokok Lama;Gaji Pokok Baru;Rapel Bulan;Rapel Jumlah',
    );
    expect(lines).toHaveLength(3);
    await row(page, names[0]!).getByTestId('periode-jawab-gaji').click();
    await choose(page, page.getByTestId('periode-gaji-status'), 'Dikembalikan bagian gaji');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByTestId('periode-gaji-error')).toHaveText('Alasan pengembalian tidak boleh Kosong');
    await expect(page.locator('#gaji_alasan')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#gaji_alasan')).toBeFocused();
    await page.getByTestId('periode-gaji-alasan').fill('Nomor rekening tidak cocok dengan data gaji');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(row(page, names[0]!).getByTestId('periode-gaji')).toHaveText(
      'Dikembalikan bagian gajiNomor rekening tidak cocok dengan data gaji',
    );
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue40-periode-gaji.png' });

    // On a phone: nothing wider than the screen but the table's own scroll.
    await expectFitsPhone(page);
    await page.screenshot({ path: '.tmp/screens/kgb-periode-phone.png', fullPage: true });
  });

  test('operators have no month run: no menu item, the page answers with the permission page', async ({ page }) => {
    await signedIn(page, OPERATOR, '/operator-side/dashboard');
    await expect(page.getByTestId('main-menu').getByText('Periode KGB Bulanan')).toHaveCount(0);
    await page.goto('/admin-side/guru/periode-kgb');
    await expect(page).toHaveURL(/\/permission$/);
  });
});
