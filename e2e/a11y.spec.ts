import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { KgbDueItem } from '../contract/kgb.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import { allGuru, apiCall } from './guru-helpers.ts';
import { emptyMonth, teacherDueIn } from './periode-helpers.ts';
import { stubTiles } from './sekolah-helpers.ts';
import { opened, routesOf } from './routes.ts';

// Mostly read-only checks (the dialog tests verify a letter and send a draft back, as people do):
// its tests are spread over the workers (each worker has its own server and data).
test.describe.configure({ mode: 'parallel' });

// Axe-core on every route of SPEC section 2 and the main dialogs: no serious or critical WCAG 2.1
// A/AA violation. Each screen is checked at both sizes (side layouts on a desktop, simple layouts
// on a phone), each in both themes; the dialogs in both themes.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page) {
  // Legacy mode runs axe.run() in the page itself: the default mode sends every frame's partial
  // results to a new blank page to finish them, which costs about 1,5 s per screen here (three times
  // the check). The app has no cross-origin frames, the one case legacy mode does not cover; the
  // rules and tags are the same. 'the checker finds …' below proves it still reports.
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(WCAG)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n    ')}`,
    );
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

const SIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const passes = [ADMIN, OPERATOR].flatMap((user) =>
  [SIDE, PHONE].flatMap((viewport) =>
    [false, true].map((dark) => ({
      family: `${user === ADMIN ? 'admin' : 'operator'}-${viewport === SIDE ? 'side' : 'simple'}`,
      user,
      viewport,
      dark,
    })),
  ),
);

/**
 * The screens of the family beyond SPEC §2's list (e2e/routes.ts): the promotion and retirement
 * lists, a record tab of the teacher (its file links are link buttons), and the own-account pages
 * (password, two-step sign-in), which the user reaches from the top bar.
 */
function moreRoutes(family: string, routes: string[]): string[] {
  const guru = routes.find((r) => r.includes('/guru/detail-guru/'))!;
  return [
    `/${family}/guru/kenaikan-pangkat`,
    `/${family}/guru/pensiun`,
    `${guru}?tab=riwkgb`,
    '/ganti-password',
    '/verifikasi-dua-langkah',
  ];
}

