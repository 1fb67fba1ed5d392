import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { twoSchoolsApp, type TestApp } from '../../test/test-app.ts';
import { aset, jenisRuangan, masterAset, ruangan } from '../../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { Aset, Ruangan } from '#contract/sarpras.ts';

let t: TestApp;
let admin: string;
let opA: string;
let opB: string;
let kelasId: number;
let mejaId: number;

const room = (over: Record<string, unknown> = {}) => ({
  nama: 'Kelas 7A',
  ruangan: kelasId,
  panjang: '9',
  lebar: 8,
  tinggi: 3.5,
  keterangan: 'Ruang belajar',
  ...over,
});

beforeEach(async () => {
  ({ t, admin, opA, opB } = await twoSchoolsApp());
  kelasId = (await t.database.db.select().from(jenisRuangan).where(eq(jenisRuangan.nama, 'Ruang Kelas')))[0]!.id;
  mejaId = (await t.database.db.select().from(masterAset).where(eq(masterAset.nama, 'Meja Siswa')))[0]!.id;
});
afterEach(async () => {
  await t.app.close();
});

async function addRoom(token = opA, npsn = '60200100', over = {}) {
  const res = await t.call<Ruangan>('PUT', `/api/sekolah/ruangan/${npsn}`, { token, body: room(over) });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  return res.body.data;
}

