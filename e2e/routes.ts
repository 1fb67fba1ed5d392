import type { Page } from '@playwright/test';
import { expect, ADMIN, OPERATOR } from './fixtures.ts';
import { allGuru } from './guru-helpers.ts';

// The routes of SPEC section 2 for one layout family, with real ids from the demo data; used by the
// layout and accessibility checks.
const SCHOOL = '60200587';

/** Opens a route and waits until its heading and its data are in. */
export async function opened(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main h1, main h2, main h3, main h4').first()).toBeVisible({ timeout: 15_000 });
  // Lists and charts fill in after the heading.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(200);
}

export async function routesOf(page: Page, family: string, admin: boolean): Promise<string[]> {
  const teachers = await allGuru(page.request, admin ? ADMIN : OPERATOR);
  const pns = teachers.find((g) => g.status_guru === 'PNS') ?? teachers[0]!;
  const base = [`/${family}/dashboard`, `/${family}/guru`, `/${family}/guru/detail-guru/${pns.id}`, `/${family}/guru/akan-kgb`, `/${family}/maps`];
  if (!admin) {
    const own = family === 'operator-simple' ? `sekolah-simple/${OPERATOR.username}` : `sekolah-side/${OPERATOR.username}`;
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

