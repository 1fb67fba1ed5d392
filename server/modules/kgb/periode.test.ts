// The monthly KGB run through HTTP: the month's teachers and their state, drafts,
// a draft sent back, verification and signature of many letters as runs, the nominative list.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { createTestApp, TestApp } from '../../test/test-app.ts';
import { TEST_DB_KIND, testDatabaseUrl } from '../../test/test-db.ts';
import { postgresFileStore } from '../../lib/file-store-postgres.ts';
import { holdPeriodeRuns } from './periode.service.ts';
import { createSchoolB, finishedRun, kgbTestApp, officialKey, PASSPHRASE, pdfTool } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027 } from '../../test/guru-factory.ts';
import { download, rowValues, workbookOf } from '../../test/workbook.ts';
import { kgbSurat, kgbTugas } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import type { OfficialKey } from './official-key.ts';
import { KGB_MSG } from '#contract/kgb.ts';
import { PERIODE_MSG, type PeriodeKgb, type TugasKgb } from '#contract/kgb-periode.ts';

let key: OfficialKey;
let t: TestApp;
let admin: string;
let opA: string;
let ids: { abdullah: number; siti: number; yusuf: number; belum: number; feb: number };

beforeAll(() => {
  key = officialKey();
});

/** The office and its January teachers, on an app made with `app` (createTestApp's arguments). */
async function world(...app: Parameters<typeof createTestApp>) {
  let schoolA: number;
  ({ t, schoolA } = await kgbTestApp(key, ...app));
  const schoolB = await createSchoolB(t);
  // TMT 2027-01-01 (the last KGB two years before): III/b MKG 8 -> 10, Rp3.287.000 -> Rp3.390.500 (PP 5/2024).
  const jan = DUE_JANUARY_2027;
  ids = {
    abdullah: (await createGuru(t.database.db, schoolA, { nama: 'Abdullah Umar', ...jan })).id,
    siti: (await createGuru(t.database.db, schoolA, { nama: 'Siti Rahma', jenis_kelamin: 'Perempuan', ...jan })).id,
    yusuf: (await createGuru(t.database.db, schoolB, { nama: 'Yusuf Hasan', ...jan })).id,
    // Due in January by the profile, but no verified decree in the record: not ready.
    belum: (await createGuru(t.database.db, schoolA, { nama: 'Belum Lengkap', ...jan }, { decree: false })).id,
    feb: (await createGuru(t.database.db, schoolA, { nama: 'Bulan Februari', ...jan, tgl_kgb_terakhir: '2025-02-01' }))
      .id,
  };
  admin = await t.login('admin');
  opA = await t.login('60200100');
}

beforeEach(() => world());
afterEach(async () => {
  holdPeriodeRuns(null);
  await t.app.close();
});

const view = async (bulan = '2027-01') => {
  const res = await t.call<PeriodeKgb>('GET', `/api/kgb/periode?bulan=${bulan}`, { token: admin });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  return res.body.data;
};
const statusOf = (p: PeriodeKgb, guruId: number) => p.data.find((i) => i.guru_id === guruId)?.status;

const finished = (id: number, tries?: number) => finishedRun(t, admin, id, tries);

async function draftAndVerify(guruIds?: number[]) {
  const drafted = await t.call<PeriodeKgb>('POST', '/api/kgb/periode/draf', {
    token: admin,
    body: { bulan: '2027-01', ...(guruIds ? { guru_ids: guruIds } : {}) },
  });
  expect(drafted.status, drafted.body.diagnostic.message).toBe(200);
  const started = await t.call<TugasKgb>('POST', '/api/kgb/periode/verifikasi', {
    token: admin,
    body: { bulan: '2027-01' },
  });
  expect(started.status, started.body.diagnostic.message).toBe(202);
  return finished(started.body.data.id);
}

