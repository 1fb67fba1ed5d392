import { test, expect } from './fixtures.ts';

// Installable (a web app manifest and icons); the shell opens without a network and
// says so (no offline editing).
test.describe('installable app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a manifest with icons; offline, the shell still opens with a clear notice', async ({
    page,
    context,
    request,
  }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ short_name: 'Sidasek', lang: 'id', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    for (const icon of manifest.icons as { src: string }[]) {
      const r = await request.get(icon.src);
      expect(r.status(), icon.src).toBe(200);
      expect(r.headers()['content-type']).toBe('image/png');
    }

    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the worker controls the page, a load keeps the shell and its bundles.
    await page.reload();
    await expect(page.getByPlaceholder('Email')).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByPlaceholder('Email')).toBeVisible();
    await expect(page.getByTestId('offline-notice')).toContainText('Anda sedang offline');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '.tmp/screens/offline-phone.png' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: '.tmp/screens/offline-desktop.png' });

    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  });
});
