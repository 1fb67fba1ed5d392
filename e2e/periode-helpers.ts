import type { APIRequestContext } from '@playwright/test';
import type { PeriodeKgb } from '../contract/kgb-periode.ts';
import { expect, ADMIN, apiLogin } from './fixtures.ts';
import { apiAddGuru, apiGet, minimalPdf } from './guru-helpers.ts';

// Teachers of a month of the KGB run, made through the API for the browser tests.

const ym = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
const monthsFromNow = (n: number) => {
  const d = new Date();
  return ym(new Date(d.getFullYear(), d.getMonth() + n, 1));
};

/** A past month without any teacher in it (demo data leaves most months empty), so the run is ours alone. */
export async function emptyMonth(request: APIRequestContext): Promise<string> {
  // Other tests of the same worker add teachers to some months: look further back when they have.
  for (const n of [-3, -4, -5, -2, -6, -7, -8, -9, -10, -11, -12, -13]) {
    const bulan = monthsFromNow(n);
    const p = await apiGet<PeriodeKgb>(request, ADMIN, `kgb/periode?bulan=${bulan}`);
    if (p.data.length === 0) return bulan;
  }
  throw new Error('no empty month');
}

/**
 * A PNS III/b teacher whose last KGB (verified, with its SK, MKG 8 on a step of the table) was two
 * years before the month's TMT; the profile verified by the office unless `verified` is false.
 */
export async function teacherDueIn(
  request: APIRequestContext,
  bulan: string,
  nama: string,
  seq: string,
  npsn = '60200412',
  verified = true,
): Promise<number> {
  const { access_token } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${access_token}` };
  const id = await apiAddGuru(request, npsn, {
    nama,
    tgl_lahir: '1988-03-10',
    nip: `198803102012031${seq}`,
    jenis_kelamin: 'Laki-laki',
    golongan: 'III/b',
  });
  const [y, m] = bulan.split('-').map(Number) as [number, number];
  const last = `${y - 2}-${String(m).padStart(2, '0')}-01`;
  const record = await request.post('/api/riwkgb/', {
    headers,
    multipart: {
      guru_id: String(id),
      no_kgb: `822.4/${seq}/DIKBUD/${y - 2}`,
      perihal: 'Kenaikan Gaji Berkala',
      ttgl_kgb: last,
      gpl_kgb: '3287000',
      gol_kgb: 'III/b',
      nosk_kgb: `822.4/${seq}/DIKBUD/${y - 2}`,
      tglsk_kgb: last,
      mkg_tahun: '8',
      mkg_bulan: '0',
      file_kgb: { name: 'sk.pdf', mimeType: 'application/pdf', buffer: minimalPdf('SK KGB') },
    },
  });
  expect(record.status(), await record.text()).toBe(200);
  if (verified) expect((await request.put(`/api/guru/verifikasi/${id}`, { headers })).status()).toBe(200);
  return id;
}
