import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import type { DokumenInfo, KgbDueItem, SuratKgb } from '../contract/kgb.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import { NAMA_BULAN } from '../contract/bulan.ts';
import { test, expect, ADMIN, OPERATOR, signedIn, SIZES, describeAtSizes } from './fixtures.ts';
import { allGuru, apiCall, errorItems } from './guru-helpers.ts';
import { stubTiles } from './sekolah-helpers.ts';

// Never strand the user: a friendly failure page that keeps the menu, one clock, one form
// pattern, offline saves. At a desk (1366×768) and on a phone (390×844).
/** How many times the page loaded a document (the first load and every reload). */
function countLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
}

describeAtSizes(SIZES, 'halaman gagal dimuat', (size) => {
  test("a screen's file of an older release is gone: one reload by itself, then an Indonesian page with Muat ulang inside the menu", async ({
    page,
  }) => {
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    // The audit screen's code cannot be fetched (a new release removed it, or the network dropped it).
    await page.route(/\/assets\/audit-page-[^/]*\.js$/, (r) => r.abort());
    const loads = countLoads(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin-side/audit');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const failure = page.getByTestId('route-error');
    await expect(failure).toBeVisible();
    await expect(failure.getByRole('heading', { level: 1 })).toHaveText('Halaman tidak dapat dibuka');
    await expect(failure).toContainText('Sebagian berkas aplikasi tidak dapat dimuat');
    // Reloaded exactly once by itself (the guard in sessionStorage stops a loop).
    expect(loads.count).toBe(1);
    await page.waitForTimeout(1500);
    expect(loads.count).toBe(1);
    expect(await page.evaluate(() => window.sessionStorage.getItem('sidasek:chunk-reload'))).toMatch(/^\d+$/);
    // React Router's developer page never shows.
    await expect(page.locator('body')).not.toContainText('Unexpected Application Error');
    await expect(page.locator('body')).not.toContainText('Hey developer');
    await expect(page).toHaveTitle('Halaman tidak dapat dibuka · Sidasek');
    // The menu stays: the side menu at a desk, the menu button on a phone.
    if (size.name === 'desktop') await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    else await expect(page.getByTestId('menu-button')).toBeVisible();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `.tmp/screens/route-error-${size.name}.png` });

    // The file is back: Muat ulang opens the screen.
    await page.unroute(/\/assets\/audit-page-[^/]*\.js$/);
    await failure.getByRole('button', { name: 'Muat ulang' }).click();
    await expect(page.getByRole('heading', { name: 'Log Audit' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
});

test('offline: a screen that cannot load says so and opens by itself when the connection returns', async ({
  page,
  context,
}) => {
  await signedIn(page, ADMIN, '/admin-side/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await context.setOffline(true);
  await page.route(/\/assets\/berita-page-[^/]*\.js$/, (r) => r.abort('internetdisconnected'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/admin-side/berita');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const failure = page.getByTestId('route-error');
  await expect(failure).toContainText('Perangkat Anda sedang offline');
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  // Offline, it does not reload by itself (the reload would fail too).
  expect(await page.evaluate(() => window.sessionStorage.getItem('sidasek:chunk-reload'))).toBeNull();
  await page.unroute(/\/assets\/berita-page-[^/]*\.js$/);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Data Berita' })).toBeVisible({ timeout: 15_000 });
});

// ---- One clock ---------------------------------------------------------------------------------

const DEMO_PASSPHRASE = 'ttd-demo-2026';

/** The office's time (WIT) of an instant as the letters print it, computed here apart from the web's code. */
function wit(iso: string, month: 'long' | 'short' = 'long'): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jayapura',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  // Long names from the contract's list (the letters' own), not the web's: short ones as dayjs writes them.
  const names =
    month === 'long'
      ? NAMA_BULAN
      : ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
  return `${Number(p.day)} ${names[Number(p.month) - 1]} ${p.year} ${p.hour}.${p.minute} WIT`;
}

describeAtSizes(SIZES, 'satu jam: peramban di Jakarta', (size) => {
  // The browser is two hours behind the office (WIB against WIT).
  test.use({ timezoneId: 'Asia/Jakarta' });

  test('the sign page, the public check, the archive and the notices show the office time with WIT, as the letter', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const due = await dueListOf(page);
    const target =
      due.find((r) => r.siap && r.status_surat === null && r.sekolah.nama_sekolah === OPERATOR.school) ??
      due.find((r) => r.siap && r.status_surat === null)!;
    await apiCall(page.request, ADMIN, 'GET', `kgb/${target.id}/verifikasi`);
    const signed = await apiCall<SuratKgb>(page.request, ADMIN, 'POST', `kgb/${target.id}/signature`, {
      passphrase: DEMO_PASSPHRASE,
      terima_data_belum_diverifikasi: true,
    });
    const letter = await apiCall<DokumenInfo>(page.request, ADMIN, 'GET', `dokumen/${signed.kode_dokumen}`);
    // The letter's own words (the PDF prints the same text).
    expect(letter.ditandatangani_pada_teks).toBe(wit(signed.signed_at!));

    await signedIn(page, ADMIN, `/admin-side/guru/verifikasi-kgb/${target.id}`);
    await expect(page.getByTestId('kgb-signed-at')).toHaveText(letter.ditandatangani_pada_teks!);
    await expect(page.getByTestId('kgb-signed')).toContainText(letter.ditandatangani_pada_teks!);
    await page.screenshot({ path: `.tmp/screens/clock-ttd-${size.name}.png`, fullPage: true });

    await page.goto('/admin-side/guru/arsip-kgb');
    await expect(page.getByText(`Ditandatangani ${wit(signed.signed_at!, 'short')}`).first()).toBeVisible();

    // The public check, without a session.
    const pub = await browser.newPage({ baseURL, timezoneId: 'Asia/Jakarta', viewport: size.viewport });
    await pub.goto(`/dokumen/${signed.kode_dokumen}`);
    await expect(pub.getByTestId('dokumen-waktu')).toHaveText(letter.ditandatangani_pada_teks!);
    await pub.close();

    // A notice of the operator's school: its time on the office's clock.
    if (target.sekolah.nama_sekolah === OPERATOR.school) {
      const notices = await apiCall<{ data: { id: number | null; dibuat_pada: string }[] }>(
        page.request,
        OPERATOR,
        'GET',
        'notifikasi',
      );
      const stored = notices.data.find((n) => n.id !== null);
      if (stored) {
        await page.evaluate(() => window.localStorage.clear());
        await signedIn(page, OPERATOR, '/operator-side/notifikasi');
        await expect(page.getByTestId('notice').first()).toBeVisible();
        await expect(page.getByTestId('notices')).toContainText(wit(stored.dibuat_pada, 'short'));
        await page.screenshot({ path: `.tmp/screens/clock-notices-${size.name}.png`, fullPage: true });
      }
    }
  });
});

async function dueListOf(page: Page): Promise<KgbDueItem[]> {
  const out: KgbDueItem[] = [];
  for (let p = 1; p < 30; p++) {
    const pg = await apiCall<ApiPage<KgbDueItem>>(page.request, ADMIN, 'GET', `kgb?page=${p}`);
    out.push(...pg.data);
    if (p >= pg.last_page) break;
  }
  return out;
}

// ---- One form pattern --------------------------------------------------------------------------

/** The message antd shows under a field (the form item of the control with that id). */
const fieldError = (page: Page, id: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`#${id}`) })
    .locator('.ant-form-item-explain-error');

describeAtSizes(SIZES, 'formulir', (size) => {
  test('Tambah Guru: required marks, every problem at its field with its label, the cursor in the first, dates typed day first', async ({
    page,
  }) => {
    await signedIn(page, ADMIN, '/admin-side/guru/add-guru');
    const form = page.getByTestId('guru-add-form');
    await expect(form).toBeVisible();
    // Required marks on the required fields.
    await expect(form.locator('label.ant-form-item-required', { hasText: 'Nama (tanpa gelar)' })).toHaveCount(1);
    await expect(form.locator('label.ant-form-item-required', { hasText: 'Sekolah' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Simpan' }).click();
    const items = await errorItems(page);
    // All at once, in the order of the screen (the photo after the school), named by their labels.
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items[0]).toBe('Nama tidak boleh Kosong');
    expect(items.at(-1)).toMatch(/^Foto/);
    expect(items.join(' ')).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    await expect(fieldError(page, 'nama')).toHaveText('Nama tidak boleh Kosong');
    await expect(fieldError(page, 'sekolah_id')).toBeVisible();
    await expect(page.locator('#nama')).toBeFocused();
    await page.screenshot({ path: `.tmp/screens/form-guru-add-${size.name}.png`, fullPage: true });

    // Typing into a field takes its mark away.
    await page.locator('#nama').fill('Siti Uji Formulir');
    await expect(fieldError(page, 'nama')).toHaveCount(0);

    // A date written as people write it: 23-06-1991, or without separators.
    const birth = page.locator('#tgl_lahir');
    await birth.click();
    await birth.fill('23-06-1991');
    await birth.press('Enter');
    await expect(birth).toHaveValue('1991-06-23');
    await birth.click();
    await birth.fill('05031988');
    await birth.press('Enter');
    await expect(birth).toHaveValue('1988-03-05');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(fieldError(page, 'tgl_lahir')).toHaveCount(0);
  });

  test('Edit Guru: the server refusal shows at its field with the focus there; a phone keyboard for numbers', async ({
    page,
  }) => {
    const g = (await allGuru(page.request, ADMIN)).find((x) => x.status_guru === 'PNS')!;
    await signedIn(page, ADMIN, `/admin-side/guru/edit-guru/${g.id}`);
    const form = page.getByTestId('guru-edit-form');
    await expect(form).toBeVisible();
    await expect(page.locator('#nik')).toHaveAttribute('inputmode', 'numeric');
    await expect(page.locator('#no_hp')).toHaveAttribute('inputmode', 'tel');
    await page.locator('#email').fill('bukan-surel');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(fieldError(page, 'email')).toHaveText('Email tidak valid');
    await expect(page.locator('#email')).toBeFocused();
    expect(await errorItems(page)).toEqual(['Email tidak valid']);
    await expect(page).toHaveURL(new RegExp(`/edit-guru/${g.id}$`));
    await page.screenshot({ path: `.tmp/screens/form-guru-edit-${size.name}.png` });
  });

  test('a TMT on another day than the 1st stays in the field and is explained', async ({ page }) => {
    const g = (await allGuru(page.request, ADMIN)).find((x) => x.status_guru === 'PNS')!;
    await signedIn(page, ADMIN, `/admin-side/guru/detail-guru/${g.id}`);
    await page.getByRole('tab', { name: 'Kepangkatan', exact: true }).click();
    await page.getByTestId('record-tab-riwpangkat').getByTestId('record-add').click();
    const modal = page.locator('.record-modal .ant-modal');
    await expect(modal).toBeVisible();
    const tmt = modal.locator('#riw_pangkat_tmt');
    await tmt.click();
    await tmt.fill('15-04-2024');
    await tmt.press('Enter');
    await expect(tmt).toHaveValue('2024-04-15');
    await modal.getByRole('button', { name: 'Simpan' }).click();
    await expect(fieldError(page, 'riw_pangkat_tmt')).toHaveText('TMT harus tanggal 1 (TMT selalu awal bulan)');
    await expect(tmt).toHaveValue('2024-04-15');
    // Every other problem of the form at the same time.
    expect((await errorItems(page, 'record-errors')).length).toBeGreaterThan(1);
    await page.screenshot({ path: `.tmp/screens/form-tmt-${size.name}.png` });
  });
});

// ---- Offline saves -----------------------------------------------------------------------------

describeAtSizes(SIZES, 'simpan tanpa sambungan', (size) => {
  test('offline, Simpan says so at once, keeps what was typed, and sends nothing by itself; sent again knowingly it saves', async ({
    page,
    context,
  }) => {
    const g = (await allGuru(page.request, ADMIN)).find((x) => x.status_guru === 'PNS')!;
    await signedIn(page, ADMIN, `/admin-side/guru/edit-guru/${g.id}`);
    await expect(page.getByTestId('guru-edit-form')).toBeVisible();
    const hobi = `Berkebun ${size.name} ${Date.now().toString(36)}`;
    await page.locator('#hobi').fill(hobi);
    await context.setOffline(true);
    const simpan = page.getByRole('button', { name: 'Simpan' });
    await simpan.click();
    await expect(page.getByTestId('form-errors')).toContainText('Perangkat sedang offline: data belum terkirim');
    // Not spinning, the typed value kept, still on the form.
    await expect(simpan).not.toHaveClass(/ant-btn-loading/);
    await expect(page.locator('#hobi')).toHaveValue(hobi);
    await expect(page).toHaveURL(new RegExp(`/edit-guru/${g.id}$`));
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await page.screenshot({ path: `.tmp/screens/offline-save-${size.name}.png` });

    // Back online: nothing was sent behind the user's back.
    await context.setOffline(false);
    await page.waitForTimeout(1500);
    const stored = await apiGetGuru(page, g.id);
    expect(stored.hobi).not.toBe(hobi);
    // Sent again knowingly: saved.
    await simpan.click();
    await expect(page).toHaveURL(new RegExp(`/detail-guru/${g.id}$`));
    expect((await apiGetGuru(page, g.id)).hobi).toBe(hobi);
  });
});

async function apiGetGuru(page: Page, id: number): Promise<{ hobi: string | null }> {
  return apiCall<{ hobi: string | null }>(page.request, ADMIN, 'GET', `guru/${id}`);
}

// ---- The office's school levels ----------------------------------------------------------------

describeAtSizes(SIZES, 'jenjang kantor', (size) => {
  test("filters and the map legend offer only the provincial office's levels (SMA, SMK, SLB)", async ({ page }) => {
    await stubTiles(page);
    await signedIn(page, ADMIN, '/admin-side/guru');
    await expect(page.getByTestId('filter-bp').locator('option')).toHaveText(['Semua', 'SMA', 'SMK', 'SLB']);
    await page.goto('/admin-side/guru/akan-kgb');
    await page.getByTestId('kgb-filter-bp').click();
    await expect(
      page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ).toHaveText(['Semua', 'SMA', 'SMK', 'SLB']);
    await page.keyboard.press('Escape');
    await page.goto('/admin-side/maps');
    await expect(page.locator('.maps-legend > span')).toHaveText(['SMA', 'SMK', 'SLB']);
    await page.screenshot({ path: `.tmp/screens/jenjang-maps-${size.name}.png` });
  });
});

// ---- Finding things ----------------------------------------------------------------------------

/** A letter signed through the API (the first teacher ready for one). */
async function signedLetter(page: Page): Promise<{ surat: SuratKgb; item: KgbDueItem }> {
  const due = await dueListOf(page);
  const item = due.find((r) => r.siap && r.status_surat === null)!;
  await apiCall(page.request, ADMIN, 'GET', `kgb/${item.id}/verifikasi`);
  const surat = await apiCall<SuratKgb>(page.request, ADMIN, 'POST', `kgb/${item.id}/signature`, {
    passphrase: DEMO_PASSPHRASE,
    terima_data_belum_diverifikasi: true,
  });
  return { surat, item };
}

describeAtSizes(SIZES, 'menemukan', (size) => {
  test('the public check reads a code typed with spaces; the KGB archive is searched and filtered, with a hint when nothing matches', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { surat, item } = await signedLetter(page);
    const pub = await browser.newPage({ baseURL, viewport: size.viewport });
    await pub.goto('/dokumen');
    await expect(pub).toHaveTitle('Sidasek · Cek Keaslian Dokumen · Sidasek');
    await pub
      .getByTestId('dokumen-kode-input')
      .locator('input')
      .fill(` ${surat.kode_dokumen.toLowerCase().replaceAll('-', ' ')} `);
    await pub.getByRole('button', { name: 'Periksa' }).click();
    await expect(pub).toHaveURL(new RegExp(`/dokumen/${surat.kode_dokumen}$`));
    await expect(pub.getByTestId('dokumen-waktu')).toBeVisible();
    await pub.close();

    await signedIn(page, ADMIN, '/admin-side/guru/arsip-kgb');
    await expect(page).toHaveTitle('Arsip KGB · Sidasek');
    await expect(page.locator('h1')).toHaveCount(1);
    const table = page.getByTestId('arsip-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await page.getByTestId('arsip-cari').locator('input').fill(item.nama.split(',')[0]!);
    await page.getByTestId('arsip-cari').locator('input').press('Enter');
    await expect(page).toHaveURL(/cari=/);
    await expect(rows.filter({ hasText: surat.nomor })).toHaveCount(1);
    await page.getByTestId('arsip-bulan').fill(surat.tmt.slice(0, 7));
    await expect(page).toHaveURL(new RegExp(`bulan=${surat.tmt.slice(0, 7)}`));
    await expect(rows.filter({ hasText: surat.nomor })).toHaveCount(1);
    await page.getByTestId('arsip-cari').locator('input').fill('Nama Yang Tidak Ada');
    await page.getByTestId('arsip-cari').locator('input').press('Enter');
    await expect(page.getByTestId('arsip-empty')).toContainText('Tidak ada surat yang cocok');
    await page.screenshot({ path: `.tmp/screens/arsip-filter-${size.name}.png`, fullPage: true });
    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await expect(page.getByTestId('arsip-empty')).toContainText('Tidak ada surat yang cocok');
    await expect(page.getByTestId('arsip-bulan')).toHaveValue(surat.tmt.slice(0, 7));
  });

  test('every page has its own browser title and one h1', async ({ page }) => {
    await signedIn(page, ADMIN, '/admin-side/dashboard');
    for (const [path, title] of [
      ['/admin-side/dashboard', 'Dashboard'],
      ['/admin-side/guru', 'Data Guru'],
      ['/admin-side/guru/akan-kgb', 'Data Guru Akan KGB'],
      ['/admin-side/guru/add-guru', 'Tambah Guru'],
      ['/admin-side/data-sekolah', 'Data Sekolah'],
      ['/admin-side/audit', 'Log Audit'],
      ['/admin-side/statistik', 'Data Statistik'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} · Sidasek`);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(title);
    }
  });
});

// ---- Phones ------------------------------------------------------------------------------------

/** A PNG of random pixels (it does not compress): about 5.8 MB, over the 5 MB upload limit. */
function bigPhoto(): Buffer {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('ponsel 390×844: foto', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a photo over 5 MB is shrunk in the browser and accepted, not refused', async ({ page }) => {
    const photo = bigPhoto();
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    await signedIn(page, ADMIN, '/admin-side/guru/add-guru');
    await expect(page.getByTestId('guru-add-form')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({ name: 'kamera.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByText('kamera.jpg')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('guru-foto-preview')).toBeVisible();
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
  });
});
