import type { Locator, Page } from '@playwright/test';
import type { KgbDueItem } from '../contract/kgb.ts';
import type { KpUsulan } from '../contract/kenaikan-pangkat-values.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import type { PensiunItem } from '../contract/pensiun-values.ts';
import { test, expect, ADMIN, apiLogin, refuseOnce, signedIn, SIZES, describeAtSizes } from './fixtures.ts';
import { apiGet, settled, typeDate } from './guru-helpers.ts';

// Never strand the user: the dialogs on the one form pattern. Every problem at once in the list and
// at its field with the field's label, the cursor in the first, required marks, a date typed day
// first, and the server's 422 field messages at their fields (a wrong password at its field). At a
// desk (1366×768) and on a phone (390×844); the dialogs also in dark mode.
/** web/app/theme.tsx keeps the choice of dark mode here. */
const THEME_KEY = 'sidasek.darkMode';

/** The messages of a list of problems (FormErrors) inside `scope`. */
const listOf = (scope: Locator | Page, testId: string) => scope.getByTestId(testId).locator('.form-error-item');

/** The form item of a control (by its id) with its message and required mark. */
const item = (scope: Locator | Page, id: string) => {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('.ant-form-item').filter({ has: page.locator(`[id="${id}"]`) });
};

/** The field is marked with this message, at its own form item. */
async function expectAtField(scope: Locator | Page, id: string, message: string) {
  await expect(item(scope, id).locator('.ant-form-item-explain-error')).toHaveText(message);
  await expect(scope.locator(`[id="${id}"]`)).toHaveAttribute('aria-invalid', 'true');
}

/**
 * Every problem is in the list `listId` (in this order) and at its own field, and the cursor
 * is in the first of these fields.
 */
async function expectProblems(scope: Locator, listId: string, problems: [id: string, message: string][]) {
  await expect(listOf(scope, listId)).toHaveText(problems.map(([, message]) => message));
  for (const [id, message] of problems) await expectAtField(scope, id, message);
  await expect(scope.locator(`#${problems[0]![0]}`)).toBeFocused();
}

/** The label of a field carries the required mark. */
async function expectRequired(scope: Locator | Page, id: string) {
  await expect(item(scope, id).locator('.ant-form-item-required')).toHaveCount(1);
}

/** A screenshot in dark mode, the open dialog kept (the top bar's switch is under the dialog's mask). */
async function darkShot(page: Page, name: string) {
  const toggle = () => page.getByTestId('dark-mode-switch').evaluate((el: HTMLElement) => el.click());
  await toggle();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await settled(page);
  await page.screenshot({ path: `.tmp/screens/${name}-dark.png` });
  await toggle();
}

