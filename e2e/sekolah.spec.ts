import type { Page } from '@playwright/test';
import { test, expect, ADMIN, refuseOnce, signedIn } from './fixtures.ts';
import { expectFormError, pick, settled, stubTiles } from './sekolah-helpers.ts';
import { cappedCount } from './guru-helpers.ts';

// Admin screens of SPEC §2 "School list", data-sekolah/add and data-sekolah/edit/{npsn}.

test.beforeEach(async ({ page }) => {
  await stubTiles(page);
});

const rows = (page: Page) => page.getByTestId('sekolah-table').locator('tbody tr.ant-table-row');
const npsnColumn = async (page: Page) =>
  (await rows(page).locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());

test.describe('Data Sekolah (list)', () => {
  test('search, server-side sort by NPSN and name, page size', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/data-sekolah');
    await expect(page.getByRole('heading', { name: 'Data Sekolah' })).toBeVisible();
    const table = page.getByTestId('sekolah-table');
    await expect(table.getByText('SMA Negeri 1 Kota Ternate')).toBeVisible();
    for (const h of ['No', 'NPSN', 'Nama Sekolah', 'Tingkat', 'Jenis', 'Edit'])
      await expect(table.locator('thead th', { hasText: h }).first()).toBeVisible();

    // Default: nama_sekolah descending.
    const names = (await rows(page).locator('td:nth-child(3)').allInnerTexts()).map((t) => t.trim());
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort((a, b) => b.localeCompare(a))).toEqual(names);
    await page.screenshot({ path: '.tmp/screens/sekolah-list.png', fullPage: true });

    // Clicking NPSN sorts by NPSN (ascending), clicking again reverses; the server is asked each time.
    const asc = page.waitForRequest(
      (r) =>
        r.url().includes('/api/sekolah?') && r.url().includes('sortby=npsn') && r.url().includes('sortbydesc=false'),
    );
    await page.getByTestId('sort-npsn').click();
    await asc;
    await expect
      .poll(async () => {
        const n = await npsnColumn(page);
        return n.join() === [...n].sort().join() && n.length > 1;
      })
      .toBe(true);
    const ascending = await npsnColumn(page);
    const desc = page.waitForRequest((r) => r.url().includes('sortby=npsn') && r.url().includes('sortbydesc=true'));
    await page.getByTestId('sort-npsn').click();
    await desc;
    await expect.poll(async () => (await npsnColumn(page)).join()).toBe([...ascending].reverse().join());

    // Page size is sent as per_page.
    const perPage = page.waitForRequest((r) => r.url().includes('per_page=25'));
    await page.getByTestId('per-page').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option[title="25"]').click();
    await perPage;
    await expect(page.getByTestId('per-page')).toContainText('25');

    // Search by name and by NPSN.
    const search = page.getByLabel('Cari sekolah');
    await search.fill('halmahera');
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(2);
    await expect(table.getByText('SMA Negeri 1 Halmahera Utara')).toBeVisible();
    await search.fill('60200412');
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(table.getByText('SMA Negeri 2 Kota Ternate')).toBeVisible();
    await search.fill('tidak ada sekolah seperti ini');
    await search.press('Enter');
    await expect(table.getByText('Data Kosong')).toBeVisible();

    // NPSN links to the detail page, Edit to the edit page.
    await search.fill('60200412');
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await table.getByRole('link', { name: '60200412' }).click();
    await expect(page).toHaveURL(/\/admin-side\/user-detail\/60200412$/);
    await expect(page.getByTestId('school-name')).toHaveText('SMA Negeri 2 Kota Ternate');
  });

  test('the list state lives in the URL: search, sort and page size survive opening a school and coming back', async ({
    page,
  }) => {
    await signedIn(page, ADMIN, '/admin-side/data-sekolah');
    await expect(rows(page).first()).toBeVisible();
    await page.getByTestId('sort-npsn').click();
    await expect(page).toHaveURL(/\/data-sekolah\?urut=npsn$/);
    const search = page.getByLabel('Cari sekolah');
    await search.fill('kota ternate');
    await search.press('Enter');
    await expect(page).toHaveURL(/\?q=kota\+ternate&urut=npsn$/);
    await expect(rows(page)).toHaveCount(3);
    const order = await npsnColumn(page);
    expect(order).toEqual([...order].sort());
    await rows(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/user-detail\//);
    await page.goBack();
    await expect(page).toHaveURL(/\?q=kota\+ternate&urut=npsn$/);
    await expect(page.getByLabel('Cari sekolah')).toHaveValue('kota ternate');
    await expect.poll(async () => (await npsnColumn(page)).join()).toBe(order.join());
    await page.reload();
    await expect.poll(async () => (await npsnColumn(page)).join()).toBe(order.join());
  });

  test('the simple layout links stay in the simple family', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-simple/data-sekolah');
    const row = rows(page).filter({ hasText: '60200587' });
    await row.getByRole('button', { name: /Edit/ }).click();
    await expect(page).toHaveURL(/\/admin-simple\/data-sekolah\/edit\/60200587$/);
  });

  test('a count capped at province scale shows "10.000+" and the pager says there is more', async ({ page }) => {
    // The server's capped count (server/lib/capped-count.test.ts, 10,001 schools) as the screen
    // receives it: the real answer, its count turned into a capped one.
    await cappedCount(page, '**/api/sekolah?**', 10000, 1000);
    await signedIn(page, ADMIN, '/admin-side/data-sekolah');
    await expect(page.getByTestId('sekolah-total')).toHaveText('10.000+ sekolah');
    await expect(page.getByLabel('Masih ada halaman berikutnya')).toBeVisible();
  });

  test('a failed load says check your connection', async ({ page }) => {
    await page.route('**/api/sekolah?**', (r) =>
      r.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ diagnostic: { status: 500, message: 'x' }, data: null }),
      }),
    );
    await signedIn(page, ADMIN, '/admin-side/data-sekolah');
    await expect(page.getByRole('alert')).toHaveText('check your connection');
  });
});

