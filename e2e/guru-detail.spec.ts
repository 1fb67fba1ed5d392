import type { Page } from '@playwright/test';
import { RECORD_KINDS, type RecordKind } from '../contract/riwayat.ts';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import {
  allGuru,
  apiGet,
  choose,
  confirmYes,
  errorItems,
  fillField,
  settled,
  type ApiGuruRow,
} from './guru-helpers.ts';

type Row = { id: number; status?: number } & Record<string, unknown>;

/** The first PNS teacher the administrator sees (demo data: PNS teachers have rows in every tab). */
async function firstTeacher(request: Parameters<typeof allGuru>[0]): Promise<ApiGuruRow> {
  return (await allGuru(request, ADMIN)).find((g) => g.status_guru === 'PNS')!;
}

/** The first PNS teacher with a row of this kind (a disciplinary penalty is on few teachers' records). */
async function teacherWithRows(request: Parameters<typeof allGuru>[0], kind: RecordKind): Promise<ApiGuruRow> {
  for (const g of (await allGuru(request, ADMIN)).filter((x) => x.status_guru === 'PNS')) {
    const page = await apiGet<{ data: unknown[] }>(request, ADMIN, `${kind.key}?id_guru=${g.id}&page=1`);
    if (page.data.length) return g;
  }
  throw new Error(`no PNS teacher with a ${kind.key} row in the demo data`);
}

