import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#contract/config.ts';
import type { KunjunganTercatat } from '#contract/statistik.ts';
import { createAdmin, createTestApp, type TestApp } from './test-app.ts';

// The office's zone belongs to an app (AppDeps.waktu, decision 0060): two apps in one process (test
// files of a vitest worker share their modules) with different zones each keep their own "today".
let wib: TestApp;
let wit: TestApp;
// 16.30 UTC on 30 November: 23.30 WIB on the 30th, 01.30 WIT on 1 December.
const NOW = new Date('2026-11-30T16:30:00Z');

beforeAll(async () => {
  wib = await createTestApp({ officeTimezone: 'Asia/Jakarta' });
  wit = await createTestApp({ officeTimezone: 'Asia/Jayapura' });
  wib.clock.now = NOW;
  wit.clock.now = NOW;
  await createAdmin(wit.database.db);
}, 120_000);
afterAll(async () => {
  await wib?.app.close();
  await wit?.app.close();
});

describe('two apps, two zones, one process', () => {
  it('each answers its own zone and its own day, whichever was built last', async () => {
    const zona = async (t: TestApp) => (await t.call<AppConfig>('GET', '/api/config')).body.data.zona_waktu;
    expect(await zona(wib)).toBe('Asia/Jakarta');
    expect(await zona(wit)).toBe('Asia/Jayapura');

    const visit = async (t: TestApp) =>
      (await t.call<KunjunganTercatat>('POST', '/api/kunjungan', { token: await t.login('admin') })).body.data;
    expect((await visit(wib)).tanggal).toBe('2026-11-30');
    expect((await visit(wit)).tanggal).toBe('2026-12-01');
    expect(wib.waktu.jam(NOW)).toBe('23.30 WIB');
    expect(wit.waktu.jam(NOW)).toBe('01.30 WIT');
  });
});
