import type { Page } from '@playwright/test';
import { test, expect, ADMIN, signedIn, SIZES as DESK_AND_PHONE, describeAtSizes } from './fixtures.ts';
import { settled } from './guru-helpers.ts';
import { emptyMonth, teacherDueIn } from './periode-helpers.ts';

// After "Verifikasi KGB" the page offers the next step: sign now (the sign page's own dialog opens
// at once) or back to the due list. At a desk and on a phone, light and dark.
const DEMO_PASSPHRASE = 'ttd-demo-2026';
const SIZES = [
  { ...DESK_AND_PHONE[0], family: 'admin-side', seq: '71' },
  { ...DESK_AND_PHONE[1], family: 'admin-simple', seq: '72' },
] as const;

async function verify(page: Page) {
  await page.getByTestId('kgb-verify-button').click();
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
  await expect(dialog).toHaveCount(0);
}

describeAtSizes(SIZES, 'verifikasi lalu TTD', (size) => {
  test('verified: the number shows with "Tandatangani sekarang" (the sign dialog opens at once) and a way back to the list', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const bulan = await emptyMonth(page.request);
    const stamp = String(Date.now()).slice(-4);
    const first = await teacherDueIn(page.request, bulan, `Yusuf Verifikasi ${stamp}`, `${size.seq}1`);
    const second = await teacherDueIn(page.request, bulan, `Hasan Kembali ${stamp}`, `${size.seq}2`);

    await signedIn(page, ADMIN, `/${size.family}/guru/buat-kgb/${first}`);
    await expect(page.getByTestId('kgb-status-tag')).toHaveText('Draf');
    await verify(page);
    const done = page.getByTestId('kgb-verified');
    await expect(done).toBeVisible();
    await expect(done.getByRole('heading', { level: 2 })).toHaveText('Surat KGB berhasil diverifikasi');
    await expect(done.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(done.getByTestId('kgb-verified-nomor')).not.toBeEmpty();
    await expect(done).toBeInViewport();
    // Still on Buat KGB: the letter verified, no second verification offered.
    await expect(page).toHaveURL(new RegExp(`/guru/buat-kgb/${first}$`));
    await expect(page.getByTestId('kgb-verify-button')).toHaveCount(0);
    const nomor = (await done.getByTestId('kgb-verified-nomor').textContent())!.trim();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/kgb-verified-${size.name}.png`, fullPage: true });

    // Sign now: the sign page with its signing dialog already open.
    await done.getByTestId('kgb-sign-now').click();
    await expect(page).toHaveURL(new RegExp(`/guru/verifikasi-kgb/${first}$`));
    const modal = page.locator('.kgb-sign-modal .ant-modal');
    await expect(modal.locator('.ant-modal-title')).toHaveText('TTD KGB');
    await expect(page.getByTestId('kgb-nomor')).toHaveText(nomor);
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/kgb-sign-now-${size.name}.png` });
    await modal.getByTestId('kgb-passphrase').fill(DEMO_PASSPHRASE);
    await modal.getByTestId('kgb-passphrase').press('Enter');
    await expect(page.locator('.ant-message')).toContainText('Surat KGB berhasil ditandatangani', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('kgb-signed')).toContainText('Sudah ditandatangani');
    // A reload does not open the dialog again.
    await page.reload();
    await expect(page.getByTestId('kgb-signed')).toBeVisible();
    await expect(page.locator('.kgb-sign-modal .ant-modal')).toHaveCount(0);

    // The other way on: back to the due list, in dark mode.
    await page.evaluate(() => window.localStorage.setItem('sidasek.darkMode', '1'));
    await page.goto(`/${size.family}/guru/buat-kgb/${second}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await verify(page);
    await expect(page.getByTestId('kgb-verified')).toBeVisible();
    // Drawn again (a reload), the next step is still offered.
    await page.reload();
    await expect(page.getByTestId('kgb-verified')).toContainText('Surat KGB berhasil diverifikasi');
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/kgb-verified-${size.name}-gelap.png`, fullPage: true });
    await page.getByTestId('kgb-back-to-list').click();
    await expect(page).toHaveURL(/\/admin-side\/guru\/akan-kgb$/);
    await expect(page.getByRole('heading', { name: 'Data Guru Akan KGB' })).toBeVisible();
  });
});
