import type { Locator, Page } from '@playwright/test';
import { RECORD_KINDS, type RecordKind } from '../contract/riwayat.ts';
import { test, expect, ADMIN, refuseOnce, signedIn, SIZES } from './fixtures.ts';
import { allGuru, apiGet, type ApiGuruRow } from './guru-helpers.ts';
import { expectFormError, pick, stubTiles } from './sekolah-helpers.ts';

// Never strand the user, the rest: the school forms on the one form pattern, calendars of birth
// and graduation dates on the years, tap targets of at least 24 px, whole teacher cards on a
// phone, and record rows named in their buttons and delete confirmations. At a desk (1366×768)
// and on a phone (390×844).
/** The message antd shows under the field whose control has this label. */
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

const openPicker = (page: Page) => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

async function teacherWithRows(page: Page, kind: RecordKind): Promise<ApiGuruRow> {
  for (const g of (await allGuru(page.request, ADMIN)).filter((x) => x.status_guru === 'PNS')) {
    const rows = await apiGet<{ data: unknown[] }>(page.request, ADMIN, `${kind.key}?id_guru=${g.id}&page=1`);
    if (rows.data.length) return g;
  }
  throw new Error(`no PNS teacher with a ${kind.key} row`);
}

async function openTab(page: Page, kind: RecordKind) {
  await page.getByRole('tab', { name: kind.title, exact: true }).click();
  const tab = page.getByTestId(`record-tab-${kind.key}`);
  const table = tab.getByTestId('record-table');
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return { tab, rows };
}

/** A cell's text by its column title (the table's header, also the card's label on a phone). */
async function cell(row: Locator, kind: RecordKind, title: string): Promise<string> {
  const index = kind.columns.findIndex((c) => c.title === title);
  // Column 0 is No.
  return (
    await row
      .locator('td')
      .nth(index + 1)
      .innerText()
  ).trim();
}

