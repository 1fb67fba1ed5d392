import { test, expect, ADMIN, OPERATOR, loginThroughForm, signedIn, apiLogin } from './fixtures.ts';

test.describe('login', () => {
  test('administrator logs in (side layout) and sees the admin menu and role name', async ({ page }) => {
    await loginThroughForm(page, ADMIN);
    await expect(page).toHaveURL(/\/admin-side\/dashboard$/);
    await expect(page.locator('[data-layout="side"]')).toBeVisible();
    await expect(page.getByTestId('role-name')).toHaveText('administrator');
    const menu = page.getByTestId('main-menu');
    for (const item of ['Dashboard', 'Data User Account', 'Data Sekolah', 'Data Statistik', 'Maps']) {
      await expect(menu.getByText(item, { exact: true })).toBeVisible();
    }
    // Without "remember me" the session lives only in this tab.
    expect(await page.evaluate(() => [!!sessionStorage.getItem('user'), !!localStorage.getItem('user')])).toEqual([
      true,
      false,
    ]);
    await page.screenshot({ path: '.tmp/screens/admin-dashboard.png' });
  });

  test('administrator in the simple layout', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-simple/dashboard');
    await expect(page.locator('[data-layout="simple"]')).toBeVisible();
    await page.getByTestId('main-menu').getByText('Data User Account').click();
    await expect(page).toHaveURL(/\/admin-simple\/user-account$/);
    await expect(page.getByRole('heading', { name: 'Data User Account' })).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/admin-simple-accounts.png' });
  });

  test('operator logs in with "remember me" and lands on a welcome with their school', async ({ page }) => {
    await loginThroughForm(page, OPERATOR, true);
    await expect(page).toHaveURL(/\/operator-side\/dashboard$/);
    await expect(page.getByTestId('role-name')).toHaveText('operator sekolah');
    await expect(page.getByTestId('operator-school')).toContainText(OPERATOR.school);
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByText('Data User Account')).toHaveCount(0);
    await expect(menu.getByText('Data Statistik')).toHaveCount(0);
    expect(await page.evaluate(() => [!!sessionStorage.getItem('user'), !!localStorage.getItem('user')])).toEqual([
      false,
      true,
    ]);
    await page.screenshot({ path: '.tmp/screens/operator-dashboard.png' });
    // The school menu item opens the operator's own school (NPSN = username).
    await menu.getByText('Data Sekolah').click();
    await expect(page).toHaveURL(new RegExp(`/operator-side/sekolah-side/${OPERATOR.username}$`));
  });

  test('operator in the simple layout', async ({ page }) => {
    await signedIn(page, OPERATOR, '/operator-simple/dashboard');
    await expect(page.locator('[data-layout="simple"]')).toBeVisible();
    await expect(page.getByTestId('operator-school')).toContainText(OPERATOR.school);
    await page.getByTestId('main-menu').getByText('Data Sekolah').click();
    await expect(page).toHaveURL(new RegExp(`/operator-simple/sekolah-simple/${OPERATOR.username}$`));
  });

  test('a wrong password shows the SPEC message', async ({ page }) => {
    await loginThroughForm(page, { username: 'admin', password: 'salah-sekali' });
    await expect(page.getByTestId('login-error')).toHaveText('Username atau Password Anda Salah');
    await expect(page).toHaveURL(/\/login$/);
    await page.screenshot({ path: '.tmp/screens/login-error.png' });
  });

  test('a network failure on login says check your connection', async ({ page }) => {
    await page.route('**/api/token', (route) => route.abort('internetdisconnected'));
    await loginThroughForm(page, ADMIN);
    await expect(page.getByTestId('login-error')).toHaveText('check your connection');
  });
});

test.describe('guards', () => {
  test('a signed-in user at / or /login goes to their dashboard', async ({ page }) => {
    await signedIn(page, OPERATOR, '/login');
    await expect(page).toHaveURL(/\/operator-side\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/operator-side\/dashboard$/);
  });

  test('no session on a protected page goes to /login', async ({ page }) => {
    await page.goto('/admin-side/user-account');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an operator at an admin URL sees the 403 page, Back to Home returns', async ({ page }) => {
    await signedIn(page, OPERATOR, '/admin-side/user-account');
    await expect(page).toHaveURL(/\/permission$/);
    await expect(page.getByText('Oops. Kamu tidak Punya izin akses')).toBeVisible();
    await expect(page.getByText('silahkan kembali ke halaman sebelumnya')).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/permission.png' });
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/operator-side\/dashboard$/);
  });
});

test.describe('layout', () => {
  test('sub-menus toggle and the active item is highlighted', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByText('Arsip KGB')).toBeHidden();
    await menu.getByText('Guru', { exact: true }).click();
    await expect(menu.getByText('Arsip KGB')).toBeVisible();
    await menu.getByText('Arsip KGB').click();
    await expect(page).toHaveURL(/\/admin-side\/guru\/arsip-kgb$/);
    await expect(menu.locator('[aria-current="page"]')).toHaveText('Arsip KGB');
    await menu.getByText('Guru', { exact: true }).click();
    await expect(menu.getByText('Arsip KGB')).toBeHidden();
  });

  test('dark mode is off by default and survives a reload', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('dark-mode-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('dark-mode-switch')).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ path: '.tmp/screens/dark-dashboard.png' });
    await page.getByTestId('dark-mode-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('logout removes the session and revokes the token on the server', async ({ page }) => {
    const session = await signedIn(page, ADMIN, '/admin-side/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user') ?? sessionStorage.getItem('user'))).toBeNull();
    const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.status()).toBe(401);
    await page.goto('/admin-side/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a fresh API login is still possible for both demo roles', async ({ request }) => {
  expect((await apiLogin(request, ADMIN)).access_token).toBeTruthy();
  expect((await apiLogin(request, OPERATOR)).access_token).toBeTruthy();
});
