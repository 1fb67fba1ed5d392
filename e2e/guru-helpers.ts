import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, apiLogin } from './fixtures.ts';
import type { Page as ApiPage } from '../contract/paging.ts';
import type { RecordField } from '../contract/riwayat.ts';

/** A valid 48×48 blue PNG (teacher photo), written from base64 so the test needs no image library. */
export const PNG_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwRnBEvqRMxNLuo9LKqAh8OBJ96t7zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4AZvBW6Zn0xNPAAAAAElFTkSuQmCC',
  'base64',
);

/** A minimal valid one-page PDF with a correct xref table. */
export function minimalPdf(text = 'Dokumen uji Sidasek'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The visible dropdown of an antd Select. */
export const dropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/**
 * Opens an antd Select and picks the option titled `option` (typing it first), or the first
 * option. Retried as a whole: options that arrive while the list is open re-render it.
 */
export async function choose(page: Page, select: Locator, option?: string) {
  const list = dropdown(page);
  await expect(async () => {
    if (!(await list.isVisible())) {
      await select.click();
      await expect(list).toBeVisible({ timeout: 2000 });
      if (option) await page.keyboard.type(option);
    }
    const item = option
      ? list.locator(`.ant-select-item-option[title="${option}"]`).first()
      : list.locator('.ant-select-item-option').first();
    await item.click({ timeout: 2000 });
    await expect(list).toBeHidden({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** Types a date (YYYY-MM-DD) into an antd DatePicker input and commits it. */
export async function typeDate(page: Page, input: Locator, ymd: string) {
  await input.click();
  await input.fill(ymd);
  await input.press('Enter');
  await expect(input).toHaveValue(ymd);
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
}

/** The messages of a form's error list. */
export async function errorItems(page: Page, testId = 'form-errors'): Promise<string[]> {
  const el = page.getByTestId(testId).locator('.form-error-item');
  await expect(el.first()).toBeVisible();
  return el.allTextContents();
}

/**
 * Answers the list requests matching `url` with the server's real answer, its count turned into
 * one stopped at its cap (`total_lebih`) of `total` rows on `lastPage` pages.
 */
export async function cappedCount(page: Page, url: string, total: number, lastPage: number) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data = { ...body.data, total, last_page: lastPage, total_lebih: true };
    await route.fulfill({ response, json: body });
  });
}

/** The message antd shows under a form control, in the control's own form item. */
export const errorUnder = (page: Page, control: Locator) =>
  page.locator('.ant-form-item').filter({ has: control }).locator('.ant-form-item-explain-error');

/** Confirms the open antd confirm dialog after checking the SPEC §4 texts. */
export async function confirmYes(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Apakah Anda Yakin?');
  await expect(dialog.getByRole('button', { name: 'Tidak,Batalkan' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Ya,Saya Yakin' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Waits until running CSS animations have finished, for steady screenshots. */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Turns the window into a phone (390×844) and expects the page to fit it: no sideways scroll, measured
 * once the app has switched to its phone layout (it does on the resize event).
 */
export async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

export interface ApiGuruRow {
  id: number;
  nip: string | null;
  nama: string;
  verifikasi: number;
  status_guru: string | null;
  sekolah: { nama_sekolah: string } | null;
}

/** Calls the API as `user` and answers `data`. */
export async function apiGet<T>(
  request: APIRequestContext,
  user: { username: string; password: string },
  path: string,
): Promise<T> {
  const { access_token } = await apiLogin(request, user);
  const res = await request.get(`/api/${path}`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

/** Calls the API with the session `token` (`data`, when given, as the JSON body), expects 200 and answers `data`. */
export async function apiCallWithToken<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

/** Calls the API as `user` (`data`, when given, as the JSON body), expects 200 and answers `data`. */
export async function apiCall<T>(
  request: APIRequestContext,
  user: { username: string; password: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const { access_token } = await apiLogin(request, user);
  return apiCallWithToken<T>(request, access_token, method, path, data);
}

/**
 * Adds a teacher as the administrator through the API, at the school of NPSN `npsn`, in the first
 * position of the list and with the test photo, and answers its id.
 */
export async function apiAddGuru(
  request: APIRequestContext,
  npsn: string,
  fields: Record<string, string>,
): Promise<number> {
  const { access_token } = await apiLogin(request, ADMIN);
  const schools = await apiGet<ApiPage<{ id: number; npsn: string }>>(
    request,
    ADMIN,
    `sekolah?q=${npsn}&page=1&per_page=10`,
  );
  const jabatan = await apiGet<{ id: number }[]>(request, ADMIN, 'jabatanguru');
  const created = await request.post('/api/guru', {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: {
      ...fields,
      id_jabatan: String(jabatan[0]!.id),
      sekolah_id: String(schools.data.find((s) => s.npsn === npsn)!.id),
      foto: { name: 'foto.png', mimeType: 'image/png', buffer: PNG_PHOTO },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()).data.id as number;
}

/** Every teacher the user can see (through the list pages). */
export async function allGuru(
  request: APIRequestContext,
  user: { username: string; password: string },
  query = '',
): Promise<ApiGuruRow[]> {
  const out: ApiGuruRow[] = [];
  for (let p = 1; p < 50; p++) {
    const pg = await apiGet<{ data: ApiGuruRow[]; last_page: number }>(request, user, `guru/?${query}&page=${p}`);
    out.push(...pg.data);
    if (p >= pg.last_page) break;
  }
  return out;
}

/** Fills one field of the generated record form with a valid value. */
export async function fillField(page: Page, modal: Locator, f: RecordField, mark: string) {
  const input = modal.locator(`#${f.name}`);
  switch (f.type) {
    case 'text':
      await input.fill(mark.slice(0, f.max ?? 255));
      break;
    case 'date':
      await typeDate(page, input, f.firstOfMonth ? '2021-03-01' : '2021-03-15');
      break;
    case 'int': {
      const min = f.min ?? 0;
      const max = f.max ?? 1000;
      await input.fill(String(max >= 1_000_000 ? 3_500_000 : Math.min(max, Math.max(min, 3))));
      break;
    }
    case 'decimal':
      await input.fill('112,5'); // the decimal comma an officer types
      break;
    case 'enum':
    case 'master':
    case 'record':
    case 'golongan':
      await choose(page, modal.locator('.ant-select', { has: page.locator(`#${f.name}`) }));
      break;
    case 'file':
      await modal
        .locator('input[type=file]')
        .setInputFiles({ name: 'dokumen.pdf', mimeType: 'application/pdf', buffer: minimalPdf(`${f.label} ${mark}`) });
      await expect(modal.getByText('dokumen.pdf')).toBeVisible();
      break;
  }
}
