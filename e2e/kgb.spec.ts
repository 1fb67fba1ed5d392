import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ArsipKgbItem, DokumenInfo, KgbDueItem, Pejabat, SuratKgb } from '../contract/kgb.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import { test, expect, ADMIN, OPERATOR, apiLogin, signedIn } from './fixtures.ts';
import { apiAddGuru, apiCall, apiGet, choose, expectFitsPhone, settled } from './guru-helpers.ts';

// Demo data (README): PNS teachers due for KGB within two months, and one active signing official.
const DEMO_OFFICIAL = 'Dr. Abdullah Sangaji, M.Pd.';
const DEMO_PASSPHRASE = 'ttd-demo-2026';

/** The text of a PDF as poppler's pdftotext reads it (whitespace folded). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sidasek-e2e-'));
  writeFileSync(path.join(dir, 'surat.pdf'), bytes);
  return execFileSync('pdftotext', ['-layout', path.join(dir, 'surat.pdf'), '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
}

type User = { username: string; password: string };

/** Every row of the due list the user sees. */
async function dueList(request: APIRequestContext, user: User, query = ''): Promise<KgbDueItem[]> {
  const out: KgbDueItem[] = [];
  for (let p = 1; p < 30; p++) {
    const pg = await apiGet<ApiPage<KgbDueItem>>(request, user, `kgb?page=${p}${query}`);
    out.push(...pg.data);
    if (p >= pg.last_page) break;
  }
  return out;
}

/**
 * Moves a teacher's last KGB decree 25 months back (the record drives the letter): the
 * next TMT is then a month overdue. The administrator corrects the verified row in Riwayat KGB.
 */
async function makeOverdue(request: APIRequestContext, id: number): Promise<void> {
  const rows = await apiGet<
    ApiPage<Record<string, unknown> & { id: number; dari_surat: boolean; ttgl_kgb: string | null }>
  >(request, ADMIN, `riwkgb?id_guru=${id}&page=1`);
  const decree = rows.data
    .filter((r) => !r.dari_surat && r.ttgl_kgb)
    .sort((a, b) => String(b.ttgl_kgb).localeCompare(String(a.ttgl_kgb)))[0]!;
  const d = new Date();
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 25, 1)).toISOString().slice(0, 10);
  const fields = ['no_kgb', 'perihal', 'gpl_kgb', 'gol_kgb', 'nosk_kgb', 'tglsk_kgb', 'mkg_tahun', 'mkg_bulan'];
  const multipart: Record<string, string> = Object.fromEntries(
    fields.filter((f) => decree[f] != null).map((f) => [f, String(decree[f])]),
  );
  multipart.ttgl_kgb = last;
  const { access_token } = await apiLogin(request, ADMIN);
  const res = await request.post(`/api/updateriwkgb/${decree.id}`, {
    headers: { authorization: `Bearer ${access_token}` },
    multipart,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const rowOf = (table: Locator, text: string) => table.locator('tbody tr.ant-table-row', { hasText: text });

/** The PDF viewer drew its first page with pdf.js (a canvas inside the viewer). */
async function expectRenderedPdf(page: Page) {
  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'rendered', { timeout: 20_000 });
  const canvas = viewer.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await viewer.boundingBox())!;
  expect(Math.round(box.height)).toBe(800);
  const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
  expect(size.w).toBeGreaterThan(300);
  expect(size.h).toBeGreaterThan(size.w);
  // The page is not blank: some pixels are dark (text).
  const dark = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 1]! < 100 && data[i + 2]! < 100) n++;
    return n;
  });
  expect(dark).toBeGreaterThan(1000);
}

