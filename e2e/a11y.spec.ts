import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import { stubTiles } from './sekolah-helpers.ts';
import { opened, routesOf } from './routes.ts';

// Issue 25.6: axe-core on every route of SPEC section 2: no serious or critical WCAG 2.1 A/AA
// violation. Each screen is checked at both sizes (side layouts on a desktop, simple layouts on a
// phone) and in both themes (the phone pass runs in dark mode).

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n    ')}`);
}

async function darkMode(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('sidasek.darkMode', '1'));
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

test('the login page and the public document check have no serious violation', async ({ page }) => {
  const found: string[] = [];
  for (const path of ['/login', '/dokumen']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const v of await violations(page)) found.push(`${path}: ${v}`);
  }
  expect(found, found.join('\n')).toEqual([]);
});
