// Signing through BSrE in the browser (docs/domain/tanda-tangan.md): a server with SIGNER=bsre and
// the BSrE simulator beside it (e2e/fixtures.ts `bsreServer`). The officials page reads each
// certificate from BSrE and registers an official by NIK; TTD KGB asks the BSrE passphrase or a
// BeSign TOTP, says a refusal in the office's words and signs; pdfsig validates the file; the
// public check shows BSrE's verification. At 1366×768 and 390×844.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { DokumenInfo, KgbDueItem, SuratKgb } from '../contract/kgb.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import { test as base, expect, ADMIN, apiLogin, signedIn } from './fixtures.ts';
import { apiGet, settled } from './guru-helpers.ts';

const test = base.extend({ baseURL: async ({ bsreServer }, use) => use(bsreServer) });

const DEMO_OFFICIAL = 'Dr. Abdullah Sangaji, M.Pd.';
const BSRE_PASSPHRASE = 'ttd-demo-2026';
const BESIGN_TOTP = '246810';
/** The simulator's seal (server/test/bsre-simulator.ts SIMULATOR_SEALS), configured by scripts/e2e-server.mjs. */
const SEAL_NAME = 'Dinas Pendidikan Kota Ternate (segel uji)';
const SEAL_TOTP = '135790';

/** A teacher due for KGB whose letter is not made yet, verified through the API: the page signs it. */
async function verifiedLetter(
  request: APIRequestContext,
  skip: number[] = [],
): Promise<{ guruId: number; surat: SuratKgb }> {
  const due: KgbDueItem[] = [];
  for (let p = 1; p < 20; p++) {
    const pg = await apiGet<ApiPage<KgbDueItem>>(request, ADMIN, `kgb?page=${p}`);
    due.push(...pg.data);
    if (p >= pg.last_page) break;
  }
  // Verified data: a letter resting on unverified data asks the official to accept it first (kgb-periode.spec.ts shows that).
  const target = due.find(
    (r) => r.siap && r.status_surat === null && !r.terlambat && r.peringatan.length === 0 && !skip.includes(r.id),
  )!;
  expect(target, 'a due teacher without a letter').toBeTruthy();
  const { access_token } = await apiLogin(request, ADMIN);
  const res = await request.get(`/api/kgb/${target.id}/verifikasi`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { guruId: target.id, surat: (await res.json()).data as SuratKgb };
}

/** What pdfsig says of the signed letter (the simulator's CA is trusted when certutil is there). */
async function pdfsigOf(request: APIRequestContext, surat: SuratKgb): Promise<string> {
  const { access_token } = await apiLogin(request, ADMIN);
  const res = await request.get(`/api/kgb/surat/${surat.id}/pdf`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(res.status()).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'sidasek-e2e-bsre-'));
  const file = path.join(dir, 'surat.pdf');
  writeFileSync(file, await res.body());
  return execFileSync('pdfsig', [file], { encoding: 'utf8' });
}

async function signThroughModal(page: Page, mode: 'passphrase' | 'totp', wrong: string, right: string) {
  await page.getByTestId('kgb-ttd-button').click();
  const modal = page.locator('.kgb-sign-modal .ant-modal');
  await expect(modal.locator('.ant-modal-title')).toHaveText('TTD KGB');
  await expect(modal.getByTestId('kgb-bsre-note')).toContainText('tersertifikasi (BSrE)');
  await expect(modal).toContainText(
    'passphrase sertifikat elektronik BSrE pejabat atau kode TOTP dari aplikasi BeSign',
  );
  if (mode === 'totp') await modal.getByTestId('kgb-secret-mode').getByText('Kode TOTP dari aplikasi BeSign').click();
  const secret = modal.getByTestId('kgb-passphrase');
  await secret.fill(wrong);
  await modal.getByRole('button', { name: 'Tandatangani' }).click();
  await expect(modal.getByTestId('kgb-sign-error')).toHaveText(
    mode === 'totp'
      ? 'Kode TOTP salah atau sudah kedaluwarsa. Tanda tangan tidak dibuat.'
      : 'Passphrase salah. Tanda tangan tidak dibuat.',
  );
  await expect(secret).toHaveValue('');
  await settled(page);
  await page.screenshot({ path: `.tmp/screens/kgb-bsre-modal-${mode}.png` });
  await secret.fill(right);
  await secret.press('Enter');
  await expect(page.locator('.ant-message')).toContainText('Surat KGB berhasil ditandatangani', { timeout: 30_000 });
  await expect(page.getByTestId('kgb-signed')).toContainText('Sudah ditandatangani');
  await expect(page.getByTestId('kgb-bsre-note')).toContainText('tersertifikasi');
}