/** The confirmation dialog of SPEC §4 with its exact texts. */
async function expectConfirmDialog(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Apakah Anda Yakin?');
  await expect(dialog.getByRole('button', { name: 'Ya,Saya Yakin' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Tidak,Batalkan' })).toBeVisible();
  return dialog;
}

const storedText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);

test.describe('KGB', () => {
  test('administrator: due list → Buat KGB → verify → sign → archive → Riwayat KGB → public check', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    // pdf.js must run in its worker under the app's CSP: no violations, no fallback to a fake worker.
    const pdfProblems: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|fake worker|pdf\.worker/i.test(m.text())) pdfProblems.push(m.text());
    });
    const before = await dueList(page.request, ADMIN);
    expect(before.length).toBeGreaterThan(2);
    // The operator's school keeps its due teacher for the operator test.
    // PNS teachers (golongan ruang such as III/b): the PPPK and CPNS letters have their own tests.
    // Verified data: a letter resting on unverified data asks the official to accept it (kgb-periode.spec.ts shows that).
    const open = before.filter(
      (r) =>
        r.siap &&
        r.status_surat === null &&
        !r.terlambat &&
        r.sekolah.nama_sekolah !== OPERATOR.school &&
        /\//.test(r.golongan ?? '') &&
        r.peringatan.length === 0,
    );
    const target = open[0]!;
    const late = open[open.length - 1]!;
    expect(late.id).not.toBe(target.id);
    await makeOverdue(page.request, late.id);
    const due = await dueList(page.request, ADMIN);
    const lateNow = due.find((r) => r.id === late.id)!;
    expect(lateNow.terlambat).toBe(true);
    expect(lateNow.sisa_hari).toBeLessThan(0);

    // Due list: rows and their tags from the structured fields (overdue first: ordered by TMT).
    await signedIn(page, ADMIN, '/admin-side/guru/akan-kgb');
    await expect(page.getByRole('heading', { name: 'Data Guru Akan KGB' })).toBeVisible();
    const table = page.getByTestId('kgb-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(Math.min(10, due.length));
    const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(headers).toEqual(['No', 'NIP', 'Nama', 'JK', 'Sekolah', 'Golongan', 'TMT KGB', 'Keterangan', 'Aksi']);
    await expect(page.getByTestId('kgb-total')).toHaveText(`${due.length} guru`);
    for (const r of due.slice(0, 10)) {
      const row = rowOf(table, r.nip!);
      await expect(row).toContainText(r.nama);
      if (r.siap)
        await expect(row.getByTestId('kgb-due-tag')).toHaveText(
          r.terlambat ? `Terlambat ${-r.sisa_hari} hari` : r.sisa_hari === 0 ? 'Hari ini' : `${r.sisa_hari} hari lagi`,
        );
      // A teacher added without decrees (guru.spec.ts) is not ready: the reason, not a day count.
      else await expect(row.getByTestId('kgb-belum-siap')).toContainText(r.belum_siap!);
    }
    await expect(table).not.toContainText('<br');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-due-list.png', fullPage: true });

    // The teacher made overdue, found by NIP: teachers other specs of this worker made (older TMTs,
    // first in the order) may have pushed them past the first page.
    await page.getByTestId('kgb-search').locator('input').fill(lateNow.nip!);
    await page.getByTestId('kgb-search').locator('input').press('Enter');
    await expect(rows).toHaveCount(1);
    const lateRow = rowOf(table, lateNow.nip!);
    await expect(lateRow.getByTestId('kgb-due-tag')).toHaveText(`Terlambat ${-lateNow.sisa_hari} hari`);
    await expect(lateRow.getByTestId('kgb-due-tag')).toHaveClass(/ant-tag-red/);
    await expect(lateRow.getByTestId('kgb-buat-button')).toBeVisible();

    // Search by NIP, then Buat KGB.
    await page.getByTestId('kgb-search').locator('input').fill(target.nip!);
    await page.getByTestId('kgb-search').locator('input').press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(target.nama);
    await rows.first().getByTestId('kgb-buat-button').click();
    await expect(page).toHaveURL(new RegExp(`/admin-side/guru/buat-kgb/${target.id}$`));
    await expect(page.getByTestId('kgb-guru')).toContainText(target.nip!);
    await expectRenderedPdf(page);
    const rencana = page.getByTestId('kgb-rencana');
    await expect(rencana).toContainText(/Rp \d{1,3}(\.\d{3})+/);
    await expect(rencana).toContainText('PP');
    await expect(page.getByTestId('kgb-status-tag')).toHaveText('Draf');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-buat.png', fullPage: true });

    // Verifikasi KGB: cancel first, then confirm.
    await page.getByTestId('kgb-verify-button').click();
    let dialog = await expectConfirmDialog(page);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-confirm.png' });
    await dialog.getByRole('button', { name: 'Tidak,Batalkan' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/buat-kgb\//);
    await page.getByTestId('kgb-verify-button').click();
    dialog = await expectConfirmDialog(page);
    await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    // The next step is offered on the page: sign now, or back to the due list.
    await expect(page.getByTestId('kgb-verified')).toContainText('Surat KGB berhasil diverifikasi');
    await page.getByTestId('kgb-back-to-list').click();
    await expect(page).toHaveURL(/\/admin-side\/guru\/akan-kgb$/);

    // Back on the due list: the row waits for the signature.
    await page.getByTestId('kgb-search').locator('input').fill(target.nip!);
    await page.getByTestId('kgb-search').locator('input').press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('kgb-waiting-tag')).toHaveText('Menunggu TTD');
    await expect(rows.first().getByTestId('kgb-buat-button')).toHaveCount(0);

    await rows.first().getByTestId('kgb-ttd-button').click();
    await expect(page).toHaveURL(new RegExp(`/admin-side/guru/verifikasi-kgb/${target.id}$`));

    // Buat KGB again shows the verified letter and links to the sign page.
    await page.goto(`/admin-side/guru/buat-kgb/${target.id}`);
    await expect(page.getByTestId('kgb-already-verified')).toBeVisible();
    await expect(page.getByTestId('kgb-verify-button')).toHaveCount(0);
    await page.getByTestId('kgb-to-sign').click();
    await expect(page).toHaveURL(new RegExp(`/admin-side/guru/verifikasi-kgb/${target.id}$`));

    // Sign page: wrong passphrase, then the right one.
    await expectRenderedPdf(page);
    await expect(page.getByTestId('kgb-pp71-note')).toContainText('PP 71/2019');
    await expect(page.getByTestId('kgb-pp71-note')).toContainText('tidak tersertifikasi');
    await expect(page.getByTestId('kgb-pejabat')).toHaveText(DEMO_OFFICIAL);
    // TTD KGB is in view on a laptop screen without scrolling (it once sat under the hashes).
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const ttd = await page.getByTestId('kgb-ttd-button').boundingBox();
    expect(ttd!.y + ttd!.height).toBeLessThanOrEqual(768);
    await page.getByTestId('kgb-ttd-button').click();
    const modal = page.locator('.kgb-sign-modal .ant-modal');
    await expect(modal.locator('.ant-modal-title')).toHaveText('TTD KGB');
    await expect(modal).toContainText('PP 71/2019');
    const pass = modal.getByTestId('kgb-passphrase');
    await pass.fill('passphrase-keliru');
    await modal.getByRole('button', { name: 'Tandatangani' }).click();
    // The passphrase is found wrong only when the server opens the official's key, the same work a
    // signature starts with: the refusal gets the signature's time below.
    await expect(modal.getByTestId('kgb-sign-error')).toHaveText('Passphrase salah. Tanda tangan tidak dibuat.', {
      timeout: 20_000,
    });
    await expect(pass).toHaveValue('');
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-sign-modal.png' });
    await pass.fill(DEMO_PASSPHRASE);
    await pass.press('Enter');
    await expect(page.locator('.ant-message')).toContainText('Surat KGB berhasil ditandatangani', { timeout: 20_000 });
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('kgb-signed')).toContainText('Sudah ditandatangani');
    await expect(page.getByTestId('kgb-status-tag')).toHaveText('Sudah ditandatangani');
    await expect(page.getByTestId('kgb-ttd-button')).toHaveCount(0);
    await expect(page.getByTestId('kgb-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    await expectRenderedPdf(page);
    // The passphrase was kept nowhere in the browser.
    expect(await storedText(page)).not.toContain(DEMO_PASSPHRASE);
    const nomor = (await page.getByTestId('kgb-nomor').textContent())!.trim();
    const kode = (await page.getByTestId('kgb-kode').textContent())!.trim();
    expect(kode).toMatch(/^KGB-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-signed.png', fullPage: true });

    expect(pdfProblems).toEqual([]);

    // The teacher left the due list.
    await page.goto('/admin-side/guru/akan-kgb');
    await page.getByTestId('kgb-search').locator('input').fill(target.nip!);
    await page.getByTestId('kgb-search').locator('input').press('Enter');
    await expect(table).toContainText('Data Kosong');

    // Archive: the letter with the SPEC columns, 'Lihat KGB' opens the sign page.
    await page.getByTestId('main-menu').getByText('Arsip KGB').click();
    await expect(page).toHaveURL(/\/admin-side\/guru\/arsip-kgb$/);
    const arsip = page.getByTestId('arsip-table');
    // The archive's screen loads on demand: its headers are read once the table is there.
    await expect(arsip.locator('thead th').first()).toBeVisible();
    const arsipHeaders = (await arsip.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(arsipHeaders).toEqual([
      'No',
      'NIP',
      'Nama / Tanggal lahir',
      'Pangkat-Golongan',
      'Jabatan',
      'TMT KGB',
      'Nomor surat',
      'Aksi',
    ]);
    const arsipRow = rowOf(arsip, nomor);
    await expect(arsipRow).toHaveCount(1);
    await expect(arsipRow).toContainText(target.nip!);
    await expect(arsipRow).toContainText(target.nama);
    await expect(arsipRow).toContainText(`(${target.golongan})`);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-archive.png', fullPage: true });
    await arsipRow.getByTestId('kgb-lihat-link').click();
    await expect(page).toHaveURL(new RegExp(`/admin-side/guru/verifikasi-kgb/${target.id}$`));
    await expect(page.getByTestId('kgb-signed')).toContainText('Sudah ditandatangani');
    await expect(page.getByTestId('kgb-nomor')).toHaveText(nomor);

    // From the simple layout the archive's Lihat KGB stays in the simple layout.
    await page.goto('/admin-simple/guru/arsip-kgb');
    const lihat = rowOf(page.getByTestId('arsip-table'), nomor).getByTestId('kgb-lihat-link');
    await expect(lihat).toHaveAttribute('href', `/admin-simple/guru/verifikasi-kgb/${target.id}`);
    await lihat.click();
    await expect(page).toHaveURL(new RegExp(`/admin-simple/guru/verifikasi-kgb/${target.id}$`));
    await expect(page.getByTestId('kgb-signed')).toContainText('Sudah ditandatangani');

    // The teacher's Riwayat KGB tab lists the new row.
    await page.goto(`/admin-side/guru/detail-guru/${target.id}`);
    await page.getByRole('tab', { name: 'Riwayat KGB', exact: true }).click();
    const riw = page.getByTestId('record-tab-riwkgb').getByTestId('record-table');
    const signedRow = riw.locator('tbody tr.ant-table-row', { hasText: nomor });
    await expect(signedRow).toHaveCount(1);
    // The row the signature wrote is the server's: marked, without Edit or Hapus.
    await expect(signedRow.getByTestId('record-from-letter')).toHaveText('Dari surat KGB');
    await expect(signedRow.getByTestId('record-edit')).toHaveCount(0);
    await expect(signedRow.getByTestId('record-delete')).toHaveCount(0);
    await expect(signedRow).toContainText('Terverifikasi');

    // The signed PDF, fetched with the administrator's token.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? sessionStorage.getItem('user') ?? '{}').access_token as string,
    );
    const surat = await apiGet<SuratKgb>(page.request, ADMIN, `kgb/${target.id}/surat`);
    const pdfRes = await page.request.get(surat.pdfLink, { headers: { authorization: `Bearer ${token}` } });
    expect(pdfRes.status()).toBe(200);
    const signedPdf = await pdfRes.body();
    expect(signedPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Public page, without a session: signer, and whether an uploaded copy matches.
    const anon = await browser.newContext({
      baseURL,
      locale: 'id-ID',
      timezoneId: 'Asia/Jayapura',
      viewport: { width: 1280, height: 800 },
    });
    try {
      const pub = await anon.newPage();
      await pub.goto(`/dokumen/${kode}`);
      const info = pub.getByTestId('dokumen-info');
      await expect(info).toContainText(nomor);
      await expect(pub.getByTestId('dokumen-penandatangan')).toContainText(DEMO_OFFICIAL);
      await expect(info).toContainText('Sudah ditandatangani');
      await expect(info).toContainText(target.nama);
      await expect(info).not.toContainText(target.nip!);
      await expect(pub.getByTestId('dokumen-sha256')).toHaveText(surat.signed_sha256!);
      // What a reader compares with a paper copy: the issuing office, the new salary, the time as the letter prints it (office zone, labelled).
      await expect(pub.getByTestId('dokumen-instansi')).toHaveText(
        'Dinas Pendidikan dan Kebudayaan Provinsi Maluku Utara',
      );
      await expect(pub.getByTestId('dokumen-gaji')).toHaveText(/^Rp \d{1,3}(\.\d{3})+/);
      await expect(pub.getByTestId('dokumen-waktu')).toHaveText(/^\d{1,2} \S+ \d{4} \d{2}\.\d{2} WIT$/);
      // The signed letter as the official reads it: functional position, amounts with their decimals, regulations by full name, dated.
      const letterText = pdfText(signedPdf);
      expect(letterText).toMatch(/Jabatan\s*:\s*Guru Ahli (Pertama|Muda|Madya|Utama)/);
      expect(letterText).toMatch(/Rp\d{1,3}(\.\d{3})+,00/);
      expect(letterText).toContain(
        'Peraturan Pemerintah Nomor 7 Tahun 1977 tentang Peraturan Gaji Pegawai Negeri Sipil',
      );
      expect(letterText).not.toContain('(PP 5/2024)');
      expect(letterText).toMatch(/Sofifi, \d{1,2} \S+ \d{4}/);
      const upload = pub.getByTestId('dokumen-upload').locator('input[type=file]');
      await upload.setInputFiles({ name: `kgb-${kode}.pdf`, mimeType: 'application/pdf', buffer: signedPdf });
      await expect(pub.getByTestId('dokumen-cek-hasil')).toContainText('Salinan sama persis');
      await expect(pub.getByTestId('dokumen-cek-hasil')).toHaveClass(/ant-alert-success/);
      await settled(pub);
      await pub.screenshot({ path: '.tmp/screens/kgb-public.png', fullPage: true });
      const tampered = Buffer.from(signedPdf);
      const mid = Math.floor(tampered.length / 2);
      tampered[mid] = tampered[mid]! ^ 1;
      await upload.setInputFiles({ name: 'salinan.pdf', mimeType: 'application/pdf', buffer: tampered });
      await expect(pub.getByTestId('dokumen-cek-hasil')).toContainText('Salinan TIDAK sama');
      await expect(pub.getByTestId('dokumen-cek-hasil')).toHaveClass(/ant-alert-error/);

      // An unknown code, and the code form of /dokumen.
      await pub.goto('/dokumen/KGB-AAAA-AAAA');
      await expect(pub.getByTestId('dokumen-error')).toContainText('Dokumen dengan kode ini tidak ditemukan');
      await pub.goto('/dokumen');
      await pub.getByTestId('dokumen-kode-input').locator('input').fill(kode.toLowerCase());
      await pub.getByTestId('dokumen-kode-input').locator('input').press('Enter');
      await expect(pub).toHaveURL(new RegExp(`/dokumen/${kode}$`));
      await expect(pub.getByTestId('dokumen-info')).toContainText(nomor);
    } finally {
      await anon.close();
    }

    // The API agrees: archive row and public facts.
    const archive = await apiGet<ApiPage<ArsipKgbItem>>(page.request, ADMIN, 'arsip/kgb?page=1');
    expect(archive.data.some((a) => a.kode_dokumen === kode && a.guru_id === target.id)).toBe(true);
    const pubInfo = await apiGet<DokumenInfo>(page.request, ADMIN, `dokumen/${kode}`);
    expect(pubInfo.penandatangan?.nama).toBe(DEMO_OFFICIAL);
  });

  test('due list: the level filter and the search live in the URL and survive opening a teacher', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/guru/akan-kgb');
    const table = page.getByTestId('kgb-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.getByTestId('kgb-filter-bp').click();
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/kgb?') && new URL(r.url()).searchParams.get('bentuk_pendidikan') === 'SMA',
    );
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: /^SMA$/ })
      .click();
    await expect(page).toHaveURL(/\/akan-kgb\?bp=SMA$/);
    await filtered;
    await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
    // The count shown once the filtered page has been drawn (read too early it is the unfiltered one).
    await expect(page.getByTestId('kgb-total')).toHaveText(
      `${(await dueList(page.request, ADMIN, '&bentuk_pendidikan=SMA')).length} guru`,
    );
    const total = await page.getByTestId('kgb-total').innerText();
    await table.getByTestId('kgb-guru-link').first().click();
    await expect(page).toHaveURL(/\/detail-guru\//);
    await page.goBack();
    await expect(page).toHaveURL(/\/akan-kgb\?bp=SMA$/);
    await expect(page.getByTestId('kgb-filter-bp')).toContainText('SMA');
    await expect(page.getByTestId('kgb-total')).toHaveText(total);
  });

  test('due list: education-form filter, search by name, and the connection message', async ({ page }) => {
    const smk = await dueList(page.request, ADMIN, '&bentuk_pendidikan=SMK');
    await signedIn(page, ADMIN, '/admin-simple/guru/akan-kgb');
    const table = page.getByTestId('kgb-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await page.getByTestId('kgb-filter-bp').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    // Only the levels the office manages (the demo office is a province's).
    await expect(options).toHaveText(['Semua', 'SMA', 'SMK', 'SLB']);
    await options.filter({ hasText: /^SMK$/ }).click();
    await expect(page.getByTestId('kgb-total')).toHaveText(`${smk.length} guru`);
    if (smk.length) {
      await expect(rows).toHaveCount(Math.min(10, smk.length));
      await expect(rows.first()).toContainText(smk[0]!.nama);
      // Buat KGB stays in the current layout.
      await expect(
        rows.first().getByTestId('kgb-buat-button').or(rows.first().getByTestId('kgb-ttd-button')),
      ).toBeVisible();
    } else {
      await expect(table).toContainText('Data Kosong');
    }

    // Search by a part of a name.
    const all = await dueList(page.request, ADMIN);
    // A teacher whose letter can be made now: other tests may add due teachers whose TMT falls
    // before the oldest salary table (PP 5/2024), whose letter the server rightly refuses.
    let someone: (typeof all)[number] | undefined;
    const { access_token } = await apiLogin(page.request, ADMIN);
    for (const r of all.filter((x) => x.status_surat === null)) {
      const res = await page.request.get(`/api/kgb/${r.id}/pdf`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      if (res.status() === 200) {
        someone = r;
        break;
      }
    }
    if (!someone) throw new Error('no teacher whose KGB letter can be made');
    const part = someone.nama.split(' ').slice(0, 2).join(' ');
    const expected = (await dueList(page.request, ADMIN, `&cari=${encodeURIComponent(part)}`)).length;
    expect(expected).toBeLessThanOrEqual(10);
    await page.getByTestId('kgb-filter-bp').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Semua' })
      .click();
    await page.getByTestId('kgb-search').locator('input').fill(part);
    await page.getByTestId('kgb-search').locator('input').press('Enter');
    await expect(page.getByTestId('kgb-total')).toHaveText(`${expected} guru`);
    await expect(rows.filter({ hasText: someone.nama }).first()).toBeVisible();
    const buat = rowOf(table, someone.nip!).getByTestId('kgb-buat-button');
    await buat.click();
    await expect(page).toHaveURL(new RegExp(`/admin-simple/guru/buat-kgb/${someone.id}$`));
    await expect(page.getByTestId('kgb-verify-button')).toBeVisible();

    // Non-200 and a broken connection: 'check your connection'.
    const dueCall = /\/api\/kgb\?/;
    await page.route(dueCall, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ diagnostic: { status: 500, message: 'x' }, data: null }),
      }),
    );
    await page.goto('/admin-simple/guru/akan-kgb');
    await expect(page.getByTestId('kgb-load-error')).toHaveText('check your connection');
    await page.unroute(dueCall);
    await page.route(dueCall, (route) => route.abort());
    await page.reload();
    await expect(page.getByTestId('kgb-load-error')).toHaveText('check your connection');
    // No 'Data Kosong' after a failure, but a way to try again.
    await expect(table.getByTestId('list-failed')).toContainText('Gagal memuat data.');
    await expect(table).not.toContainText('Data Kosong');
    await page.screenshot({ path: '.tmp/screens/list-failed.png' });
    await page.unroute(dueCall);
    await table.getByRole('button', { name: 'Muat ulang' }).click();
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.getByTestId('kgb-load-error')).toHaveCount(0);
  });

  test('operator: own school only, no buttons; Buat KGB refused', async ({ page }) => {
    const mine = await dueList(page.request, OPERATOR);
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) expect(r.sekolah.nama_sekolah).toBe(OPERATOR.school);
    await signedIn(page, OPERATOR, '/operator-side/guru/akan-kgb');
    await expect(page.getByRole('heading', { name: 'Data Guru Akan KGB' })).toBeVisible();
    const table = page.getByTestId('kgb-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(page.getByTestId('kgb-total')).toHaveText(`${mine.length} guru`);
    await expect(rows).toHaveCount(Math.min(10, mine.length));
    for (const text of await rows.locator('td:nth-child(5)').allTextContents()) expect(text).toBe(OPERATOR.school);
    await expect(rows.first().locator('[data-testid=kgb-due-tag], [data-testid=kgb-belum-siap]').first()).toBeVisible();
    const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(headers).not.toContain('Aksi');
    await expect(page.getByTestId('kgb-buat-button')).toHaveCount(0);
    await expect(page.getByTestId('kgb-ttd-button')).toHaveCount(0);
    await expect(page.getByTestId('main-menu').getByText('Pejabat Penandatangan')).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-due-list-operator.png', fullPage: true });

    const anyDue = (await dueList(page.request, ADMIN))[0]!;
    await page.goto(`/admin-side/guru/buat-kgb/${anyDue.id}`);
    await expect(page).toHaveURL(/\/permission$/);
    await page.goto(`/admin-side/guru/verifikasi-kgb/${anyDue.id}`);
    await expect(page).toHaveURL(/\/permission$/);
  });

  test('not ready: a teacher without a verified decree is listed with the reason and a way to the record', async ({
    page,
  }) => {
    // A PNS teacher added without any decree (CPNS March 2015 in the NIP, so long due).
    const seq = String(Date.now()).slice(-3);
    const nama = `Belum Ada SK ${seq}`;
    const id = await apiAddGuru(page.request, '60200412', {
      nama,
      tgl_lahir: '1991-05-07',
      nip: `199105072015031${seq}`,
      jenis_kelamin: 'Laki-laki',
      golongan: 'III/a',
    });

    await signedIn(page, ADMIN, '/admin-side/guru/akan-kgb');
    await page.getByTestId('kgb-search').locator('input').fill(nama);
    await page.getByTestId('kgb-search').locator('input').press('Enter');
    const row = rowOf(page.getByTestId('kgb-table'), nama);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('kgb-belum-siap')).toContainText('Belum siap');
    await expect(row.getByTestId('kgb-belum-siap')).toContainText(
      'Belum ada SK KGB atau SK kenaikan pangkat yang terverifikasi',
    );
    // No day count that means nothing ("Terlambat 3556 hari"), no Buat KGB that fails later.
    await expect(row.getByTestId('kgb-due-tag')).toHaveCount(0);
    await expect(row.getByTestId('kgb-buat-button')).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-belum-siap.png', fullPage: true });
    await row.getByTestId('kgb-lengkapi-link').click();
    await expect(page).toHaveURL(new RegExp(`/admin-side/guru/detail-guru/${id}\\?tab=riwkgb$`));
    await expect(page.getByRole('tab', { name: 'Riwayat KGB', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('record-tab-riwkgb')).toBeVisible();
  });

  test('a rating below Baik for the years of the increase: the due list says so, on the phone too', async ({
    page,
  }) => {
    // The demo data rates some KGB teachers Butuh Perbaikan last year; otherwise one is rated Kurang here.
    let target = (await dueList(page.request, ADMIN)).find((r) => r.catatan_skp);
    if (!target) {
      const candidate = (await dueList(page.request, ADMIN)).find((r) => r.siap && r.nip)!;
      // The two calendar years before the TMT (docs/domain/kenaikan-pangkat.md); the older one, which the demo data leaves unrated less often.
      const tahun = Number(candidate.tmt_kgb.slice(0, 4)) - 2;
      const rated = await apiGet<ApiPage<{ tahun: number; periode: string }>>(
        page.request,
        ADMIN,
        `riwskp?id_guru=${candidate.id}&page=1`,
      );
      const y = rated.data.some((r) => r.tahun === tahun && r.periode === 'Tahunan') ? tahun + 1 : tahun;
      await apiCall(page.request, ADMIN, 'POST', 'riwskp', {
        guru_id: candidate.id,
        tahun: y,
        periode: 'Tahunan',
        predikat: 'Kurang',
        penilai: 'Kepala Sekolah',
      });
      target = (await dueList(page.request, ADMIN, `&cari=${candidate.nip}`)).find((r) => r.id === candidate.id);
    }
    expect(target?.catatan_skp, 'a due teacher with a rating below Baik').toMatch(
      /^Predikat SKP \d{4}: (Butuh Perbaikan|Kurang|Sangat Kurang)/,
    );
    const note = target!.catatan_skp!;
    for (const size of [
      { width: 1366, height: 768, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signedIn(page, ADMIN, `/admin-side/guru/akan-kgb?q=${encodeURIComponent(target!.nip ?? target!.nama)}`);
      const row = rowOf(page.getByTestId('kgb-table'), target!.nama);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('kgb-catatan-skp')).toBeVisible();
      await expect(row.getByTestId('kgb-catatan-skp')).toHaveText(`Periksa SKP${note}`);
      // Only that teacher's row carries it.
      await expect(page.getByTestId('kgb-catatan-skp')).toHaveCount(1);
      await settled(page);
      await page.screenshot({ path: `.tmp/screens/kgb-catatan-skp-${size.name}.png`, fullPage: true });
      if (size.name === 'phone') await expectFitsPhone(page);
    }
    // The letter page says it too before the letter is verified.
    if (target!.siap && target!.status_surat === null) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto(`/admin-side/guru/buat-kgb/${target!.id}`);
      await expect(page.getByTestId('kgb-catatan-skp')).toContainText(note);
      await settled(page);
      await page.screenshot({ path: '.tmp/screens/kgb-catatan-skp-buat.png' });
    }
  });

  test('a promotion verified in Kepangkatan changes the next letter (golongan and salary)', async ({ page }) => {
    const due = await dueList(page.request, ADMIN);
    const target =
      due.find(
        (r) =>
          r.siap && r.status_surat === null && r.sekolah.nama_sekolah !== OPERATOR.school && r.golongan === 'III/b',
      ) ??
      due.find(
        (r) =>
          r.siap &&
          r.status_surat === null &&
          r.sekolah.nama_sekolah !== OPERATOR.school &&
          /^III\/[abc]$/.test(r.golongan ?? ''),
      )!;
    expect(target).toBeTruthy();
    await signedIn(page, ADMIN, `/admin-side/guru/buat-kgb/${target.id}`);
    const rencana = page.getByTestId('kgb-rencana');
    await expect(rencana).toContainText(target.golongan!);
    const before = await page.getByTestId('kgb-gaji-baru').textContent();

    // The promotion, added by the administrator (verified at once), one month after the last KGB.
    const next = { 'III/a': 'III/b', 'III/b': 'III/c', 'III/c': 'III/d' }[target.golongan as 'III/a']!;
    const decrees = await apiGet<ApiPage<{ ttgl_kgb: string | null; mkg_tahun: number }>>(
      page.request,
      ADMIN,
      `riwkgb?id_guru=${target.id}&page=1`,
    );
    const last = decrees.data
      .map((d) => d.ttgl_kgb)
      .filter(Boolean)
      .sort()
      .at(-1)!;
    const [y, m] = last.split('-').map(Number) as [number, number];
    const promotionTmt = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const sk = `821.2/E2E-${Date.now().toString(36)}/BKD`;
    await apiCall(page.request, ADMIN, 'POST', 'riwpangkat', {
      guru_id: target.id,
      golongan: next,
      riw_pangkat_sk: sk,
      riw_pangkat_sktgl: promotionTmt,
      riw_pangkat_pejabat: 'Gubernur Maluku Utara',
      riw_pangkat_thn: decrees.data[0]!.mkg_tahun,
      riw_pangkat_bln: 1,
      riw_pangkat_tmt: promotionTmt,
    });

    await page.reload();
    await expect(rencana).toContainText(next);
    await expect(page.getByTestId('kgb-gaji-baru')).not.toHaveText(before!);
    await expectRenderedPdf(page);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-buat-promosi.png', fullPage: true });
    const pdf = await apiGet<{ rencana: { golongan: string } }>(page.request, ADMIN, `kgb/${target.id}/pdf`);
    expect(pdf.rencana.golongan).toBe(next);
  });

  test('a PPPK letter: golongan IX from the appointment decree, the Perpres 11/2024 table, NI PPPK on the letter', async ({
    page,
  }) => {
    // Demo data: a PPPK IX teacher appointed 23 months ago, first KGB due next month.
    const due = await dueList(page.request, ADMIN);
    const target = due.find((r) => r.siap && r.golongan === 'IX' && r.status_surat === null);
    expect(target, 'a demo PPPK teacher due without a letter').toBeTruthy();
    await signedIn(page, ADMIN, `/admin-side/guru/buat-kgb/${target!.id}`);
    const rencana = page.getByTestId('kgb-rencana');
    await expect(rencana).toContainText('IX');
    await expect(rencana).toContainText('Perpres 11/2024');
    // MKG 0 → 2: Rp3.203.600 → Rp3.304.400 (Perpres 11/2024, golongan IX).
    await expect(page.getByTestId('kgb-gaji-baru')).toHaveText('Rp 3.304.400');
    await expect(page.getByTestId('kgb-guru')).toContainText(`NI PPPK ${target!.nip}`);
    await expect(rencana).toContainText('Rp 3.203.600');
    await expectRenderedPdf(page);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-buat-pppk.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-buat-pppk-phone.png', fullPage: true });

    // The teacher's page names the number NI PPPK.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/admin-side/guru/detail-guru/${target!.id}`);
    await expect(page.locator('.guru-header-meta dt').first()).toHaveText('NI PPPK');
  });

  test('cancelling a signed letter with a reason: the page and the public check say so, a replacement can be made', async ({
    page,
  }) => {
    const due = await dueList(page.request, ADMIN);
    const target = due
      .filter((r) => r.siap && r.status_surat === null && r.sekolah.nama_sekolah !== OPERATOR.school)
      .at(-1)!;
    expect(target).toBeTruthy();
    await apiCall(page.request, ADMIN, 'GET', `kgb/${target.id}/verifikasi`);
    const signed = await apiCall<SuratKgb>(page.request, ADMIN, 'POST', `kgb/${target.id}/signature`, {
      passphrase: DEMO_PASSPHRASE,
      terima_data_belum_diverifikasi: true,
    });
    expect(signed.status).toBe('signed');

    await signedIn(page, ADMIN, `/admin-side/guru/verifikasi-kgb/${target.id}`);
    await expect(page.getByTestId('kgb-signed')).toBeVisible();
    await page.getByTestId('kgb-batal-button').click();
    const dialog = page.getByRole('dialog', { name: 'Batalkan surat KGB' });
    await expect(dialog).toContainText(signed.nomor);
    await dialog.getByTestId('kgb-batal-ok').click();
    await expect(dialog.getByTestId('kgb-batal-error')).toHaveText('Alasan pembatalan tidak boleh Kosong');
    await dialog.getByTestId('kgb-alasan-batal').fill('salah');
    await dialog.getByTestId('kgb-batal-ok').click();
    await expect(dialog.getByTestId('kgb-batal-error')).toHaveText('Alasan pembatalan minimal 10 karakter');
    const reason = 'Golongan salah: SK kenaikan pangkat belum dicatat';
    await dialog.getByTestId('kgb-alasan-batal').fill(reason);
    await dialog.getByTestId('kgb-batal-ok').click();
    await expect(page.locator('.ant-message')).toContainText('Surat KGB dibatalkan');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('kgb-cancelled')).toContainText(reason);
    await expect(page.getByTestId('kgb-status-tag')).toHaveText('Dibatalkan');
    await expect(page.getByTestId('kgb-batal-alasan')).toHaveText(reason);
    await expect(page.getByTestId('kgb-batal-button')).toHaveCount(0);
    await expect(page.getByTestId('kgb-ttd-button')).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-dibatalkan.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '.tmp/screens/kgb-dibatalkan-hp.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The salary went back to the decree before the letter; the teacher is due again.
    const again = await dueList(page.request, ADMIN);
    expect(again.find((r) => r.id === target.id)).toMatchObject({ status_surat: null, tmt_kgb: target.tmt_kgb });

    // Anyone checking the code reads that the letter is void.
    await page.goto(`/dokumen/${signed.kode_dokumen}`);
    await expect(page.getByTestId('dokumen-batal')).toContainText('DIBATALKAN');
    await expect(page.getByTestId('dokumen-batal')).toContainText(reason);
    await expect(page.getByTestId('dokumen-penandatangan')).toContainText(DEMO_OFFICIAL);
    await page.screenshot({ path: '.tmp/screens/dokumen-dibatalkan.png', fullPage: true });

    await page.goto(`/admin-side/guru/verifikasi-kgb/${target.id}`);
    await page.getByTestId('kgb-buat-lagi').click();
    await expect(page).toHaveURL(new RegExp(`/admin-side/guru/buat-kgb/${target.id}$`));
  });

  test('postponing a KGB: reason and months, the plan moves to the new TMT, removing restores it', async ({ page }) => {
    const due = await dueList(page.request, ADMIN);
    const target = due
      .filter((r) => r.siap && r.status_surat === null && r.sekolah.nama_sekolah !== OPERATOR.school)
      .at(-2)!;
    expect(target).toBeTruthy();
    const [y, m] = target.tmt_kgb.split('-').map(Number) as [number, number];
    const moved = new Date(Date.UTC(y, m - 1 + 6, 1));
    const bulanNama = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
    const short = (d: Date) => `${d.getUTCDate()} ${bulanNama[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

    await signedIn(page, ADMIN, `/admin-side/guru/buat-kgb/${target.id}`);
    const card = page.getByTestId('kgb-penundaan');
    await expect(card).toContainText('Tidak ada penundaan KGB untuk guru ini.');
    await expect(page.getByTestId('kgb-rencana')).toContainText(short(new Date(Date.UTC(y, m - 1, 1))));
    await card.getByTestId('kgb-tunda-button').click();
    const dialog = page.getByRole('dialog', { name: 'Tunda KGB' });
    await dialog.getByRole('button', { name: 'Tunda KGB' }).click();
    // Every problem at once, each at its field, the cursor in the first.
    await expect(dialog.getByTestId('kgb-tunda-error').locator('.form-error-item')).toHaveText([
      'Lama penundaan tidak boleh Kosong',
      'Alasan penundaan tidak boleh Kosong',
    ]);
    await expect(dialog.locator('#tunda_bulan')).toBeFocused();
    await expect(dialog.locator('#tunda_alasan')).toHaveAttribute('aria-invalid', 'true');
    await choose(page, dialog.getByLabel('Lama penundaan'), '6 bulan');
    await dialog.getByTestId('kgb-tunda-alasan').fill('Nilai SKP tahun 2026 di bawah Baik');
    await dialog.getByTestId('kgb-tunda-sk').fill('800/77/BKPSDM/2026');
    await dialog.getByRole('button', { name: 'Tunda KGB' }).click();
    await expect(page.locator('.ant-message')).toContainText('KGB ditunda');
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('kgb-penundaan-item')).toHaveCount(1);
    await expect(card).toContainText('(6 bulan)');
    await expect(card).toContainText('SK 800/77/BKPSDM/2026');
    // The plan (and the draft letter) moved to the new TMT; the teacher left the due list.
    await expect(page.getByTestId('kgb-rencana')).toContainText(short(moved));
    expect((await dueList(page.request, ADMIN)).map((r) => r.id)).not.toContain(target.id);
    await expectRenderedPdf(page);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/kgb-penundaan.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '.tmp/screens/kgb-penundaan-hp.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByTestId('kgb-penundaan-hapus').click();
    const confirm = await expectConfirmDialog(page);
    await confirm.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
    await expect(page.locator('.ant-message')).toContainText('Penundaan KGB dihapus');
    await expect(card).toContainText('Tidak ada penundaan KGB untuk guru ini.');
    await expect(page.getByTestId('kgb-rencana')).toContainText(short(new Date(Date.UTC(y, m - 1, 1))));
    expect((await dueList(page.request, ADMIN)).find((r) => r.id === target.id)?.tmt_kgb).toBe(target.tmt_kgb);
  });
});

/** A PKCS#12 (key + self-signed certificate) protected by `passphrase`, made with node-forge. */
function makeP12(cn: string, passphrase: string): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01' + Date.now().toString(16);
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: cn },
    { name: 'organizationName', value: 'Dinas Pendidikan' },
    { name: 'countryName', value: 'ID' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

test.describe('signing officials', () => {
  test('register with a generated key, make it active, restore the demo official; upload a .p12; letter settings', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const mark = Date.now().toString().slice(-6);
    const nama = `Drs. Uji Pejabat ${mark}, M.Si.`;
    const nip = `19750101200001${mark.slice(-4)}`;
    try {
      await signedIn(page, ADMIN, '/admin-side/dashboard');
      const menu = page.getByTestId('main-menu');
      await menu.getByText('Pejabat Penandatangan').click();
      await expect(page).toHaveURL(/\/admin-side\/pejabat-penandatangan$/);
      const table = page.getByTestId('pejabat-table');
      const demoRow = rowOf(table, DEMO_OFFICIAL);
      await expect(demoRow.getByTestId('pejabat-aktif')).toHaveText('Aktif');
      await expect(demoRow.getByTestId('pejabat-sidik-jari')).toHaveText(/^[0-9a-f]{12}…[0-9a-f]{6}$/);

      // Client checks: NIP digits, passphrase confirmation.
      const form = page.getByTestId('pejabat-form');
      await form.getByLabel('Nama lengkap dengan gelar').fill(nama);
      await form.getByLabel('NIP').fill('12345');
      await form.getByLabel('Jabatan').fill('Sekretaris Dinas Pendidikan');
      await form.getByLabel('Pangkat / golongan').fill('Pembina (IV/a)');
      await form.getByLabel('Passphrase baru').fill('rahasia-uji-1');
      await form.getByLabel('Ulangi passphrase').fill('rahasia-uji-2');
      await page.getByTestId('pejabat-submit').click();
      await expect(form).toContainText('NIP harus 18 digit angka');
      await expect(form).toContainText('Konfirmasi passphrase tidak sama');
      await form.getByLabel('NIP').fill(nip);
      await form.getByLabel('Ulangi passphrase').fill('rahasia-uji-1');
      await page.getByTestId('pejabat-submit').click();
      await expect(page.locator('.ant-message')).toContainText('Pejabat penandatangan berhasil didaftarkan', {
        timeout: 30_000,
      });
      const newRow = rowOf(table, nama);
      await expect(newRow).toContainText('Tidak aktif');
      await expect(form.getByLabel('Passphrase baru')).toHaveValue('');

      // Make it active (confirmation), then restore the demo official.
      await newRow.getByTestId('pejabat-activate').click();
      let dialog = await expectConfirmDialog(page);
      await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
      await expect(page.locator('.ant-message')).toContainText('Pejabat penandatangan aktif diganti');
      await expect(newRow.getByTestId('pejabat-aktif')).toHaveText('Aktif');
      await expect(demoRow.getByTestId('pejabat-activate')).toBeVisible();
      // The first confirmation has closed before the second opens (its "Ya" would otherwise be hit).
      await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
      await settled(page);
      await page.screenshot({ path: '.tmp/screens/kgb-officials.png', fullPage: true });
      await demoRow.getByTestId('pejabat-activate').click();
      dialog = await expectConfirmDialog(page);
      await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
      await expect(demoRow.getByTestId('pejabat-aktif')).toHaveText('Aktif');
      await expect(newRow).toContainText('Tidak aktif');

      // Upload an existing PKCS#12: the wrong passphrase is refused, the right one accepted.
      const p12 = makeP12(`Uji P12 ${mark}`, 'p12-rahasia-uji');
      const namaP12 = `Uji Unggah P12 ${mark}`;
      await form.getByLabel('Nama lengkap dengan gelar').fill(namaP12);
      await form.getByLabel('NIP').fill(`19800202200501${mark.slice(-4)}`);
      await form.getByLabel('Jabatan').fill('Kepala Bidang GTK');
      await page.getByTestId('pejabat-sumber').getByText('Unggah berkas PKCS#12 (.p12)').click();
      await expect(form.getByLabel('Ulangi passphrase')).toHaveCount(0);
      await page.getByTestId('pejabat-submit').click();
      await expect(form).toContainText('Berkas PKCS#12 tidak boleh Kosong');
      await form
        .locator('input[type=file]')
        .setInputFiles({ name: 'pejabat.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
      await form.getByLabel('Passphrase berkas .p12').fill('bukan-passphrase');
      await page.getByTestId('pejabat-submit').click();
      await expect(form).toContainText('Berkas PKCS#12 tidak dapat dibuka dengan passphrase ini');
      await form.getByLabel('Passphrase berkas .p12').fill('p12-rahasia-uji');
      await page.getByTestId('pejabat-submit').click();
      await expect(page.locator('.ant-message')).toContainText('Pejabat penandatangan berhasil didaftarkan');
      await expect(rowOf(table, namaP12)).toContainText('Tidak aktif');
      await expect(demoRow.getByTestId('pejabat-aktif')).toHaveText('Aktif');

      // Letter settings: loaded, checked, saved unchanged (the letterhead is in the office profile).
      const settings = page.getByTestId('pengaturan-form');
      await expect(settings.getByLabel('Sifat')).toHaveValue('Biasa');
      await expect(page.getByTestId('kantor-form').getByLabel('Wilayah')).not.toHaveValue('');
      const format = settings.getByLabel('Format nomor surat');
      const original = await format.inputValue();
      expect(original).toContain('{nomor}');
      await format.fill('822.4/DIKBUD');
      await page.getByTestId('pengaturan-submit').click();
      await expect(settings).toContainText('Format nomor harus memuat {nomor}');
      await format.fill(original);
      await page.getByTestId('pengaturan-submit').click();
      await expect(page.locator('.ant-message')).toContainText('Pengaturan surat KGB disimpan');
    } finally {
      // Other tests sign with the demo official: make sure it is the active one again.
      const list = await apiCall<Pejabat[]>(page.request, ADMIN, 'GET', 'pejabat');
      const demo = list.find((p) => p.nama === DEMO_OFFICIAL)!;
      if (!demo.aktif) await apiCall(page.request, ADMIN, 'PUT', `pejabat/${demo.id}/aktif`);
    }
    const after = await apiCall<Pejabat[]>(page.request, ADMIN, 'GET', 'pejabat');
    expect(after.filter((p) => p.aktif).map((p) => p.nama)).toEqual([DEMO_OFFICIAL]);
  });
});
