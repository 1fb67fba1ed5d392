import { expect, type Locator, type Page } from '@playwright/test';

// A valid 1×1 PNG, served for every map tile so tests never reach the internet.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Aborts every request that leaves the test server, then answers map tiles with a blank image. */
export async function stubTiles(page: Page) {
  // Registered first: later routes take precedence, so the tile stub below wins for tiles.
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (r) => r.abort(),
  );
  await page.route(/tile|openstreetmap/, (r) => r.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
}

/** The visible dropdown of an antd Select. */
export const dropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/**
 * Opens an antd Select and picks the option with the given text (typing it first when the Select
 * is searchable, since long lists are virtual), or the first option. Retried as a whole: a click
 * that lands while the list is still filtering or moving is lost on a busy machine.
 */
export async function pick(page: Page, select: Locator, option?: string, opts: { search?: boolean } = {}) {
  const list = dropdown(page);
  await expect(async () => {
    if (!(await list.isVisible())) {
      await select.click();
      await expect(list).toBeVisible({ timeout: 2000 });
      if (option && opts.search) await page.keyboard.type(option);
    }
    const item = option
      ? list.locator(`.ant-select-item-option[title="${option}"]`)
      : list.locator('.ant-select-item-option').first();
    await item.click({ timeout: 2000 });
    await expect(list).toBeHidden({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** The table row containing `text`, going through the pages of the table's pager if needed. */
export async function rowOf(page: Page, table: Locator, text: string): Promise<Locator> {
  const row = table.locator('tbody tr.ant-table-row', { hasText: text });
  for (let i = 0; i < 20; i++) {
    await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
    if (await row.count()) return row.first();
    const next = page.getByRole('button', { name: 'Halaman berikutnya' });
    if (!(await next.count()) || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(row.first()).toBeVisible();
  return row.first();
}

/**
 * The form's error list reads exactly `expected` (its items' text, spaces kept, joined with '|').
 * Retried until it does: a message still shown from the previous submit is not taken for the new one.
 */
export async function expectFormError(page: Page, expected: string) {
  const items = page.getByTestId('form-errors').locator('.form-error-item');
  await expect.poll(async () => (await items.allTextContents()).join('|')).toBe(expected);
}

/** Confirms the open antd confirm dialog with 'Ya,Saya Yakin' after checking its title. */
export async function confirmYes(page: Page, title: string) {
  const dialog = page.locator('.ant-modal-confirm-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText(title);
  await expect(dialog.getByRole('button', { name: 'Tidak,Batalkan' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
  await expect(dialog).toHaveCount(0);
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36).toUpperCase()}`;

/** Waits until running CSS animations (dialogs, previews) have finished, for steady screenshots. */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
