import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { SCHOOL_A, SD_JAILOLO } from '../../test/factories.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { GURU_EXPORT_HEADERS } from './ekspor.fixtures.ts';
import type { Page } from '#contract/paging.ts';
import type { GuruRow } from '#contract/guru.ts';
import type { SekolahRow } from '#contract/sekolah.ts';

let t: TestApp;
let admin: string;
let opA: string;

beforeEach(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-21T02:00:00Z');
  await createAdmin(t.database.db);
  const a = (await createSchoolWithOperator(t.database.db, SCHOOL_A)).school.id;
  const b = (await createSchoolWithOperator(t.database.db, SD_JAILOLO)).school.id;
  for (let i = 0; i < 25; i++)
    await createGuru(t.database.db, i % 2 ? a : b, {
      nama: `Guru ${String(i).padStart(2, '0')}`,
      status_guru: i % 5 ? 'PNS' : 'GTT',
      ...(i % 5 ? {} : { nip: null, golongan: null }),
      tgl_kgb_terakhir: i % 3 ? '2025-12-01' : '2024-12-15',
    });
  admin = await t.login('admin');
  opA = await t.login('60200100');
});
afterEach(async () => {
  await t.app.close();
});

async function sheet(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
}

describe('Excel exports', () => {
  it('teachers: the list filter, every page, Indonesian headers, frozen filtered header, dates as dates, no NIK', async () => {
    const { ws, rows } = await sheet('/api/guru/export?bp=SMA&jenis_guru=PNS', admin);
    expect(rows[0]).toEqual(GURU_EXPORT_HEADERS);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    // The same filter on the screen's list, all pages.
    const names: string[] = [];
    for (let page = 1; ; page++) {
      const list = await t.call<Page<GuruRow>>('GET', `/api/guru/?bp=SMA&jenis_guru=PNS&page=${page}`, {
        token: admin,
      });
      names.push(...list.body.data.data.map((g) => g.nama));
      if (page >= list.body.data.last_page) break;
    }
    expect(rows.slice(1).map((r) => String(r[2]).split(',')[0])).toEqual(names);
    expect(names.length).toBe(10);
    expect(rows[1]![5]).toBeInstanceOf(Date);
    expect(JSON.stringify(rows)).not.toContain('8271011204850001');
  });

  it('operators export only their school', async () => {
    const { rows } = await sheet('/api/guru/export', opA);
    expect(new Set(rows.slice(1).map((r) => r[7]))).toEqual(new Set(['60200100']));
    const schools = await sheet('/api/sekolah/export', opA);
    expect(schools.rows.slice(1).map((r) => r[1])).toEqual(['60200100']);
  });

  it('schools follow the list sort; the KGB due list and archive export too', async () => {
    const { rows } = await sheet('/api/sekolah/export?sortby=npsn&sortbydesc=false', admin);
    const list = await t.call<Page<SekolahRow>>('GET', '/api/sekolah?sortby=npsn&sortbydesc=false&per_page=100', {
      token: admin,
    });
    expect(rows.slice(1).map((r) => r[1])).toEqual(list.body.data.data.map((s) => s.npsn));
    const due = await sheet('/api/kgb/export', admin);
    expect(due.rows[0]).toContain('TMT KGB');
    expect(due.rows.length - 1).toBe(7); // PNS teachers whose last KGB was 2024-12-15: due since 2026-10-15
    const archive = await sheet('/api/arsip/kgb/export', admin);
    expect(archive.rows).toHaveLength(1);
    expect((await t.call('GET', '/api/arsip/kgb/export', { token: opA })).status).toBe(403);
    expect((await t.call('GET', '/api/guru/export')).status).toBe(401);
  });
});
