import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAdmin, createTestApp, type TestApp } from '../test/test-app.ts';
import { capped, cappedPage, countLimit } from './capped-count.ts';
import { SEKOLAH_COUNT_CAP } from '../modules/sekolah/sekolah.repository.ts';
import { KGB_DUE_COUNT_CAP } from '../modules/kgb/kgb.repository.ts';
import type { Page } from '#contract/paging.ts';

describe('capped counts', () => {
  it('count to the cap or ten pages past the page; more only past the limit', () => {
    expect(countLimit(100, 1, 10)).toBe(100);
    expect(countLimit(100, 30, 10)).toBe(390);
    expect(capped(100, 100)).toEqual({ total: 100, more: false });
    expect(capped(101, 100)).toEqual({ total: 100, more: true });
    expect(cappedPage({ rows: ['a'], total: 100, more: true }, 2, 10)).toMatchObject({
      data: ['a'],
      total: 100,
      last_page: 10,
      from: 11,
      to: 11,
      total_lebih: true,
    });
  });
});

// Province scale through the API: more schools and more due teachers than the caps.
describe('school list and KGB due list stop counting at their caps', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`insert into sekolah (npsn, nama_sekolah, status, bentuk_pendidikan)
      select (70000000 + i)::text, 'SD Uji ' || i, 'Negeri', 'SD' from generate_series(1, ${SEKOLAH_COUNT_CAP + 1}) as i`);
    // PNS teachers whose last KGB was 23 months ago: the next one is a month away, so all are due.
    const last = new Date(t.clock.now.getTime());
    last.setUTCMonth(last.getUTCMonth() - 23);
    await t.database.db
      .execute(sql`insert into guru (nama, jenis_kelamin, tgl_lahir, status_guru, golongan, tgl_kgb_terakhir, nip)
      select 'Guru Uji ' || i, 'Perempuan', date '1985-01-01', 'PNS', 'III/a', ${last.toISOString().slice(0, 10)}::date,
             '1985' || lpad(i::text, 14, '0')
      from generate_series(1, ${KGB_DUE_COUNT_CAP + 1}) as i`);
    await createAdmin(t.database.db);
    token = await t.login('admin');
  }, 120_000);
  afterAll(async () => {
    await t.app.close();
  });

  it('schools: 10,000 and total_lebih on page 1; exact once ten pages ahead reach the end; past the end the page-1 count', async () => {
    const first = await t.call<Page<unknown>>('GET', '/api/sekolah?per_page=100&page=1&sortby=npsn', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      total: SEKOLAH_COUNT_CAP,
      total_lebih: true,
      last_page: 100,
      per_page: 100,
    });
    expect(first.body.data.data).toHaveLength(100);
    const deep = await t.call<Page<unknown>>('GET', '/api/sekolah?per_page=100&page=95&sortby=npsn', { token });
    expect(deep.body.data).toMatchObject({ total: SEKOLAH_COUNT_CAP + 1, total_lebih: false, last_page: 101 });
    const past = await t.call<Page<unknown>>('GET', '/api/sekolah?per_page=100&page=5000&sortby=npsn', { token });
    expect(past.body.data).toMatchObject({ data: [], total: SEKOLAH_COUNT_CAP, total_lebih: true });
    const narrow = await t.call<Page<unknown>>('GET', '/api/sekolah?q=Uji%2010000&per_page=100&page=1', { token });
    expect(narrow.body.data).toMatchObject({ total: 1, total_lebih: false });
  });

  it('KGB due list: 10,000 and total_lebih on page 1; a narrow search is exact', async () => {
    const first = await t.call<Page<{ nama: string }>>('GET', '/api/kgb?page=1', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: KGB_DUE_COUNT_CAP, total_lebih: true });
    expect(first.body.data.data.length).toBeGreaterThan(0);
    const narrow = await t.call<Page<{ nama: string }>>('GET', '/api/kgb?page=1&cari=Uji%2010001', { token });
    expect(narrow.body.data).toMatchObject({ total: 1, total_lebih: false });
    expect(narrow.body.data.data.map((r) => r.nama)).toEqual(['Guru Uji 10001']);
    const past = await t.call<Page<unknown>>('GET', '/api/kgb?page=100000', { token });
    expect(past.body.data).toMatchObject({ data: [], total: KGB_DUE_COUNT_CAP, total_lebih: true });
  });
});
