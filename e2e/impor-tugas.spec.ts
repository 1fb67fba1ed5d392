import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { IMPOR_TUGAS_MAX_FILE_BYTES, IMPOR_TUGAS_MSG, type ImporTugas } from '../contract/impor.ts';
import { test, expect, ADMIN, signedIn } from './fixtures.ts';
import { apiCall, apiGet, confirmYes, settled } from './guru-helpers.ts';
import { XLSX, digits, exportFile, gtkHeader, nipAsNumber, staffRow, type Cell } from './impor-helpers.ts';

// The teacher import in the background through the import page (docs/domain/dapodik.md, "Impor
// besar"): Dapodik exports of several schools at once, the school's NPSN in each file's name; the
// run followed to its end, its counts and report, the page opened again; a run cancelled between
// batches and resumed.

const HEADER = gtkHeader('Pangkat Golongan', 'NIK');
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
type Person = Record<string, Cell>;

/** A Dapodik "Daftar GTK" export of one school: title rows, then the header, NIP/NUPTK/NIK as text. */
const dapodikFile = (school: string, people: Person[]) =>
  exportFile(
    'GTK',
    [['Daftar Guru dan Tenaga Kependidikan'], [school], ['Tanggal Unduh: 2026-11-20 08:12:31']],
    HEADER,
    people,
    ['NIP', 'NUPTK', 'NIK'],
  );

/** An honorary teacher (no NIP): a random NUPTK and a NIK that carries her birth date. */
/** An honorary teacher; `k` (a row's number) makes the NIK's last four digits, so a file's NIKs never repeat (random ones did, 1 in 20 runs of 3,000). */
function honor(nama: string, k?: number): Person {
  const day = 1 + Math.floor(Math.random() * 28);
  const month = 1 + Math.floor(Math.random() * 12);
  const year = 1975 + Math.floor(Math.random() * 25);
  const dd = String(day + 40).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  return {
    Nama: nama,
    NUPTK: digits(16),
    JK: 'P',
    'Tempat Lahir': 'Sofifi',
    'Tanggal Lahir': `${year}-${mm}-${String(day).padStart(2, '0')}`,
    'Status Kepegawaian': 'Guru Honor Sekolah',
    'Jenis PTK': 'Guru Kelas',
    NIK: `827101${dd}${mm}${String(year % 100).padStart(2, '0')}${k === undefined ? digits(4) : String(k % 10_000).padStart(4, '0')}`,
  };
}

/** Two schools of the demo data (read through the API, never assumed). */
async function twoSchools(request: APIRequestContext) {
  const all = await apiGet<{ npsn: string; nama_sekolah: string }[]>(request, ADMIN, 'semuasekolah');
  expect(all.length).toBeGreaterThanOrEqual(2);
  return [all[0]!, all[1]!] as const;
}

/** No run of an earlier test is still going (one run at a time). */
async function noRunGoing(request: APIRequestContext) {
  await expect
    .poll(
      async () =>
        (await apiCall<ImporTugas[]>(request, ADMIN, 'GET', 'guru/import/tugas')).some((r) => r.status === 'berjalan'),
      { timeout: 60_000 },
    )
    .toBe(false);
}

const found = async (request: APIRequestContext, tag: string) =>
  (await apiGet<{ total: number }>(request, ADMIN, `guru/cari?guru=${tag}`)).total;
