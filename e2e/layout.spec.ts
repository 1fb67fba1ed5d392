import type { Page } from '@playwright/test';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import { allGuru } from './guru-helpers.ts';
import { stubTiles } from './sekolah-helpers.ts';
import { opened, routesOf } from './routes.ts';

// Read-only checks: its tests are spread over the workers (each worker has its own server and data).
test.describe.configure({ mode: 'parallel' });

// Every route of SPEC §2 on a phone, in both layout families. The screenshots are
// written to .tmp/shots when SHOTS=1 (to look at them).
/** The page is no wider than the screen, and the top bar keeps one line. */
async function fitsTheScreen(page: Page, label: string) {
  const { scroll, inner, header } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    header: document.querySelector('.shell-header')?.getBoundingClientRect().height ?? 0,
  }));
  expect.soft(scroll, `${label}: lebar halaman`).toBeLessThanOrEqual(inner);
  expect.soft(header, `${label}: tinggi bilah atas`).toBe(64);
  if (process.env.SHOTS)
    await page.screenshot({ path: `.tmp/shots/phone${label.replace(/[/?=&:]/g, '_')}.png`, fullPage: true });
}

test.describe('ponsel 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a drawer over the page that closes on navigation, on Escape and on the veil', async ({ page }) => {
    await signedIn(page, OPERATOR, '/operator-side/dashboard');
    await expect(page.getByRole('heading', { name: 'Selamat datang' })).toBeVisible();
    // No side menu takes width from the page.
    await expect(page.locator('.shell-sider')).toHaveCount(0);
    const content = await page.locator('main').boundingBox();
    expect(content!.width).toBeGreaterThan(370);

    const button = page.getByTestId('menu-button');
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu utama' });
    await expect(drawer).toBeVisible();
    // Over the page: the page keeps its width.
    expect((await page.locator('main').boundingBox())!.width).toBe(content!.width);
    await drawer.getByText('Guru', { exact: true }).click();
    await drawer.getByRole('menuitem', { name: 'Data Guru', exact: true }).click();
    await expect(page).toHaveURL(/\/operator-side\/guru$/);
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await button.click();
    await page.mouse.click(380, 400);
    await expect(drawer).toBeHidden();

    // The simple layout has the same drawer instead of its top menu.
    await page.goto('/operator-simple/dashboard');
    await expect(page.getByRole('heading', { name: 'Selamat datang' })).toBeVisible();
    await page.getByTestId('menu-button').click();
    await page.getByRole('dialog', { name: 'Menu utama' }).getByRole('menuitem', { name: 'Maps' }).click();
    await expect(page).toHaveURL(/\/operator-simple\/maps$/);
    await expect(page.getByRole('dialog', { name: 'Menu utama' })).toBeHidden();
  });

  test('lists are cards: every field of a row labelled, its actions in view', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/guru');
    const card = page.getByTestId('guru-table').locator('tbody tr').first();
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The name, school and the edit button are on the card, inside the screen.
    for (const label of ['Nama', 'Sekolah', 'Edit']) {
      const cell = card.locator(`td[data-label="${label}"]`);
      await expect(cell).toBeVisible();
      const b = (await cell.boundingBox())!;
      expect(b.x + b.width, label).toBeLessThanOrEqual(390);
    }
    await expect(card.getByRole('link').first()).toBeInViewport();
    // The header row is not shown; the label is.
    await expect(page.getByTestId('guru-table').locator('thead')).toBeHidden();
    const label = await card
      .locator('td[data-label="Nama"]')
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Nama"');

    // An antd list (the due list) the same way, with its action.
    await page.goto('/admin-side/guru/akan-kgb');
    const due = page.getByTestId('kgb-table').locator('tbody tr[data-row-key]').first();
    await expect(due).toBeVisible();
    const actions = due.locator('td[data-label="Aksi"]');
    await expect(actions).toBeInViewport();
    await expect(actions.locator('button, a').first()).toBeInViewport();
  });

  for (const family of ['admin-side', 'admin-simple', 'operator-side', 'operator-simple']) {
    test(`no page of ${family} is wider than the screen`, async ({ page }) => {
      test.setTimeout(180_000);
      await stubTiles(page);
      const admin = family.startsWith('admin');
      const routes = await routesOf(page, family, admin);
      await signedIn(page, admin ? ADMIN : OPERATOR, routes[0]!);
      for (const path of routes) {
        await opened(page, path);
        await fitsTheScreen(page, path);
      }
    });
  }

  test('pages outside the layouts fit too', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/dokumen');
    await expect(page.getByRole('button', { name: 'Periksa' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('ponsel kecil 360×740', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the busiest screens fit at 360 px', async ({ page }) => {
    test.setTimeout(90_000);
    await stubTiles(page);
    const teachers = await allGuru(page.request, ADMIN);
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    for (const path of [
      '/admin-side/dashboard',
      '/admin-side/guru',
      `/admin-side/guru/detail-guru/${teachers[0]!.id}`,
      '/admin-side/guru/periode-kgb',
      '/admin-side/statistik',
      '/admin-side/data-sekolah',
    ]) {
      await opened(page, path);
      await fitsTheScreen(page, `360${path}`);
    }
  });
});

test.describe('desktop 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the simple layout shows its whole menu; names stay the full labels', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-simple/dashboard');
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByLabel('Menu lainnya')).toHaveCount(0);
    for (const name of [
      'Data User Account',
      'Data Sekolah',
      'Pejabat Penandatangan',
      'Data Statistik',
      'Kualitas Data',
      'Log Audit',
      'Maps',
      'Berita',
    ]) {
      await expect(menu.getByRole('menuitem', { name, exact: true })).toBeInViewport();
    }
    await expect(menu.getByTestId('menu-api-docs')).toBeInViewport();
    await menu.getByRole('menuitem', { name: 'Pejabat Penandatangan' }).click();
    await expect(page).toHaveURL(/\/admin-simple\/pejabat-penandatangan$/);
    await expect(menu.getByRole('menuitem', { name: 'Pejabat Penandatangan' })).toHaveAttribute('aria-current', 'page');

    // Narrower, what does not fit goes under "…" and is still reachable.
    await page.setViewportSize({ width: 1000, height: 768 });
    const more = menu.getByLabel('Menu lainnya');
    await expect(more).toBeVisible();
    await more.click();
    await expect(page.locator('.popup').getByRole('menuitem', { name: 'Maps' })).toBeVisible();
  });

  test('crossing the phone width keeps the screen: what a form holds stays (side and simple layouts)', async ({
    page,
  }) => {
    for (const family of ['admin-side', 'admin-simple']) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signedIn(page, ADMIN, `/${family}/pejabat-penandatangan`);
      const field = page.getByTestId('kantor-form').getByLabel('Nama instansi');
      await field.fill('Belum disimpan');
      // A tablet turned, a window narrowed: the shell becomes the phone's, the form is the same.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.locator('.shell[data-phone]')).toHaveCount(1);
      await expect(field, family).toHaveValue('Belum disimpan');
      await page.setViewportSize({ width: 1366, height: 768 });
      await expect(page.locator('.shell[data-phone]')).toHaveCount(0);
      await expect(field, family).toHaveValue('Belum disimpan');
    }
  });

  test('list columns fit at 1366 px without sideways scrolling', async ({ page }) => {
    test.setTimeout(90_000);
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    for (const path of [
      '/admin-side/guru',
      '/admin-side/data-sekolah',
      '/admin-side/guru/akan-kgb',
      '/admin-side/guru/arsip-kgb',
      '/admin-side/guru/periode-kgb',
      '/admin-side/user-account',
      '/admin-side/audit',
      '/admin-side/pejabat-penandatangan',
      '/admin-simple/guru',
      '/admin-simple/guru/akan-kgb',
    ]) {
      await opened(page, path);
      await expect(page.locator('main table').first()).toBeVisible();
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll('main table')].map((t) => {
          let el: HTMLElement | null = t.parentElement;
          while (el && getComputedStyle(el).overflowX === 'visible') el = el.parentElement;
          return el ? el.scrollWidth - el.clientWidth : 0;
        }),
      );
      expect.soft(Math.max(0, ...overflow), `${path}: kolom melebar`).toBeLessThanOrEqual(0);
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(1366);
    }
  });
});

test.describe('one 403 view', () => {
  test("a refused URL and a refused record end on the same page, inside the user's layout", async ({ page }) => {
    // Another school's teacher: the server answers 403, the screen goes to the permission page.
    const others = await allGuru(page.request, ADMIN);
    const own = new Set((await allGuru(page.request, OPERATOR)).map((g) => g.id));
    const foreign = others.find((g) => !own.has(g.id))!;
    await signedIn(page, OPERATOR, `/operator-side/guru/detail-guru/${foreign.id}`);
    await expect(page).toHaveURL(/\/permission$/);
    await expect(page.getByText('Oops. Kamu tidak Punya izin akses')).toBeVisible();
    // Inside the operator's layout: the menu is the way back too.
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Maps' }).click();
    await expect(page).toHaveURL(/\/operator-side\/maps$/);

    // An admin URL: the same view.
    await page.goto('/admin-side/audit');
    await expect(page).toHaveURL(/\/permission$/);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByTestId('main-menu')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/operator-side\/dashboard$/);
  });
});
