import { test, expect, ADMIN, OPERATOR, apiLogin, signedIn } from './fixtures.ts';
import { expectFitsPhone, settled } from './guru-helpers.ts';
import { emptyMonth, teacherDueIn } from './periode-helpers.ts';

// A draft the office sends back reaches the school's operator: the bell counts it, the
// notices page shows the office's note with a way to the teacher's record, and it can be marked read.
test('a draft sent back: the operator sees it on the bell and the notices page, opens the record, marks it read (desktop and phone)', async ({
  page,
}) => {
  const bulan = await emptyMonth(page.request);
  const seq = String(Date.now()).slice(-3);
  const nama = `Rahmat Pemberitahuan ${seq}`;
  const id = await teacherDueIn(page.request, bulan, nama, seq, OPERATOR.username);
  const { access_token } = await apiLogin(page.request, ADMIN);
  const back = await page.request.post('/api/kgb/periode/kembalikan', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { bulan, guru_id: id, catatan: 'Unggah SK KGB terakhir yang terbaca jelas' },
  });
  expect(back.status(), await back.text()).toBe(200);

  await signedIn(page, OPERATOR, '/operator-side/dashboard');
  const count = page.getByTestId('notice-count');
  await expect(count).toBeVisible();
  const before = Number(await count.textContent());
  expect(before).toBeGreaterThanOrEqual(1);
  await page.getByTestId('notice-bell').click();
  await expect(page).toHaveURL(/\/operator-side\/notifikasi$/);
  const notice = page.getByTestId('notice').filter({ hasText: `Draf KGB ${nama} dikembalikan untuk diperbaiki` });
  await expect(notice).toContainText('Unggah SK KGB terakhir yang terbaca jelas');
  await expect(notice.getByTestId('notice-link')).toHaveAttribute(
    'href',
    `/operator-side/guru/detail-guru/${id}?tab=riwkgb`,
  );
  await settled(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '.tmp/screens/notifikasi.png', fullPage: true });

  await notice.getByTestId('notice-read').click();
  await expect(page.locator('.ant-message')).toContainText('Pemberitahuan ditandai sudah dibaca');
  await expect(notice.getByTestId('notice-read')).toHaveCount(0);
  await expect(async () => {
    const now = (await count.count()) ? Number(await count.textContent()) : 0;
    expect(now).toBe(before - 1);
  }).toPass();

  await expectFitsPhone(page);
  await page.screenshot({ path: '.tmp/screens/notifikasi-phone.png', fullPage: true });

  // The link opens the teacher's Riwayat KGB, where the documents asked for are uploaded.
  await notice.getByTestId('notice-link').click();
  await expect(page.getByRole('tab', { name: 'Riwayat KGB', exact: true })).toHaveAttribute('aria-selected', 'true');
});

test('administrators have no bell', async ({ page }) => {
  await signedIn(page, ADMIN, '/admin-side/dashboard');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('notice-bell')).toHaveCount(0);
});
