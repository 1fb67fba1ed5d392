import type { APIRequestContext } from '@playwright/test';
import type { ProfilKantor } from '../contract/kantor-values.ts';
import { test, expect, ADMIN, apiLogin, signedIn } from './fixtures.ts';
import { apiGet, choose, PNG_PHOTO, settled } from './guru-helpers.ts';

// The office profile on the signing officials' page: letterhead, contacts, logo, the
// authority letters are signed on behalf of, the zone. Put back afterwards: other tests read letters.
async function restore(request: APIRequestContext, before: ProfilKantor) {
  const { access_token } = await apiLogin(request, ADMIN);
  const { ada_logo: hadLogo, ...body } = before;
  const res = await request.put('/api/pengaturan/kantor', {
    headers: { authorization: `Bearer ${access_token}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  if (!hadLogo)
    await request.delete('/api/pengaturan/kantor/logo', { headers: { authorization: `Bearer ${access_token}` } });
}

test('office profile: a provincial office, its authority filled in from the region, contacts checked, a logo uploaded (desktop and phone)', async ({
  page,
}) => {
  const before = await apiGet<ProfilKantor>(page.request, ADMIN, 'pengaturan/kantor');
  try {
    await signedIn(page, ADMIN, '/admin-side/pejabat-penandatangan');
    const form = page.getByTestId('kantor-form');
    await expect(form.getByLabel('Wilayah')).toHaveValue(before.wilayah);
    // From a city office to a provincial one: the authority follows each region.
    await choose(page, form.getByLabel('Tingkat kantor'), 'Kabupaten/Kota (PAUD/TK, SD, SMP)');
    await form.getByLabel('Wilayah').fill('Kota Ternate');
    await expect(form.getByLabel('Atas nama (a.n.)')).toHaveValue('Wali Kota Ternate');
    await choose(page, form.getByLabel('Tingkat kantor'), 'Provinsi (SMA, SMK, SLB)');
    await form.getByLabel('Wilayah').fill('Provinsi Maluku Utara');
    // The authority follows the region until it is written by hand.
    await expect(form.getByLabel('Atas nama (a.n.)')).toHaveValue('Gubernur Maluku Utara');
    await form.getByLabel('Nama instansi').fill('Dinas Pendidikan dan Kebudayaan');
    await form.getByLabel('Pos-el').fill('bukan surel');
    await page.getByTestId('kantor-submit').click();
    await expect(form).toContainText('Alamat pos-el tidak valid');
    await expect(form.getByLabel('Pos-el')).toBeFocused();
    await form.getByLabel('Pos-el').fill('dikbud@malutprov.go.id');
    await form.getByLabel('Telepon').fill('(0921) 3121234');
    await page.getByTestId('kantor-submit').click();
    await expect(page.locator('.ant-message')).toContainText('Profil kantor disimpan');

    await page
      .getByTestId('kantor-logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_PHOTO });
    await expect(page.locator('.ant-message')).toContainText('Logo kantor disimpan');
    await expect(page.getByTestId('kantor-logo')).toBeVisible();
    const after = await apiGet<ProfilKantor>(page.request, ADMIN, 'pengaturan/kantor');
    expect(after).toMatchObject({
      tingkat: 'provinsi',
      wilayah: 'Provinsi Maluku Utara',
      kepala_daerah: 'Gubernur Maluku Utara',
      email: 'dikbud@malutprov.go.id',
      ada_logo: true,
    });

    await settled(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/screens/kantor-profil.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/screens/kantor-profil-phone.png' });
  } finally {
    await restore(page.request, before);
  }
});
