import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import { pick, stubTiles } from './sekolah-helpers.ts';
import { apiGet } from './guru-helpers.ts';

// SPEC §2 "Maps page": school markers (clustered), info window with name, address, lat, long and
// a link to the school.

test.beforeEach(async ({ page }) => {
  await stubTiles(page);
});

const map = (page: Page) => page.getByTestId('maps-map');

/** The schools of the worker's demo database with a location: its 8, and any a test before this one imported. */
async function placedSchools(request: APIRequestContext): Promise<{ placed: number; total: number }> {
  const schools = await apiGet<{ lat: number | null; long: number | null }[]>(request, ADMIN, 'semuasekolah');
  const placed = schools.filter((s) => s.lat !== null && s.long !== null).length;
  expect(placed).toBeGreaterThanOrEqual(8);
  return { placed, total: schools.length };
}

/** The member count of each cluster on the map. */
const clusterCounts = (page: Page) =>
  map(page)
    .locator('.map-cluster span')
    .evaluateAll((spans) => spans.map((s) => Number(s.getAttribute('data-count'))));

/** Schools on the map, counting each cluster's members. */
async function schoolsShown(page: Page): Promise<number> {
  const clusters = await clusterCounts(page);
  const singles = await map(page).locator('img.leaflet-marker-icon').count();
  return clusters.reduce((n, c) => n + c, 0) + singles;
}

test('administrators: clustered markers, info window and its link to the school', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { placed, total } = await placedSchools(request);
  await signedIn(page, ADMIN, '/admin-side/maps');
  await expect(page.getByTestId('maps-count')).toHaveText(`${placed} dari ${total} sekolah memiliki titik lokasi`);
  // At the page's zoom 7 the Ternate schools lie a few pixels apart: one cluster.
  const cluster = map(page).locator('.map-cluster').first();
  await expect(cluster).toBeVisible();
  await expect.poll(() => schoolsShown(page)).toBe(placed);
  // The base map's tiles arrived: no notice about them.
  await expect(map(page).locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await expect(page.getByTestId('maps-tiles-error')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/screens/maps.png', fullPage: true });

  // A cluster opens into its schools.
  const biggest = Math.max(...(await clusterCounts(page)));
  expect(biggest).toBeGreaterThanOrEqual(4);
  await map(page).locator(`.map-cluster:has(span[data-count="${biggest}"])`).click();
  // Zoomed in: the cluster split into smaller clusters and single schools, none lost.
  await expect
    .poll(async () => map(page).locator('img.leaflet-marker-icon:not(.map-cluster)').count())
    .toBeGreaterThan(1);
  expect(Math.max(0, ...(await clusterCounts(page)))).toBeLessThan(biggest);
  await page.screenshot({ path: '.tmp/screens/maps-zoom.png', fullPage: true });

  // The search shows a school with its info window; closed, a click on its marker opens it again.
  const info = page.getByTestId('map-info');
  await pick(page, page.getByTestId('maps-search'), 'SMA Negeri 1 Kota Ternate (60200338)', { search: true });
  await expect(info).toContainText('SMA Negeri 1 Kota Ternate');
  await map(page).locator('.leaflet-popup-close-button').click();
  await expect(info).toHaveCount(0);
  const marker = map(page).locator('img.leaflet-marker-icon[title="SMA Negeri 1 Kota Ternate"]');
  await expect(marker).toHaveAttribute('src', /\/markers\/sma\.svg$/);
  await marker.click();
  await expect(info).toContainText('SMA Negeri 1 Kota Ternate');
  await expect(info).toContainText('Alamat: Jl. Ki Hajar Dewantoro No. 1');
  await expect(info).toContainText('Lat: 0.7937');
  await expect(info).toContainText('Long: 127.3844');

  // Another school, elsewhere: its info window's link opens the school.
  await pick(page, page.getByTestId('maps-search'), 'SMK Negeri 1 Tidore Kepulauan (60201144)', { search: true });
  await expect(info).toContainText('SMK Negeri 1 Tidore Kepulauan');
  await expect(info).toContainText('Jl. Sultan Nuku, Soasio');
  await expect(map(page).locator('img.leaflet-marker-icon[title="SMK Negeri 1 Tidore Kepulauan"]')).toHaveAttribute(
    'src',
    /\/markers\/smk\.svg$/,
  );
  await page.screenshot({ path: '.tmp/screens/maps-info.png', fullPage: true });
  const link = info.getByTestId('map-info-link');
  await expect(link).toHaveAttribute('href', '/admin-side/user-detail/60201144');
  await link.click();
  await expect(page).toHaveURL(/\/admin-side\/user-detail\/60201144$/);
  await expect(page.getByTestId('school-name')).toHaveText('SMK Negeri 1 Tidore Kepulauan');
  expect(errors).toEqual([]);
});

test('operators: every school on the map, a link only to their own', async ({ page, request }) => {
  const { placed } = await placedSchools(request);
  await signedIn(page, OPERATOR, '/operator-side/maps');
  await expect.poll(() => schoolsShown(page)).toBe(placed);
  const info = page.getByTestId('map-info');
  await pick(page, page.getByTestId('maps-search'), 'SMA Negeri 2 Kota Ternate (60200412)', { search: true });
  await expect(info).toContainText('SMA Negeri 2 Kota Ternate');
  await expect(info.getByTestId('map-info-link')).toHaveCount(0);
  await pick(page, page.getByTestId('maps-search'), `${OPERATOR.school} (${OPERATOR.username})`, { search: true });
  await expect(info).toContainText(OPERATOR.school);
  await info.getByTestId('map-info-link').click();
  await expect(page).toHaveURL(new RegExp(`/operator-side/sekolah-side/${OPERATOR.username}$`));
  await expect(page.getByTestId('school-name')).toHaveText(OPERATOR.school);
});

test('no base map (the tile server cannot be reached): a notice, and the schools still on the map', async ({
  page,
  request,
}) => {
  const { placed } = await placedSchools(request);
  // As stubTiles, but the tile server does not answer either.
  await page.unrouteAll();
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (r) => r.abort('internetdisconnected'),
  );
  await signedIn(page, ADMIN, '/admin-side/maps');
  await expect(page.getByTestId('maps-tiles-error')).toHaveText(
    'Peta dasar tidak dapat dimuat. Periksa koneksi internet; penanda sekolah tetap dapat dibuka.',
  );
  await expect.poll(() => schoolsShown(page)).toBe(placed);
  await page.screenshot({ path: '.tmp/screens/maps-no-tiles.png', fullPage: true });
  await pick(page, page.getByTestId('maps-search'), 'SMA Negeri 1 Kota Ternate (60200338)', { search: true });
  await expect(page.getByTestId('map-info')).toContainText('SMA Negeri 1 Kota Ternate');
});
