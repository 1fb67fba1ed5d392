import { test, expect, ADMIN, OPERATOR, apiLogin } from './fixtures.ts';
import { stubTiles } from './sekolah-helpers.ts';
import { EARLY_REQUESTS } from '../web/app/early-requests.ts';

// The route-preload script asks a screen's first API requests before the app runs
// (web/app/early-requests.ts). Each must be exactly what the screen asks: asked once (the app takes
// the early answer instead of asking again), and nothing else asked of the same address (a URL
// that drifted from the screen's query would be asked twice, once in vain).
const CASES = [
  { path: '/admin-side/guru', user: ADMIN },
  { path: '/operator-simple/guru', user: OPERATOR },
  { path: '/admin-side/statistik', user: ADMIN },
  { path: '/admin-simple/statistik?tab=guru', user: ADMIN },
  { path: '/admin-side/user-detail/60200338', user: ADMIN },
  { path: '/operator-side/sekolah-side/60200338', user: OPERATOR },
];

test('every early-request pattern has a case here', () => {
  for (const [pattern] of EARLY_REQUESTS)
    expect(
      CASES.some((c) => new RegExp(pattern).test(c.path)),
      pattern,
    ).toBe(true);
});

for (const { path, user } of CASES) {
  test(`${path}: the early requests are the screen's first requests`, async ({ page }) => {
    await stubTiles(page);
    const session = await apiLogin(page.request, user);
    await page.goto('/permission');
    await page.evaluate((s) => window.localStorage.setItem('user', s), JSON.stringify(session));
    const asked: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) asked.push(u.pathname + u.search);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');

    const [pattern, urls] = EARLY_REQUESTS.find(([p]) => new RegExp(p).test(path))!;
    const groups = new RegExp(pattern).exec(path)!;
    for (const template of urls) {
      const url = template.replace(/\$(\d)/g, (_, n: string) =>
        encodeURIComponent(decodeURIComponent(groups[Number(n)]!)),
      );
      expect(
        asked.filter((a) => a === url),
        `${url} sekali`,
      ).toHaveLength(1);
      const address = url.split('?')[0];
      expect(
        asked.filter((a) => a.split('?')[0] === address && a !== url),
        `tidak ada permintaan lain ke ${address}`,
      ).toEqual([]);
    }
  });
}
