import { loadConfig } from '../../config.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { guru, kgbSurat } from '../../db/schema/index.ts';
import type { Dashboard } from '#contract/dashboard.ts';
import { knownDataApp, TODAY, type KnownData } from '../statistik/statistik-fixture.ts';
import { unannounced } from '../../test/unannounced.ts';

let t: TestApp;
let admin: string;
let known: KnownData;

beforeEach(async () => {
  ({ t, known, admin } = await knownDataApp());
});
afterEach(async () => {
  await t.app.close();
});

const dashboard = async (token = admin) => {
  const res = await t.call<Dashboard>('GET', '/api/dashboard', { token });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  return res.body.data;
};

describe('GET api/dashboard', () => {
  it('answers the nine counters of the known data set', async () => {
    expect(await dashboard()).toEqual({
      daftar_sekolah: 6,
      // Active teachers only: 15 less t1 and t4, PNS past their retirement date.
      daftar_guru: 13,
      // t5 (retires 2026-12-01), t8 (2027-01-01), t6 (2027-11-01, the last month within 12);
      // not t4 (retired this month) nor t7 (2027-12-01).
      guru_akan_pensiun: 3,
      honor_sekolah: 2,
      // t6 (overdue; the signed letter is for an older TMT), t9 (no KGB yet: II/a, one year after
      // CPNS 2025-11; its letter is only verified). Not t1 nor t4 (retired), t5 (retires
      // 2026-12-01, before its TMT 2027-02-01), t10 (TMT 2027-03-01), t11 (no golongan), t12
      // (PPPK), t13 (TMT 2027-03-01).
      guru_akan_kgb: 2,
      honor_daerah: 1,
      // 8 PNS less the retired t1 and t4.
      pns: 6,
      gytt: 2,
      gyt: 1,
    });
  });

  it('moves with the date: the due window and the 12 months are counted from today', async () => {
    // 2026-11-22 WIT: t5's TMT (2027-02-01, the 1st after 2027-01-22) comes after its retirement
    // (2026-12-01): it never enters the due list.
    t.clock.now = new Date('2026-11-21T15:00:00Z');
    const tomorrow = await dashboard(await t.login('admin'));
    expect(tomorrow.guru_akan_kgb).toBe(2);
    expect(tomorrow.guru_akan_pensiun).toBe(3);
    // 2026-12-01 WIT: t5 has retired (2026-12-01), t7 (2027-12-01) is now within 12 months.
    t.clock.now = new Date('2026-11-30T15:00:00Z');
    const token = await t.login('admin');
    expect((await dashboard(token)).guru_akan_pensiun).toBe(3);
    // Proof that t7 is one of the three: once it has retired (2026-01-01) two remain.
    await t.database.db.update(guru).set({ tgl_lahir: '1965-12-01' }).where(eq(guru.id, known.guru.t7!));
    t.clock.advance(loadConfig({}).statCacheSeconds * 1000);
    expect((await dashboard(token)).guru_akan_pensiun).toBe(2);
    // 2027-01-01 WIT: t10 and t13 (TMT 2027-03-01) enter the due list.
    t.clock.now = new Date('2026-12-31T15:00:00Z');
    expect((await dashboard(await t.login('admin'))).guru_akan_kgb).toBe(4);
  });

  it('signing the letter for the TMT takes the teacher off the count', async () => {
    expect((await dashboard()).guru_akan_kgb).toBe(2);
    await unannounced(t.database.db, (tx) =>
      tx.update(kgbSurat).set({ status: 'signed', signedAt: TODAY }).where(eq(kgbSurat.guruId, known.guru.t9!)),
    );
    // A change whose notification was missed: the cached answer holds until STAT_CACHE_SECONDS run out.
    expect((await dashboard()).guru_akan_kgb).toBe(2);
    t.clock.advance(loadConfig({}).statCacheSeconds * 1000);
    expect((await dashboard()).guru_akan_kgb).toBe(1);
  });

  it('administrators only: operators 403, no token 401', async () => {
    const operator = await t.login(known.npsn.sdA);
    const res = await t.call('GET', '/api/dashboard', { token: operator });
    expect(res.status).toBe(403);
    expect(res.body.diagnostic.status).toBe(403);
    expect(res.body.data).toBeNull();
    expect((await t.call('GET', '/api/dashboard')).status).toBe(401);
    expect((await t.call('GET', '/api/dashboard', { token: 'x'.repeat(40) })).status).toBe(401);
  });
});
