import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { twoSchoolsApp, type TestApp } from '../../test/test-app.ts';
import { lahan } from '../../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { Lahan } from '#contract/sarpras.ts';

let t: TestApp;
let admin: string;
let opA: string;
let opB: string;
const plot = (over: Record<string, unknown> = {}) => ({
  nama: 'Lahan utama',
  luas: '2400',
  tglperolehan: '1998-03-15',
  harga: '480000000',
  kondisi: 'Baik',
  keterangan: 'Sertifikat hak pakai',
  npsn: '60200100',
  ...over,
});

beforeEach(async () => {
  ({ t, admin, opA, opB } = await twoSchoolsApp());
});
afterEach(async () => {
  await t.app.close();
});

describe('land', () => {
  it('add: SPEC messages in order, real dates, answer', async () => {
    const empty = await t.call<{ errors: Record<string, string> }>('POST', '/api/lahan', {
      token: opA,
      body: { npsn: '60200100' },
    });
    expect(Object.values(empty.body.data.errors)).toEqual([
      'nama lahan tidak boleh Kosong',
      'luas lahan asal tidak boleh Kosong',
      'tanggal lahir tidak boleh Kosong',
      'harga lahan tidak boleh Kosong',
      'kondisi lahan tidak boleh Kosong',
      'keterangan lahan tidak boleh Kosong',
    ]);
    expect(
      (await t.call('POST', '/api/lahan', { token: opA, body: plot({ tglperolehan: '2023-02-30' }) })).body.diagnostic
        .message,
    ).toBe('Tanggal perolehan harus tanggal yang valid (YYYY-MM-DD)');
    expect(
      (await t.call('POST', '/api/lahan', { token: opA, body: plot({ tglperolehan: '2999-01-01' }) })).body.diagnostic
        .message,
    ).toBe('Tanggal perolehan tidak boleh di masa depan');
    expect(
      (await t.call('POST', '/api/lahan', { token: opA, body: plot({ luas: '-5' }) })).body.diagnostic.message,
    ).toBe('Luas lahan minimal 1');
    const created = await t.call<Lahan>('POST', '/api/lahan', { token: opA, body: plot() });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      npsn: '60200100',
      nama: 'Lahan utama',
      luas: 2400,
      tglperolehan: '1998-03-15',
      harga: 480000000,
      kondisi: 'Baik',
      keterangan: 'Sertifikat hak pakai',
    });
  });

  it('list, detail, edit, delete; operators limited to their school', async () => {
    const created = (await t.call<Lahan>('POST', '/api/lahan', { token: opA, body: plot() })).body.data;
    expect((await t.call('POST', '/api/lahan', { token: opB, body: plot() })).status).toBe(403);
    const list = await t.call<Page<Lahan>>('GET', '/api/list-lahan/60200100?page=1', { token: opA });
    expect(list.body.data).toMatchObject({ total: 1, last_page: 1 });
    expect((await t.call('GET', '/api/list-lahan/60200100?page=1', { token: opB })).status).toBe(403);
    expect((await t.call('GET', `/api/lahan/${created.id}`, { token: opB })).status).toBe(403);
    expect(
      (await t.call('PUT', `/api/lahan/${created.id}`, { token: opB, body: plot({ npsn: '60200200' }) })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/lahan/${created.id}`, { token: opB })).status).toBe(403);

    const edited = await t.call<Lahan>('PUT', `/api/lahan/${created.id}`, {
      token: opA,
      body: plot({ nama: 'Lahan depan', kondisi: 'Rusak Ringan' }),
    });
    expect(edited.body.data).toMatchObject({ nama: 'Lahan depan', kondisi: 'Rusak Ringan' });
    const moved = await t.call('PUT', `/api/lahan/${created.id}`, { token: admin, body: plot({ npsn: '60200200' }) });
    expect(moved.status).toBe(422);
    expect((await t.call<Lahan>('GET', `/api/lahan/${created.id}`, { token: admin })).body.data.npsn).toBe('60200100');
    expect((await t.call('DELETE', `/api/lahan/${created.id}`, { token: opA })).status).toBe(200);
    expect(await t.database.db.select().from(lahan).where(eq(lahan.id, created.id))).toHaveLength(0);
  });
});
