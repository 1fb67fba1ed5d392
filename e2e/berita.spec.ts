import type { Page } from '@playwright/test';
import { test, expect, ADMIN, signedIn } from './fixtures.ts';

// SPEC §2 "News" and §8: placeholders whose search, paging and actions only show an alert.

async function expectAlert(page: Page, text: string) {
  const dialog = page.locator('.ant-modal-confirm-info');
  await expect(dialog).toContainText(text);
  // One alert per action; a click that lands while the dialog still zooms in is tried again.
  await expect(dialog).toHaveCount(1);
  await expect(async () => {
    if (await dialog.count()) await dialog.getByRole('button', { name: 'OK' }).click({ timeout: 1000 });
    await expect(dialog).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 7000 });
}

for (const screen of [
  {
    path: '/admin-side/berita',
    title: 'Data Berita',
    search: 'Cari berita',
    row: 'Contoh berita pertama',
    shot: 'berita',
  },
  {
    path: '/admin-side/berita/kategory',
    title: 'Kategori Berita',
    search: 'Cari kategori berita',
    row: 'Contoh kategori pertama',
    shot: 'berita-kategori',
  },
]) {
  test(`${screen.title}: search, paging, add, edit and delete show their alerts`, async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/') && !r.url().includes('/api/kunjungan')) calls.push(r.url());
    });
    await signedIn(page, ADMIN, screen.path);
    await expect(page.getByRole('heading', { name: screen.title })).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/${screen.shot}.png`, fullPage: true });
    await page.getByLabel(screen.search).fill('sekolah');
    await page.getByRole('button', { name: 'Cari' }).click();
    await expectAlert(page, 'get data berita');
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expectAlert(page, 'get data berita');
    await page.getByRole('button', { name: 'Tambah' }).click();
    await expectAlert(page, 'add data berita');
    await page.getByRole('button', { name: `Edit ${screen.row}` }).click();
    await expectAlert(page, 'edit data berita');
    await page.getByRole('button', { name: `Hapus ${screen.row}` }).click();
    await expectAlert(page, 'delete data berita');
    // Stubs: no network call.
    expect(calls).toEqual([]);
  });
}

test('the menu leads to both placeholders', async ({ page }) => {
  await signedIn(page, ADMIN, '/admin-side/dashboard');
  const menu = page.getByTestId('main-menu');
  await menu.getByText('Berita', { exact: true }).click();
  await menu.getByText('Kategori Berita').click();
  await expect(page).toHaveURL(/\/admin-side\/berita\/kategory$/);
  await menu.getByText('Data Berita').click();
  await expect(page).toHaveURL(/\/admin-side\/berita$/);
});
