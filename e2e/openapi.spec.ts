import { test, expect, ADMIN, signedIn } from './fixtures.ts';
import { settled } from './guru-helpers.ts';

test.describe('API reference', () => {
  test('/api/docs shows the Swagger UI of the Sidasek API; the Content-Security-Policy blocks nothing it needs', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() !== 'error' && !/Content.Security.Policy/i.test(m.text())) return;
      // The server replaces Swagger's logo (whose inline <style> the page's CSP would block) with
      // Sidasek's: no console error or CSP report is expected at all.
      problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Sidasek API', { timeout: 15_000 });
    // The operations are listed by tag; the ones of this issue are there.
    await expect(page.locator('.opblock-tag-section').first()).toBeVisible();
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-api-docs.png' });
    await page.locator('.opblock-tag', { hasText: 'kualitas-data' }).click();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/kualitas-data/{kode}' })).toBeVisible();
    await page.locator('.opblock-summary-path', { hasText: '/api/kualitas-data/{kode}' }).click();
    await expect(page.getByText('Akses: Administrator saja.').first()).toBeVisible();
    await page.locator('.opblock-tag', { hasText: 'kualitas-data' }).evaluate((e) => e.scrollIntoView());
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-api-docs-operation.png' });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('the document lists the export, import and data-quality endpoints', async ({ request }) => {
    const res = await request.get('/api/docs/json');
    expect(res.status()).toBe(200);
    const doc = (await res.json()) as { info: { title: string }; paths: Record<string, Record<string, unknown>> };
    expect(doc.info.title).toBe('Sidasek API');
    for (const [path, method] of [
      ['/api/sekolah/export', 'get'],
      ['/api/guru/export', 'get'],
      ['/api/kgb/export', 'get'],
      ['/api/arsip/kgb/export', 'get'],
      ['/api/guru/import/template', 'get'],
      ['/api/guru/import/preview', 'post'],
      ['/api/guru/import', 'post'],
      ['/api/kualitas-data', 'get'],
      ['/api/kualitas-data/{kode}', 'get'],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
  });

  test('the admin menu opens the reference in a new tab and stays on the page', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    const link = page.getByTestId('menu-api-docs');
    await expect(link).toHaveAttribute('target', '_blank');
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toMatch(/^\/api\/docs\/?/);
    await expect(popup.locator('.swagger-ui .info .title')).toContainText('Sidasek API', { timeout: 15_000 });
    await expect(page).toHaveURL(/\/admin-side\/dashboard$/);
  });
});