async function openTab(page: Page, kind: RecordKind) {
  const tab = page.getByTestId(`record-tab-${kind.key}`);
  // A click that lands while the page is still rendering its tabs (a slow machine) is made again,
  // as a user would; the tab must then open.
  await expect(async () => {
    await page.getByRole('tab', { name: kind.title, exact: true }).click();
    await expect(tab).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  const table = tab.getByTestId('record-table');
  await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
  return { tab, table, rows: table.locator('tbody tr.ant-table-row') };
}

/** The text field whose value the table shows: used to find the row again. */
/** A text field the table shows, long enough to hold the test's mark whole. */
const shownText = (kind: RecordKind) =>
  kind.fields.find((f) => f.type === 'text' && (f.max ?? 255) >= 20 && kind.columns.some((c) => c.field === f.name))!;

test.describe('teacher detail', () => {
  test('header and the Profile tab', async ({ page, request }) => {
    const g = await firstTeacher(request);
    await signedIn(page, ADMIN, `/admin-side/guru/detail-guru/${g.id}`);
    await expect(page.getByTestId('guru-nama')).toContainText(g.nama);
    await expect(page.getByTestId('guru-photo')).toBeVisible();
    // Personal data: fetched with the session's token and shown from an object URL, never a public address.
    await expect(page.getByTestId('guru-photo')).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => page.getByTestId('guru-photo').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Profile', ...RECORD_KINDS.map((k) => k.title)]);
    const profile = page.getByTestId('guru-profile');
    for (const label of ['NIK', 'Gaji Pokok', 'Tanggal Pensiun (BUP)', 'KGB Berikutnya', 'Masa Kerja Golongan']) {
      await expect(profile.locator('.ant-descriptions-item-label', { hasText: label }).first()).toBeVisible();
    }
    await expect(profile).toContainText(/Rp \d{1,3}(\.\d{3})+/);
    await expect(profile.locator('.ant-descriptions-item-content', { hasText: 'Data Kosong' }).first()).toBeVisible();
    const detail = await apiGet<{ nik: string }>(request, ADMIN, `guru/${g.id}`);
    await expect(profile).toContainText(detail.nik);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/guru-detail-profile.png', fullPage: true });
  });

  test('employment status: moved out with a date and a note leaves the counts; active again returns', async ({
    page,
    request,
  }) => {
    // A non-PNS teacher: the KGB tests that follow use the due PNS teachers.
    let g: ApiGuruRow | undefined;
    for (let p = 1; !g && p <= 5; p++)
      g = (await apiGet<{ data: ApiGuruRow[] }>(request, ADMIN, `guru/?page=${p}`)).data.find(
        (x) => x.status_guru && x.status_guru !== 'PNS',
      );
    expect(g).toBeTruthy();
    if (!g) return;
    const before = await apiGet<{ daftar_guru: number }>(request, ADMIN, 'dashboard');
    await signedIn(page, ADMIN, `/admin-side/guru/detail-guru/${g.id}`);
    await expect(page.getByTestId('guru-status-kepegawaian')).toHaveCount(0);
    await expect(page.getByTestId('profil-status-kepegawaian')).toHaveText('Aktif');
    await page.getByTestId('guru-status-button').click();
    const dialog = page.getByRole('dialog', { name: 'Status kepegawaian' });
    await choose(page, dialog.getByLabel('Status kepegawaian'), 'Mutasi keluar');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.getByTestId('status-kepegawaian-error')).toHaveText('Tanggal status tidak boleh Kosong');
    // Marked at the date field, the cursor in it.
    await expect(dialog.getByTestId('status-kepegawaian-tanggal')).toBeFocused();
    await expect(dialog.getByTestId('status-kepegawaian-tanggal')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByTestId('status-kepegawaian-tanggal').fill('2026-11-01');
    await dialog.getByTestId('status-kepegawaian-keterangan').fill('Pindah ke Kota Tidore Kepulauan');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.locator('.ant-message')).toContainText('Status kepegawaian guru disimpan');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('guru-status-kepegawaian')).toHaveText('Mutasi keluar sejak 1 Nov 2026');
    await expect(page.getByTestId('profil-status-kepegawaian')).toHaveText(
      'Mutasi keluar sejak 1 Nov 2026 (Pindah ke Kota Tidore Kepulauan)',
    );
    expect((await apiGet<{ daftar_guru: number }>(request, ADMIN, 'dashboard')).daftar_guru).toBe(
      before.daftar_guru - 1,
    );
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/guru-status-mutasi.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '.tmp/screens/guru-status-mutasi-hp.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('guru-status-button').click();
    await choose(page, dialog.getByLabel('Status kepegawaian'), 'Aktif');
    await expect(dialog.getByTestId('status-kepegawaian-tanggal')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByTestId('guru-status-kepegawaian')).toHaveCount(0);
    expect((await apiGet<{ daftar_guru: number }>(request, ADMIN, 'dashboard')).daftar_guru).toBe(before.daftar_guru);
  });

  for (const kind of RECORD_KINDS) {
    test(`${kind.title}: add, edit and delete a row`, async ({ page, request }) => {
      test.setTimeout(60_000);
      const g = await teacherWithRows(request, kind);
      await signedIn(page, ADMIN, `/admin-side/guru/detail-guru/${g.id}`);
      await expect(page.getByTestId('guru-nama')).toContainText(g.nama);
      const { tab, table, rows } = await openTab(page, kind);
      await expect(rows.first()).toBeVisible();
      const before = await rows.count();
      const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
      expect(headers).toEqual([
        'No',
        ...kind.columns.map((c) => c.title),
        ...(kind.verifiable ? ['Status'] : []),
        'Aksi',
      ]);
      await expect(table).not.toContainText('[object Object]');
      if (kind.key === 'diklat-teknis')
        for (const d of await rows.locator('td:nth-child(5)').allTextContents()) expect(d).toMatch(/^\d+ Jam$/);
      await expect(table.locator('.ant-table-pagination')).toHaveCount(0);
      await settled(page);
      await page.screenshot({ path: `.tmp/screens/guru-detail-${kind.key}.png`, fullPage: true });

      // Add: the empty form shows every required field's message at once.
      await tab.getByTestId('record-add').click();
      const modal = page.locator('.record-modal .ant-modal');
      await expect(modal.locator('.ant-modal-title')).toHaveText(`Tambah ${kind.title}`);
      await modal.getByRole('button', { name: 'Simpan' }).click();
      const empty = await errorItems(page, 'record-errors');
      expect(empty).toHaveLength(kind.fields.filter((f) => f.required).length);
      expect(empty.join(' ')).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      const mark = `E2E ${Date.now().toString(36)}`;
      const key = shownText(kind);
      for (const f of kind.fields) await fillField(page, modal, f, f === key ? mark : `Uji ${f.label}`);
      await settled(page);
      await page.screenshot({ path: `.tmp/screens/guru-record-modal-${kind.key}.png` });
      await modal.getByRole('button', { name: 'Simpan' }).click();
      await expect(modal).toBeHidden();
      await expect(page.locator('.ant-message')).toContainText('Data berhasil disimpan');
      await expect(rows).toHaveCount(before + 1);
      const added = rows.filter({ hasText: mark });
      await expect(added).toHaveCount(1);
      await expect(added).not.toContainText('[object Object]');

      // Edit: the form opens with the row's values; the change shows in the table.
      await added.getByTestId('record-edit').click();
      await expect(modal.locator('.ant-modal-title')).toHaveText(`Edit ${kind.title}`);
      await expect(modal.locator(`#${key.name}`)).toHaveValue(mark.slice(0, key.max ?? 255));
      const changed = `${mark} ubah`.slice(0, key.max ?? 255);
      await modal.locator(`#${key.name}`).fill(changed);
      await modal.getByRole('button', { name: 'Simpan' }).click();
      await expect(modal).toBeHidden();
      await expect(page.locator('.ant-message')).toContainText('Data berhasil diubah');
      const edited = rows.filter({ hasText: changed });
      await expect(edited).toHaveCount(1);
      await expect(rows).toHaveCount(before + 1);

      // The row's icon buttons are named with their row; the confirmation names what it deletes.
      await expect(edited.getByTestId('record-edit')).toHaveAccessibleName(/^Edit \S.* \S/);
      await expect(edited.getByTestId('record-delete')).toHaveAccessibleName(/^Hapus \S.* \S/);
      // Delete with the SPEC confirmation.
      await edited.getByTestId('record-delete').click();
      await expect(page.locator('.ant-modal-confirm-content')).toHaveText(/^Hapus [^"]+ ".+"\?$/);
      await confirmYes(page);
      await expect(rows.filter({ hasText: changed })).toHaveCount(0);
      await expect(rows).toHaveCount(before);
    });
  }

  test('a karya tulis document opens with the token (Lihat)', async ({ page, request }) => {
    const g = await firstTeacher(request);
    await signedIn(page, ADMIN, `/admin-side/guru/detail-guru/${g.id}`);
    const kind = RECORD_KINDS.find((k) => k.key === 'riwkaryatulis')!;
    const { rows } = await openTab(page, kind);
    const link = rows.first().getByTestId('record-file-link');
    await expect(link).toHaveText('Lihat');
    // The document opens in the app's document page, fetched with the token there (
    // the tab is titled with what the document is, not a blob address).
    const fileResponse = page
      .context()
      .waitForEvent('response', (r) => /\/api\/riwkaryatulis\/\d+\/file$/.test(r.url()));
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    const response = await fileResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(response.request().headers()['authorization']).toMatch(/^Bearer /);
    await expect(popup).toHaveURL(/\/berkas\?u=%2Fapi%2Friwkaryatulis%2F\d+%2Ffile/);
    await expect(popup).toHaveTitle(/^Karya Tulis.*· Sidasek$/);
    await expect(popup.getByTestId('pdf-viewer')).toHaveAttribute('data-state', 'rendered', { timeout: 15_000 });
    // Without the token the file is refused.
    const anonymous = await request.get(response.url());
    expect(anonymous.status()).toBe(401);
  });

  test('formal education: unverified rows are red and an administrator verifies one', async ({ page, request }) => {
    const kind = RECORD_KINDS.find((k) => k.verifiable)!;
    let target: ApiGuruRow | undefined;
    for (const g of await allGuru(request, ADMIN)) {
      const recs = await apiGet<{ data: Row[] }>(request, ADMIN, `${kind.key}?id_guru=${g.id}&page=1`);
      if (recs.data.some((r) => r.status === 0)) {
        target = g;
        break;
      }
    }
    expect(target).toBeTruthy();
    await signedIn(page, ADMIN, `/admin-side/guru/detail-guru/${target!.id}`);
    const { table } = await openTab(page, kind);
    const red = table.locator('tbody tr.record-unverified');
    // count() does not wait: let the tab's rows arrive first (a flake under three workers).
    await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
    const count = await red.count();
    expect(count).toBeGreaterThan(0);
    await expect(red.first().locator('td').first()).toHaveCSS('background-color', 'rgb(255, 241, 240)');
    await expect(red.first()).toContainText('Belum diverifikasi');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/guru-detail-riwpendidikan-red.png', fullPage: true });
    await red.first().getByTestId('record-verify').click();
    await confirmYes(page);
    await expect(red).toHaveCount(count - 1);
  });

  test('operator: records of their own teachers; verified formal rows cannot be changed or deleted', async ({
    page,
    request,
  }) => {
    const own = await allGuru(request, OPERATOR);
    const g = own.find((x) => x.status_guru === 'PNS')!;
    await signedIn(page, OPERATOR, `/operator-side/guru/detail-guru/${g.id}`);
    const kind = RECORD_KINDS.find((k) => k.verifiable)!;
    const { tab, table, rows } = await openTab(page, kind);
    const verified = table.locator('tbody tr.ant-table-row:not(.record-unverified)');
    await expect(verified.first()).toBeVisible();
    await expect(verified.getByTestId('record-delete')).toHaveCount(0);
    // Verified rows are read-only to operators: no Edit either.
    await expect(verified.getByTestId('record-edit')).toHaveCount(0);
    await expect(table.getByTestId('record-verify')).toHaveCount(0);

    // An operator's new row waits for verification (red) and may be deleted.
    const before = await rows.count();
    await tab.getByTestId('record-add').click();
    const modal = page.locator('.record-modal .ant-modal');
    const mark = `Operator ${Date.now().toString(36)}`;
    for (const f of kind.fields) await fillField(page, modal, f, f === shownText(kind) ? mark : `Uji ${f.label}`);
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await expect(modal).toBeHidden();
    const added = rows.filter({ hasText: mark });
    await expect(added).toHaveClass(/record-unverified/);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/guru-detail-operator.png', fullPage: true });
    await added.getByTestId('record-delete').click();
    await confirmYes(page);
    await expect(rows).toHaveCount(before);
  });
});
