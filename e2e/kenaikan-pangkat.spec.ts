import type { APIRequestContext } from '@playwright/test';
import { test, expect, ADMIN, apiLogin, signedIn } from './fixtures.ts';
import { apiAddGuru, apiGet, expectFitsPhone, settled, typeDate } from './guru-helpers.ts';

// Rank promotion (docs/domain/kenaikan-pangkat.md) in the browser: the period page with its counts
// and reasons, a proposal batch with its letter and lists, and the SK that decides it.

const ym = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
const nextPeriode = () => {
  const d = new Date();
  return ym(new Date(d.getFullYear(), d.getMonth() + 1, 1));
};
const addMonths = (periode: string, n: number) => {
  const [y, m] = periode.split('-').map(Number) as [number, number];
  return `${ym(new Date(y, m - 1 + n, 1))}-01`;
};

/** A PNS III/b teacher (S1) with a verified rank decree `months` before the period and verified Baik ratings since. */
async function teacherInRank(
  request: APIRequestContext,
  nama: string,
  nip: string,
  periode: string,
  months: number,
): Promise<number> {
  const { access_token } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${access_token}` };
  const id = await apiAddGuru(request, '60200338', {
    nama,
    tgl_lahir: '1986-02-11',
    nip,
    jenis_kelamin: 'Perempuan',
    golongan: 'III/b',
  });
  const tmt = addMonths(periode, -months);
  // The diploma (S1) as a verified education row: the rule reads the highest verified level.
  const tingkat = await apiGet<{ id: number; nm_tingpend: string }[]>(request, ADMIN, 'tingkatpendidikan');
  const jurusan = await apiGet<{ id: number }[]>(request, ADMIN, 'jurusan');
  const ijazah = await request.post('/api/riwpendidikan', {
    headers,
    data: {
      guru_id: id,
      riw_pendidikan_nm: 'Universitas Khairun',
      riw_pendidikan_sttb_ijazah: `${nip.slice(-6)}/UN44/2009`,
      riw_pendidikan_tgl: '2009-09-12',
      riw_pendidikan_pejabat: 'Rektor',
      jurusan_id: jurusan[0]!.id,
      tingpend_id: tingkat.find((t) => t.nm_tingpend === 'Strata 1 (Sarjana)')!.id,
      luar_negeri: 'f',
    },
  });
  expect(ijazah.status(), await ijazah.text()).toBe(200);
  const rank = await request.post('/api/riwpangkat', {
    headers,
    data: {
      guru_id: id,
      golongan: 'III/b',
      riw_pangkat_sk: `800/${nip.slice(-4)}/BKD`,
      riw_pangkat_sktgl: tmt,
      riw_pangkat_pejabat: 'Gubernur Maluku Utara',
      riw_pangkat_thn: 8,
      riw_pangkat_bln: 0,
      riw_pangkat_tmt: tmt,
    },
  });
  expect(rank.status(), await rank.text()).toBe(200);
  for (let y = Number(tmt.slice(0, 4)); y < Number(periode.slice(0, 4)); y++) {
    const skp = await request.post('/api/riwskp', {
      headers,
      data: {
        guru_id: id,
        tahun: y,
        periode: 'Tahunan',
        predikat: 'Baik',
        penilai: 'Kepala SMA Negeri 1 Kota Ternate',
      },
    });
    expect(skp.status(), await skp.text()).toBe(200);
  }
  return id;
}

for (const size of [
  { width: 1366, height: 768, name: 'desktop' },
  { width: 390, height: 844, name: 'phone' },
]) {
  test(`the period page and a proposal batch to the SK (${size.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const periode = nextPeriode();
    const seq = String(Date.now()).slice(-4);
    const siap = `Rahmawati Pangkat ${seq}`;
    const belum = `Yuliani Pangkat ${seq}`;
    await teacherInRank(
      page.request,
      siap,
      `1986021120110${size.name === 'phone' ? 2 : 1}2${seq.slice(-3)}`,
      periode,
      48,
    );
    await teacherInRank(
      page.request,
      belum,
      `1986021120120${size.name === 'phone' ? 2 : 1}2${seq.slice(-3)}`,
      periode,
      36,
    );

    await signedIn(
      page,
      ADMIN,
      `/admin-side/guru/kenaikan-pangkat?periode=${periode}&cari=${encodeURIComponent(`Pangkat ${seq}`)}`,
    );
    const row = (nama: string) => page.getByTestId('kp-table').locator('tbody tr.ant-table-row', { hasText: nama });
    await expect(row(siap).getByTestId('kp-memenuhi')).toBeVisible();
    await expect(row(belum).getByTestId('kp-alasan')).toHaveText(
      'Angka kredit 87,5 dari 100 yang dibutuhkan untuk III/c',
    );
    await expect(page.getByTestId('kp-ringkasan')).toContainText('Masuk periode');
    await settled(page);
    await page.screenshot({ path: `test-results/kenaikan-pangkat-${size.name}.png`, fullPage: true });
    if (size.name === 'phone') await expectFitsPhone(page);

    // Only the eligible teacher can be chosen; the batch needs the covering letter's number.
    await expect(row(belum).getByTestId('kp-pilih')).toHaveCount(0);
    await row(siap).getByTestId('kp-pilih').check();
    await page.getByTestId('kp-usulkan').click();
    await page.getByTestId('kp-usulan-simpan').click();
    await expect(page.getByTestId('kp-usulan-error')).toHaveText('Nomor Surat tidak boleh Kosong');
    // At its field too, the cursor in it.
    await expect(page.locator('#kp_usulan_nomor_surat')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#kp_usulan_nomor_surat')).toBeFocused();
    await page.getByTestId('kp-usulan-nomor').fill(`800.1.3.2/${seq}/DIKBUD/2026`);
    await page.getByTestId('kp-usulan-simpan').click();
    await expect(page.locator('.ant-message')).toContainText('1 guru diusulkan kenaikan pangkatnya');
    await expect(row(siap).getByTestId('kp-usul-status')).toHaveText('Diusulkan');
    const batch = page.getByTestId('kp-batch').filter({ hasText: `800.1.3.2/${seq}/DIKBUD/2026` });
    await expect(batch).toContainText(siap);

    // The covering letter opens in the document page.
    const [letter] = await Promise.all([
      page.context().waitForEvent('page'),
      batch.getByTestId('kp-surat-pdf').click(),
    ]);
    await expect(letter).toHaveURL(/\/berkas\?/);
    await letter.close();

    // A controlled box: it shows the saved state once the server answered.
    await batch.getByTestId('kp-dok-skp').click();
    await expect(batch.getByTestId('kp-dok-skp')).toBeChecked();
    await batch.getByTestId('kp-tetapkan').click();
    await page.getByTestId('kp-sk-nomor').fill(`800.1.3/KP-${seq}/BKN/2026`);
    // The project's date input: typed and confirmed with Enter (its calendar closes).
    await typeDate(page, page.getByTestId('kp-sk-tanggal'), addMonths(periode, -1));
    await settled(page);
    await page.screenshot({ path: `test-results/kenaikan-pangkat-sk-${size.name}.png` });
    await page.getByTestId('kp-sk-simpan').click();
    await expect(page.locator('.ant-message')).toContainText('SK kenaikan pangkat dicatat');
    await expect(batch.getByTestId('kp-batch-status')).toHaveText('Ditetapkan');
    await settled(page);
    await page.screenshot({ path: `test-results/kenaikan-pangkat-batch-${size.name}.png`, fullPage: true });

    // Decided: the new rank's TMT takes the teacher out of the period's list.
    await expect(row(siap)).toHaveCount(0);
    // The teacher's record has the new rank; the detail page names the next promotion.
    await batch.getByRole('link', { name: siap }).click();
    await expect(page.getByTestId('guru-kp-card')).toContainText('III/c → III/d');
  });
}