describeAtSizes(SIZES, 'dialog', (size) => {
  test('Delegasi tanda tangan: the empty choice at Golongan with the cursor there, a server refusal at Jenjang sekolah', async ({
    page,
  }) => {
    // An official other than the active one (the one who may sign for some teachers).
    const { access_token } = await apiLogin(page.request, ADMIN);
    const mark = String(Date.now()).slice(-4);
    const nama = `Kabid UX ${size.name} ${mark}`;
    const created = await page.request.post('/api/pejabat', {
      headers: { authorization: `Bearer ${access_token}` },
      multipart: {
        nama,
        nip: `1976080820000${size.name === 'desktop' ? 3 : 4}${mark}`,
        jabatan: 'Kepala Bidang Pendidikan Menengah',
        passphrase: 'passphrase-kabid-ux',
        konfirmasi_passphrase: 'passphrase-kabid-ux',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    await signedIn(page, ADMIN, '/admin-side/pejabat-penandatangan');
    await page
      .getByTestId('pejabat-table')
      .locator('tbody tr.ant-table-row', { hasText: nama })
      .getByTestId('pejabat-delegasi-button')
      .click();
    const dialog = page.getByRole('dialog', { name: /Delegasi tanda tangan/ });
    await dialog.getByRole('button', { name: 'Simpan delegasi' }).click();
    await expectProblems(dialog, 'delegasi-error', [
      ['delegasi_golongan', 'Pilih paling sedikit satu golongan atau jenjang yang didelegasikan'],
    ]);

    // The server's 422 by field: the jenjang field says it, not only the list.
    await refuseOnce(page, /\/api\/pejabat\/\d+\/delegasi$/, 'PUT', {
      jenjang: 'Jenjang harus TK, SD, SMP, SMA, SMK atau SLB',
    });
    await dialog.locator('#delegasi_jenjang').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="SD"]')
      .click();
    await dialog.getByText('Pejabat ini menandatangani surat KGB').click();
    await dialog.getByRole('button', { name: 'Simpan delegasi' }).click();
    await expectAtField(dialog, 'delegasi_jenjang', 'Jenjang harus TK, SD, SMP, SMA, SMK atau SLB');
    await expect(item(dialog, 'delegasi_golongan').locator('.ant-form-item-explain-error')).toHaveCount(0);
    await expect(dialog.locator('#delegasi_jenjang')).toBeFocused();
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/ux-dialog-delegasi-${size.name}.png` });
    await darkShot(page, `ux-dialog-delegasi-${size.name}`);
  });

  test('Tunda KGB: both missing fields at once with their labels and required marks, the cursor in the first; a refused SK number at its field', async ({
    page,
  }) => {
    const due = await apiGet<ApiPage<KgbDueItem>>(page.request, ADMIN, 'kgb?page=1');
    const target = due.data.find((r) => r.siap && r.status_surat === null);
    test.skip(!target, 'no teacher due without a letter in the demo data');
    await signedIn(page, ADMIN, `/admin-side/guru/buat-kgb/${target!.id}`);
    await page.getByTestId('kgb-tunda-button').click();
    const dialog = page.getByRole('dialog', { name: 'Tunda KGB' });
    await expectRequired(dialog, 'tunda_bulan');
    await expectRequired(dialog, 'tunda_alasan');
    await dialog.getByRole('button', { name: 'Tunda KGB' }).click();
    await expectProblems(dialog, 'kgb-tunda-error', [
      ['tunda_bulan', 'Lama penundaan tidak boleh Kosong'],
      ['tunda_alasan', 'Alasan penundaan tidak boleh Kosong'],
    ]);
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/ux-dialog-tunda-${size.name}.png` });
    await darkShot(page, `ux-dialog-tunda-${size.name}`);

    // Typing clears a field's mark; a refusal of the server lands at its field.
    await dialog.locator('#tunda_alasan').fill('Nilai SKP tahun lalu di bawah Baik');
    await expect(item(dialog, 'tunda_alasan').locator('.ant-form-item-explain-error')).toHaveCount(0);
    await dialog.locator('#tunda_bulan').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="3 bulan"]')
      .click();
    await dialog.locator('#tunda_nomor_sk').fill('800/1/2026');
    await refuseOnce(page, /\/api\/kgb\/\d+\/penundaan$/, 'POST', { nomor_sk: 'Nomor SK penundaan sudah dipakai' });
    await dialog.getByRole('button', { name: 'Tunda KGB' }).click();
    await expectProblems(dialog, 'kgb-tunda-error', [['tunda_nomor_sk', 'Nomor SK penundaan sudah dipakai']]);
    await dialog.getByRole('button', { name: 'Batal' }).click();
  });

  test('Usulkan pensiun: every problem at once, the date typed day first (23-06-2026), a server refusal at its field', async ({
    page,
  }) => {
    const list = await apiGet<ApiPage<PensiunItem>>(page.request, ADMIN, 'pensiun?bulan=36&page=1');
    const row = list.data.find((r) => r.akhir === 'pensiun' && !r.usul);
    test.skip(!row, 'no teacher ahead of retirement without a proposal in the demo data');
    await signedIn(page, ADMIN, `/admin-side/guru/pensiun?bulan=36&cari=${encodeURIComponent(row!.nip ?? row!.nama)}`);
    const tr = page.getByTestId('pensiun-table').locator('tbody tr.ant-table-row', { hasText: row!.nama });
    await tr.getByTestId('pensiun-aksi-diusulkan').click();
    const dialog = page.getByRole('dialog', { name: `Usulkan pensiun: ${row!.nama}` });
    await expectRequired(dialog, 'pensiun_nomor_surat');
    await expectRequired(dialog, 'pensiun_tanggal_surat');
    // The date of today is offered; emptied, both fields are named at once.
    const tanggal = dialog.getByTestId('pensiun-tanggal');
    await tanggal.hover();
    await dialog.locator('.ant-picker-clear').click();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expectProblems(dialog, 'pensiun-error', [
      ['pensiun_nomor_surat', 'Nomor Surat Pengantar tidak boleh Kosong'],
      ['pensiun_tanggal_surat', 'Tanggal Surat Pengantar tidak boleh Kosong'],
    ]);
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/ux-dialog-pensiun-${size.name}.png` });

    // As people write a date: day first, with dashes.
    await tanggal.click();
    await tanggal.fill('23-06-2026');
    await tanggal.press('Enter');
    await expect(tanggal).toHaveValue('2026-06-23');
    await dialog.locator('#pensiun_nomor_surat').fill('800.1.6.3/UX/DIKBUD/2026');
    let sent: Record<string, unknown> | null = null;
    await page.route(
      /\/api\/pensiun\/\d+\/usul$/,
      async (route) => {
        sent = route.request().postDataJSON() as Record<string, unknown>;
        await route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            diagnostic: { status: 422, message: 'Nomor Surat Pengantar sudah dipakai' },
            data: { errors: { nomor_surat: 'Nomor Surat Pengantar sudah dipakai' } },
          }),
        });
      },
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expectAtField(dialog, 'pensiun_nomor_surat', 'Nomor Surat Pengantar sudah dipakai');
    expect(sent).toMatchObject({
      status: 'diusulkan',
      nomor_surat: '800.1.6.3/UX/DIKBUD/2026',
      tanggal_surat: '2026-06-23',
    });
    await expect(dialog.locator('#pensiun_nomor_surat')).toBeFocused();
    await darkShot(page, `ux-dialog-pensiun-${size.name}`);
    await dialog.getByRole('button', { name: 'Batal' }).click();
  });

  test('Catat SK kenaikan pangkat: every problem at once, a TMT on the 15th explained (TMT harus tanggal 1), a server refusal at the TMT', async ({
    page,
  }) => {
    // One proposed teacher in an April batch (the list of batches answered here; nothing is saved).
    const periode = '2027-04';
    const batch: KpUsulan = {
      id: 9901,
      periode,
      nomor_surat: '800.1.3.2/UX/DIKBUD/2027',
      tanggal_surat: '2027-02-01',
      created_at: '2027-02-01T01:00:00Z',
      jumlah: 1,
      guru: [
        {
          id: 9902,
          usulan_id: 9901,
          nomor_surat: '800.1.3.2/UX/DIKBUD/2027',
          status: 'diusulkan',
          alasan: null,
          golongan_lama: 'III/b',
          golongan_baru: 'III/c',
          dokumen: {},
          sk_nomor: null,
          sk_tanggal: null,
          sk_tmt: null,
          sk_pejabat: null,
          guru_id: 1,
          nip: '198602112012012001',
          nama: 'Guru Uji Pangkat',
          nama_sekolah: 'SMA Negeri 1 Kota Ternate',
          pendidikan: 'S1',
          tmt_pangkat: '2023-04-01',
          mkg_usul: { tahun: 10, bulan: 0 },
        },
      ],
    };
    await page.route(/\/api\/kenaikan-pangkat\/usulan\?/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ diagnostic: { status: 200, message: 'ok' }, data: [batch] }),
      }),
    );
    await signedIn(page, ADMIN, `/admin-side/guru/kenaikan-pangkat?periode=${periode}`);
    await page.getByTestId('kp-batch').getByTestId('kp-tetapkan').click();
    const dialog = page.getByRole('dialog', { name: /Catat SK kenaikan pangkat: Guru Uji Pangkat/ });
    for (const id of [
      'kp_sk_sk_nomor',
      'kp_sk_sk_tanggal',
      'kp_sk_sk_tmt',
      'kp_sk_sk_pejabat',
      'kp_sk_mkg_tahun',
      'kp_sk_mkg_bulan',
    ])
      await expectRequired(dialog, id);
    // A TMT on another day than the 1st.
    const tmt = dialog.getByTestId('kp-sk-tmt');
    await typeDate(page, tmt, '2027-04-15');
    await dialog.getByRole('button', { name: 'Simpan SK' }).click();
    await expect(listOf(dialog, 'kp-sk-error')).toHaveText([
      'Nomor SK tidak boleh Kosong',
      'Tanggal SK tidak boleh Kosong',
      'TMT harus tanggal 1 (TMT selalu awal bulan)',
    ]);
    await expectAtField(dialog, 'kp_sk_sk_tmt', 'TMT harus tanggal 1 (TMT selalu awal bulan)');
    await expect(tmt).toHaveValue('2027-04-15');
    await expect(dialog.locator('#kp_sk_sk_nomor')).toBeFocused();
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/ux-dialog-kp-sk-${size.name}.png` });
    await darkShot(page, `ux-dialog-kp-sk-${size.name}`);

    await dialog.locator('#kp_sk_sk_nomor').fill('800.1.3/KP-UX/BKN/2027');
    const tanggal = dialog.getByTestId('kp-sk-tanggal');
    await tanggal.click();
    await tanggal.fill('20-03-2027');
    await tanggal.press('Enter');
    await expect(tanggal).toHaveValue('2027-03-20');
    await tmt.click();
    await tmt.fill('01032027');
    await tmt.press('Enter');
    await expect(tmt).toHaveValue('2027-03-01');
    await refuseOnce(page, /\/api\/kenaikan-pangkat\/usulan-guru\/9902\/tetapkan$/, 'POST', {
      sk_tmt: 'TMT SK tidak boleh sebelum periode usulan',
    });
    await dialog.getByRole('button', { name: 'Simpan SK' }).click();
    await expectProblems(dialog, 'kp-sk-error', [['kp_sk_sk_tmt', 'TMT SK tidak boleh sebelum periode usulan']]);
  });

  test('Ganti Password: every problem at once with the cursor in the first; a wrong current password at its field', async ({
    page,
  }) => {
    await signedIn(page, ADMIN, '/ganti-password');
    for (const id of [
      'ganti_password_password_lama',
      'ganti_password_password_baru',
      'ganti_password_konfirmasi_password',
    ])
      await expectRequired(page, id);
    await page.getByRole('button', { name: 'Simpan Password' }).click();
    await expect(listOf(page, 'form-errors')).toHaveText([
      'Password lama tidak boleh Kosong',
      'Password baru tidak boleh Kosong',
      'Konfirmasi password tidak boleh Kosong',
    ]);
    await expectAtField(page, 'ganti_password_password_lama', 'Password lama tidak boleh Kosong');
    await expect(page.locator('#ganti_password_password_lama')).toBeFocused();
    await expectAtField(page, 'ganti_password_password_baru', 'Password baru tidak boleh Kosong');
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/ux-dialog-password-${size.name}.png` });

    await page.locator('#ganti_password_password_lama').fill('bukan-password-lama');
    await page.locator('#ganti_password_password_baru').fill('Ternate-baru-2026!');
    await page.locator('#ganti_password_konfirmasi_password').fill('Ternate-baru-2026!');
    await page.getByRole('button', { name: 'Simpan Password' }).click();
    const lama = item(page, 'ganti_password_password_lama').locator('.ant-form-item-explain-error');
    await expect(lama).toHaveCount(1);
    await expect(page.locator('#ganti_password_password_lama')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#ganti_password_password_lama')).toBeFocused();
    await expect(listOf(page, 'form-errors')).toHaveText([(await lama.innerText()).trim()]);
    await expect(page).toHaveURL(/\/ganti-password$/);
    // The page has no top bar: dark mode as the user left it elsewhere.
    await page.evaluate((key) => localStorage.setItem(key, '1'), THEME_KEY);
    await page.reload();
    await page.getByRole('button', { name: 'Simpan Password' }).click();
    await expect(listOf(page, 'form-errors')).toHaveCount(3);
    await settled(page);
    await page.screenshot({ path: `.tmp/screens/ux-dialog-password-${size.name}-dark.png` });
    await page.evaluate((key) => localStorage.setItem(key, '0'), THEME_KEY);
  });
});
