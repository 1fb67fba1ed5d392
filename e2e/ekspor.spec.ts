import ExcelJS from 'exceljs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { test, expect, ADMIN, OPERATOR, signedIn } from './fixtures.ts';
import type { ArsipKgbItem, KgbDueItem } from '../contract/kgb.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import { allGuru, apiGet, choose, settled } from './guru-helpers.ts';
import { GURU_EXPORT_HEADERS } from '../server/modules/ekspor/ekspor.fixtures.ts';

interface Sheet {
  name: string;
  headers: string[];
  rows: Record<string, ExcelJS.CellValue>[];
  frozen: boolean;
  autoFilter: unknown;
  numFmt: (header: string) => string | undefined;
}

/** Reads the first sheet of a downloaded workbook: header row and rows keyed by header. */
async function readDownload(download: Download): Promise<Sheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return {
    name: ws.name,
    headers,
    rows,
    frozen: ws.views.some((v) => v.state === 'frozen' && (v as { ySplit?: number }).ySplit === 1),
    autoFilter: ws.autoFilter,
    numFmt: (h) => ws.getRow(2).getCell(headers.indexOf(h) + 1).numFmt,
  };
}

const table = (page: Page, id: string) => page.getByTestId(id);
const loaded = async (page: Page, id: string) => {
  // antd's tables show a spinner while loading; the teacher list (drawn without antd) is aria-busy.
  await expect(table(page, id).locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(table(page, id)).not.toHaveAttribute('aria-busy', 'true');
  await expect(table(page, id).locator('tbody tr[data-row-key]').first()).toBeVisible();
};
const fullName = (g: { nama: string; gelar_depan?: string | null; gelar_belakang?: string | null }) =>
  [g.gelar_depan, g.nama].filter(Boolean).join(' ') + (g.gelar_belakang ? `, ${g.gelar_belakang}` : '');

/** Every row of a paged list of the API. */
async function allPages<T>(
  request: APIRequestContext,
  user: { username: string; password: string },
  path: string,
): Promise<T[]> {
  const out: T[] = [];
  for (let p = 1; p < 100; p++) {
    const pg = await apiGet<ApiPage<T>>(request, user, `${path}${path.includes('?') ? '&' : '?'}page=${p}`);
    out.push(...pg.data);
    if (p >= pg.last_page) break;
  }
  return out;
}

/** The teacher names of the list, page after page (the pager goes back to page 1 afterwards). */
async function screenNames(page: Page): Promise<string[]> {
  const names: string[] = [];
  const next = page.getByRole('button', { name: 'Halaman berikutnya' });
  for (;;) {
    await loaded(page, 'guru-table');
    names.push(
      ...(await table(page, 'guru-table').locator('tbody tr[data-row-key] td:nth-child(3)').allTextContents()),
    );
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    const first = await table(page, 'guru-table')
      .locator('tbody tr[data-row-key] td:first-child')
      .first()
      .textContent();
    await next.click();
    await expect(table(page, 'guru-table').locator('tbody tr[data-row-key] td:first-child').first()).not.toHaveText(
      first!,
    );
  }
  return names;
}

/** Clicks an export button and answers the saved download. */
async function exportFrom(page: Page, testId: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  expect(await download.failure()).toBeNull();
  return download;
}

test.describe('Excel export', () => {
  test('administrator: the teacher list filtered by SMA exports exactly the filtered teachers, every page', async ({
    page,
    request,
  }) => {
    await signedIn(page, ADMIN, '/admin-side/guru');
    await loaded(page, 'guru-table');
    await page.getByTestId('filter-bp').selectOption('SMA');
    await loaded(page, 'guru-table');
    const sma = await allGuru(request, ADMIN, 'bp=SMA');
    expect(sma.length).toBeGreaterThan(0);
    await expect(page.getByTestId('guru-total')).toHaveText(`${sma.length} guru`);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-guru-export.png' });
    // The names on the screen, every page.
    const onScreen = await screenNames(page);
    expect(onScreen.length).toBe(sma.length);

    const download = await exportFrom(page, 'export-guru');
    expect(download.suggestedFilename()).toMatch(/^data-guru-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText(/Berkas data-guru-.*\.xlsx telah diunduh/)).toBeVisible();
    const sheet = await readDownload(download);

    expect(sheet.name).toBe('Data Guru');
    expect(sheet.headers).toEqual(GURU_EXPORT_HEADERS);
    expect(sheet.frozen).toBe(true);
    expect(sheet.autoFilter).toBeTruthy();
    // Every SMA teacher of every page, and nobody else.
    expect(sheet.rows.length).toBe(sma.length);
    expect(sheet.rows.map((r) => String(r.Nama)).sort()).toEqual(sma.map((g) => fullName(g as never)).sort());
    expect(sheet.rows.map((r) => r.NIP ?? null).sort()).toEqual(sma.map((g) => g.nip).sort());
    for (const r of sheet.rows) expect(String(r.Sekolah)).toMatch(/^SMA /);
    // The same names as the screen, in the same order (name, then id).
    expect(sheet.rows.map((r) => String(r.Nama))).toEqual(onScreen);
    expect(sheet.rows.map((r) => r.No)).toEqual(sheet.rows.map((_r, i) => i + 1));
    // Dates are real Excel dates with a date format.
    expect(sheet.rows[0]!['Tanggal Lahir']).toBeInstanceOf(Date);
    expect(sheet.numFmt('Tanggal Lahir')).toBe('d mmm yyyy');
  });

  test('administrator: a search exports the search result (the filters are not used while searching)', async ({
    page,
    request,
  }) => {
    const all = await allGuru(request, ADMIN);
    const word = all.find((g) => g.nama.split(' ')[0]!.length >= 4)!.nama.split(' ')[0]!;
    const expected = all.filter((g) => g.nama.toLowerCase().includes(word.toLowerCase()) || g.nip?.includes(word));
    await signedIn(page, ADMIN, '/admin-simple/guru');
    await loaded(page, 'guru-table');
    await page.getByTestId('filter-bp').selectOption('SMK');
    const search = page.getByTestId('guru-search').locator('input');
    await search.fill(word);
    await search.press('Enter');
    await expect(page.getByTestId('guru-total')).toHaveText(`${expected.length} guru`);
    const sheet = await readDownload(await exportFrom(page, 'export-guru'));
    expect(sheet.rows.map((r) => String(r.Nama)).sort()).toEqual(expected.map((g) => fullName(g as never)).sort());
  });

  test('operator: the export holds only the own school', async ({ page, request }) => {
    await signedIn(page, OPERATOR, '/operator-side/guru');
    await loaded(page, 'guru-table');
    const own = await allGuru(request, OPERATOR);
    expect(own.length).toBeGreaterThan(0);
    const sheet = await readDownload(await exportFrom(page, 'export-guru'));
    expect(sheet.rows.length).toBe(own.length);
    for (const r of sheet.rows) {
      expect(r.NPSN).toBe(OPERATOR.username);
      expect(r.Sekolah).toBe(OPERATOR.school);
    }
    // The administrator's export of the same list is wider.
    expect((await allGuru(request, ADMIN)).length).toBeGreaterThan(own.length);
  });

  test('school list: the export follows the search and the sort', async ({ page, request }) => {
    await signedIn(page, ADMIN, '/admin-side/data-sekolah');
    await loaded(page, 'sekolah-table');
    const search = page.getByLabel('Cari sekolah');
    await search.fill('SMA');
    await search.press('Enter');
    await loaded(page, 'sekolah-table');
    await page.getByTestId('sort-npsn').click(); // NPSN ascending
    await loaded(page, 'sekolah-table');
    const expected = await apiGet<{ data: { npsn: string }[]; total: number }>(
      request,
      ADMIN,
      'sekolah?q=SMA&per_page=100&sortby=npsn&sortbydesc=false',
    );
    expect(expected.total).toBeGreaterThan(0);
    await expect(page.getByTestId('sekolah-total')).toHaveText(`${expected.total} sekolah`);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-sekolah-export.png' });
    const sheet = await readDownload(await exportFrom(page, 'export-sekolah'));
    expect(sheet.name).toBe('Data Sekolah');
    expect(sheet.headers.slice(0, 5)).toEqual(['No', 'NPSN', 'Nama Sekolah', 'Tingkat', 'Status']);
    expect(sheet.rows.map((r) => String(r.NPSN))).toEqual(expected.data.map((s) => s.npsn));
  });

  test('KGB due list: the export follows the education-form filter; an operator gets the own school', async ({
    page,
    request,
  }) => {
    const all = await allPages<KgbDueItem>(request, ADMIN, 'kgb');
    expect(all.length).toBeGreaterThan(0);
    // The education form with the most due teachers.
    const byBp = new Map<string, number>();
    for (const r of all) {
      const bp = r.sekolah.nama_sekolah?.split(' ')[0] ?? '';
      byBp.set(bp, (byBp.get(bp) ?? 0) + 1);
    }
    const bp = [...byBp.entries()]
      .filter(([k]) => ['TK', 'SD', 'SMP', 'SMA', 'SMK'].includes(k))
      .sort((x, y) => y[1] - x[1])[0]![0];
    const expected = await allPages<KgbDueItem>(request, ADMIN, `kgb?bentuk_pendidikan=${bp}`);

    await signedIn(page, ADMIN, '/admin-side/guru/akan-kgb');
    await loaded(page, 'kgb-table');
    await choose(page, page.getByTestId('kgb-filter-bp'), bp);
    await expect(page.getByTestId('kgb-total')).toHaveText(`${expected.length} guru`);
    await settled(page);
    await page.screenshot({ path: '.tmp/screens/issue9-kgb-export.png' });
    const download = await exportFrom(page, 'export-kgb');
    expect(download.suggestedFilename()).toMatch(/^guru-akan-kgb-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readDownload(download);
    expect(sheet.name).toBe('Guru Akan KGB');
    expect(sheet.headers).toEqual([
      'No',
      'NIP',
      'Nama',
      'JK',
      'Sekolah',
      'Golongan',
      'KGB Terakhir',
      'TMT KGB',
      'Sisa Hari',
      'Keterangan',
    ]);
    expect(sheet.rows.map((r) => String(r.Nama))).toEqual(expected.map((r) => r.nama));
    expect(sheet.rows.map((r) => r.NIP ?? null)).toEqual(expected.map((r) => r.nip));
    expect(sheet.rows[0]!['TMT KGB']).toBeInstanceOf(Date);

    // The operator's export: only the own school's due teachers.
    const own = await allPages<KgbDueItem>(request, OPERATOR, 'kgb');
    await signedIn(page, OPERATOR, '/operator-side/guru/akan-kgb');
    await expect(page.getByTestId('kgb-total')).toHaveText(`${own.length} guru`);
    const mine = await readDownload(await exportFrom(page, 'export-kgb'));
    expect(mine.rows.length).toBe(own.length);
    for (const r of mine.rows) expect(r.Sekolah).toBe(OPERATOR.school);
  });

  test('KGB archive: the export holds every signed letter', async ({ page, request }) => {
    const all = await allPages<ArsipKgbItem>(request, ADMIN, 'arsip/kgb');
    await signedIn(page, ADMIN, '/admin-side/guru/arsip-kgb');
    await expect(page.getByTestId('arsip-total')).toHaveText(`${all.length} surat`);
    const download = await exportFrom(page, 'export-arsip-kgb');
    expect(download.suggestedFilename()).toMatch(/^arsip-kgb-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readDownload(download);
    expect(sheet.name).toBe('Arsip KGB');
    expect(sheet.headers).toEqual([
      'No',
      'NIP',
      'Nama',
      'Tanggal Lahir',
      'Pangkat/Golongan',
      'Jabatan',
      'TMT KGB',
      'Gaji Pokok Baru',
      'Nomor Surat',
      'Kode Dokumen',
      'Ditandatangani',
    ]);
    expect(sheet.rows.map((r) => String(r['Kode Dokumen'])).sort()).toEqual(all.map((r) => r.kode_dokumen).sort());
    if (sheet.rows.length) expect(sheet.numFmt('Gaji Pokok Baru')).toBe('"Rp" #,##0');
  });

  test('progress while the file is prepared, and the server message when it fails', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/guru');
    await loaded(page, 'guru-table');
    // A slow answer: the button shows that the file is being prepared.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/guru/export**', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    const button = page.getByTestId('export-guru');
    const downloaded = page.waitForEvent('download');
    await button.click();
    await expect(button).toContainText('Menyiapkan berkas…');
    await settled(page);
    await page.screenshot({
      path: '.tmp/screens/issue9-export-progress.png',
      clip: { x: 0, y: 0, width: 1280, height: 220 },
    });
    release();
    await downloaded;
    await expect(button).toHaveText('Ekspor Excel');
    await page.unroute('**/api/guru/export**');

    // An error answer is the envelope: its message is shown.
    await page.route('**/api/guru/export**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          diagnostic: { status: 403, message: 'Anda tidak memiliki izin untuk mengakses data ini.' },
          data: null,
        }),
      }),
    );
    await button.click();
    await expect(page.locator('.ant-message')).toContainText('Anda tidak memiliki izin untuk mengakses data ini.');
    await page.unroute('**/api/guru/export**');

    // No answer at all: 'check your connection'.
    await page.route('**/api/guru/export**', (route) => route.abort('internetdisconnected'));
    await button.click();
    await expect(page.locator('.ant-message')).toContainText('check your connection');
  });
});