test.describe('KGB through BSrE', () => {
  test('1366×768: the officials page reads BSrE, an official is registered by NIK, TTD KGB with the BSrE passphrase, pdfsig and the public check', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signedIn(page, ADMIN, '/admin-side/pejabat-penandatangan');
    const table = page.getByTestId('pejabat-table');
    await expect(table.getByTestId('pejabat-status-bsre').first()).toContainText('ISSUE');
    await expect(table.getByTestId('pejabat-status-bsre').first()).toContainText(
      'Sertifikat aktif: dapat menandatangani',
    );
    // Registering by NIK: no key, no passphrase asked; the NIK is checked before it is sent.
    const form = page.getByTestId('pejabat-form');
    await expect(form.getByTestId('pejabat-bsre-info')).toBeVisible();
    await expect(form.getByLabel('Passphrase baru')).toHaveCount(0);
    await form.getByLabel('Nama lengkap dengan gelar').fill('Pejabat Belum Bersertifikat');
    await form.getByLabel('NIP').fill('197512102000031004');
    await form.getByLabel('Jabatan').fill('Sekretaris Dinas');
    await page.getByTestId('pejabat-submit').click();
    await expect(form).toContainText('NIK pejabat tidak boleh Kosong (tanda tangan melalui BSrE)');
    await form.getByTestId('pejabat-nik').fill('8271012305900005');
    await page.getByTestId('pejabat-submit').click();
    await expect(page.locator('.ant-message')).toContainText('Pejabat penandatangan berhasil didaftarkan');
    const row = table.locator('tbody tr.ant-table-row', { hasText: 'Pejabat Belum Bersertifikat' });
    await expect(row.getByTestId('pejabat-status-bsre')).toContainText('Belum memiliki sertifikat elektronik di BSrE');
    await expect(page.locator('body')).not.toContainText('8271012305900005');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-bsre-pejabat.png', fullPage: true });

    const { guruId, surat } = await verifiedLetter(page.request);
    await page.goto(`/admin-side/guru/verifikasi-kgb/${guruId}`);
    await expect(page.getByTestId('kgb-pejabat')).toHaveText(DEMO_OFFICIAL);
    await signThroughModal(page, 'passphrase', 'passphrase-keliru', BSRE_PASSPHRASE);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-bsre-signed.png', fullPage: true });
    const check = await pdfsigOf(page.request, surat);
    expect(check).toContain('Signature is Valid');
    expect(check).toContain(`Signer Certificate Common Name: ${DEMO_OFFICIAL}`);

    // The public check, without a login: BSrE's verification, the time in the office's zone.
    const anon = await browser.newContext({
      baseURL,
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
      viewport: { width: 1366, height: 768 },
    });
    const pub = await anon.newPage();
    await pub.goto(`/dokumen/${surat.kode_dokumen}`);
    const v = pub.getByTestId('dokumen-verifikasi');
    await expect(v).toContainText('Tanda tangan elektronik tersertifikasi (BSrE, BSSN)');
    await expect(pub.getByTestId('dokumen-verifikasi-penandatangan')).toHaveText(DEMO_OFFICIAL);
    // The demo office is in Maluku Utara: WIT, whatever the reader's own zone.
    await expect(pub.getByTestId('dokumen-verifikasi-waktu')).toHaveText(/^\d{1,2} \S+ \d{4} \d{2}\.\d{2} WIT$/);
    await expect(pub.getByTestId('dokumen-verifikasi-utuh')).toHaveText('Utuh: tidak berubah sejak ditandatangani');
    await expect(pub.getByTestId('dokumen-verifikasi-sertifikat')).toContainText(
      'Terpercaya: diterbitkan PSrE yang diakui',
    );
    await expect(pub.getByTestId('dokumen-verifikasi-kesimpulan')).toHaveText('VALID');
    await expect(pub.getByTestId('kgb-pp71-note')).toHaveCount(0);
    await pub.screenshot({ path: '.tmp/screens/kgb-bsre-dokumen.png', fullPage: true });
    const info = (await (await anon.request.get(`/api/dokumen/${surat.kode_dokumen}`)).json()).data as DokumenInfo;
    expect(info.verifikasi?.jenis).toBe('bsre');
    await anon.close();
  });

  test('390×844: TTD KGB with a TOTP from BeSign on a phone', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const { guruId, surat } = await verifiedLetter(page.request);
    await signedIn(page, ADMIN, `/admin-side/guru/verifikasi-kgb/${guruId}`);
    await expect(page.getByTestId('kgb-ttd-button')).toBeVisible();
    await signThroughModal(page, 'totp', '111111', BESIGN_TOTP);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-bsre-signed-phone.png', fullPage: true });
    expect(await pdfsigOf(page.request, surat)).toContain('Signature is Valid');
  });

  test("both sizes: a cancelled letter's notice to the payroll office is sealed with the office's seal, its TOTP typed in the dialog", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // Signed through BSrE (the official registered by the first test) and cancelled, through the API.
    const { guruId, surat } = await verifiedLetter(page.request);
    const { access_token } = await apiLogin(page.request, ADMIN);
    const headers = { authorization: `Bearer ${access_token}` };
    const signed = await page.request.post(`/api/kgb/${guruId}/signature`, {
      headers,
      data: { passphrase: BSRE_PASSPHRASE },
    });
    expect(signed.status(), await signed.text()).toBe(200);
    expect(
      (
        await page.request.post(`/api/kgb/surat/${surat.id}/batal`, {
          headers,
          data: { alasan: 'Salah golongan pada SK terakhir' },
        })
      ).status(),
    ).toBe(200);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size);
      await signedIn(page, ADMIN, `/admin-side/guru/verifikasi-kgb/${guruId}`);
      await page.getByTestId('kgb-pembatalan-button').click();
      const modal = page.locator('.kgb-sign-modal .ant-modal');
      await expect(modal.getByTestId('kgb-seal-note')).toContainText('Disegel dengan segel elektronik kantor (BSrE)');
      await expect(modal.getByTestId('kgb-secret-mode')).toHaveCount(0);
      const secret = modal.getByTestId('kgb-passphrase');
      await expect(secret).toHaveAttribute('placeholder', 'Kode TOTP segel (6 digit)');
      await secret.fill('000000');
      await modal.getByRole('button', { name: 'Segel dan unduh' }).click();
      await expect(modal.getByTestId('kgb-sign-error')).toHaveText(
        'Kode TOTP segel salah atau sudah kedaluwarsa. Dokumen belum disegel; minta kode aktivasi segel yang baru dari BSrE bila perlu.',
      );
      await expect(secret).toHaveValue('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await settled(page);
      await page.screenshot({ path: `.tmp/screens/kgb-bsre-segel-${size.width}.png` });
      await secret.fill(SEAL_TOTP);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        modal.getByRole('button', { name: 'Segel dan unduh' }).click(),
      ]);
      expect(await download.failure()).toBeNull();
      const check = execFileSync('pdfsig', [await download.path()], { encoding: 'utf8' });
      expect(check).toContain('Signature is Valid');
      expect(check).toContain(`Signer Certificate Common Name: ${SEAL_NAME}`);
      await expect(modal).toHaveCount(0);
    }
  });
});
