import type { APIRequestContext } from '@playwright/test';
import { test, expect, ADMIN, apiLogin, signedIn } from './fixtures.ts';
import { apiAddGuru, expectFitsPhone, settled } from './guru-helpers.ts';

// Retirement at the age limit (docs/domain/pensiun.md) in the browser: the list with the dates,
// the DPCP in its own tab, and a proposal from prepared to the pension decision and the SKPP.

const pad = (n: number) => String(n).padStart(2, '0');

/** A PNS teacher whose 60th birthday falls 7 months from now (pension TMT 8 months ahead), with a verified rank, spouse and rating. */
async function retiringTeacher(
  request: APIRequestContext,
  nama: string,
  seq: string,
  sex: 1 | 2,
): Promise<{ id: number; tmt: string }> {
  const now = new Date();
  const bup = new Date(now.getFullYear() - 60, now.getMonth() + 7, 10);
  const lahir = `${bup.getFullYear()}-${pad(bup.getMonth() + 1)}-10`;
  const tmtDate = new Date(now.getFullYear(), now.getMonth() + 8, 1);
  const tmt = `${tmtDate.getFullYear()}-${pad(tmtDate.getMonth() + 1)}-01`;
  const { access_token } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${access_token}` };
  const nip = `${lahir.replaceAll('-', '')}199003${sex}${seq.slice(-3)}`;
  const id = await apiAddGuru(request, '60200338', {
    nama,
    tgl_lahir: lahir,
    tempat_lahir: 'Ternate',
    nip,
    jenis_kelamin: sex === 2 ? 'Perempuan' : 'Laki-laki',
    golongan: 'IV/a',
  });
  const rank = await request.post('/api/riwpangkat', {
    headers,
    data: {
      guru_id: id,
      golongan: 'IV/a',
      riw_pangkat_sk: `823/${seq}/BKD`,
      riw_pangkat_sktgl: '2019-03-20',
      riw_pangkat_pejabat: 'Gubernur Maluku Utara',
      riw_pangkat_thn: 24,
      riw_pangkat_bln: 0,
      riw_pangkat_tmt: '2019-04-01',
    },
  });
  expect(rank.status(), await rank.text()).toBe(200);
  const spouse = await request.post('/api/riwkeluarga', {
    headers,
    multipart: {
      guru_id: String(id),
      nama: 'Rahman Umar',
      hubungan: sex === 2 ? 'Suami' : 'Istri',
      tgl_lahir: '1964-02-01',
      tgl_nikah: '1992-05-02',
      keadaan: 'Hidup',
      tunjangan: 'Ya',
    },
  });
  expect(spouse.status(), await spouse.text()).toBe(200);
  const skp = await request.post('/api/riwskp', {
    headers,
    data: {
      guru_id: id,
      tahun: now.getFullYear() - 1,
      periode: 'Tahunan',
      predikat: 'Baik',
      penilai: 'Kepala SMA Negeri 1 Kota Ternate',
    },
  });
  expect(skp.status(), await skp.text()).toBe(200);
  return { id, tmt };
}

const longDate = (ymd: string) =>
  new Date(`${ymd}T00:00:00`).toLocaleDateString('id-ID', { day: 'numeric', month: 'long', year: 'numeric' });

for (const size of [
  { width: 1366, height: 768, name: 'desktop' },
  { width: 390, height: 844, name: 'phone' },
]) {
  test(`the retirement list, the DPCP and a proposal to the decision (${size.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const seq = String(Date.now()).slice(-4);
    const nama = `Hartini Pensiun ${seq}`;
    const { tmt } = await retiringTeacher(page.request, nama, seq, size.name === 'phone' ? 2 : 1);

    await signedIn(page, ADMIN, `/admin-side/guru/pensiun?cari=${encodeURIComponent(nama)}`);
    await expect(page.getByRole('heading', { name: 'Guru Akan Pensiun (BUP)' })).toBeVisible();
    const row = page.getByTestId('pensiun-table').locator('tbody tr.ant-table-row', { hasText: nama });
    await expect(row.getByTestId('pensiun-tmt')).toHaveText(longDate(tmt));
    await expect(row).toContainText('8 bulan lagi');
    await expect(row).toContainText('IV/a');
    await expect(row.getByTestId('pensiun-status')).toHaveText('Belum diusulkan');
    await settled(page);
    await page.screenshot({ path: `test-results/pensiun-${size.name}.png`, fullPage: true });
    if (size.name === 'phone') await expectFitsPhone(page);

    // The DPCP opens in the document page, filled from the record.
    const [dpcp] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('pensiun-dpcp').click()]);
    await expect(dpcp).toHaveURL(/\/berkas\?/);
    await expect(dpcp.getByRole('heading', { name: `DPCP ${nama}` })).toBeVisible();
    await expect(dpcp.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
    await settled(dpcp);
    await dpcp.screenshot({ path: `test-results/pensiun-dpcp-${size.name}.png` });
    await dpcp.close();

    // Prepared, proposed with the covering letter, decided with the SK.
    await row.getByTestId('pensiun-aksi-disiapkan').click();
    await page.getByTestId('pensiun-simpan').click();
    await expect(row.getByTestId('pensiun-status')).toHaveText('Disiapkan');
    await row.getByTestId('pensiun-aksi-diusulkan').click();
    await page.getByTestId('pensiun-nomor').fill(`800.1.6.3/${seq}/DIKBUD/2026`);
    await page.getByTestId('pensiun-simpan').click();
    await expect(row.getByTestId('pensiun-status')).toHaveText('Diusulkan');
    await expect(row).toContainText(`Surat 800.1.6.3/${seq}/DIKBUD/2026`);
    await row.getByTestId('pensiun-aksi-ditetapkan').click();
    await page.getByTestId('pensiun-nomor').fill(`800.1.6.3/SK-${seq}/2026`);
    await expect(page.getByTestId('pensiun-tmt-sk')).toHaveValue(tmt);
    await settled(page);
    await page.screenshot({ path: `test-results/pensiun-sk-${size.name}.png` });
    await page.getByTestId('pensiun-simpan').click();
    await expect(page.locator('.ant-message')).toContainText('Usul pensiun: Ditetapkan');
    await expect(row.getByTestId('pensiun-status')).toHaveText('Ditetapkan');
    await expect(row).toContainText(`SK 800.1.6.3/SK-${seq}/2026`);
    await expect(row.getByTestId('pensiun-aksi-diusulkan')).toHaveCount(0);
    const [skpp] = await Promise.all([page.context().waitForEvent('page'), row.getByTestId('pensiun-skpp').click()]);
    await expect(skpp.getByRole('heading', { name: `SKPP ${nama}` })).toBeVisible();
    await skpp.close();
    await settled(page);
    await page.screenshot({ path: `test-results/pensiun-done-${size.name}.png`, fullPage: true });
  });
}