const pdfOf = async (url: string, body?: unknown) => {
  const res = await t.app.inject({
    method: body ? 'POST' : 'GET',
    url,
    headers: { authorization: `Bearer ${admin}` },
    ...(body ? { payload: body as object } : {}),
  });
  return {
    status: res.statusCode,
    bytes: res.rawPayload,
    type: String(res.headers['content-type']),
    json: () => res.json() as { diagnostic: { message: string } },
  };
};

describe('the month of a KGB run', () => {
  it("lists the month's teachers with their state and numbers; the next month is not open yet", async () => {
    const jan = await view();
    expect(jan).toMatchObject({
      bulan: '2027-01',
      tmt: '2027-01-01',
      dapat_diproses_mulai: '2026-11-01',
      dapat_diproses: true,
    });
    expect(jan.data.map((i) => i.nama).sort()).toEqual(['Abdullah Umar', 'Belum Lengkap', 'Siti Rahma', 'Yusuf Hasan']);
    expect(jan.data.find((i) => i.guru_id === ids.abdullah)).toMatchObject({
      status: 'siap',
      golongan: 'III/b',
      gaji_lama: 3287000,
      gaji_baru: 3390500,
      mkg_lama: { tahun: 8, bulan: 0 },
      mkg_baru: { tahun: 10, bulan: 0 },
      sekolah: 'SMA Negeri 1 Kota Ternate',
    });
    expect(jan.data.find((i) => i.guru_id === ids.belum)).toMatchObject({
      status: 'belum_siap',
      catatan: KGB_MSG.noDecree,
      gaji_baru: null,
    });
    expect(jan.jumlah).toMatchObject({ siap: 3, belum_siap: 1, draf: 0, signed: 0 });

    const feb = await view('2027-02');
    expect(feb).toMatchObject({ dapat_diproses: false, dapat_diproses_mulai: '2026-12-01' });
    expect(feb.data.map((i) => i.nama)).toEqual(['Bulan Februari']);
    // Drafts may be prepared early; verification waits for the month's notice period.
    expect((await t.call('POST', '/api/kgb/periode/draf', { token: admin, body: { bulan: '2027-02' } })).status).toBe(
      200,
    );
    const early = await t.call('POST', '/api/kgb/periode/verifikasi', { token: admin, body: { bulan: '2027-02' } });
    expect(early.status).toBe(422);
    expect(early.body.diagnostic.message).toBe(PERIODE_MSG.notYet('1 Desember 2026'));
  });

  it('refuses a month it cannot read, with the reason', async () => {
    for (const bulan of ['2027-13', '2027-1', 'Januari', '']) {
      const res = await t.call('GET', `/api/kgb/periode?bulan=${bulan}`, { token: admin });
      expect(res.status, bulan).toBe(422);
    }
    const res = await t.call('GET', '/api/kgb/periode?bulan=2027-13', { token: admin });
    expect(res.body.diagnostic.message).toBe('Bulan periode KGB harus berformat TTTT-BB, misalnya 2027-01');
  });

  it('drafts every ready teacher at once; a draft sent back needs a note and is not verified; the others get numbers in one run', async () => {
    const drafted = await t.call<PeriodeKgb>('POST', '/api/kgb/periode/draf', {
      token: admin,
      body: { bulan: '2027-01' },
    });
    expect(drafted.status).toBe(200);
    expect(drafted.body.diagnostic.message).toBe('3 draf surat KGB dibuat');
    expect(drafted.body.data.jumlah).toMatchObject({ draf: 3, siap: 0, belum_siap: 1 });
    // The answer is built from the list planned for drafting: it reads as the month read afresh.
    expect(drafted.body.data).toEqual(await view());
    const again = await t.call('POST', '/api/kgb/periode/draf', { token: admin, body: { bulan: '2027-01' } });
    expect(again.status).toBe(422);
    expect(again.body.diagnostic.message).toBe(PERIODE_MSG.nothingToDraft);

    const short = await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ids.siti, catatan: 'Perbaiki' },
    });
    expect(short.status).toBe(422);
    expect(short.body.diagnostic.message).toBe('Catatan perbaikan minimal 10 karakter');
    const empty = await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ids.siti },
    });
    expect(empty.body.diagnostic.message).toBe('Catatan perbaikan tidak boleh Kosong');
    const back = await t.call<PeriodeKgb>('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ids.siti, catatan: 'Unggah SK KGB terakhir yang terbaca jelas' },
    });
    expect(back.status, back.body.diagnostic.message).toBe(200);
    expect(back.body.diagnostic.message).toBe(PERIODE_MSG.returned);
    expect(back.body.data.data.find((i) => i.guru_id === ids.siti)).toMatchObject({
      status: 'dikembalikan',
      catatan: 'Unggah SK KGB terakhir yang terbaca jelas',
    });
    const stranger = await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ids.feb, catatan: 'Bukan guru bulan ini' },
    });
    expect(stranger.status).toBe(404);

    const started = await t.call<TugasKgb>('POST', '/api/kgb/periode/verifikasi', {
      token: admin,
      body: { bulan: '2027-01' },
    });
    expect(started.status).toBe(202);
    expect(started.body.diagnostic.message).toBe('Verifikasi 2 surat dimulai');
    const run = await finished(started.body.data.id);
    expect(run).toMatchObject({ jenis: 'verifikasi', status: 'selesai', total: 2, diproses: 2, berhasil: 2, gagal: 0 });
    expect(run.hasil.map((h) => h.pesan).sort()).toEqual([
      'Nomor 822.4/001/DIKBUD/XI/2026',
      'Nomor 822.4/002/DIKBUD/XI/2026',
    ]);
    const after = await view();
    expect(after.jumlah).toMatchObject({ verified: 2, dikembalikan: 1, belum_siap: 1 });
    expect(statusOf(after, ids.siti)).toBe('dikembalikan');
    // A verified letter is not sent back: it is cancelled from its page.
    const late = await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ids.abdullah, catatan: 'Terlambat dikembalikan' },
    });
    expect(late.status).toBe(409);
    expect(late.body.diagnostic.message).toBe(PERIODE_MSG.notReturnable);
    // Drafted again once corrected (the note gone), then verified on its own.
    const redrafted = await t.call<PeriodeKgb>('POST', '/api/kgb/periode/draf', {
      token: admin,
      body: { bulan: '2027-01', guru_ids: [ids.siti] },
    });
    expect(redrafted.body.diagnostic.message).toBe('1 draf surat KGB dibuat');
    expect(redrafted.body.data.data.find((i) => i.guru_id === ids.siti)).toMatchObject({
      status: 'draf',
      catatan: null,
    });
    expect(redrafted.body.data).toEqual(await view());
    const second = await t.call<TugasKgb>('POST', '/api/kgb/periode/verifikasi', {
      token: admin,
      body: { bulan: '2027-01', guru_ids: [ids.siti] },
    });
    expect((await finished(second.body.data.id)).berhasil).toBe(1);
    expect((await view()).jumlah.verified).toBe(3);
  });
});

