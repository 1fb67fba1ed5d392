import type { Page } from '@playwright/test';
import { test, expect, ADMIN, signedIn } from './fixtures.ts';

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
