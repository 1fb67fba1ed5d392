import type { Page } from '@playwright/test';
import {
  test,
  expect,
  ADMIN,
  OPERATOR,
  apiLogin,
  signedIn,
  SIZES as DESK_AND_PHONE,
  describeAtSizes,
} from './fixtures.ts';
import { settled } from './guru-helpers.ts';
import { emptyMonth, teacherDueIn } from './periode-helpers.ts';

// One current notice per teacher and subject: a draft sent back is that teacher's only KGB notice
// (not beside "surat KGB disiapkan oleh Dinas", not twice when sent back twice), a month gone by is
// late, and the bell counts exactly the unread notices the page shows. At a desk and on a phone,
// light and dark.
const SIZES = [
  { ...DESK_AND_PHONE[0], family: 'operator-side', seq: '61' },
  { ...DESK_AND_PHONE[1], family: 'operator-simple', seq: '62' },
] as const;

const bulanPanjang = (bulan: string) =>
  new Date(`${bulan}-15T00:00:00`).toLocaleDateString('id-ID', { month: 'long', year: 'numeric' });

async function darkMode(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('sidasek.darkMode', '1'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

describeAtSizes(SIZES, 'pemberitahuan satu keadaan', (size) => {
  test('a draft sent back twice shows once, the month names only the others and is late, the bell equals the unread list', async ({
    page,
  }) => {
    const bulan = await emptyMonth(page.request);
    const stamp = String(Date.now()).slice(-4);
    const returned = `Rahmat Kembali ${stamp}`;
    const other = `Sitti Siap ${stamp}`;
    const idBack = await teacherDueIn(page.request, bulan, returned, `${size.seq}1`, OPERATOR.username);
    await teacherDueIn(page.request, bulan, other, `${size.seq}2`, OPERATOR.username);
    const { access_token } = await apiLogin(page.request, ADMIN);
    for (const catatan of ['Unggah SK KGB terakhir', 'SK yang diunggah bukan milik guru ini']) {
      const back = await page.request.post('/api/kgb/periode/kembalikan', {
        headers: { authorization: `Bearer ${access_token}` },
        data: { bulan, guru_id: idBack, catatan },
      });
      expect(back.status(), await back.text()).toBe(200);
    }

    await signedIn(page, OPERATOR, `/${size.family}/notifikasi`);
    const notices = page.getByTestId('notices');
    await expect(notices).toBeVisible();
    // The teacher sent back: one notice, the newest note.
    const sentBack = page
      .getByTestId('notice')
      .filter({ hasText: `Draf KGB ${returned} dikembalikan untuk diperbaiki` });
    await expect(sentBack).toHaveCount(1);
    await expect(sentBack).toContainText('SK yang diunggah bukan milik guru ini');
    await expect(sentBack.getByTestId('notice-link')).toHaveAttribute(
      'href',
      `/${size.family}/guru/detail-guru/${idBack}?tab=riwkgb`,
    );
    // The month gone by: late, and only the other teacher in it (the office prepares that letter).
    const month = page
      .getByTestId('notice')
      .filter({ hasText: bulanPanjang(bulan) })
      .filter({ hasNotText: 'dikembalikan' });
    await expect(month).toHaveCount(1);
    await expect(month.getByTestId('notice-title')).toHaveText(
      `1 guru Anda terlambat KGB sejak ${bulanPanjang(bulan)}`,
    );
    await expect(notices).not.toContainText(`akan KGB pada ${bulanPanjang(bulan)}`);

    // The bell, the heading and the unread list agree.
    const unreadShown = await page.getByTestId('notices-unread').getByTestId('notice').count();
    await expect(page.getByTestId('notice-unread-heading')).toHaveText(`Belum dibaca (${unreadShown})`);
    if (size.name === 'desktop') {
      await expect(page.getByTestId('notice-count')).toHaveText(String(unreadShown));
    } else {
      // On a phone the bell sits in the top bar too.
      await expect(page.getByTestId('notice-bell')).toHaveAccessibleName(`Pemberitahuan, ${unreadShown} belum dibaca`);
    }
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/notifikasi-satu-${size.name}.png`, fullPage: true });

    // Read: it moves under the read ones, the count follows on the bell and the heading.
    await sentBack.getByTestId('notice-read').click();
    await expect(page.getByTestId('notices-read').getByTestId('notice').filter({ hasText: returned })).toHaveCount(1);
    await expect(page.getByTestId('notice-unread-heading')).toHaveText(`Belum dibaca (${unreadShown - 1})`);
    await expect(page.getByTestId('notice-bell')).toHaveAccessibleName(
      unreadShown - 1 ? `Pemberitahuan, ${unreadShown - 1} belum dibaca` : 'Pemberitahuan',
    );

    await darkMode(page);
    await expect(notices).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/notifikasi-satu-${size.name}-gelap.png`, fullPage: true });
  });
});
