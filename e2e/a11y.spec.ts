import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import { stubTiles } from './sekolah-helpers.ts';
import { opened, routesOf } from './routes.ts';

// Read-only checks: its tests are spread over the workers (each worker has its own server and data).
test.describe.configure({ mode: 'parallel' });

// Axe-core on every route of SPEC section 2: no serious or critical WCAG 2.1 A/AA
// violation. Each screen is checked at both sizes (side layouts on a desktop, simple layouts on a
// phone) and in both themes (the phone pass runs in dark mode).

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page) {
  // antd's Table measures its columns with an invisible row (aria-hidden, zero height) that copies
  // the header, the select-all checkbox included: a library internal, left out here (decision 0037).
  // Legacy mode runs axe.run() in the page itself: the default mode sends every frame's partial
  // results to a new blank page to finish them, which costs about 1,5 s per screen here (three times
  // the check). The app has no cross-origin frames, the one case legacy mode does not cover; the
  // rules and tags are the same. 'the checker finds …' below proves it still reports.
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(WCAG)
    .exclude('.ant-table-measure-row')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n    ')}`);
}

/**
 * The app reads the setting once, when it starts (web/app/theme.tsx), and writes it back then: once it
 * has started (its theme is on the page), set the setting and start it again. (Setting it only worked
 * when the next page was a full load; CI saw a busy machine give a light page.)
 */
async function darkMode(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  await page.evaluate(() => window.localStorage.setItem('sidasek.darkMode', '1'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

const passes = [
  { family: 'admin-side', user: ADMIN, viewport: { width: 1366, height: 768 }, dark: false },
  { family: 'operator-side', user: OPERATOR, viewport: { width: 1366, height: 768 }, dark: false },
  { family: 'admin-simple', user: ADMIN, viewport: { width: 390, height: 844 }, dark: true },
  { family: 'operator-simple', user: OPERATOR, viewport: { width: 390, height: 844 }, dark: true },
];

for (const pass of passes) {
  test.describe(`${pass.family} ${pass.viewport.width}×${pass.viewport.height}${pass.dark ? ' gelap' : ''}`, () => {
    test.use({ viewport: pass.viewport, colorScheme: pass.dark ? 'dark' : 'light' });
    test('no serious or critical WCAG 2.1 AA violation on any route', async ({ page }) => {
      test.setTimeout(240_000);
      await stubTiles(page);
      const routes = await routesOf(page, pass.family, pass.user === ADMIN);
      await signedIn(page, pass.user, routes[0]!);
      if (pass.dark) await darkMode(page);
      const found: string[] = [];
      for (const path of routes) {
        await opened(page, path);
        if (pass.dark) await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        for (const v of await violations(page)) found.push(`${path}: ${v}`);
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}

test('the map credits\' links are told from their text by more than colour', async ({ page }) => {
  // axe can judge them only where their box lies over a plain background: over drawn tiles it
  // cannot (a route pass found them once in CI, when no tile was drawn yet). Without the tiles here.
  await stubTiles(page);
  await signedIn(page, OPERATOR, '/operator-side/maps');
  await expect(page.locator('.leaflet-control-attribution a').first()).toBeVisible();
  await page.addStyleTag({ content: '.leaflet-tile-pane { display: none; }' });
  expect(await violations(page)).toEqual([]);
});

test('the checker finds a serious violation put into a screen (it is not silent)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // An unlabelled input and grey text on white that is too light: axe must name both.
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.innerHTML = '<input type="text"><p style="color:#c8c8c8;background:#fff">Teks pucat</p>';
    document.body.appendChild(box);
  });
  const found = (await violations(page)).join('\n');
  expect(found).toContain('label (critical)');
  expect(found).toContain('color-contrast (serious)');
});

test('the login page and the public document check have no serious violation', async ({ page }) => {
  const found: string[] = [];
  for (const path of ['/login', '/dokumen']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const v of await violations(page)) found.push(`${path}: ${v}`);
  }
  expect(found, found.join('\n')).toEqual([]);
});

test.describe('gelap 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 }, colorScheme: 'dark' });
  test('the side menu\'s active item, the quality tiles and the month page pass in dark mode', async ({ page }) => {
    test.setTimeout(90_000);
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    await darkMode(page);
    const found: string[] = [];
    for (const path of ['/admin-side/dashboard', '/admin-side/kualitas-data', '/admin-side/guru/periode-kgb', '/admin-side/audit']) {
      await opened(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByTestId('main-menu').locator('[aria-current="page"]')).toBeVisible();
      for (const v of await violations(page)) found.push(`${path}: ${v}`);
    }
    // The phone drawer, open, in dark mode.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('menu-button').click();
    await expect(page.getByRole('dialog', { name: 'Menu utama' })).toBeVisible();
    for (const v of await violations(page)) found.push(`drawer: ${v}`);
    expect(found, found.join('\n')).toEqual([]);
  });
});

test('every step of a common task works from the keyboard alone', async ({ page }) => {
  await signedIn(page, ADMIN, '/admin-side/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // From the top of the page, Tab reaches the menu's Guru group; Enter opens it.
  const group = page.getByTestId('main-menu').getByRole('menuitem', { name: 'Guru', exact: true });
  for (let i = 0; i < 15 && !(await group.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(group).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('main-menu').getByRole('menuitem', { name: 'Data Guru', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin-side\/guru$/);
  // The list's first teacher link, then its detail, by keyboard.
  const first = page.getByTestId('guru-detail-link').first();
  await expect(first).toBeVisible();
  for (let i = 0; i < 40 && !(await first.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin-side\/guru\/detail-guru\/\d+$/);
  // The tabs move with the arrow keys.
  const tabs = page.getByRole('tab');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
});

// A device that asks for less motion (prefers-reduced-motion) gets antd's dialogs, menus and
// messages without their animations and a map whose info windows do not fade (nor its zoom animate); other
// devices keep them. (The other browser tests run with 'reduce', playwright.config.ts.)
for (const setting of ['reduce', 'no-preference'] as const) {
  test.describe(`gerak: ${setting}`, () => {
    test.use({ reducedMotion: setting });
    test(`antd and the map follow prefers-reduced-motion: ${setting}`, async ({ page }) => {
      await stubTiles(page);
      await signedIn(page, ADMIN, '/admin-side/maps');
      const map = page.getByTestId('maps-map').locator('.leaflet-container');
      await expect(map).toBeVisible();
      const select = page.getByTestId('maps-search');
      await expect(select).toBeVisible();
      const duration = await select.evaluate((el) => getComputedStyle(el).getPropertyValue('--ant-motion-duration-mid').trim());
      if (setting === 'reduce') {
        expect(duration).toBe('0s');
        await expect(map).not.toHaveClass(/leaflet-fade-anim/);
      } else {
        expect(duration).toBe('0.2s');
        await expect(map).toHaveClass(/leaflet-fade-anim/);
      }
    });
  });
}
