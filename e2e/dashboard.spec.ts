import { test, expect, ADMIN, OPERATOR, signedIn, apiLogin } from './fixtures.ts';
import { DASHBOARD_CARDS, type Dashboard } from '../contract/dashboard.ts';

// SPEC §2 "Admin dashboard": nine count cards with the numbers GET api/dashboard gives.

test('the nine cards show the API numbers of the demo data and lead to their screens', async ({ page }) => {
  const session = await signedIn(page, ADMIN, '/admin-side/dashboard');
  const res = await page.request.get('/api/dashboard', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data as Dashboard;
  // The demo seed has 8 schools with 4 teachers each, some retiring within a year and some due for
  // KGB; other specs of this worker add schools and teachers to its database, so the counts are
  // those of the lists themselves.
  const total = async (url: string) =>
    (
      (await (await page.request.get(url, { headers: { authorization: `Bearer ${session.access_token}` } })).json())
        .data as { total: number }
    ).total;
  expect(data.daftar_sekolah).toBe(await total('/api/sekolah?page=1'));
  expect(data.daftar_guru).toBe(await total('/api/guru/?page=1'));
  expect(data.daftar_sekolah).toBeGreaterThanOrEqual(8);
  expect(data.daftar_guru).toBeGreaterThanOrEqual(32);
  expect(data.guru_akan_pensiun).toBeGreaterThan(0);
  expect(data.guru_akan_kgb).toBeGreaterThan(0);

  const cards = page.getByTestId('dashboard-cards');
  for (const { key, label } of DASHBOARD_CARDS) {
    const card = cards.getByTestId(`card-${key}`);
    await expect(card).toContainText(label);
    await expect(card.getByTestId(`value-${key}`)).toHaveText(data[key].toLocaleString('id-ID'));
  }
  await page.screenshot({ path: '.tmp/screens/dashboard.png', fullPage: true });

  await cards.getByTestId('card-guru_akan_kgb').click();
  await expect(page).toHaveURL(/\/admin-side\/guru\/akan-kgb$/);
  await page.goBack();
  await cards.getByTestId('card-daftar_sekolah').click();
  await expect(page).toHaveURL(/\/admin-side\/data-sekolah$/);
  await page.goBack();
  await cards.getByTestId('card-guru_akan_pensiun').click();
  await expect(page).toHaveURL(/\/admin-side\/statistik\?tab=perkiraan$/);
  await expect(page.getByRole('tab', { name: 'Statistik Perkiraan', selected: true })).toBeVisible();
  await page.goBack();

  // Each status card opens the list filtered to its status, kept in the URL.
  for (const [key, jenis] of [
    ['pns', 'PNS'],
    ['gytt', 'GTT'],
    ['honor_daerah', 'Honor Daerah'],
  ] as const) {
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/guru/?') && new URL(r.url()).searchParams.get('jenis_guru') === jenis,
    );
    await cards.getByTestId(`card-${key}`).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin-side/guru\\?jenis=${encodeURIComponent(jenis).replace('%20', '(%20|\\+)')}$`),
    );
    await asked;
    await expect(page.getByTestId('filter-jenis')).toContainText(jenis);
    await page.goBack();
  }
});

test('links stay in the simple layout', async ({ page }) => {
  await signedIn(page, ADMIN, '/admin-simple/dashboard');
  await page.getByTestId('card-daftar_guru').click();
  await expect(page).toHaveURL(/\/admin-simple\/guru$/);
});

test('operators keep their welcome page and get 403 from the counters', async ({ page }) => {
  const session = await signedIn(page, OPERATOR, '/operator-side/dashboard');
  await expect(page.getByTestId('operator-school')).toContainText(OPERATOR.school);
  const res = await page.request.get('/api/dashboard', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(res.status()).toBe(403);
  // The four cards of a row are one height.
  await page.setViewportSize({ width: 1366, height: 768 });
  const cards = page.getByTestId('operator-card');
  await expect(cards).toHaveCount(4);
  const heights = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  expect(new Set(heights).size, heights.join()).toBe(1);
  await page.screenshot({ path: '.tmp/screens/dashboard-operator.png', fullPage: true });
});

test("a signed-in page load counts as today's visit", async ({ page }) => {
  const admin = await apiLogin(page.request, ADMIN);
  const auth = { authorization: `Bearer ${admin.access_token}` };
  await signedIn(page, OPERATOR, '/operator-side/dashboard');
  await expect(page.getByTestId('operator-school')).toBeVisible();
  // The visit call is made by the app shell; wait until the server has it.
  await expect
    .poll(async () => {
      const days = (await (await page.request.get('/api/data-statistik/kunjungan', { headers: auth })).json()).data as {
        total: number;
      }[];
      return days.at(-1)!.total;
    })
    .toBeGreaterThanOrEqual(1);
});