describe('rooms', () => {
  it('add: SPEC messages in order, numbers checked, answer with the room type', async () => {
    const empty = await t.call<{ errors: Record<string, string> }>('PUT', '/api/sekolah/ruangan/60200100', {
      token: opA,
      body: {},
    });
    expect(empty.status).toBe(422);
    expect(Object.values(empty.body.data.errors)).toEqual([
      'nama Ruangan tidak boleh Kosong',
      'jenis ruangan tidak boleh Kosong',
      'panjang tidak boleh Kosong',
      'lebar tidak boleh Kosong',
      'tinggi tidak boleh Kosong',
      'keterangan tidak boleh Kosong',
    ]);
    expect(empty.body.diagnostic.message).toBe('nama Ruangan tidak boleh Kosong');
    const notNumber = await t.call('PUT', '/api/sekolah/ruangan/60200100', {
      token: opA,
      body: room({ panjang: 'sembilan' }),
    });
    expect(notNumber.body.diagnostic.message).toBe('Panjang harus berupa angka');
    const unknownType = await t.call('PUT', '/api/sekolah/ruangan/60200100', {
      token: opA,
      body: room({ ruangan: 9999 }),
    });
    expect(unknownType.body.diagnostic.message).toBe('Jenis ruangan tidak ditemukan');

    const created = await addRoom();
    expect(created).toMatchObject({
      nama: 'Kelas 7A',
      npsn: '60200100',
      jenisruangan: { id: kelasId, nama: 'Ruang Kelas' },
      panjang: 9,
      lebar: 8,
      tinggi: 3.5,
      status: 'Baik',
      jumlah_aset: 0,
    });
  });

  it('list is paged by school; operators only reach their own', async () => {
    for (let i = 0; i < 12; i++) await addRoom(opA, '60200100', { nama: `Kelas ${String(i).padStart(2, '0')}` });
    const p2 = await t.call<Page<Ruangan>>('GET', '/api/ruangan/60200100?page=2', { token: opA });
    expect(p2.body.data).toMatchObject({ total: 12, last_page: 2, current_page: 2 });
    expect(p2.body.data.data.map((r) => r.nama)).toEqual(['Kelas 10', 'Kelas 11']);
    expect((await t.call('GET', '/api/ruangan/60200100?page=1', { token: opB })).status).toBe(403);
    expect((await t.call('GET', '/api/ruangan/60200100?page=1')).status).toBe(401);
    expect((await t.call<Page<Ruangan>>('GET', '/api/ruangan/60200100', { token: admin })).body.data.total).toBe(12);
    expect((await t.call('PUT', '/api/sekolah/ruangan/60200100', { token: opB, body: room() })).status).toBe(403);
  });

  it('edit and detail; another school cannot edit or delete (nothing changes)', async () => {
    const r = await addRoom();
    const edited = await t.call<Ruangan>('PUT', `/api/sekolah/ruangan/edit/${r.id}`, {
      token: opA,
      body: room({ nama: 'Kelas 7B', status: 'Rusak Ringan' }),
    });
    expect(edited.body.data).toMatchObject({ nama: 'Kelas 7B', status: 'Rusak Ringan' });
    expect((await t.call<Ruangan>('GET', `/api/sekolah/ruangan/detail/${r.id}`, { token: opA })).body.data.nama).toBe(
      'Kelas 7B',
    );
    const other = await t.call('GET', `/api/sekolah/ruangan/detail/${r.id}`, { token: opB });
    expect(other.status).toBe(403);
    expect(other.body.data).toBeNull();
    expect(
      (await t.call('PUT', `/api/sekolah/ruangan/edit/${r.id}`, { token: opB, body: room({ nama: 'X' }) })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/sekolah/ruangan/${r.id}`, { token: opB })).status).toBe(403);
    expect((await t.database.db.select().from(ruangan).where(eq(ruangan.id, r.id)))[0]!.nama).toBe('Kelas 7B');
    expect((await t.call('GET', '/api/sekolah/ruangan/detail/99999', { token: admin })).status).toBe(404);
  });

  it('delete is refused with 409 while the room has assets, then succeeds', async () => {
    const r = await addRoom();
    const a = await t.call<Aset>('POST', '/api/aset', {
      token: opA,
      body: { nama: 'Meja siswa', asset_id: mejaId, kondisi: 'Baik', harga: '450000', jumlah: '32', ruangan_id: r.id },
    });
    const refused = await t.call('DELETE', `/api/sekolah/ruangan/${r.id}`, { token: opA });
    expect(refused.status).toBe(409);
    expect(refused.body.diagnostic.message).toBe(
      'Ruangan masih memiliki aset. Hapus atau pindahkan asetnya lebih dulu.',
    );
    expect((await t.call('DELETE', `/api/aset/${a.body.data.id}`, { token: opA })).status).toBe(200);
    const done = await t.call('DELETE', `/api/sekolah/ruangan/${r.id}`, { token: opA });
    expect(done.status).toBe(200);
    expect(done.body.diagnostic.message).toBe('Data berhasil dihapus');
  });
});

describe('assets', () => {
  it('add: SPEC messages in order; list, edit and delete', async () => {
    const r = await addRoom();
    const empty = await t.call<{ errors: Record<string, string> }>('POST', '/api/aset', {
      token: opA,
      body: { ruangan_id: r.id },
    });
    expect(Object.values(empty.body.data.errors)).toEqual([
      'Nama Aset tidak boleh Kosong',
      'Jenis Aset tidak boleh Kosong',
      'Kondisi Aset tidak boleh Kosong',
      'Harga Aset tidak boleh Kosong',
      'Jumlah tidak boleh Kosong',
    ]);
    const badCondition = await t.call('POST', '/api/aset', {
      token: opA,
      body: { nama: 'Meja', asset_id: mejaId, kondisi: 'Bagus', harga: 1, jumlah: 1, ruangan_id: r.id },
    });
    expect(badCondition.body.diagnostic.message).toBe(
      'Kondisi aset harus salah satu dari: Baik, Rusak Ringan, Rusak Sedang, Rusak Berat',
    );
    const created = await t.call<Aset>('POST', '/api/aset', {
      token: opA,
      body: { nama: 'Meja siswa', asset_id: mejaId, kondisi: 'Baik', harga: 450000, jumlah: 32, ruangan_id: r.id },
    });
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      nama: 'Meja siswa',
      asset_id: mejaId,
      masterasset: { id: mejaId, nama: 'Meja Siswa' },
      jumlah: 32,
      harga: 450000,
      kondisi: 'Baik',
      ruangan_id: r.id,
    });
    const list = await t.call<Page<Aset>>('GET', `/api/aset-ruangan/${r.id}?page=1`, { token: opA });
    expect(list.body.data.total).toBe(1);
    const edited = await t.call<Aset>('PUT', `/api/aset/${created.body.data.id}`, {
      token: opA,
      body: {
        nama: 'Meja siswa',
        asset_id: mejaId,
        kondisi: 'Rusak Ringan',
        harga: 450000,
        jumlah: 30,
        ruangan_id: r.id,
      },
    });
    expect(edited.body.data).toMatchObject({ kondisi: 'Rusak Ringan', jumlah: 30 });
    expect((await t.call('DELETE', `/api/aset/${created.body.data.id}`, { token: opA })).status).toBe(200);
    expect((await t.call('DELETE', `/api/aset/${created.body.data.id}`, { token: opA })).status).toBe(404);
  });

  it("an operator cannot put assets in, read, move to or change another school's room", async () => {
    const mine = await addRoom();
    const theirs = await addRoom(opB, '60200200');
    const body = { nama: 'Meja', asset_id: mejaId, kondisi: 'Baik', harga: 1, jumlah: 1 };
    expect((await t.call('POST', '/api/aset', { token: opA, body: { ...body, ruangan_id: theirs.id } })).status).toBe(
      403,
    );
    expect((await t.call('GET', `/api/aset-ruangan/${theirs.id}`, { token: opA })).status).toBe(403);
    const a = await t.call<Aset>('POST', '/api/aset', { token: opA, body: { ...body, ruangan_id: mine.id } });
    expect(
      (await t.call('PUT', `/api/aset/${a.body.data.id}`, { token: opA, body: { ...body, ruangan_id: theirs.id } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('PUT', `/api/aset/${a.body.data.id}`, { token: opB, body: { ...body, ruangan_id: theirs.id } }))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/aset/${a.body.data.id}`, { token: opB })).status).toBe(403);
    expect((await t.database.db.select().from(aset).where(eq(aset.id, a.body.data.id)))[0]!.ruanganId).toBe(mine.id);
    // The administrator may move an asset between rooms of one school, not across schools.
    expect(
      (await t.call('PUT', `/api/aset/${a.body.data.id}`, { token: admin, body: { ...body, ruangan_id: theirs.id } }))
        .status,
    ).toBe(422);
  });
});
