import { generate } from 'otplib';
import { test, expect, ADMIN, apiLogin, loginThroughForm, signedIn } from './fixtures.ts';
import { apiGet, errorUnder, settled } from './guru-helpers.ts';

// Two-factor sign-in on a demo operator other than the suite's OPERATOR: set up with
// the QR page, recovery codes shown once, login asks for the code, switched off again at the end.

const code = (secret: string) => generate({ secret });

test('an operator sets up two-factor sign-in, signs in with a code, and switches it off', async ({ page }) => {
  test.setTimeout(90_000);
  // An operator whose demo password still works (other tests reset or deactivate some accounts).
  const schools = await apiGet<{ data: { npsn: string; user: { username: string; status_akun: number }[] }[] }>(
    page.request,
    ADMIN,
    'user?page=1',
  );
  let user: { username: string; password: string } | undefined;
  for (const s of [...schools.data].reverse()) {
    const account = s.user[0];
    if (!account || account.username === '60200338' || account.status_akun !== 1) continue;
    const res = await page.request.post('/api/token', {
      data: { username: account.username, password: 'operator123' },
    });
    if (res.status() === 200 && !(await res.json()).data.user.must_change_password) {
      user = { username: account.username, password: 'operator123' };
      break;
    }
  }
  if (!user) throw new Error('no demo operator with the demo password');

  await signedIn(page, user, '/verifikasi-dua-langkah');
  await expect(page.getByRole('heading', { name: 'Verifikasi Dua Langkah' })).toBeVisible();
  await expect(page.getByTestId('totp-status')).toHaveText('Belum aktif');
  await page.getByTestId('totp-start').click();
  await expect(page.locator('.totp-qr svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await settled(page);
  await page.screenshot({ path: '.tmp/screens/totp-setup.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/screens/totp-setup-hp.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // A wrong code first: the field says so, nothing is switched on.
  await page.getByLabel('Kode autentikator').fill('000000');
  await page.getByTestId('totp-activate').click();
  await expect(page.getByTestId('form-errors')).toContainText('Kode autentikator salah atau sudah dipakai');
  // At the code's field too, with the cursor in it.
  await expect(page.locator('#totp_aktif_kode')).toHaveAttribute('aria-invalid', 'true');
  await expect(errorUnder(page, page.locator('#totp_aktif_kode'))).toHaveText(
    'Kode autentikator salah atau sudah dipakai',
  );
  await expect(page.locator('#totp_aktif_kode')).toBeFocused();
  await page.getByLabel('Kode autentikator').fill(await code(secret));
  await page.getByTestId('totp-activate').click();
  const recovery = page.getByTestId('totp-recovery');
  await expect(recovery).toBeVisible();
  await expect(recovery.locator('.totp-codes code')).toHaveCount(10);
  const codes = await recovery.locator('.totp-codes code').allTextContents();
  const firstRecovery = codes[0]!;
  await page.screenshot({ path: '.tmp/screens/totp-recovery.png', fullPage: true });

  try {
    // Login now asks for the code after the password; a recovery code works too.
    await page.evaluate(() => window.localStorage.clear());
    await loginThroughForm(page, user);
    await expect(page.getByTestId('login-otp')).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/login-otp.png' });
    await page.getByLabel('Kode autentikator').fill(firstRecovery);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/operator-(side|simple)\/dashboard/);
  } finally {
    // Off again through the API (password and a recovery code), so the demo account stays as it was.
    // (Recovery codes: the app's current code was used at activation, and each step counts once.)
    const session = await page.request.post('/api/token', { data: { ...user, kode_otp: codes[1] } });
    const token = (await session.json()).data?.access_token as string | undefined;
    if (token) {
      const off = await page.request.post('/api/user/totp/nonaktifkan', {
        headers: { authorization: `Bearer ${token}` },
        data: { password: user.password, kode: codes[2] },
      });
      expect(off.status(), await off.text()).toBe(200);
    }
  }
  expect((await apiLogin(page.request, user)).access_token).toBeTruthy();
});