const pickFiles = (page: Page, files: { name: string; buffer: Buffer }[]) =>
  page
    .getByTestId('impor-tugas')
    .locator('input[type=file]')
    .setInputFiles(files.map((f) => ({ ...f, mimeType: XLSX })));
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `.tmp/screens/issue40-tugas-${name}-${width}.png`, fullPage: width < 768 });
/** Serious or critical WCAG 2.1 A/AA violations on the page (as e2e/a11y.spec.ts checks every route). */
async function violations(page: Page) {
  // The pointer off the buttons: a hovered button is drawn in its lighter hover colour.
  await page.mouse.move(0, 0);
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const hasNoSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

for (const pass of [
  { family: 'admin-side', viewport: { width: 1366, height: 768 }, dark: false },
  { family: 'admin-simple', viewport: { width: 390, height: 844 }, dark: true },
]) {
  test(`many school files at once: checked before sending, followed to the end, counts, report, the page opened again (${pass.viewport.width}×${pass.viewport.height})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(pass.viewport);
    await noRunGoing(request);
    const [a, b] = await twoSchools(request);
    const tag = `Tgs${letters(6)}`;
    const fileA = await dapodikFile(a.nama_sekolah, [
      honor(`Rahma ${tag}`),
      honor(`Nurul ${tag}`),
      staffRow(`Hamid ${tag}`),
      nipAsNumber(`Nurlela ${tag}`),
    ]);
    const fileB = await dapodikFile(b.nama_sekolah, [honor(`Siti ${tag}`), honor(`Aminah ${tag}`)]);
    const fileC = await dapodikFile('Sekolah tanpa nama', [honor(`Tanpa ${tag}`)]);
    const before = await apiCall<ImporTugas[]>(request, ADMIN, 'GET', 'guru/import/tugas');

    await signedIn(page, ADMIN, `/${pass.family}/guru/impor`);
    await expect(page.getByRole('heading', { name: 'Impor Data Guru' })).toBeVisible();
    if (pass.dark) {
      await page.evaluate(() => window.localStorage.setItem('sidasek.darkMode', '1'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    }
    await page.getByTestId('impor-jenis-banyak').click();
    await expect(page.getByRole('heading', { name: 'Impor banyak berkas' })).toBeVisible();
    if (!before.length)
      await expect(page.getByTestId('impor-tugas-kosong')).toHaveText('Belum ada impor banyak berkas.');

    // Checked before sending: a file that is not Excel is not taken; a name without NPSN is flagged.
    await pickFiles(page, [
      { name: `${a.npsn} Daftar GTK.xlsx`, buffer: fileA },
      { name: `gtk_${b.npsn}.xlsx`, buffer: fileB },
      { name: 'daftar-gtk.xlsx', buffer: fileC },
      { name: 'catatan.csv', buffer: Buffer.from('a;b\n') },
    ]);
    await expect(page.getByTestId('impor-tugas-ditolak')).toContainText(
      'catatan.csv: Berkas harus spreadsheet Excel (.xlsx)',
    );
    await expect(page.getByTestId('impor-tugas-jumlah')).toContainText('3 berkas dipilih');
    await expect(
      page.getByTestId('impor-tugas-dipilih-berkas').filter({ hasText: `${a.npsn} Daftar GTK.xlsx` }),
    ).toContainText(`NPSN ${a.npsn}`);
    await expect(
      page
        .getByTestId('impor-tugas-dipilih-berkas')
        .filter({ hasText: 'daftar-gtk.xlsx' })
        .getByTestId('impor-tugas-tanpa-npsn'),
    ).toBeVisible();
    await expect(page.getByTestId('impor-tugas-npsn-hint')).toContainText('1 berkas tanpa NPSN di namanya');
    await expect(page.getByTestId('impor-tugas-npsn-hint')).toContainText('60200338 Daftar GTK.xlsx');
    await settled(page);
    await hasNoSidewaysScroll(page);
    await shot(page, 'dipilih', pass.viewport.width);
    expect(await violations(page)).toEqual([]);

    await page.getByTestId('impor-tugas-mulai').click();
    await expect(page.locator('.ant-message')).toContainText(IMPOR_TUGAS_MSG.started);
    const run = page.getByTestId('impor-tugas-run');
    await expect(run.getByTestId('impor-tugas-status')).toHaveText('Selesai', { timeout: 60_000 });
    await expect(run.getByTestId('impor-tugas-progres')).toContainText('6 dari 6 baris');
    await expect(run.getByTestId('impor-tugas-progres')).toContainText('3 dari 3 berkas selesai');
    await expect(run.getByTestId('impor-tugas-baru')).toHaveText('4');
    await expect(run.getByTestId('impor-tugas-ubah')).toHaveText('0');
    await expect(run.getByTestId('impor-tugas-sama')).toHaveText('0');
    await expect(run.getByTestId('impor-tugas-galat')).toHaveText('1');
    await expect(run.getByTestId('impor-tugas-tendik')).toHaveText('1');
    await expect(run.getByTestId('impor-tugas-konflik')).toHaveText('0');
    const items = run.getByTestId('impor-tugas-berkas-item');
    await expect(items.nth(0)).toContainText(`NPSN ${a.npsn}`);
    await expect(items.nth(0)).toContainText('4 baris');
    await expect(items.nth(0)).toHaveAttribute('data-state', 'Selesai');
    await expect(items.nth(1)).toContainText('2 baris');
    await expect(items.nth(2)).toHaveAttribute('data-state', 'Tidak diimpor');
    await expect(items.nth(2).getByTestId('impor-tugas-berkas-pesan')).toContainText('beri nama berkas dengan NPSN');
    // The teachers are there, read through the API.
    expect(await found(request, tag)).toBe(4);
    await settled(page);
    await hasNoSidewaysScroll(page);
    await shot(page, 'selesai', pass.viewport.width);
    expect(await violations(page)).toEqual([]);

    // The report: the counts first, then every row that needs a look.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      run.getByTestId('impor-tugas-laporan').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^laporan-impor-\d+\.csv$/);
    const report = readFileSync(await download.path(), 'utf8');
    expect(report).toContain('Baru 4, diubah 0, sama 0, galat 1, bukan guru 1, konflik 0');
    expect(report).toContain(`Hamid ${tag}`);
    expect(report).toContain(`Nurlela ${tag}`);
    expect(report).toContain('daftar-gtk.xlsx');

    // The page opened again: the run is there, with its counts, and in the list of recent runs.
    await page.reload();
    await page.getByTestId('impor-jenis-banyak').click();
    await expect(page.getByTestId('impor-tugas-run').getByTestId('impor-tugas-status')).toHaveText('Selesai');
    await expect(page.getByTestId('impor-tugas-run').getByTestId('impor-tugas-baru')).toHaveText('4');
    await expect(page.getByTestId('impor-tugas-riwayat-item').first()).toContainText('3 berkas');
    await expect(page.getByTestId('impor-tugas-riwayat-item')).toHaveCount(Math.min(10, before.length + 1));
  });
}

// A real run of 1,200 rows ends here in about three seconds, too soon for a click to land between two
// given batches every time; the server's tests stop a real run between batches
// (server/modules/impor/impor-tugas.test.ts). This test gives the page a run of 1,200 rows through
// the server's answers, step by step: going on after a reload, cancelled between batches, resumed.
test('a run of 1,200 rows: the page reopened while it runs, cancelled between batches (with confirmation), resumed to the end', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const berkas = (baris: number | null, selesai: boolean) => [
    { nama: '60200338 Daftar GTK besar.xlsx', npsn: '60200338', baris, selesai, pesan: null },
  ];
  const base: ImporTugas = {
    id: 9001,
    status: 'berjalan',
    berkas: berkas(1200, false),
    posisi: { berkas: 0, baris: 500 },
    diproses: 500,
    total: 1200,
    ringkasan: { baru: 500, ubah: 0, sama: 0, galat: 0, tendik: 0, konflik: 0 },
    laporan_lebih: false,
    batal_diminta: false,
    pesan: null,
    mulai: '2026-11-27T03:00:00.000Z',
    diperbarui: '2026-11-27T03:00:05.000Z',
    selesai: null,
  };
  let state: ImporTugas = base;
  const calls: string[] = [];
  const answer = (data: unknown, message = 'Berhasil') => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ diagnostic: { status: 200, message }, data }),
  });
  await page.route(/\/api\/guru\/import\/tugas(\/.*)?$/, async (route) => {
    const url = new URL(route.request().url());
    const method = route.request().method();
    calls.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === '/api/guru/import/tugas') return route.fulfill(answer([state]));
    if (method === 'GET' && url.pathname === '/api/guru/import/tugas/9001') return route.fulfill(answer(state));
    if (method === 'POST' && url.pathname.endsWith('/batal')) {
      state = { ...state, batal_diminta: true };
      return route.fulfill(answer(state, IMPOR_TUGAS_MSG.cancelRequested));
    }
    if (method === 'POST' && url.pathname.endsWith('/lanjut')) {
      state = { ...state, status: 'berjalan', batal_diminta: false };
      return route.fulfill(answer(state, IMPOR_TUGAS_MSG.resumed));
    }
    return route.fallback();
  });

  // Opened while the run goes on: the page goes straight to it.
  await signedIn(page, ADMIN, '/admin-side/guru/impor');
  await expect(page.getByRole('heading', { name: 'Impor banyak berkas' })).toBeVisible();
  const run = page.getByTestId('impor-tugas-run');
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Berjalan');
  await expect(run.getByTestId('impor-tugas-progres')).toContainText('500 dari 1.200 baris');
  await expect(run.getByTestId('impor-tugas-berkas-item')).toContainText('500 dari 1.200 baris');
  // Followed while it runs (every 1.5 s).
  state = {
    ...state,
    posisi: { berkas: 0, baris: 1000 },
    diproses: 1000,
    ringkasan: { ...state.ringkasan, baru: 1000 },
  };
  await expect(run.getByTestId('impor-tugas-progres')).toContainText('1.000 dari 1.200 baris');
  await expect(run.getByTestId('impor-tugas-baru')).toHaveText('1.000');
  await expect(run.getByTestId('impor-tugas-lanjut')).toHaveCount(0);
  await settled(page);
  await shot(page, 'berjalan', 1366);

  // Cancelled, after a confirmation: asked, then stopped before the next batch.
  await run.getByTestId('impor-tugas-batal').click();
  await expect(page.getByTestId('impor-tugas-batal-text')).toContainText('500 baris');
  await confirmYes(page);
  await expect(page.locator('.ant-message')).toContainText(IMPOR_TUGAS_MSG.cancelRequested);
  await expect(run.getByTestId('impor-tugas-batal')).toBeDisabled();
  await expect(run.getByTestId('impor-tugas-batal-diminta')).toBeVisible();
  state = { ...state, status: 'dibatalkan', selesai: '2026-11-27T03:00:09.000Z' };
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Dibatalkan');
  await expect(run.getByTestId('impor-tugas-berkas-item')).toHaveAttribute('data-state', 'Terhenti');
  await expect(run.getByTestId('impor-tugas-batal')).toHaveCount(0);

  // Opened again: a cancelled run is shown in the section, ready to go on.
  await page.reload();
  await page.getByTestId('impor-jenis-banyak').click();
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Dibatalkan');
  await settled(page);
  await shot(page, 'dibatalkan', 1366);

  // Resumed: from the first batch not written, to the end.
  await run.getByTestId('impor-tugas-lanjut').click();
  await expect(page.locator('.ant-message')).toContainText(IMPOR_TUGAS_MSG.resumed);
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Berjalan');
  state = {
    ...base,
    status: 'selesai',
    berkas: berkas(1200, true),
    posisi: { berkas: 1, baris: 0 },
    diproses: 1200,
    ringkasan: { ...base.ringkasan, baru: 1200 },
    selesai: '2026-11-27T03:01:00.000Z',
  };
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Selesai');
  await expect(run.getByTestId('impor-tugas-progres')).toContainText('1.200 dari 1.200 baris');
  await expect(run.getByTestId('impor-tugas-baru')).toHaveText('1.200');
  await expect(page.locator('.ant-message')).toContainText('Impor #9001 selesai');
  expect(calls.filter((c) => c.startsWith('POST')).map((c) => c.split('/').pop())).toEqual(['batal', 'lanjut']);
});

test('files checked before sending: one over 60 MB left out, more than 200 at once refused until some are removed (390×844)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let posted = false;
  await page.route('**/api/guru/import/tugas', (route) => {
    if (route.request().method() === 'POST') posted = true;
    return route.fallback();
  });
  await signedIn(page, ADMIN, '/admin-simple/guru/impor');
  await page.getByTestId('impor-jenis-banyak').click();
  // Playwright sends at most 50 MB as a buffer: the files are written out and given by their paths
  // (one selection, as a person picks them).
  const dir = test.info().outputDir;
  mkdirSync(dir, { recursive: true });
  const besar = path.join(dir, '60200338 besar.xlsx');
  writeFileSync(besar, Buffer.alloc(IMPOR_TUGAS_MAX_FILE_BYTES + 1));
  const kecil = Array.from({ length: 201 }, (_, i) => path.join(dir, `${String(60300000 + i)} Daftar GTK.xlsx`));
  for (const f of kecil) writeFileSync(f, Buffer.from('PK'));
  await page
    .getByTestId('impor-tugas')
    .locator('input[type=file]')
    .setInputFiles([besar, ...kecil]);
  await expect(page.getByTestId('impor-tugas-ditolak')).toContainText(
    `60200338 besar.xlsx: ${IMPOR_TUGAS_MSG.fileTooLarge}`,
  );
  await expect(page.getByTestId('impor-tugas-jumlah')).toContainText('201 berkas dipilih');
  await expect(page.getByTestId('impor-tugas-terlalu-banyak')).toContainText(IMPOR_TUGAS_MSG.tooManyFiles);
  await expect(page.getByTestId('impor-tugas-mulai')).toBeDisabled();
  await hasNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Hapus 60300200 Daftar GTK.xlsx' }).click();
  await expect(page.getByTestId('impor-tugas-terlalu-banyak')).toHaveCount(0);
  await expect(page.getByTestId('impor-tugas-mulai')).toBeEnabled();
  await expect(page.getByTestId('impor-tugas-mulai')).toHaveText('Mulai impor 200 berkas');
  expect(posted).toBe(false);
});

test('a real run of 3,000 rows: followed after a reload while it runs, cancelled between batches, resumed without writing anybody twice', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await noRunGoing(request);
  const [a] = await twoSchools(request);
  const tag = `Btl${letters(6)}`;
  const big = await dapodikFile(
    a.nama_sekolah,
    Array.from({ length: 3000 }, (_, i) => honor(`Guru ${i + 1} ${tag}`, i)),
  );

  // Teachers in all (a name search counts no further than 1,000).
  const teachers = async () => (await apiGet<{ total: number }>(request, ADMIN, 'guru/?page=1')).total;
  const before = await teachers();

  await signedIn(page, ADMIN, '/admin-side/guru/impor');
  await page.getByTestId('impor-jenis-banyak').click();
  await pickFiles(page, [{ name: `${a.npsn} Daftar GTK besar.xlsx`, buffer: big }]);
  await page.getByTestId('impor-tugas-mulai').click();
  const run = page.getByTestId('impor-tugas-run');
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Berjalan');

  // Opened again while it runs (reading the file and six batches take seconds): straight to the run.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Impor banyak berkas' })).toBeVisible();
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Berjalan');

  // Cancelled: the run stops before its next batch; what it wrote is whole batches.
  await run.getByTestId('impor-tugas-batal').click();
  await confirmYes(page);
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Dibatalkan', { timeout: 60_000 });
  const [stopped] = await apiCall<ImporTugas[]>(request, ADMIN, 'GET', 'guru/import/tugas');
  expect(stopped!.status).toBe('dibatalkan');
  expect(stopped!.diproses % 500).toBe(0);
  expect(stopped!.diproses).toBeLessThan(3000);
  expect(await teachers()).toBe(before + stopped!.diproses);
  await expect(run.getByTestId('impor-tugas-progres')).toContainText(
    `${stopped!.diproses.toLocaleString('id-ID')} dari 3.000 baris`,
  );

  // Resumed from the first batch not written: everybody once.
  await run.getByTestId('impor-tugas-lanjut').click();
  await expect(run.getByTestId('impor-tugas-status')).toHaveText('Selesai', { timeout: 120_000 });
  await expect(run.getByTestId('impor-tugas-progres')).toContainText('3.000 dari 3.000 baris');
  await expect(run.getByTestId('impor-tugas-baru')).toHaveText('3.000');
  expect(await teachers()).toBe(before + 3000);
  expect(await found(request, `Guru 2999 ${tag}`)).toBe(1);
});