test.describe('Tambah Sekolah', () => {
  test('empty form, new school with one-time password, duplicate NPSN', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/data-sekolah');
    await page.getByRole('button', { name: 'Tambah Sekolah' }).click();
    await expect(page).toHaveURL(/\/admin-side\/data-sekolah\/add$/);

    // Every problem at once, each at its field, the cursor in the first (spec deviation 77).
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expectFormError(
      page,
      'NPSN tidak boleh Kosong|Nama Sekolah tidak boleh Kosong|Bentuk Pendidikan tidak boleh Kosong|Status Sekolah tidak boleh Kosong',
    );
    await expect(page.getByLabel('NPSN')).toBeFocused();
    await expect(page.getByTestId('sekolah-add-form').locator('.ant-form-item-explain-error')).toHaveText([
      'NPSN tidak boleh Kosong',
      'Nama Sekolah tidak boleh Kosong',
      'Bentuk Pendidikan tidak boleh Kosong',
      'Status Sekolah tidak boleh Kosong',
    ]);
    await page.screenshot({ path: '.tmp/screens/sekolah-add.png', fullPage: true });
    const npsn = String(Date.now()).slice(-8);
    await page.getByLabel('NPSN').fill(npsn);
    const name = `SLB Uji Coba ${npsn}`;
    await page.getByLabel('Nama Sekolah').fill(name);
    // Only the levels the office manages: the demo office is a province's (SMA, SMK, SLB).
    await page.getByLabel('Bentuk Pendidikan').click();
    await expect(
      page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ).toHaveText(['SMA', 'SMK', 'SLB']);
    await page.keyboard.press('Escape');
    await pick(page, page.getByLabel('Bentuk Pendidikan'), 'SLB');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expectFormError(page, 'Status Sekolah tidak boleh Kosong');
    await pick(page, page.getByLabel('Status'), 'Swasta');
    await page.getByRole('button', { name: 'Simpan' }).click();

    // The operator account's one-time password, shown once.
    const result = page.getByTestId('akun-baru');
    await expect(result).toBeVisible();
    await expect(page.getByTestId('akun-username')).toHaveText(npsn);
    const password = (await page.getByTestId('akun-password').innerText()).trim();
    expect(password.length).toBeGreaterThanOrEqual(8);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/sekolah-add-akun.png' });
    const login = await page.request.post('/api/token', { data: { username: npsn, password } });
    expect(login.status()).toBe(200);
    await page.getByRole('button', { name: 'Selesai' }).click();
    await expect(page).toHaveURL(/\/admin-side\/data-sekolah$/);
    await page.getByLabel('Cari sekolah').fill(npsn);
    await page.getByLabel('Cari sekolah').press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(name);
    await expect(rows(page).first()).toContainText('Swasta');

    // The same NPSN again: the server's message in the form's error list.
    await page.goto('/admin-side/data-sekolah/add');
    await page.getByLabel('NPSN').fill(npsn);
    await page.getByLabel('Nama Sekolah').fill('Sekolah Kembar');
    await pick(page, page.getByLabel('Bentuk Pendidikan'), 'SMA');
    await pick(page, page.getByLabel('Status'), 'Negeri');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/sekolah') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const res = await answer;
    expect(res.status()).toBe(409);
    const serverMessage = (await res.json()).diagnostic.message as string;
    await expectFormError(page, serverMessage);
    await expect(page.getByTestId('akun-baru')).toHaveCount(0);
  });
});

