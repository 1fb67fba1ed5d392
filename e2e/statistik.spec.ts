import type { Page } from '@playwright/test';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';

// SPEC §2 "Statistics page": eight tabs; every tab and dropdown choice draws a chart.

const TABS = [
  {
    name: 'Statistik Guru',
    key: 'guru',
    select: { testId: 'select-guru', options: ['Guru Pensiun 6 Bulan Terakhir', 'Guru per Jenis Kelamin'] },
  },
  {
    name: 'Statistik Sekolah',
    key: 'sekolah',
    select: { testId: 'select-sekolah', options: ['Jumlah Unit Sekolah per Jenjang', 'Jumlah Guru per Jenjang'] },
  },
  { name: 'Statistik KGB', key: 'kgb' },
  { name: 'Statistik Kunjungan', key: 'kunjungan' },
  { name: 'Statistik Perkiraan', key: 'perkiraan' },
  { name: 'Kondisi Ruang Kelas', key: 'ruang-kelas' },
  {
    name: 'Kualifikasi Pendidik',
    key: 'kualifikasi',
    select: {
      testId: 'select-kualifikasi',
      options: ['Kualifikasi: Sarjana dan Non Sarjana', 'Sertifikasi: Belum dan Sudah'],
    },
  },
  { name: 'Data Rasio Pendidik', key: 'rasio' },
];

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

// Inactive panes are destroyed; hidden ones are not in the accessibility tree anyway.
const activePanel = (page: Page) => page.getByTestId('statistik-tabs').getByRole('tabpanel');

async function expectChart(page: Page) {
  const panel = activePanel(page);
  const canvas = panel.getByTestId('stat-chart').locator('canvas').first();
  await expect(canvas).toBeVisible();
  // ECharts has drawn: the canvas has a size. Asked until it holds: a chart drawn again (its data came)
  // replaces its canvas, and between the two there is none (CI once read no box there).
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(200);
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(200);
}

/** With SHOTS=1 (pictures to look at), lets the chart's animation finish before the picture. */
const beforeShot = async (page: Page) => {
  if (process.env.SHOTS) await page.waitForTimeout(1200);
};

test('every tab and every dropdown choice draws a chart, without console errors', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await signedIn(page, ADMIN, '/admin-side/statistik');
  const tabs = page.getByTestId('statistik-tabs');
  await expect(tabs.getByRole('tab')).toHaveText(TABS.map((t) => t.name));
  for (const tab of TABS) {
    await tabs.getByRole('tab', { name: tab.name, exact: true }).click();
    if (tab.key !== 'guru') await expect(page).toHaveURL(new RegExp(`tab=${tab.key}$`));
    if (tab.select) {
      for (const [i, option] of tab.select.options.entries()) {
        // The choices are native selects (the page is drawn without antd).
        await activePanel(page).getByTestId(tab.select.testId).selectOption(option);
        await expectChart(page);
        await beforeShot(page);
        await page.screenshot({ path: `.tmp/screens/stat-${tab.key}-${i + 1}.png`, fullPage: true });
      }
    } else {
      await expectChart(page);
      await beforeShot(page);
      await page.screenshot({ path: `.tmp/screens/stat-${tab.key}.png`, fullPage: true });
    }
  }
  expect(errors).toEqual([]);
});

test('the table view shows the numbers of the API', async ({ page }) => {
  const session = await signedIn(page, ADMIN, '/admin-side/statistik?tab=sekolah');
  const api = async (name: string) =>
    (
      await (
        await page.request.get(`/api/data-statistik/${name}`, {
          headers: { authorization: `Bearer ${session.access_token}` },
        })
      ).json()
    ).data;
  const units = (await api('jumlah-unit-sekolah')) as { bentuk_pendidikan: string; total_sekolah: number }[];
  await expectChart(page);
  await activePanel(page).getByText('Tabel').click();
  const table = page.getByTestId('chart-unit-sekolah-table');
  await expect(table.locator('tbody tr')).toHaveCount(units.length);
  for (const u of units)
    await expect(table.locator('tr', { hasText: u.bentuk_pendidikan }).first()).toContainText(String(u.total_sekolah));

  const rasio = (await api('rasio')) as { pendidikan: string; tahun: number; gurusiswa: number | null }[];
  await page.getByRole('tab', { name: 'Data Rasio Pendidik' }).click();
  // Titled with the current year, not the original's fixed 2019.
  await expect(
    activePanel(page).getByRole('heading', { name: `Data Rasio Pendidik ${new Date().getFullYear()}` }),
  ).toBeVisible();
  await activePanel(page).getByText('Tabel').click();
  const rasioTable = page.getByTestId('chart-rasio-table');
  for (const r of rasio) {
    await expect(rasioTable.locator('tr', { hasText: r.pendidikan }).first()).toContainText(
      r.gurusiswa === null ? 'Data Kosong' : `1 : ${r.gurusiswa.toLocaleString('id-ID')}`,
    );
  }
  await page.screenshot({ path: '.tmp/screens/stat-rasio-tabel.png', fullPage: true });
});

test('operators have no statistics', async ({ page }) => {
  const session = await signedIn(page, OPERATOR, '/admin-side/statistik');
  await expect(page).toHaveURL(/\/permission$/);
  const res = await page.request.get('/api/data-statistik/jumlah-guru', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(res.status()).toBe(403);
});
