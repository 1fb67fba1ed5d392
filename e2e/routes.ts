import type { Page } from '@playwright/test';
import { expect, ADMIN, OPERATOR } from './fixtures.ts';
import { allGuru } from './guru-helpers.ts';

// The routes of SPEC section 2 for one layout family, with real ids from the demo data; used by the
// layout and accessibility checks.
const SCHOOL = '60200587';

const inFlight = new WeakMap<Page, { pending: number; last: number }>();

/** Counts the page's requests still under way (from the first call on). */
function requestsOf(page: Page) {
  let state = inFlight.get(page);
  if (!state) {
    const s = { pending: 0, last: Date.now() };
    page.on('request', () => {
      s.pending++;
      s.last = Date.now();
    });
    const done = () => {
      s.pending = Math.max(0, s.pending - 1);
      s.last = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    inFlight.set(page, (state = s));
  }
  return state;
}

/**
 * Waits until no request of the page has been under way for `quietMs`, then for the next two
 * frames (what arrived is drawn). Playwright's 'networkidle' asks for 500 ms of quiet after the
 * load event; a screen's lists and charts are in well before that.
 */
async function requestsQuiet(page: Page, quietMs = 250, timeoutMs = 10_000) {
  const state = requestsOf(page);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && (state.pending > 0 || Date.now() - state.last < quietMs)) await page.waitForTimeout(50);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Opens a route and waits until its heading and its data are in. Once the app is loaded, the route
 * is opened inside it, as a click on a link does (history.pushState and popstate, which the router
 * follows), not by loading the page again.
 */
export async function opened(page: Page, path: string) {
  requestsOf(page);
  const inApp = await page.evaluate(() => Boolean(document.querySelector('main'))).catch(() => false);
  if (inApp) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
    await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  } else {
    await page.goto(path);
  }
  await expect(page.locator('main h1, main h2, main h3, main h4').first()).toBeVisible({ timeout: 15_000 });
  // Lists and charts fill in after the heading.
  await requestsQuiet(page);
}

export async function routesOf(page: Page, family: string, admin: boolean): Promise<string[]> {
  const teachers = await allGuru(page.request, admin ? ADMIN : OPERATOR);
  const pns = teachers.find((g) => g.status_guru === 'PNS') ?? teachers[0]!;
  const base = [
    `/${family}/dashboard`,
    `/${family}/guru`,
    `/${family}/guru/detail-guru/${pns.id}`,
    `/${family}/guru/akan-kgb`,
    `/${family}/maps`,
  ];
  if (!admin) {
    const own =
      family === 'operator-simple' ? `sekolah-simple/${OPERATOR.username}` : `sekolah-side/${OPERATOR.username}`;
    return [...base, `/${family}/${own}`, `/${family}/notifikasi`];
  }
  return [
    ...base,
    `/${family}/user-account`,
    `/${family}/data-sekolah`,
    `/${family}/data-sekolah/add`,
    `/${family}/data-sekolah/edit/${SCHOOL}`,
    `/${family}/user-detail/${SCHOOL}`,
    `/${family}/guru/add-guru`,
    `/${family}/guru/edit-guru/${pns.id}`,
    `/${family}/guru/buat-kgb/${pns.id}`,
    `/${family}/guru/arsip-kgb`,
    `/${family}/guru/periode-kgb`,
    `/${family}/pejabat-penandatangan`,
    `/${family}/guru/impor`,
    `/${family}/kualitas-data`,
    `/${family}/audit`,
    `/${family}/statistik`,
    `/${family}/berita`,
    ...(family === 'admin-side' ? [`/${family}/berita/kategory`] : []),
  ];
}