describe('signing the month', () => {
  it('a wrong passphrase signs nothing and says so; the right one signs every verified letter, each valid for pdfsig', async () => {
    await draftAndVerify();
    const wrong = await t.call('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: 'bukan-passphrase-ini' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.diagnostic.message).toBe(KGB_MSG.wrongPassphrase);
    expect((await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.status, 'signed'))).length).toBe(0);
    expect((await t.database.db.select().from(kgbTugas)).filter((r) => r.jenis === 'ttd')).toHaveLength(0);

    const started = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASSPHRASE },
    });
    expect(started.status, started.body.diagnostic.message).toBe(202);
    expect(started.body.diagnostic.message).toBe('Penandatanganan 3 surat dimulai');
    const run = await finished(started.body.data.id);
    expect(run).toMatchObject({ status: 'selesai', total: 3, berhasil: 3, gagal: 0, dilewati: 0 });
    const month = await view();
    expect(month.jumlah.signed).toBe(3);
    for (const item of month.data.filter((i) => i.status === 'signed')) {
      // Signed before the TMT's month: no back pay.
      expect(item.rapel).toBeNull();
      const file = await pdfOf(`/api/kgb/surat/${item.surat!.id}/pdf`);
      expect(pdfTool('pdfsig', file.bytes)).toContain('Signature is Valid');
    }
    // Each signature wrote exactly one history row, and the teacher's next KGB moved on.
    const history = recordTableOf('riwkgb');
    const rows = await t.database.db
      .select()
      .from(history)
      .where(sql`${history.kgb_surat_id} is not null`);
    expect(rows).toHaveLength(3);
    expect(
      (
        await t.call('POST', '/api/kgb/periode/ttd', {
          token: admin,
          body: { bulan: '2027-01', passphrase: PASSPHRASE },
        })
      ).body.diagnostic.message,
    ).toBe(PERIODE_MSG.nothingToSign);
  });

  it('two officers signing the same month at once sign each letter exactly once', async () => {
    await draftAndVerify();
    const second = await t.login('admin');
    const [a, b] = await Promise.all([
      t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
        token: admin,
        body: { bulan: '2027-01', passphrase: PASSPHRASE },
      }),
      t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
        token: second,
        body: { bulan: '2027-01', passphrase: PASSPHRASE },
      }),
    ]);
    const runs = [];
    for (const res of [a, b]) {
      // A run that found nothing left to sign answers 422; the others run to the end.
      if (res.status === 202) runs.push(await finished(res.body.data.id));
      else expect(res.body.diagnostic.message).toBe(PERIODE_MSG.nothingToSign);
    }
    expect(runs.reduce((n, r) => n + r.berhasil, 0)).toBe(3);
    expect(runs.reduce((n, r) => n + r.gagal, 0)).toBe(0);
    const history = recordTableOf('riwkgb');
    for (const letter of await t.database.db.select().from(kgbSurat)) {
      expect(letter.status).toBe('signed');
      const rows = await t.database.db.select().from(history).where(eq(history.kgb_surat_id, letter.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('a run stopped with its server shows as stopped, and signing again finishes what it left, the letter it held included', async () => {
    await draftAndVerify();
    // The server stopped while signing Abdullah's letter: the claim and the run's progress stay behind.
    const now = t.clock.now;
    const old = new Date(now.getTime() - 10 * 60_000);
    const [held] = await t.database.db
      .update(kgbSurat)
      .set({ status: 'signing', signedAt: old })
      .where(eq(kgbSurat.guruId, ids.abdullah))
      .returning();
    const [stopped] = await t.database.db
      .insert(kgbTugas)
      .values({ jenis: 'ttd', tmt: '2027-01-01', status: 'berjalan', total: 3, mulai: old, diperbarui: old })
      .returning();
    expect((await t.call<TugasKgb>('GET', `/api/kgb/tugas/${stopped!.id}`, { token: admin })).body.data.status).toBe(
      'terhenti',
    );
    expect((await view()).tugas).toMatchObject({ id: stopped!.id, status: 'terhenti' });

    const started = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASSPHRASE },
    });
    expect(started.status, started.body.diagnostic.message).toBe(202);
    expect(started.body.data.total).toBe(3);
    expect((await finished(started.body.data.id)).berhasil).toBe(3);
    const [letter] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, held!.id));
    expect(letter!.status).toBe('signed');
    const history = recordTableOf('riwkgb');
    expect(
      await t.database.db
        .select()
        .from(history)
        .where(and(eq(history.guru_id, ids.abdullah), eq(history.kgb_surat_id, held!.id))),
    ).toHaveLength(1);
  });
});

