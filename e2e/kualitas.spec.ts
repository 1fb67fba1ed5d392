import type { Page } from '@playwright/test';
import { KUALITAS_CHECKS, type KualitasCount, type KualitasRow } from '../contract/kualitas.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import { test, expect, ADMIN, OPERATOR, apiLogin, signedIn } from './fixtures.ts';
import { apiGet, settled } from './guru-helpers.ts';

const rows = (page: Page) => page.getByTestId('kualitas-table').locator('tbody tr.ant-table-row');
const loaded = async (page: Page) => {
  await expect(page.getByTestId('kualitas-table').locator('.ant-spin-spinning')).toHaveCount(0);
};
const id = (n: number) => n.toLocaleString('id-ID');

test.describe('data quality', () => {
  test('the counts on the cards are the API counts, grouped by teachers and schools', async ({ page, request }) => {
    const counts = await apiGet<KualitasCount[]>(request, ADMIN, 'kualitas-data');
    expect(counts.map((c) => c.kode)).toEqual(KUALITAS_CHECKS.map((c) => c.kode));
    await signedIn(page, ADMIN, '/admin-side/kualitas-data');
    await expect(page.getByRole('heading', { name: 'Kualitas Data' })).toBeVisible();
    await expect(page.getByTestId('main-menu').locator('[aria-current="page"]')).toHaveText('Kualitas Data');
    for (const c of counts) {
      const card = page.getByTestId(`kualitas-${c.kode}`);
      await expect(card).toContainText(c.judul);
      await expect(card.getByTestId('kualitas-jumlah')).toHaveText(id(c.jumlah));
    }
    await expect(page.getByRole('region', { name: 'Pemeriksaan data guru' }).locator('.kualitas-card')).toHaveCount(
      KUALITAS_CHECKS.filter((c) => c.jenis === 'guru').length,
    );
    await expect(page.getByRole('region', { name: 'Pemeriksaan data sekolah' }).locator('.kualitas-card')).toHaveCount(
      KUALITAS_CHECKS.filter((c) => c.jenis === 'sekolah').length,
    );
    // The demo data has gaps to show.
    expect(counts.some((c) => c.jumlah > 0)).toBe(true);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-kualitas.png', fullPage: true });
  });

  test('a teacher check lists its teachers page by page, with links to fix them', async ({ page, request }) => {
    const counts = await apiGet<KualitasCount[]>(request, ADMIN, 'kualitas-data');
    // The teacher check with the most rows (more than one page when the demo allows it).
    const check = counts.filter((c) => c.jenis === 'guru').sort((x, y) => y.jumlah - x.jumlah)[0]!;
    expect(check.jumlah).toBeGreaterThan(0);
    const first = await apiGet<ApiPage<KualitasRow>>(request, ADMIN, `kualitas-data/${check.kode}?page=1`);

    await signedIn(page, ADMIN, '/admin-side/kualitas-data');
    await expect(page.getByTestId('kualitas-detail')).toContainText('Pilih salah satu pemeriksaan');
    await page.getByTestId(`kualitas-${check.kode}`).click();
    await expect(page).toHaveURL(new RegExp(`\\?cek=${check.kode}$`));
    await expect(page.getByTestId(`kualitas-${check.kode}`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('kualitas-detail-title')).toHaveText(check.judul);
    await loaded(page);
    await expect(rows(page)).toHaveCount(first.data.length);
    const headers = (await page.getByTestId('kualitas-table').locator('thead th').allTextContents()).map((h) =>
      h.trim(),
    );
    expect(headers).toEqual(['No', 'Nama', 'NIP', 'Sekolah', 'Jenis Guru']);
    expect(await rows(page).locator('td:nth-child(2)').allTextContents()).toEqual(first.data.map((r) => r.nama));
    // Each name opens the teacher's detail; the school its school page.
    const links = rows(page).getByTestId('kualitas-link');
    for (const [i, r] of first.data.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `/admin-side/guru/detail-guru/${r.id}`);
      if (r.npsn)
        await expect(rows(page).nth(i).locator('td:nth-child(4) a')).toHaveAttribute(
          'href',
          `/admin-side/user-detail/${r.npsn}`,
        );
    }
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-kualitas-guru.png', fullPage: true });

    if (first.last_page > 1) {
      const second = await apiGet<ApiPage<KualitasRow>>(request, ADMIN, `kualitas-data/${check.kode}?page=2`);
      await page.getByRole('navigation', { name: 'Halaman' }).getByRole('button', { name: '2', exact: true }).click();
      await expect(page).toHaveURL(/page=2/);
      await loaded(page);
      await expect(rows(page).first().locator('td:nth-child(2)')).toHaveText(second.data[0]!.nama);
      expect(await rows(page).locator('td:first-child').first().textContent()).toBe(String(second.from));
    }

    // Following a link opens the detail in the same family.
    const target = first.data[0]!;
    await page.goto(`/admin-side/kualitas-data?cek=${check.kode}`);
    await loaded(page);
    await rows(page).getByTestId('kualitas-link').first().click();
    await expect(page).toHaveURL(`/admin-side/guru/detail-guru/${target.id}`);
    await expect(page.getByText(target.nama).first()).toBeVisible();
  });

  test('a school check lists schools linking to their pages (simple layout)', async ({ page, request }) => {
    const counts = await apiGet<KualitasCount[]>(request, ADMIN, 'kualitas-data');
    const check = counts.filter((c) => c.jenis === 'sekolah').sort((x, y) => y.jumlah - x.jumlah)[0]!;
    const first = await apiGet<ApiPage<KualitasRow>>(request, ADMIN, `kualitas-data/${check.kode}?page=1`);
    await signedIn(page, ADMIN, `/admin-simple/kualitas-data?cek=${check.kode}`);
    await expect(page.getByTestId('kualitas-detail-title')).toHaveText(check.judul);
    await loaded(page);
    const headers = (await page.getByTestId('kualitas-table').locator('thead th').allTextContents()).map((h) =>
      h.trim(),
    );
    expect(headers).toEqual(['No', 'Nama Sekolah', 'NPSN', 'Tingkat']);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-kualitas-sekolah.png', fullPage: true });
    if (first.data.length === 0) {
      // The demo schools are complete: the list says so.
      await expect(page.getByTestId('kualitas-table')).toContainText('Tidak ada data');
      return;
    }
    await expect(rows(page)).toHaveCount(first.data.length);
    for (const [i, r] of first.data.entries())
      await expect(rows(page).getByTestId('kualitas-link').nth(i)).toHaveAttribute(
        'href',
        `/admin-simple/user-detail/${r.npsn}`,
      );
  });

  test('operators get no data-quality page or API', async ({ page, request }) => {
    const { access_token } = await apiLogin(request, OPERATOR);
    const res = await request.get('/api/kualitas-data', { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.status()).toBe(403);
    await signedIn(page, OPERATOR, '/operator-side/kualitas-data');
    await expect(page.getByRole('heading', { name: 'Kualitas Data' })).toHaveCount(0);
  });
});
