import type { Page } from '@playwright/test';
import type { DokumenInfo, KgbDueItem, SuratKgb } from '../contract/kgb.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import { test, expect, ADMIN, OPERATOR, apiLogin, signedIn } from './fixtures.ts';

// Never strand the user: a friendly failure page that keeps the menu, one clock, one form
// pattern, offline saves. At a desk (1366×768) and on a phone (390×844).
const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'ponsel', viewport: { width: 390, height: 844 } },
] as const;

/** How many times the page loaded a document (the first load and every reload). */
function countLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
}

for (const size of SIZES) {
  test.describe(`halaman gagal dimuat (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test("a screen's file of an older release is gone: one reload by itself, then an Indonesian page with Muat ulang inside the menu", async ({ page }) => {
      await signedIn(page, ADMIN, '/admin-side/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
      // The audit screen's code cannot be fetched (a new release removed it, or the network dropped it).
      await page.route(/\/assets\/audit-page-[^/]*\.js$/, (r) => r.abort());
      const loads = countLoads(page);
      await page.evaluate(() => {
        window.history.pushState({}, '', '/admin-side/audit');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const failure = page.getByTestId('route-error');
      await expect(failure).toBeVisible();
      await expect(failure.getByRole('heading', { level: 1 })).toHaveText('Halaman tidak dapat dibuka');
      await expect(failure).toContainText('Sebagian berkas aplikasi tidak dapat dimuat');
      // Reloaded exactly once by itself (the guard in sessionStorage stops a loop).
      expect(loads.count).toBe(1);
      await page.waitForTimeout(1500);
      expect(loads.count).toBe(1);
      expect(await page.evaluate(() => window.sessionStorage.getItem('sidasek:chunk-reload'))).toMatch(/^\d+$/);
      // React Router's developer page never shows.
      await expect(page.locator('body')).not.toContainText('Unexpected Application Error');
      await expect(page.locator('body')).not.toContainText('Hey developer');
      await expect(page).toHaveTitle('Halaman tidak dapat dibuka · Sidasek');
      // The menu stays: the side menu at a desk, the menu button on a phone.
      if (size.name === 'desktop') await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
      else await expect(page.getByTestId('menu-button')).toBeVisible();
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(scroll).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `.tmp/screens/route-error-${size.name}.png` });

      // The file is back: Muat ulang opens the screen.
      await page.unroute(/\/assets\/audit-page-[^/]*\.js$/);
      await failure.getByRole('button', { name: 'Muat ulang' }).click();
      await expect(page.getByRole('heading', { name: 'Log Audit' })).toBeVisible();
      await expect(failure).toHaveCount(0);
    });
  });
}

test('offline: a screen that cannot load says so and opens by itself when the connection returns', async ({ page, context }) => {
  await signedIn(page, ADMIN, '/admin-side/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await context.setOffline(true);
  await page.route(/\/assets\/berita-page-[^/]*\.js$/, (r) => r.abort('internetdisconnected'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/admin-side/berita');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const failure = page.getByTestId('route-error');
  await expect(failure).toContainText('Perangkat Anda sedang offline');
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  // Offline, it does not reload by itself (the reload would fail too).
  expect(await page.evaluate(() => window.sessionStorage.getItem('sidasek:chunk-reload'))).toBeNull();
  await page.unroute(/\/assets\/berita-page-[^/]*\.js$/);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Data Berita' })).toBeVisible({ timeout: 15_000 });
});

// ---- One clock ---------------------------------------------------------------------------------

const DEMO_PASSPHRASE = 'ttd-demo-2026';

async function api<T>(page: Page, user: { username: string; password: string }, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const { access_token } = await apiLogin(page.request, user);
  const res = await page.request.fetch(`/api/${path}`, { method, headers: { authorization: `Bearer ${access_token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

/** The office's time (WIT) of an instant as the letters print it, computed here apart from the app. */
function wit(iso: string, month: 'long' | 'short' = 'long'): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jayapura', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  const names = month === 'long'
    ? ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember']
    : ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
  return `${Number(p.day)} ${names[Number(p.month) - 1]} ${p.year} ${p.hour}.${p.minute} WIT`;
}

for (const size of SIZES) {
  test.describe(`satu jam: peramban di Jakarta (${size.name})`, () => {
    // The browser is two hours behind the office (WIB against WIT).
    test.use({ viewport: size.viewport, timezoneId: 'Asia/Jakarta' });

    test('the sign page, the public check, the archive and the notices show the office time with WIT, as the letter', async ({ page, browser, baseURL }) => {
      test.setTimeout(90_000);
      const due = await dueListOf(page);
      const target = due.find((r) => r.siap && r.status_surat === null && r.sekolah.nama_sekolah === OPERATOR.school) ?? due.find((r) => r.siap && r.status_surat === null)!;
      await api(page, ADMIN, 'GET', `kgb/${target.id}/verifikasi`);
      const signed = await api<SuratKgb>(page, ADMIN, 'POST', `kgb/${target.id}/signature`, { passphrase: DEMO_PASSPHRASE, terima_data_belum_diverifikasi: true });
      const letter = await api<DokumenInfo>(page, ADMIN, 'GET', `dokumen/${signed.kode_dokumen}`);
      // The letter's own words (the PDF prints the same text).
      expect(letter.ditandatangani_pada_teks).toBe(wit(signed.signed_at!));

      await signedIn(page, ADMIN, `/admin-side/guru/verifikasi-kgb/${target.id}`);
      await expect(page.getByTestId('kgb-signed-at')).toHaveText(letter.ditandatangani_pada_teks!);
      await expect(page.getByTestId('kgb-signed')).toContainText(letter.ditandatangani_pada_teks!);
      await page.screenshot({ path: `.tmp/screens/clock-ttd-${size.name}.png`, fullPage: true });

      await page.goto('/admin-side/guru/arsip-kgb');
      await expect(page.getByText(`Ditandatangani ${wit(signed.signed_at!, 'short')}`).first()).toBeVisible();

      // The public check, without a session.
      const pub = await browser.newPage({ baseURL, timezoneId: 'Asia/Jakarta', viewport: size.viewport });
      await pub.goto(`/dokumen/${signed.kode_dokumen}`);
      await expect(pub.getByTestId('dokumen-waktu')).toHaveText(letter.ditandatangani_pada_teks!);
      await pub.close();

      // A notice of the operator's school: its time on the office's clock.
      if (target.sekolah.nama_sekolah === OPERATOR.school) {
        const notices = await api<{ data: { id: number | null; dibuat_pada: string }[] }>(page, OPERATOR, 'GET', 'notifikasi');
        const stored = notices.data.find((n) => n.id !== null);
        if (stored) {
          await page.evaluate(() => window.localStorage.clear());
          await signedIn(page, OPERATOR, '/operator-side/notifikasi');
          await expect(page.getByTestId('notice').first()).toBeVisible();
          await expect(page.getByTestId('notices')).toContainText(wit(stored.dibuat_pada, 'short'));
          await page.screenshot({ path: `.tmp/screens/clock-notices-${size.name}.png`, fullPage: true });
        }
      }
    });
  });
}

async function dueListOf(page: Page): Promise<KgbDueItem[]> {
  const out: KgbDueItem[] = [];
  for (let p = 1; p < 30; p++) {
    const pg = await api<ApiPage<KgbDueItem>>(page, ADMIN, 'GET', `kgb?page=${p}`);
    out.push(...pg.data);
    if (p >= pg.last_page) break;
  }
  return out;
}