describe("the month's runs in a process of their own (PostgreSQL, PROSES_LATAR=terpisah)", () => {
  it.runIf(TEST_DB_KIND === 'postgres')(
    'verification and signature go on outside the server: runs this server would hold for ever end, each letter valid for pdfsig',
    { timeout: 120_000 },
    async () => {
      await t.app.close();
      // The letters' files must be where the process finds them: the database's store.
      await world(
        { prosesLatar: 'terpisah', databaseUrl: testDatabaseUrl(), fileStore: 'postgres' },
        { files: (database) => postgresFileStore(database.writeDb) as never },
      );
      // A run on this server's event loop would wait here for ever.
      holdPeriodeRuns(() => new Promise(() => {}));
      const verified = await draftAndVerify();
      expect(verified).toMatchObject({ status: 'selesai', total: 3, berhasil: 3 });
      const started = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
        token: admin,
        body: { bulan: '2027-01', passphrase: PASSPHRASE },
      });
      expect(started.status, started.body.diagnostic.message).toBe(202);
      // The first letter is signed in the request (a wrong passphrase fails it there); the others in the process.
      const run = await finished(started.body.data.id, 4000);
      expect(run).toMatchObject({ status: 'selesai', total: 3, berhasil: 3, gagal: 0 });
      const month = await view();
      expect(month.jumlah.signed).toBe(3);
      for (const item of month.data.filter((i) => i.status === 'signed')) {
        const file = await pdfOf(`/api/kgb/surat/${item.surat!.id}/pdf`);
        expect(pdfTool('pdfsig', file.bytes)).toContain('Signature is Valid');
        // Dated by the server's clock (21 November 2026), not the process's own.
        expect(pdfTool('pdftotext', file.bytes)).toContain('21 November 2026');
      }
    },
  );
});

