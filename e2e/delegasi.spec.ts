import type { Pejabat } from '../contract/kgb.ts';
import { test, expect, ADMIN, apiLogin, signedIn } from './fixtures.ts';
import { apiGet, dropdown, settled } from './guru-helpers.ts';

// An official signs the letters of some teachers (here SD and SMP schools) instead of the
// active one; set and removed on the signing officials' page.
test('a delegation by school level is set, shown and removed on the officials page', async ({ page }) => {
  const { access_token } = await apiLogin(page.request, ADMIN);
  const mark = String(Date.now()).slice(-4);
  const nama = `Kabid Dikdas ${mark}`;
  const created = await page.request.post('/api/pejabat', {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: {
      nama,
      nip: `19750707200003${mark}`,
      jabatan: 'Kepala Bidang Pendidikan Dasar',
      passphrase: 'passphrase-kabid-uji',
      konfirmasi_passphrase: 'passphrase-kabid-uji',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).data.id as number;
  try {
    await signedIn(page, ADMIN, '/admin-side/pejabat-penandatangan');
    const row = page.getByTestId('pejabat-table').locator('tbody tr.ant-table-row', { hasText: nama });
    await expect(row.getByTestId('pejabat-delegasi')).toHaveText('-');
    await row.getByTestId('pejabat-delegasi-button').click();
    const modal = page.locator('.ant-modal').filter({ hasText: `Delegasi tanda tangan: ${nama}` });
    await modal.getByRole('button', { name: 'Simpan delegasi' }).click();
    await expect(page.getByTestId('delegasi-error')).toHaveText(
      'Pilih paling sedikit satu golongan atau jenjang yang didelegasikan',
    );
    // A multiple select stays open while options are picked.
    await page.getByTestId('delegasi-jenjang').click();
    // Each option is clicked until it shows as chosen: a click that lands while the list is still
    // moving into place is lost on a busy machine (a second click on a chosen one would undo it).
    for (const j of ['SD', 'SMP']) {
      const option = dropdown(page).locator(`.ant-select-item-option[title="${j}"]`);
      await expect(async () => {
        if (!/ant-select-item-option-selected/.test((await option.getAttribute('class')) ?? '')) await option.click();
        await expect(option).toHaveClass(/ant-select-item-option-selected/, { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
    }
    await modal.getByText('Pejabat ini menandatangani surat KGB').click();
    await expect(dropdown(page)).toBeHidden();
    await modal.getByRole('button', { name: 'Simpan delegasi' }).click();
    await expect(page.locator('.ant-message')).toContainText('Delegasi penandatanganan disimpan');
    await expect(row.getByTestId('pejabat-delegasi')).toHaveText('Semua golongan · SD, SMP');
    const list = await apiGet<Pejabat[]>(page.request, ADMIN, 'pejabat');
    expect(list.find((p) => p.id === id)?.delegasi).toEqual({ golongan: [], jenjang: ['SD', 'SMP'] });
    await settled(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: '.tmp/screens/pejabat-delegasi.png', fullPage: true });

    await row.getByTestId('pejabat-delegasi-button').click();
    await page.getByTestId('delegasi-hapus').click();
    await expect(page.locator('.ant-message')).toContainText('Delegasi penandatanganan dihapus');
    await expect(row.getByTestId('pejabat-delegasi')).toHaveText('-');
  } finally {
    // Other tests verify letters: no delegation may stay behind.
    await page.request.delete(`/api/pejabat/${id}/delegasi`, { headers: { authorization: `Bearer ${access_token}` } });
  }
});