for (const size of SIZES) {
  test.describe(`formulir sekolah (${size.name})`, () => {
    test.use({ viewport: size.viewport });
    test.beforeEach(async ({ page }) => stubTiles(page));

    test('Tambah Lahan: every problem at once by its label (never "tanggal lahir"); a server refusal at its field with the focus there', async ({
      page,
    }) => {
      await signedIn(page, ADMIN, '/admin-side/user-detail/60201144?tab=lahan');
      await page.getByRole('button', { name: 'Tambah Lahan' }).click();
      const form = page.getByTestId('lahan-form');
      await form.getByRole('button', { name: 'Simpan' }).click();
      await expectFormError(
        page,
        'Nama Lahan tidak boleh Kosong|Luas tidak boleh Kosong|Tanggal Perolehan tidak boleh Kosong|Harga tidak boleh Kosong|Kondisi tidak boleh Kosong|Keterangan tidak boleh Kosong',
      );
      await expect(fieldError(page, 'Tanggal Perolehan')).toHaveText('Tanggal Perolehan tidak boleh Kosong');
      await expect(form).not.toContainText(/tanggal lahir/i);
      await expect(page.getByLabel('Nama Lahan')).toBeFocused();
      await page.screenshot({ path: `.tmp/screens/ux-lahan-problems-${size.name}.png`, fullPage: true });

      // The server answers with SPEC's words (a column's message names "tanggal lahir"): the screen
      // names the field by its label, at the field, with the cursor in it.
      await refuseOnce(page, '**/api/lahan', 'POST', {
        tglperolehan: 'tanggal lahir tidak boleh Kosong',
        keterangan: 'keterangan lahan tidak boleh Kosong',
      });
      await page.getByLabel('Nama Lahan').fill('Kebun Uji Server');
      await page.getByLabel('Luas').fill('120');
      await page.getByLabel('Tanggal Perolehan').fill('1/2/2020');
      await page.getByLabel('Tanggal Perolehan').press('Enter');
      await expect(page.getByLabel('Tanggal Perolehan')).toHaveValue('2020-02-01');
      await page.getByLabel('Harga').fill('5000000');
      await pick(page, page.getByLabel('Kondisi'), 'Baik');
      await page.getByLabel('Keterangan').fill('Uji jawaban server');
      await form.getByRole('button', { name: 'Simpan' }).click();
      await expectFormError(page, 'Tanggal Perolehan tidak boleh Kosong|Keterangan tidak boleh Kosong');
      await expect(fieldError(page, 'Tanggal Perolehan')).toHaveText('Tanggal Perolehan tidak boleh Kosong');
      await expect(page.getByLabel('Tanggal Perolehan')).toBeFocused();
      await expect(form).not.toContainText(/tanggal lahir/i);
      await page.screenshot({ path: `.tmp/screens/ux-lahan-server-${size.name}.png`, fullPage: true });
      await page.getByTestId('dark-mode-switch').click();
      await page.screenshot({ path: `.tmp/screens/ux-lahan-server-dark-${size.name}.png`, fullPage: true });
    });

    test('Edit Sekolah: a server refusal shows at its field with the cursor there; Tambah Sekolah marks all four required fields', async ({
      page,
    }) => {
      await signedIn(page, ADMIN, '/admin-side/data-sekolah/edit/60201876');
      await expect(page.getByLabel('Nama Sekolah')).toHaveValue('SMA Negeri 1 Halmahera Barat');
      await refuseOnce(page, '**/api/sekolah/60201876', 'PUT', {
        email: 'Email sudah dipakai sekolah lain',
        kode_pos: 'kode_pos harus 5 digit',
      });
      await page.getByRole('button', { name: 'Simpan' }).click();
      // Screen order (Kode Pos stands before Email), the column name replaced by the label.
      await expectFormError(page, 'Kode Pos harus 5 digit|Email sudah dipakai sekolah lain');
      await expect(fieldError(page, 'Email')).toHaveText('Email sudah dipakai sekolah lain');
      await expect(page.getByLabel('Kode Pos')).toBeFocused();
      await page.screenshot({ path: `.tmp/screens/ux-sekolah-edit-server-${size.name}.png` });

      await page.goto('/admin-side/data-sekolah/add');
      const form = page.getByTestId('sekolah-add-form');
      for (const label of ['NPSN', 'Nama Sekolah', 'Bentuk Pendidikan', 'Status'])
        await expect(form.locator('label.ant-form-item-required', { hasText: label })).toHaveCount(1);
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(4);
      await expect(page.getByLabel('NPSN')).toBeFocused();
      await page.screenshot({ path: `.tmp/screens/ux-sekolah-add-${size.name}.png`, fullPage: true });
    });
  });

  test.describe(`kalender tahun (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('a birth date opens on the years of a likely decade, then month, then day; graduation too; a decree date on the days', async ({
      page,
    }) => {
      await signedIn(page, ADMIN, '/admin-side/guru/add-guru');
      const birth = page.locator('#tgl_lahir');
      await birth.click();
      const picker = openPicker(page);
      await expect(picker.locator('.ant-picker-year-panel')).toBeVisible();
      const year = new Date().getFullYear() - 35;
      const yearCell = picker.locator(`td[title="${year}"]`);
      await expect(yearCell).toBeVisible();
      await page.screenshot({ path: `.tmp/screens/ux-year-view-${size.name}.png` });
      await yearCell.click();
      await expect(picker.locator('.ant-picker-month-panel')).toBeVisible();
      await picker.locator(`td[title="${year}-06"]`).click();
      await expect(picker.locator('.ant-picker-date-panel')).toBeVisible();
      await picker.locator(`td[title="${year}-06-23"]`).click();
      await expect(birth).toHaveValue(`${year}-06-23`);
      // With a date, the calendar opens on its month (a correction is usually the day).
      await birth.click();
      await expect(openPicker(page).locator('.ant-picker-date-panel')).toBeVisible();
      await page.keyboard.press('Escape');

      // Graduation (Tanggal Lulus) opens on the years; a decree's date (Tanggal SK) on the days.
      const pendidikan = RECORD_KINDS.find((k) => k.key === 'riwpendidikan')!;
      const g = await teacherWithRows(page, pendidikan);
      await page.goto(`/admin-side/guru/detail-guru/${g.id}`);
      const { tab } = await openTab(page, pendidikan);
      await tab.getByTestId('record-add').click();
      const modal = page.locator('.record-modal .ant-modal');
      await modal.locator('#riw_pendidikan_tgl').click();
      await expect(openPicker(page).locator('.ant-picker-year-panel')).toBeVisible();
      await expect(openPicker(page).locator(`td[title="${new Date().getFullYear() - 15}"]`)).toBeVisible();
      await page.keyboard.press('Escape');
      await modal.getByRole('button', { name: 'Batal' }).click();
      await expect(modal).toBeHidden();

      const pangkat = RECORD_KINDS.find((k) => k.key === 'riwpangkat')!;
      await openTab(page, pangkat);
      await page.getByTestId('record-tab-riwpangkat').getByTestId('record-add').click();
      await modal.locator('#riw_pangkat_sktgl').click();
      await expect(openPicker(page).locator('.ant-picker-date-panel')).toBeVisible();
    });
  });

  test.describe(`sasaran sentuh dan kartu guru (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('the dark mode switch and the password eyes are at least 24×24 px', async ({ page }) => {
      await page.goto('/login');
      const min = async (el: Locator) => {
        const box = (await el.boundingBox())!;
        expect(box.width, 'width').toBeGreaterThanOrEqual(24);
        expect(box.height, 'height').toBeGreaterThanOrEqual(24);
      };
      await min(page.getByTestId('dark-mode-switch'));
      await min(page.getByRole('button', { name: 'Tampilkan password' }));
      await page.getByTestId('dark-mode-switch').click();
      await page.screenshot({ path: `.tmp/screens/ux-login-dark-${size.name}.png` });
      await page.getByTestId('dark-mode-switch').click();

      await signedIn(page, ADMIN, '/admin-side/dashboard');
      await min(page.getByTestId('dark-mode-switch'));
      await page.goto('/ganti-password');
      const eyes = page.locator('.ant-input-password-icon');
      await expect(eyes.first()).toBeVisible();
      for (const eye of await eyes.all()) await min(eye);
    });

    test('a teacher opens from anywhere on the card on a phone, and by the keyboard; the edit button still edits', async ({
      page,
    }) => {
      await signedIn(page, ADMIN, '/admin-side/guru');
      const table = page.getByTestId('guru-table');
      const row = table.locator('tbody tr[data-row-key]').first();
      await expect(row).toBeVisible();
      const id = await row.getAttribute('data-row-key');
      if (size.name === 'ponsel') {
        // A tap on the school line of the card, far from the NIP link.
        const box = (await row.locator('td[data-label="Sekolah"]').boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await expect(page).toHaveURL(new RegExp(`/detail-guru/${id}$`));
        await page.goBack();
        await expect(row).toBeVisible();
        await page.screenshot({ path: `.tmp/screens/ux-guru-cards-${size.name}.png` });
        await page.getByTestId('dark-mode-switch').click();
        await row.getByTestId('guru-detail-link').focus();
        await page.screenshot({ path: `.tmp/screens/ux-guru-cards-dark-${size.name}.png` });
        await page.getByTestId('dark-mode-switch').click();
      }
      // The keyboard reaches the same link.
      await row.getByTestId('guru-detail-link').focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/detail-guru/${id}$`));
      await page.goBack();
      // The card's own button stays above the card's link.
      await table.locator('tbody tr[data-row-key]').first().getByTestId('guru-edit-link').click();
      await expect(page).toHaveURL(new RegExp(`/edit-guru/${id}$`));
    });
  });

  test.describe(`baris bernama (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('record buttons are named with their row and the delete confirmation names what it deletes', async ({
      page,
    }) => {
      const karya = RECORD_KINDS.find((k) => k.key === 'riwkaryatulis')!;
      const g = await teacherWithRows(page, karya);
      await signedIn(page, ADMIN, `/admin-side/guru/detail-guru/${g.id}`);
      let { rows } = await openTab(page, karya);
      const judul = await cell(rows.first(), karya, 'Judul');
      await expect(rows.first().getByTestId('record-edit')).toHaveAccessibleName(`Edit Karya Tulis ${judul}`);
      await expect(rows.first().getByTestId('record-delete')).toHaveAccessibleName(`Hapus Karya Tulis ${judul}`);
      await rows.first().getByTestId('record-delete').click();
      const dialog = page.locator('.ant-modal-confirm');
      await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Apakah Anda Yakin?');
      await expect(dialog.locator('.ant-modal-confirm-content')).toHaveText(`Hapus karya tulis "${judul}"?`);
      await page.screenshot({ path: `.tmp/screens/ux-confirm-karya-${size.name}.png` });
      await dialog.getByRole('button', { name: 'Tidak,Batalkan' }).click();
      await expect(dialog).toHaveCount(0);

      const pendidikan = RECORD_KINDS.find((k) => k.key === 'riwpendidikan')!;
      ({ rows } = await openTab(page, pendidikan));
      const tingkat = await cell(rows.first(), pendidikan, 'Tingkat');
      const sekolah = await cell(rows.first(), pendidikan, 'Nama Pendidikan');
      await expect(rows.first().getByTestId('record-edit')).toHaveAccessibleName(
        `Edit Pendidikan ${tingkat} ${sekolah}`,
      );
    });

    test("the school's rooms, land and gallery rows name their buttons; the land's confirmation keeps its SPEC title and names the plot", async ({
      page,
    }) => {
      await stubTiles(page);
      await signedIn(page, ADMIN, '/admin-side/user-detail/60201144?tab=lahan');
      const row = page.getByTestId('lahan-table').locator('tbody tr.ant-table-row').first();
      await expect(row).toBeVisible();
      const nama = (await row.locator('td').nth(1).innerText()).trim();
      await expect(row.getByRole('button', { name: `Edit Lahan ${nama}`, exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Detail Lahan ${nama}`, exact: true })).toBeVisible();
      await row.getByRole('button', { name: `Hapus Lahan ${nama}`, exact: true }).click();
      const dialog = page.locator('.ant-modal-confirm');
      await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Menghapus Lahan Ini');
      await expect(dialog.getByTestId('confirm-question')).toHaveText(`Hapus lahan "${nama}"?`);
      await page.screenshot({ path: `.tmp/screens/ux-confirm-lahan-${size.name}.png` });
      await dialog.getByRole('button', { name: 'Tidak,Batalkan' }).click();
      await expect(dialog).toHaveCount(0);

      await page.getByRole('tab', { name: 'Ruangan' }).click();
      const room = page.getByTestId('ruangan-table').locator('tbody tr.ant-table-row').first();
      await expect(room).toBeVisible();
      const ruang = (await room.locator('td').nth(1).innerText()).trim();
      for (const action of ['Detail', 'Edit', 'Hapus'])
        await expect(room.getByRole('button', { name: `${action} Ruangan ${ruang}`, exact: true })).toBeVisible();
    });
  });
}
