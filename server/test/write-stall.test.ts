// Reads go on while writes wait (decision 0018). On a disk that stalls, every write request holds
// its connection until its commit is flushed; those connections must not be the ones reads need.
// The stall is made with a lock: SHARE mode on the record table blocks inserts and lets selects
// through, as a slow WAL flush holds writers and not readers. PostgreSQL only: PGlite has one
// connection for everything by design.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oneSchoolApp, type TestApp } from './test-app.ts';
import { TEST_DB_KIND } from './test-db.ts';
import { createGuru } from './guru-factory.ts';
import { holdTableLock } from './table-lock.ts';
import { referensi } from '../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { RecordRow } from '#contract/riwayat.ts';

// More writes than the test database has connections in both pools together (4 + 2).
const WRITES = 8;

let t: TestApp;
let admin: string;
let guruId: number;

beforeEach(async () => {
  let schoolId: number;
  ({ t, schoolId, admin } = await oneSchoolApp());
  guruId = (await createGuru(t.database.db, schoolId)).id;
});
afterEach(async () => {
  await t.app.close();
});

/** The answer, or 'waiting' when there is none within `ms`. */
function within<T>(ms: number, answer: Promise<T>): Promise<T | 'waiting'> {
  return Promise.race([answer, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);
}

describe.skipIf(TEST_DB_KIND !== 'postgres')('writes held by the disk', () => {
  it('leave the reads their connections; every write completes afterwards', async () => {
    const [award] = await t.database.db.select().from(referensi).where(eq(referensi.kategori, 'penghargaan')).limit(1);
    const body = (i: number) => ({
      guru_id: String(guruId),
      penghargaan_id: String(award!.id),
      riw_usul_no: `SK-${i}`,
      riw_penghargaan_tglsk: '2025-08-17',
      riw_penghargaan_jabatan: 'Bupati',
      riw_penghargaan_instansi: 'Pemerintah Daerah',
      riw_penghargaan_lokasi: 'Ternate',
    });

    // The "disk": a transaction of its own on the test's side holding SHARE on the record table.
    const lock = await holdTableLock(t.database.writeDb, 'riw_penghargaan', 'share');

    const writes = Array.from({ length: WRITES }, (_, i) =>
      t.call('POST', '/api/riwpenghargaan', { token: admin, body: body(i) }),
    );
    // Let the writes take every write connection and queue for more.
    await new Promise((r) => setTimeout(r, 300));
    expect(await within(200, Promise.race(writes))).toBe('waiting');

    // Reads answer meanwhile, the record list of the locked table too.
    const detail = await within(3000, t.call('GET', `/api/guru/${guruId}`, { token: admin }));
    expect(detail === 'waiting' ? 'waiting' : detail.status).toBe(200);
    const tab = await within(
      3000,
      t.call<Page<RecordRow>>('GET', `/api/riwpenghargaan?id_guru=${guruId}&page=1`, { token: admin }),
    );
    expect(tab === 'waiting' ? 'waiting' : tab.body.data.total).toBe(0);

    lock.release();
    await lock.held;
    expect((await Promise.all(writes)).map((a) => a.status)).toEqual(Array<number>(WRITES).fill(200));
    const after = await t.call<Page<RecordRow>>('GET', `/api/riwpenghargaan?id_guru=${guruId}&page=1`, {
      token: admin,
    });
    expect(after.body.data.total).toBe(WRITES);
  });
});