test.describe('Edit Sekolah', () => {
  test('region cascade, map click and fields are saved and shown', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/data-sekolah/edit/60200587');
    await expect(page.getByRole('heading', { name: /Edit Sekolah: SMK Negeri 2 Kota Ternate/ })).toBeVisible();
    await expect(page.getByLabel('NPSN')).toHaveValue('60200587');
    await expect(page.getByLabel('NPSN')).toHaveAttribute('readonly', '');
    // The stored names, read-only until "Ubah wilayah".
    await expect(page.getByLabel('Kelurahan/Desa tersimpan')).toHaveValue('Jambula');
    await expect(page.getByLabel('Kecamatan tersimpan')).toHaveValue('Pulau Ternate');

    await page.getByRole('button', { name: 'Ubah wilayah' }).click();
    await pick(page, page.getByLabel('Provinsi', { exact: true }), 'Maluku Utara', { search: true });
    await pick(page, page.getByLabel('Kabupaten/Kota', { exact: true }), 'Kota Ternate', { search: true });
    await pick(page, page.getByLabel('Kecamatan', { exact: true }), 'Kota Ternate Utara', { search: true });
    await pick(page, page.getByLabel('Kelurahan/Desa', { exact: true }), 'Salero', { search: true });

    // A click on the map moves the point.
    const lat = page.getByLabel('Lintang (lat)');
    const long = page.getByLabel('Bujur (long)');
    const before = [await lat.inputValue(), await long.inputValue()];
    const map = page.getByTestId('location-picker');
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
    await map.click({ position: { x: 120, y: 90 } });
    await expect.poll(async () => [await lat.inputValue(), await long.inputValue()].join()).not.toBe(before.join());
    const after = [await lat.inputValue(), await long.inputValue()];
    expect(Number(after[0])).toBeGreaterThan(Number(before[0]));
    expect(Number(after[1])).toBeLessThan(Number(before[1]));
    await page.getByLabel('Alamat').fill('Jl. Jambula Raya No. 7');
    await page.getByLabel('Jumlah Siswa (rombel)').fill('300');
    await page.screenshot({ path: '.tmp/screens/sekolah-edit.png', fullPage: true });

    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page).toHaveURL(/\/admin-side\/data-sekolah$/);
    await expect(page.locator('.ant-message-success')).toBeVisible();

    await page.goto('/admin-side/user-detail/60200587');
    const info = page.getByTestId('identitas');
    await expect(info).toContainText('Salero');
    await expect(info).toContainText('Kota Ternate Utara');
    await expect(info).toContainText('Kota Ternate');
    await expect(info).toContainText('Maluku Utara');
    await expect(info).toContainText('Jl. Jambula Raya No. 7');
    await expect(info).toContainText('300 Orang/Jiwa');
    await expect(page.getByTestId('identitas-lat')).toHaveText(String(Number(after[0])));
    await expect(page.getByTestId('identitas-long')).toHaveText(String(Number(after[1])));
  });

  test('a refused save shows the server message in the error list', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/data-sekolah/edit/60201876');
    await expect(page.getByLabel('Nama Sekolah')).toHaveValue('SMA Negeri 1 Halmahera Barat');
    await refuseOnce(
      page,
      '**/api/sekolah/60201876',
      'PUT',
      { email: 'Email sudah dipakai sekolah lain' },
      'Data yang dikirim tidak valid',
    );
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expectFormError(page, 'Email sudah dipakai sekolah lain');
    await expect(page).toHaveURL(/\/edit\/60201876$/);
  });

  test('empty school name is refused on the client', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/data-sekolah/edit/60201876');
    await page.getByLabel('Nama Sekolah').fill('');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expectFormError(page, 'Nama Sekolah tidak boleh Kosong');
  });
});
