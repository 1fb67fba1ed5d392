import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { TEST_DB_KIND, testDatabaseUrl } from '../../test/test-db.ts';
import { postgresFileStore } from '../../lib/file-store-postgres.ts';
import { rowsOf } from '../../db/client.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { guru, imporTugas, sekolah } from '../../db/schema/index.ts';
import { IMPOR_TUGAS_MSG, type ImporTugas } from '#contract/impor.ts';
import { HONOR, PNS, PPPK, SCIENTIFIC, TENDIK, dapodikXlsx, type Person } from './dapodik.fixtures.ts';
import { holdImportBatches, npsnOfFileName } from './impor-tugas.ts';

// The background teacher import (docs/domain/dapodik.md, "Impor besar"): many files at once, one
// per school as Dapodik gives them, written in batches of 500 with the run's position; progress,
// cancellation, resumption from the first batch not written, a report. PGlite and PostgreSQL.

let t: TestApp;
let admin: string;
let operator: string;
const NPSN_A = '60200100';
const NPSN_B = '60200200';

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  await createSchoolWithOperator(t.database.db, { npsn: NPSN_A });
  await createSchoolWithOperator(t.database.db, { npsn: NPSN_B });
  admin = await t.login('admin');
  operator = await t.login(NPSN_A);
});
afterEach(async () => {
  holdImportBatches(null);
  await t.app.close();
});

type Upload = { nama: string; bytes: Buffer };
const start = (uploads: Upload[], token = admin, fields: Record<string, string> = {}) =>
  t.call<ImporTugas>('POST', '/api/guru/import/tugas', {
    token,
    form: {
      fields,
      files: Object.fromEntries(
        uploads.map((u, i) => [`berkas${i}`, { bytes: u.bytes, filename: u.nama, type: 'application/octet-stream' }]),
      ),
    },
  });

