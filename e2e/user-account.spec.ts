import { test, expect, ADMIN, signedIn } from './fixtures.ts';

const SCHOOL = { npsn: '60202210', name: 'SMA Negeri 1 Halmahera Utara' };

test.describe('Data User Account', () => {
  test('search finds schools by name and NPSN', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/user-account');
    const table = page.getByTestId('user-account-table');
    await expect(table.getByText('SMA Negeri 1 Kota Ternate')).toBeVisible();
    await page.getByLabel('Cari akun sekolah').fill('halmahera');
    await page.getByLabel('Cari akun sekolah').press('Enter');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await expect(table.getByText('SMA Negeri 1 Halmahera Utara')).toBeVisible();
    await page.getByLabel('Cari akun sekolah').fill('60200412');
    await page.getByLabel('Cari akun sekolah').press('Enter');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table.getByText('SMA Negeri 2 Kota Ternate')).toBeVisible();
    await page.getByLabel('Cari akun sekolah').fill('tidak ada sekolah ini');
    await page.getByLabel('Cari akun sekolah').press('Enter');
    await expect(table.getByText('Data Kosong')).toBeVisible();
  });

  test('the search stays in the URL: reload and back return to the same list', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/user-account');
    const table = page.getByTestId('user-account-table');
    await page.getByLabel('Cari akun sekolah').fill('halmahera');
    await page.getByLabel('Cari akun sekolah').press('Enter');
    await expect(page).toHaveURL(/\/admin-side\/user-account\?q=halmahera$/);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await page.reload();
    await expect(page.getByLabel('Cari akun sekolah')).toHaveValue('halmahera');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    // Away and back.
    await page.getByTestId('main-menu').getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin-side\/dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(/\?q=halmahera$/);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);

    // The archive keeps its page the same way.
    await page.goto('/admin-side/guru/arsip-kgb?page=1');
    await expect(page.getByRole('heading', { name: 'Arsip KGB' })).toBeVisible();
  });

  test('deactivate and activate with the exact SPEC dialog texts; cancel changes nothing', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/user-account');
    const row = page.getByTestId('user-account-table').locator('tr', { hasText: SCHOOL.npsn });
    await expect(row.getByText('Aktif', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: /Nonaktifkan/ }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Apakah Anda Yakin?');
    await expect(dialog.locator('.ant-modal-confirm-content')).toHaveText('Anda akan menonaktifkan akun sekolah ini.?');
    await page.screenshot({ path: '.tmp/screens/account-confirm.png' });
    await dialog.getByRole('button', { name: 'Tidak,Batalkan' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Aktif', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: /Nonaktifkan/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(row.getByText('Nonaktif', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-message-success')).toContainText(`Akun ${SCHOOL.npsn} dinonaktifkan`);
    // The server refuses the deactivated operator.
    const refused = await page.request.post('/api/token', { data: { username: SCHOOL.npsn, password: 'operator123' } });
    expect(refused.status()).toBe(403);

    await row.getByRole('button', { name: /Aktifkan/ }).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText('Apakah Anda Yakin?');
    await expect(page.locator('.ant-modal-confirm-content')).toHaveText('Anda akan mengaktifkan akun sekolah ini.?');
    await page.getByRole('dialog').getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(row.getByText('Aktif', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-message-success').last()).toContainText(`Akun ${SCHOOL.npsn} diaktifkan`);
    const accepted = await page.request.post('/api/token', {
      data: { username: SCHOOL.npsn, password: 'operator123' },
    });
    expect(accepted.status()).toBe(200);
  });

  test('a failed toggle shows the server message', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/user-account');
    await page.route('**/api/user/nonaktif/**', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ diagnostic: { status: 404, message: 'Akun sekolah tidak ditemukan' }, data: null }),
      }),
    );
    const row = page.getByTestId('user-account-table').locator('tr', { hasText: SCHOOL.npsn });
    await row.getByRole('button', { name: /Nonaktifkan/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(page.getByText('Akun sekolah tidak ditemukan')).toBeVisible();
  });

  test('a network failure on the list says check your connection', async ({ page }) => {
    await page.route('**/api/user?**', (route) => route.abort('internetdisconnected'));
    await signedIn(page, ADMIN, '/admin-side/user-account');
    await expect(page.getByRole('alert')).toHaveText('check your connection', { timeout: 15_000 });
  });

  test('reset gives a one-time password the operator must replace at login', async ({ page, browser }) => {
    const target = { npsn: '60203345', name: 'SMK Kristen Tobelo' };
    await signedIn(page, ADMIN, '/admin-side/user-account');
    const row = page.getByTestId('user-account-table').locator('tr', { hasText: target.npsn });
    await row.getByRole('button', { name: /Reset/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(page.locator('.ant-modal-confirm-success .ant-modal-confirm-title')).toHaveText('reset sukses');
    const oneTime = (await page.getByTestId('reset-password').innerText()).trim();
    expect(oneTime).toMatch(/^[A-Za-z2-9]{12}$/);
    await expect(page.locator('.ant-modal-confirm-confirm')).toHaveCount(0);
    await page.screenshot({ path: '.tmp/screens/account-reset.png' });

    const context = await browser.newContext();
    const op = await context.newPage();
    await op.goto('/login');
    await op.getByPlaceholder('Email').fill(target.npsn);
    await op.getByPlaceholder('Password').fill(oneTime);
    await op.getByRole('button', { name: 'Login' }).click();
    await expect(op).toHaveURL(/\/ganti-password$/);
    // Protected pages wait until the password is replaced.
    await op.goto('/operator-side/dashboard');
    await expect(op).toHaveURL(/\/ganti-password$/);
    // The one-time password just typed to sign in is not asked again.
    await expect(op.getByLabel('Password sekali pakai')).toHaveCount(0);
    await op.getByLabel('Password baru', { exact: true }).fill('tobelo-baru-2026');
    await op.getByLabel('Ulangi password baru').fill('tobelo-baru-2026');
    await op.getByRole('button', { name: 'Simpan Password' }).click();
    await expect(op).toHaveURL(/\/operator-side\/dashboard$/);
    await expect(op.getByTestId('operator-school')).toContainText(target.name);
    await context.close();
  });
});
