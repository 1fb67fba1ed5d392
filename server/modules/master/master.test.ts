import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneSchoolApp, type TestApp } from '../../test/test-app.ts';
import type { FasilitasItem, MasterItem, WilayahItem } from '#contract/master.ts';

let t: TestApp;
let admin: string;
let op: string;

beforeAll(async () => {
  ({ t, admin } = await oneSchoolApp());
  op = await t.login('60200100');
});
afterAll(async () => {
  await t.app.close();
});

describe('master lists', () => {
  it.each(['/api/masterbp', '/api/fasilitas', '/api/kondisi', '/api/ruangan', '/api/master-aset'])(
    '%s answers 401 without a token, 200 with one',
    async (url) => {
      expect((await t.call('GET', url)).status).toBe(401);
      const res = await t.call<unknown[]>('GET', url, { token: op });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
    },
  );

  it('answers the SPEC shapes and DOMAIN values', async () => {
    expect((await t.call<MasterItem[]>('GET', '/api/masterbp', { token: op })).body.data.map((r) => r.nama)).toEqual([
      'TK',
      'SD',
      'SMP',
      'SMA',
      'SMK',
      'SLB',
    ]); // SLB: special schools, a provincial office's level (docs/spec-deviations.md)
    expect((await t.call<MasterItem[]>('GET', '/api/kondisi', { token: op })).body.data.map((r) => r.nama)).toEqual([
      'Baik',
      'Rusak Ringan',
      'Rusak Sedang',
      'Rusak Berat',
    ]);
    const f = (await t.call<FasilitasItem[]>('GET', '/api/fasilitas', { token: op })).body.data;
    expect(f[0]).toEqual({ id: expect.any(Number), fasilitas: expect.any(String) });
  });

  it('room types: administrators add, rename and delete; operators are refused', async () => {
    expect((await t.call('POST', '/api/ruangan', { token: op, body: { nama: 'Ruang Musik' } })).status).toBe(403);
    const empty = await t.call('POST', '/api/ruangan', { token: admin, body: { nama: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.diagnostic.message).toBe('Nama tidak boleh Kosong');
    const created = await t.call<MasterItem>('POST', '/api/ruangan', { token: admin, body: { nama: 'Ruang Musik' } });
    expect(created.status).toBe(200);
    const dup = await t.call('POST', '/api/ruangan', { token: admin, body: { nama: 'Ruang Musik' } });
    expect(dup.status).toBe(409);
    const renamed = await t.call<MasterItem>('PUT', `/api/ruangan/${created.body.data.id}`, {
      token: admin,
      body: { nama: 'Ruang Seni Musik' },
    });
    expect(renamed.body.data.nama).toBe('Ruang Seni Musik');
    expect(
      (await t.call('PUT', `/api/ruangan/${created.body.data.id}`, { token: op, body: { nama: 'X' } })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/ruangan/${created.body.data.id}`, { token: op })).status).toBe(403);
    expect((await t.call('DELETE', `/api/ruangan/${created.body.data.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/ruangan/${created.body.data.id}`, { token: admin })).status).toBe(404);
  });

  it('a type still in use cannot be deleted (409)', async () => {
    const types = (await t.call<MasterItem[]>('GET', '/api/ruangan', { token: admin })).body.data;
    const kelas = types.find((x) => x.nama === 'Ruang Kelas')!;
    const room = await t.call<{ id: number }>('PUT', '/api/sekolah/ruangan/60200100', {
      token: op,
      body: { nama: 'Kelas 1', ruangan: kelas.id, panjang: 8, lebar: 7, tinggi: 3, keterangan: 'x' },
    });
    expect(room.status).toBe(200);
    const del = await t.call('DELETE', `/api/ruangan/${kelas.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.diagnostic.message).toBe('Data master ini masih dipakai dan tidak dapat dihapus');

    const assetTypes = (await t.call<MasterItem[]>('GET', '/api/master-aset', { token: admin })).body.data;
    const meja = assetTypes.find((x) => x.nama === 'Meja Siswa')!;
    await t.call('POST', '/api/aset', {
      token: op,
      body: { nama: 'Meja', asset_id: meja.id, kondisi: 'Baik', harga: 1000, jumlah: 2, ruangan_id: room.body.data.id },
    });
    expect((await t.call('DELETE', `/api/asset/${meja.id}`, { token: admin })).status).toBe(409);
    const added = await t.call<MasterItem>('POST', '/api/asset', { token: admin, body: { nama: 'Smart TV' } });
    expect(
      (await t.call('PUT', `/api/asset/${added.body.data.id}`, { token: admin, body: { nama: 'Televisi Pintar' } }))
        .body.data,
    ).toMatchObject({ nama: 'Televisi Pintar' });
    expect((await t.call('DELETE', `/api/asset/${added.body.data.id}`, { token: admin })).status).toBe(200);
  });
});

describe('GET api/wilayah', () => {
  it('provinces without a code, children with one, down to villages', async () => {
    const prov = await t.call<WilayahItem[]>('GET', '/api/wilayah', { token: op });
    expect(prov.body.data).toHaveLength(38);
    expect(prov.body.data).toContainEqual({ kode_wilayah: '82', nama: 'Maluku Utara', level: 1 });
    const kab = await t.call<WilayahItem[]>('GET', '/api/wilayah?kode_wilayah=82', { token: op });
    expect(kab.body.data.map((w) => w.nama)).toContain('Kota Ternate');
    expect(kab.body.data).toHaveLength(10);
    const kec = await t.call<WilayahItem[]>('GET', '/api/wilayah?kode_wilayah=82.71', { token: op });
    expect(kec.body.data.map((w) => w.kode_wilayah)).toContain('82.71.03');
    const desa = await t.call<WilayahItem[]>('GET', '/api/wilayah?kode_wilayah=82.71.03', { token: op });
    expect(desa.body.data).toContainEqual({ kode_wilayah: '82.71.03.1008', nama: 'Soa Sio', level: 4 });
  });

  it('refuses a malformed code and needs a token', async () => {
    const bad = await t.call('GET', '/api/wilayah?kode_wilayah=270000', { token: op });
    expect(bad.status).toBe(422);
    expect((await t.call('GET', '/api/wilayah')).status).toBe(401);
  });
});