/** Asks the run's state until it is no longer running. */
async function settled(id: number): Promise<ImporTugas> {
  for (let i = 0; i < 600; i++) {
    const r = await t.call<ImporTugas>('GET', `/api/guru/import/tugas/${id}`, { token: admin });
    if (r.body.data.status !== 'berjalan') return r.body.data;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('run did not end');
}

/** `n` honorary teachers of one school (NUPTK and NIK, no NIP; the NIK's birth date is HONOR's), for runs of several batches. */
const many = (n: number, from = 0): Person[] =>
  Array.from({ length: n }, (_, i) => ({
    ...HONOR,
    Nama: `Guru Honor ${from + i + 1}`,
    NUPTK: String(5_000_000_000_000_000 + from + i),
    NIK: `82710141019${String(from + i).padStart(5, '0')}`,
  }));

describe('teacher import in the background', () => {
  it('imports the files of several schools at once, with progress and a report; the same files again create nobody twice', async () => {
    const [schoolA] = await t.database.db.select({ id: sekolah.id }).from(sekolah).where(eq(sekolah.npsn, NPSN_A));
    // A teacher of school A whom the new export no longer lists: reported, not deleted.
    await createGuru(t.database.db, schoolA!.id, { nama: 'Guru Lama Pindah', nip: '198001012005011001' });
    const files: Upload[] = [
      { nama: `${NPSN_A} Daftar GTK.xlsx`, bytes: await dapodikXlsx([PNS, TENDIK, SCIENTIFIC]) },
      { nama: `gtk_${NPSN_B}.xlsx`, bytes: await dapodikXlsx([PPPK, HONOR]) },
      { nama: 'rusak.xlsx', bytes: Buffer.from('bukan excel') },
      {
        nama: 'tanpa-npsn.xlsx',
        bytes: await dapodikXlsx([
          { ...HONOR, Nama: 'Tanpa Sekolah', NUPTK: '9234567890123456', NIK: '8271014101910099' },
        ]),
      },
    ];
    const started = await start(files);
    expect(started.status, started.body.diagnostic.message).toBe(202);
    expect(started.body.diagnostic.message).toBe(IMPOR_TUGAS_MSG.started);
    const run = await settled(started.body.data.id);
    expect(run.status).toBe('selesai');
    expect(run.berkas.map((b) => [b.nama, b.npsn, b.baris, b.selesai])).toEqual([
      [`${NPSN_A} Daftar GTK.xlsx`, NPSN_A, 3, true],
      [`gtk_${NPSN_B}.xlsx`, NPSN_B, 2, true],
      ['rusak.xlsx', null, 0, true],
      ['tanpa-npsn.xlsx', null, 0, true],
    ]);
    expect(run.berkas[2]!.pesan).toBe('Berkas harus spreadsheet Excel (.xlsx)');
    expect(run.berkas[3]!.pesan).toContain('beri nama berkas dengan NPSN');
    expect(run.ringkasan).toEqual({ baru: 3, ubah: 0, sama: 0, galat: 1, tendik: 1, konflik: 0 });
    expect(run.diproses).toBe(5);
    expect(run.total).toBe(5);
    const names = (await t.database.db.select({ nama: guru.nama }).from(guru)).map((g) => g.nama).sort();
    expect(names).toEqual(['Abdullah Umar', 'Fatmawati', 'Guru Lama Pindah', 'Rahma Said']);

    // The report: the unreadable files, the error, the staff row, the teacher missing from school A's file.
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/guru/import/tugas/${run.id}/laporan`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const csv = report.body;
    expect(csv).toContain('Baru 3, diubah 0, sama 0, galat 1, bukan guru 1, konflik 0');
    expect(csv).toContain('rusak.xlsx;;;;Berkas;Berkas harus spreadsheet Excel (.xlsx)');
    expect(csv).toContain('Nurlela;Galat;"NIP: NIP tersimpan sebagai angka 1,98703E+17');
    expect(csv).toContain('Hamid Abas;Bukan guru;"Tenaga kependidikan (Tenaga Administrasi Sekolah)');
    expect(csv).toContain('198001012005011001;Guru Lama Pindah;Tidak ada di berkas');

    // The same files again: everybody is known now.
    const again = await settled((await start(files.slice(0, 2))).body.data.id);
    expect(again.ringkasan).toMatchObject({ baru: 0, sama: 3 });
    expect(await t.database.db.select().from(guru)).toHaveLength(4);
    expect(
      (await t.call<ImporTugas[]>('GET', '/api/guru/import/tugas', { token: admin })).body.data.map((r) => r.id),
    ).toEqual([again.id, run.id]);
  });

  it(
    'is cancelled between batches and goes on from the first batch not written; nobody twice',
    { timeout: 180_000 },
    async () => {
      const bytes = await dapodikXlsx(many(1200));
      let release = () => {};
      let reached = () => {};
      const atSecond = new Promise<void>((r) => (reached = r));
      holdImportBatches(async (b) => {
        if (b.baris === 500) {
          reached();
          await new Promise<void>((r) => (release = r));
        }
      });
      const run = (await start([{ nama: `${NPSN_A}.xlsx`, bytes }])).body.data;
      await atSecond;
      // A second run while this one goes on is refused.
      const other = await start([{ nama: `${NPSN_B}.xlsx`, bytes: await dapodikXlsx([PPPK]) }]);
      expect(other.status).toBe(409);
      expect(other.body.diagnostic.message).toBe(IMPOR_TUGAS_MSG.running);
      const cancel = await t.call<ImporTugas>('POST', `/api/guru/import/tugas/${run.id}/batal`, { token: admin });
      expect(cancel.status).toBe(200);
      expect(cancel.body.data.batal_diminta).toBe(true);
      holdImportBatches(null);
      release();
      const cancelled = await settled(run.id);
      expect(cancelled).toMatchObject({
        status: 'dibatalkan',
        posisi: { berkas: 0, baris: 500 },
        diproses: 500,
        ringkasan: { baru: 500 },
      });
      expect(await t.database.db.select().from(guru)).toHaveLength(500);
      // Cancelling a run that is not running: refused.
      expect((await t.call('POST', `/api/guru/import/tugas/${run.id}/batal`, { token: admin })).status).toBe(409);

      const resumed = await t.call<ImporTugas>('POST', `/api/guru/import/tugas/${run.id}/lanjut`, { token: admin });
      expect(resumed.status, resumed.body.diagnostic.message).toBe(200);
      const done = await settled(run.id);
      expect(done).toMatchObject({
        status: 'selesai',
        diproses: 1200,
        total: 1200,
        ringkasan: { baru: 1200, sama: 0 },
      });
      expect(await t.database.db.select().from(guru)).toHaveLength(1200);
      // A finished run cannot be resumed.
      const finished = await t.call('POST', `/api/guru/import/tugas/${run.id}/lanjut`, { token: admin });
      expect(finished.status).toBe(409);
      expect(finished.body.diagnostic.message).toBe(IMPOR_TUGAS_MSG.notResumable);
    },
  );

  it(
    'one file of more rows than the one-file import allows is read row by row and written in batches',
    { timeout: 240_000 },
    async () => {
      const rows = 5_001; // the one-file import refuses more than 5,000
      const started = await start([
        { nama: `${NPSN_A} Daftar GTK provinsi.xlsx`, bytes: await dapodikXlsx(many(rows)) },
      ]);
      expect(started.status, started.body.diagnostic.message).toBe(202);
      const run = await settled(started.body.data.id);
      expect(run.status).toBe('selesai');
      expect(run.berkas.map((b) => [b.baris, b.selesai, b.pesan])).toEqual([[rows, true, null]]);
      expect(run.ringkasan).toEqual({ baru: rows, ubah: 0, sama: 0, galat: 0, tendik: 0, konflik: 0 });
      expect(run.diproses).toBe(rows);
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(guru)
        .where(sql`${guru.nama} like 'Guru Honor %'`);
      expect(count!.n).toBe(rows);
    },
  );

  it('a run its server left (progress stopped moving) shows as stopped and goes on from its position', async () => {
    const bytes = await dapodikXlsx(many(700));
    const run = await settled((await start([{ nama: `${NPSN_A}.xlsx`, bytes }])).body.data.id);
    expect(run.ringkasan.baru).toBe(700);
    // As if the server had stopped after the first batch: the second batch's teachers gone, the position at 500.
    await t.database.db.execute(
      sql`delete from guru where nama in (${sql.join(
        many(200, 500).map((p) => sql`${p.Nama as string}`),
        sql`, `,
      )})`,
    );
    await t.database.db
      .update(imporTugas)
      .set({
        status: 'berjalan',
        posisiBerkas: 0,
        posisiBaris: 500,
        diperbarui: new Date(Date.now() - 10 * 60_000),
        selesai: null,
        dibuat: 500,
      })
      .where(eq(imporTugas.id, run.id));
    expect(
      (await t.call<ImporTugas>('GET', `/api/guru/import/tugas/${run.id}`, { token: admin })).body.data.status,
    ).toBe('terhenti');
    // A new run is not blocked by a stopped one.
    const resumed = await t.call<ImporTugas>('POST', `/api/guru/import/tugas/${run.id}/lanjut`, { token: admin });
    expect(resumed.status, resumed.body.diagnostic.message).toBe(200);
    expect(await settled(run.id)).toMatchObject({ status: 'selesai', ringkasan: { baru: 700 } });
    expect(await t.database.db.select().from(guru)).toHaveLength(700);
  });

  it('school operators are refused every call; the file-count limit is checked', async () => {
    const bytes = await dapodikXlsx([PPPK]);
    expect((await start([{ nama: `${NPSN_A}.xlsx`, bytes }], operator)).status).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/guru/import/tugas'],
      ['GET', '/api/guru/import/tugas/1'],
      ['POST', '/api/guru/import/tugas/1/batal'],
      ['POST', '/api/guru/import/tugas/1/lanjut'],
      ['GET', '/api/guru/import/tugas/1/laporan'],
    ] as const) {
      expect((await t.call(method, url, { token: operator })).status, url).toBe(403);
    }
    const none = await start([]);
    expect(none.status).toBe(422);
    expect(none.body.diagnostic.message).toBe(IMPOR_TUGAS_MSG.noFiles);
    expect((await t.call('GET', '/api/guru/import/tugas/999', { token: admin })).status).toBe(404);
    expect(await t.database.db.select().from(imporTugas)).toHaveLength(0);
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'two officers resuming the same stopped run at once: one goes on, nobody is written twice (PostgreSQL)',
    { timeout: 120_000 },
    async () => {
      const bytes = await dapodikXlsx(many(900));
      const run = await settled((await start([{ nama: `${NPSN_A}.xlsx`, bytes }])).body.data.id);
      await t.database.db.execute(sql`delete from guru`);
      await t.database.db
        .update(imporTugas)
        .set({ status: 'dibatalkan', posisiBerkas: 0, posisiBaris: 0, dibuat: 0 })
        .where(eq(imporTugas.id, run.id));
      const answers = await Promise.all(
        [1, 2, 3].map(() => t.call<ImporTugas>('POST', `/api/guru/import/tugas/${run.id}/lanjut`, { token: admin })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(await settled(run.id)).toMatchObject({ status: 'selesai', ringkasan: { baru: 900 } });
      expect(await t.database.db.select().from(guru)).toHaveLength(900);
    },
  );
});

describe('the run in a process of its own (PostgreSQL, PROSES_LATAR=terpisah)', () => {
  it.runIf(TEST_DB_KIND === 'postgres')(
    'runs outside the server: a run this server would hold for ever ends, written in the name of who started it',
    { timeout: 120_000 },
    async () => {
      await t.app.close();
      // The files must be where the process finds them: the database's store.
      t = await createTestApp(
        { prosesLatar: 'terpisah', databaseUrl: testDatabaseUrl(), fileStore: 'postgres' },
        { files: (database) => postgresFileStore(database.writeDb) as never },
      );
      await createAdmin(t.database.db);
      await createSchoolWithOperator(t.database.db, { npsn: NPSN_A });
      admin = await t.login('admin');
      // A run on this server's event loop would wait here for ever.
      holdImportBatches(() => new Promise(() => {}));
      const started = await start([
        { nama: `${NPSN_A} Daftar GTK.xlsx`, bytes: await dapodikXlsx([PNS, TENDIK, ...many(600)]) },
      ]);
      expect(started.status, started.body.diagnostic.message).toBe(202);
      const run = await settled(started.body.data.id);
      expect(run.status, run.pesan ?? '').toBe('selesai');
      expect(run.ringkasan).toMatchObject({ baru: 601, tendik: 1 });
      expect(await t.database.db.select({ id: guru.id }).from(guru)).toHaveLength(601);
      // The audit log names the administrator who started it, as on the server.
      const [who] = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from audit_log where tabel = 'guru' and username = 'admin'`,
        ),
      );
      expect(who!.n).toBe(601);
    },
  );
});

describe('the school of a file named by its NPSN', () => {
  it('reads an NPSN of eight digits (or a letter and seven) standing alone in the name', () => {
    expect(npsnOfFileName('60200338 Daftar GTK.xlsx')).toBe('60200338');
    expect(npsnOfFileName('gtk_60200338.xlsx')).toBe('60200338');
    expect(npsnOfFileName('P9999999-gtk.xlsx')).toBe('P9999999');
    expect(npsnOfFileName('Daftar GTK 2026.xlsx')).toBeNull();
    expect(npsnOfFileName('602003381.xlsx')).toBeNull();
  });
});