for (const pass of passes) {
  test.describe(`${pass.family} ${pass.viewport.width}×${pass.viewport.height}${pass.dark ? ' gelap' : ' terang'}`, () => {
    test.use({ viewport: pass.viewport, colorScheme: pass.dark ? 'dark' : 'light' });
    test('no serious or critical WCAG 2.1 AA violation on any route', async ({ page }) => {
      test.setTimeout(240_000);
      await stubTiles(page);
      const spec = await routesOf(page, pass.family, pass.user === ADMIN);
      const routes = [...spec, ...moreRoutes(pass.family, spec)];
      await signedIn(page, pass.user, routes[0]!);
      if (pass.dark) await darkMode(page);
      const found: string[] = [];
      for (const path of routes) {
        await opened(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', pass.dark ? 'dark' : 'light');
        for (const v of await violations(page)) found.push(`${path}: ${v}`);
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}

test("the map credits' links are told from their text by more than colour", async ({ page }) => {
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

/** Two teachers due for KGB (demo data): one whose draft is open, one whose letter waits for the signature (verified here if none does). */
async function kgbTeachers(request: APIRequestContext): Promise<{ draft: number; verified: number }> {
  const due = (await apiCall<ApiPage<KgbDueItem>>(request, ADMIN, 'GET', 'kgb?page=1')).data;
  const open = due.filter((r) => r.siap && r.status_surat === null);
  let verified = due.find((r) => r.status_surat === 'verified')?.id;
  if (!verified) {
    verified = open.at(-1)!.id;
    await apiCall(request, ADMIN, 'GET', `kgb/${verified}/verifikasi`);
  }
  return { draft: open[0]!.id, verified };
}

/** The letter's PDF is drawn; its scroll box is reached and scrolled with the keyboard (WCAG 2.1.1). */
async function pdfScrollsByKeyboard(page: Page) {
  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'rendered', { timeout: 20_000 });
  await expect(viewer).toHaveAttribute('tabindex', '0');
  await expect(viewer).toHaveAccessibleName(/halaman dokumen/i);
  await viewer.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => viewer.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
}

// The dialogs and drawers people use most, open (with their error messages where they have
// them), in both themes: what a route's scan does not see.
for (const dark of [false, true]) {
  test.describe(`dialog ${dark ? 'gelap' : 'terang'}`, () => {
    test.use({ viewport: SIDE, colorScheme: dark ? 'dark' : 'light' });

    test("the administrator's forms, record dialog, delete and sign dialogs and letters", async ({ page }) => {
      test.setTimeout(150_000);
      const found: string[] = [];
      const scan = async (what: string) => {
        for (const v of await violations(page)) found.push(`${what}: ${v}`);
      };
      const { draft, verified } = await kgbTeachers(page.request);
      const teachers = await allGuru(page.request, ADMIN);
      const pns = teachers.find((g) => g.status_guru === 'PNS') ?? teachers[0]!;
      await signedIn(page, ADMIN, '/admin-side/dashboard');
      if (dark) await darkMode(page);

      // Tambah Guru and Tambah Sekolah sent empty: every problem at its field.
      for (const [path, name] of [
        ['/admin-side/guru/add-guru', 'Tambah Guru'],
        ['/admin-side/data-sekolah/add', 'Tambah Sekolah'],
      ] as const) {
        await opened(page, path);
        await page.getByRole('button', { name: 'Simpan' }).click();
        await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
        await scan(`${name} (kosong)`);
      }

      // A record dialog, sent empty, then the delete confirmation of a row.
      await opened(page, `/admin-side/guru/detail-guru/${pns.id}?tab=riwkgb`);
      const tab = page.getByTestId('record-tab-riwkgb');
      await tab.getByTestId('record-add').click();
      const modal = page.locator('.record-modal .ant-modal');
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Simpan' }).click();
      await expect(modal.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await scan('dialog riwayat KGB (kosong)');
      await modal.getByRole('button', { name: 'Batal' }).click();
      await expect(modal).toBeHidden();
      // A confirmation, once open, is scanned and cancelled.
      const confirm = page.locator('.ant-modal-confirm');
      const scanConfirm = async (what: string) => {
        await expect(confirm).toBeVisible();
        await scan(what);
        await confirm.getByRole('button', { name: 'Tidak,Batalkan' }).click();
        await expect(confirm).toHaveCount(0);
      };
      await tab.getByTestId('record-delete').first().click();
      await scanConfirm('konfirmasi hapus');

      // The draft letter (make page) and its verify confirmation.
      await opened(page, `/admin-side/guru/buat-kgb/${draft}`);
      await pdfScrollsByKeyboard(page);
      await scan('buat KGB');
      await page.getByTestId('kgb-verify-button').click();
      await scanConfirm('konfirmasi verifikasi');

      // The verified letter (verify page) and the sign dialog with a wrong passphrase's message.
      await opened(page, `/admin-side/guru/verifikasi-kgb/${verified}`);
      await pdfScrollsByKeyboard(page);
      await scan('verifikasi KGB');
      await page.getByTestId('kgb-ttd-button').click();
      const sign = page.locator('.kgb-sign-modal .ant-modal');
      await expect(sign).toBeVisible();
      await sign.getByTestId('kgb-passphrase').fill('passphrase-keliru');
      await sign.getByRole('button', { name: 'Tandatangani' }).click();
      await expect(sign.getByTestId('kgb-sign-error')).toBeVisible();
      await scan('dialog TTD KGB');
      await sign.getByRole('button', { name: 'Batal' }).click();
      await expect(sign).toBeHidden();

      // The phone menu drawer, open.
      await page.setViewportSize(PHONE);
      await page.getByTestId('menu-button').click();
      await expect(page.getByRole('dialog', { name: 'Menu utama' })).toBeVisible();
      await scan('menu ponsel');
      expect(found, found.join('\n')).toEqual([]);
    });

    test("the operator's notices with a draft sent back, the bell, and the two-step setup", async ({ page }) => {
      test.setTimeout(90_000);
      const found: string[] = [];
      const scan = async (what: string) => {
        for (const v of await violations(page)) found.push(`${what}: ${v}`);
      };
      // A draft of the operator's school sent back by the office: an unread notice and the bell's count.
      const bulan = await emptyMonth(page.request);
      const seq = String(Date.now()).slice(-3);
      const id = await teacherDueIn(page.request, bulan, `Rahmat Kontras ${seq}`, seq, OPERATOR.username);
      await apiCall(page.request, ADMIN, 'POST', 'kgb/periode/kembalikan', {
        bulan,
        guru_id: id,
        catatan: 'Unggah SK KGB terakhir yang terbaca jelas',
      });
      await signedIn(page, OPERATOR, '/operator-side/notifikasi');
      if (dark) await darkMode(page);
      await opened(page, '/operator-side/notifikasi');
      await expect(page.getByTestId('notice').first()).toBeVisible();
      await expect(page.getByTestId('notice-count')).toBeVisible();
      await scan('pemberitahuan');

      // Two-step sign-in: the setup with its QR code and key.
      await opened(page, '/verifikasi-dua-langkah');
      await page.getByTestId('totp-start').click();
      await expect(page.getByTestId('totp-setup')).toBeVisible();
      await scan('pengaturan verifikasi dua langkah');
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}

test('every step of a common task works from the keyboard alone', async ({ page }) => {
  await signedIn(page, ADMIN, '/admin-side/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // From the top of the page, Tab reaches the menu's Guru group; Enter opens it.
  const group = page.getByTestId('main-menu').getByRole('menuitem', { name: 'Guru', exact: true });
  for (let i = 0; i < 15 && !(await group.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(group).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('main-menu').getByRole('menuitem', { name: 'Data Guru', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin-side\/guru$/);
  // The list's first teacher link, then its detail, by keyboard.
  const first = page.getByTestId('guru-detail-link').first();
  await expect(first).toBeVisible();
  for (let i = 0; i < 40 && !(await first.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
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
      const duration = await select.evaluate((el) =>
        getComputedStyle(el).getPropertyValue('--ant-motion-duration-mid').trim(),
      );
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
