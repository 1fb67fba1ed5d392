import type { Page } from '@playwright/test';
import { test, expect, ADMIN, signedIn } from './fixtures.ts';

// The date pickers come after the screen (web/components/lazy-date-picker.tsx): a stand-in in antd's
// look is drawn first. A click on it before the calendar has come must not be lost (a slow line, a
// busy phone): the calendar opens once it comes. Reaching it by the keyboard gives it the focus only.

/** Holds the picker's download until `release` is called. */
async function holdPicker(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/date-picker-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

const openCalendar = (page: Page) => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

/** The open calendar lies inside the screen's width (a phone shows the range as one month). */
async function fitsScreen(page: Page, width: number) {
  const box = (await openCalendar(page).locator('.ant-picker-panel-container').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  // Layout widths come back with sub-pixel rounding: half a pixel of slack.
  expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
}

for (const size of [
  { family: 'admin-side', viewport: { width: 1366, height: 768 } },
  { family: 'admin-simple', viewport: { width: 390, height: 844 } },
])
  test.describe(`date picker before its calendar has come, ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });
    test('a click on the range stand-in opens the calendar once it comes; its preset still works', async ({ page }) => {
      const picker = await holdPicker(page);
      await signedIn(page, ADMIN, `/${size.family}/audit`);
      const range = page.getByTestId('filter-tanggal');
      await expect(range.locator('.lazy-picker')).toBeVisible();
      await expect.poll(picker.asked).toBe(true);
      await range.getByPlaceholder('Dari').click();
      // Still the stand-in: nothing opens yet, but it shows it was pressed.
      await expect(range.locator('.lazy-picker')).toHaveAttribute('aria-busy', 'true');
      // antd's focused border (the theme's primary colour, #1d4ed8), once its 0,2 s transition is over.
      await expect(range.locator('.lazy-picker')).toHaveCSS('border-color', 'rgb(29, 78, 216)');
      await expect(openCalendar(page)).toHaveCount(0);
      await page.screenshot({ path: `.tmp/screens/lazy-picker-waiting-${size.viewport.width}.png` });

      picker.release();
      await expect(range.locator('.lazy-picker')).toHaveCount(0);
      await expect(openCalendar(page).locator('.ant-picker-presets')).toBeVisible();
      await expect(range.getByPlaceholder('Dari')).toBeFocused();
      await fitsScreen(page, size.viewport.width);
      await openCalendar(page).locator('.ant-picker-presets').getByText('Hari ini').click();
      await expect(page).toHaveURL(/\?dari=\d{4}-\d{2}-\d{2}&sampai=\d{4}-\d{2}-\d{2}$/);
    });

    test('a click on the single-date stand-in opens its calendar; reached by Tab it only takes the focus', async ({
      page,
    }) => {
      const picker = await holdPicker(page);
      await signedIn(page, ADMIN, `/${size.family}/guru/add-guru`);
      const field = page.getByLabel('Tanggal Lahir');
      await expect(page.locator('.lazy-picker')).toBeVisible();
      await expect.poll(picker.asked).toBe(true);
      await field.click();
      await expect(openCalendar(page)).toHaveCount(0);
      picker.release();
      await expect(page.locator('.lazy-picker')).toHaveCount(0);
      await expect(openCalendar(page).locator('.ant-picker-panel')).toBeVisible();
      await expect(field).toBeFocused();
      await fitsScreen(page, size.viewport.width);
      await page.keyboard.press('Escape');
      await expect(openCalendar(page)).toHaveCount(0);

      // By the keyboard, on a fresh load: the focus passes to the real picker, closed.
      const again = await holdPicker(page);
      await page.reload();
      await expect(page.locator('.lazy-picker')).toBeVisible();
      await expect.poll(again.asked).toBe(true);
      await page.locator('.lazy-picker input').focus();
      again.release();
      await expect(page.locator('.lazy-picker')).toHaveCount(0);
      await expect(field).toBeFocused();
      await expect(openCalendar(page)).toHaveCount(0);
    });
  });