describe('the nominative list', () => {
  it('as Excel and as a signed PDF: every signed letter with its numbers and the back pay of one signed after its TMT', async () => {
    await draftAndVerify([ids.abdullah, ids.yusuf]);
    // Signed in February 2027, after the January TMT: January and February were paid at the old rate.
    t.clock.now = new Date('2027-02-10T02:00:00Z');
    admin = await t.login('admin');
    const started = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
      token: admin,
      body: { bulan: '2027-01', passphrase: PASSPHRASE },
    });
    expect((await finished(started.body.data.id)).berhasil).toBe(2);
    const month = await view();
    expect(month.data.find((i) => i.guru_id === ids.abdullah)?.rapel).toEqual({ bulan: 2, jumlah: 207000 });

    const xlsx = await download(t, '/api/kgb/periode/nominatif?bulan=2027-01', admin);
    expect(xlsx.statusCode).toBe(200);
    const ws = (await workbookOf(xlsx.rawPayload)).worksheets[0]!;
    const header = rowValues(ws, 1);
    expect(header).toEqual([
      'No',
      'NIP / NI PPPK',
      'Nama',
      'Status',
      'Pangkat',
      'Golongan',
      'Sekolah',
      'MKG Lama',
      'Gaji Pokok Lama',
      'MKG Baru',
      'Gaji Pokok Baru',
      'TMT',
      'Nomor Surat',
      'Ditandatangani',
      'Rapel (bulan)',
      'Rapel (Rp)',
    ]);
    const rows = [2, 3].map((r) => rowValues(ws, r));
    const abdullah = rows.find((r) => r[2] === 'Abdullah Umar')!;
    expect(abdullah.slice(3, 11)).toEqual([
      'PNS',
      'Penata Muda Tk. I',
      'III/b',
      'SMA Negeri 1 Kota Ternate',
      '8 tahun 0 bulan',
      3287000,
      '10 tahun 0 bulan',
      3390500,
    ]);
    expect(abdullah.slice(14)).toEqual([2, 207000]);
    expect(rows.map((r) => r[2])).toContain('Yusuf Hasan');
    // The totals row closes the sheet: the sums of old and new salaries and of the back pay.
    const total = rowValues(ws, 4);
    expect(total[2]).toBe('JUMLAH (2 pegawai)');
    expect(total[15]).toBe(414000);
    // Back pay to a payroll month the office chooses: January to April 2027 at the old rate.
    const april = await download(t, '/api/kgb/periode/nominatif?bulan=2027-01&bulan_gaji=2027-05', admin);
    const aprilSheet = (await workbookOf(april.rawPayload)).worksheets[0]!;
    const rows2 = [2, 3].map((r) => rowValues(aprilSheet, r));
    expect(rows2.find((r) => r[2] === 'Abdullah Umar')!.slice(14)).toEqual([4, 414000]);
    // One dispatch batch: the letters signed on one day, whatever their TMT.
    const day = await download(t, '/api/kgb/periode/nominatif?tanggal_ttd=2027-02-10', admin);
    expect(day.statusCode).toBe(200);
    expect(rowValues((await workbookOf(day.rawPayload)).worksheets[0]!, 4)[2]).toBe('JUMLAH (2 pegawai)');
    const otherDay = await download(t, '/api/kgb/periode/nominatif?tanggal_ttd=2027-02-11', admin);
    expect(rowValues((await workbookOf(otherDay.rawPayload)).worksheets[0]!, 2)[2]).toBe('JUMLAH (0 pegawai)');
    const both = await t.call('GET', '/api/kgb/periode/nominatif?bulan=2027-01&tanggal_ttd=2027-02-10', {
      token: admin,
    });
    expect(both.status).toBe(422);
    expect(both.body.diagnostic.message).toBe('Pilih bulan TMT atau tanggal tanda tangan (salah satu)');

    const wrong = await pdfOf('/api/kgb/periode/nominatif', { bulan: '2027-01', passphrase: 'salah-sekali' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().diagnostic.message).toBe(KGB_MSG.wrongPassphrase);
    const pdf = await pdfOf('/api/kgb/periode/nominatif', { bulan: '2027-01', passphrase: PASSPHRASE });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdfTool('pdfsig', pdf.bytes)).toContain('Signature is Valid');
    const text = pdfTool('pdftotext', pdf.bytes, ['-layout']);
    expect(text).toContain('DAFTAR NOMINATIF KENAIKAN GAJI BERKALA');
    expect(text).toContain('TMT 1 Januari 2027 - 2 pegawai');
    expect(text).toContain('Abdullah Umar');
    expect(text).toContain('3.390.500');
    expect(text).toMatch(/2 bl\s+207.000/);
    expect(text).toContain('JUMLAH (2 pegawai)');
    expect(text).toContain('perkiraan rapel seluruhnya Rp414.000,00');
    expect(text).toContain('Penata Muda Tk. I (III/b)');
    expect(text).toContain('Dr. Pejabat Uji');

    const none = await pdfOf('/api/kgb/periode/nominatif', { bulan: '2027-02', passphrase: PASSPHRASE });
    expect(none.status).toBe(422);
    expect(none.json().diagnostic.message).toBe(PERIODE_MSG.noSignedLetters);
  });

  it('operators see none of the run: 403 on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/kgb/periode?bulan=2027-01'],
      ['POST', '/api/kgb/periode/draf', { bulan: '2027-01' }],
      [
        'POST',
        '/api/kgb/periode/kembalikan',
        { bulan: '2027-01', guru_id: ids.abdullah, catatan: 'Catatan dari operator' },
      ],
      ['POST', '/api/kgb/periode/verifikasi', { bulan: '2027-01' }],
      ['POST', '/api/kgb/periode/ttd', { bulan: '2027-01', passphrase: PASSPHRASE }],
      ['GET', '/api/kgb/periode/nominatif?bulan=2027-01'],
      ['POST', '/api/kgb/periode/nominatif', { bulan: '2027-01', passphrase: PASSPHRASE }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as 'GET', url, { token: opA, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await t.database.db.select().from(kgbSurat)).length).toBe(0);
  });
});
