// The payroll office's file of a month's signed KGB letters (Excel and CSV) and its answer per
// letter (docs/domain/dapodik.md "Ke bagian gaji"), through HTTP.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../test/test-app.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { createSchoolB, eachKgbTestApp, finishedRun, PASSPHRASE } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027 } from '../../test/guru-factory.ts';
import { kgbSurat } from '../../db/schema/index.ts';
import { PERIODE_MSG, type PeriodeKgb, type TugasKgb } from '#contract/kgb-periode.ts';

let t: TestApp;
let admin: string;
let ids: { abdullah: number; yusuf: number; siti: number };

eachKgbTestApp(async (world) => {
  let schoolA: number;
  ({ t, schoolA } = world);
  const schoolB = await createSchoolB(t);
  // TMT 2027-01-01: III/b MKG 8 -> 10, Rp3.287.000 -> Rp3.390.500 (PP 5/2024).
  const jan = DUE_JANUARY_2027;
  ids = {
    abdullah: (await createGuru(t.database.db, schoolA, { nama: 'Abdullah Umar', ...jan })).id,
    yusuf: (await createGuru(t.database.db, schoolB, { nama: 'Yusuf Hasan', ...jan })).id,
    siti: (await createGuru(t.database.db, schoolA, { nama: 'Siti Rahma', jenis_kelamin: 'Perempuan', ...jan })).id,
  };
  admin = await t.login('admin');
});

const finished = (id: number) => finishedRun(t, admin, id);

const view = async () =>
  (await t.call<PeriodeKgb>('GET', '/api/kgb/periode?bulan=2027-01', { token: admin })).body.data;

/** Abdullah's and Yusuf's letters verified, then signed on 10 February 2027 (after the TMT: two months of back pay); Siti's only verified. */
async function signedInFebruary() {
  expect((await t.call('POST', '/api/kgb/periode/draf', { token: admin, body: { bulan: '2027-01' } })).status).toBe(
    200,
  );
  const verify = await t.call<TugasKgb>('POST', '/api/kgb/periode/verifikasi', {
    token: admin,
    body: { bulan: '2027-01' },
  });
  expect((await finished(verify.body.data.id)).berhasil).toBe(3);
  const siti = (await view()).data.find((i) => i.guru_id === ids.siti)!.surat!.id;
  t.clock.now = new Date('2027-02-10T02:00:00Z');
  admin = await t.login('admin');
  const letters = (await view()).data.filter((i) => i.guru_id !== ids.siti).map((i) => i.surat!.id);
  const sign = await t.call<TugasKgb>('POST', '/api/kgb/periode/ttd', {
    token: admin,
    body: { bulan: '2027-01', surat_ids: letters, passphrase: PASSPHRASE },
  });
  expect((await finished(sign.body.data.id)).berhasil).toBe(2);
  const month = await view();
  const abdullah = month.data.find((i) => i.guru_id === ids.abdullah)!;
  return { abdullah, siti, month };
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });

describe('the payroll file of signed KGB letters', () => {
  it('as Excel: one row a signed letter, in the columns payroll keys in, with the back pay', async () => {
    const { abdullah } = await signedInFebruary();
    const res = await get('/api/kgb/periode/gaji?bulan=2027-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="gaji-kgb-2027-01.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'No',
      'NIP / NI PPPK',
      'Nama',
      'Status Pegawai',
      'Golongan',
      'Nomor SK',
      'Tanggal SK',
      'TMT',
      'MKG Tahun',
      'MKG Bulan',
      'Gaji Pokok Lama',
      'Gaji Pokok Baru',
      'Rapel Bulan',
      'Rapel Jumlah',
    ]);
    expect(ws.actualRowCount).toBe(3); // the two signed letters; Siti's is only verified
    const row = [2, 3].map((r) => (ws.getRow(r).values as unknown[]).slice(1)).find((r) => r[2] === 'Abdullah Umar')!;
    expect(row.slice(1)).toEqual([
      abdullah.nip,
      'Abdullah Umar',
      'PNS',
      'III/b',
      abdullah.surat!.nomor,
      new Date('2027-02-10T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
      10,
      0,
      3287000,
      3390500,
      2,
      207000,
    ]);
  });

  it('as CSV for loading: ";" between fields, dates YYYY-MM-DD, plain numbers, NIP as written; back pay to the payroll month chosen', async () => {
    const { abdullah } = await signedInFebruary();
    const res = await get('/api/kgb/periode/gaji?bulan=2027-01&format=csv&bulan_gaji=2027-05');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'NIP / NI PPPK;Nama;Status Pegawai;Golongan;Nomor SK;Tanggal SK;TMT;MKG Tahun;MKG Bulan;Gaji Pokok Lama;Gaji Pokok Baru;Rapel Bulan;Rapel Jumlah',
    );
    // January to April 2027 paid at the old rate: 4 months × Rp103.500.
    expect(lines).toContain(
      `${abdullah.nip};Abdullah Umar;PNS;III/b;${abdullah.surat!.nomor};2027-02-10;2027-01-01;10;0;3287000;3390500;4;414000`,
    );
    expect(lines.filter(Boolean)).toHaveLength(3);
    // One dispatch day, whatever the TMT.
    const day = await get('/api/kgb/periode/gaji?tanggal_ttd=2027-02-10&format=csv');
    expect(day.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(3);
    expect((await get('/api/kgb/periode/gaji?bulan=2027-01&format=pdf')).statusCode).toBe(422);
  });

  it('records what payroll answered per letter, shown in the month view; only on signed letters, by administrators', async () => {
    const { abdullah, siti } = await signedInFebruary();
    const url = `/api/kgb/surat/${abdullah.surat!.id}/status-gaji`;
    const noReason = await t.call('POST', url, { token: admin, body: { status: 'dikembalikan' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.diagnostic.message).toBe('Alasan pengembalian tidak boleh Kosong');
    const returned = await t.call('POST', url, {
      token: admin,
      body: { status: 'dikembalikan', alasan: 'Nomor rekening tidak cocok dengan data gaji' },
    });
    expect(returned.status, returned.body.diagnostic.message).toBe(200);
    expect(returned.body.diagnostic.message).toBe(PERIODE_MSG.gajiRecorded);
    let item = (await view()).data.find((i) => i.guru_id === ids.abdullah)!;
    expect(item.surat!.gaji).toEqual({
      status: 'dikembalikan',
      alasan: 'Nomor rekening tidak cocok dengan data gaji',
      dicatat_pada: '2027-02-10T02:00:00.000Z',
    });
    // Payroll keys it in after the correction: accepted, the reason gone.
    expect(
      (await t.call('POST', url, { token: admin, body: { status: 'diterima', alasan: 'diabaikan untuk diterima' } }))
        .status,
    ).toBe(200);
    item = (await view()).data.find((i) => i.guru_id === ids.abdullah)!;
    expect(item.surat!.gaji).toMatchObject({ status: 'diterima', alasan: null });
    expect((await view()).data.find((i) => i.guru_id === ids.yusuf)!.surat!.gaji).toBeNull();

    const unsigned = await t.call('POST', `/api/kgb/surat/${siti}/status-gaji`, {
      token: admin,
      body: { status: 'diterima' },
    });
    expect(unsigned.status).toBe(422);
    expect(unsigned.body.diagnostic.message).toBe(PERIODE_MSG.gajiNotSigned);
    expect(
      (await t.call('POST', '/api/kgb/surat/999999/status-gaji', { token: admin, body: { status: 'diterima' } }))
        .status,
    ).toBe(404);
    const op = await t.login('60200100');
    expect((await t.call('POST', url, { token: op, body: { status: 'diterima' } })).status).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/kgb/periode/gaji?bulan=2027-01',
          headers: { authorization: `Bearer ${op}` },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('payroll answers racing', () => {
  it('two officers recording different answers at once leave one whole answer; an answer racing the cancellation never lands on a cancelled letter unseen', async () => {
    const { abdullah, month } = await signedInFebruary();
    const second = await t.login('admin');
    const id = abdullah.surat!.id;
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([
        t.call('POST', `/api/kgb/surat/${id}/status-gaji`, { token: admin, body: { status: 'diterima' } }),
        t.call('POST', `/api/kgb/surat/${id}/status-gaji`, {
          token: second,
          body: { status: 'dikembalikan', alasan: `Putaran ${round}: data rekening salah` },
        }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [row] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, id));
      expect(
        row!.gajiStatus === 'diterima'
          ? row!.gajiAlasan === null
          : row!.gajiAlasan === `Putaran ${round}: data rekening salah`,
      ).toBe(true);
    }
    const yusuf = month.data.find((i) => i.guru_id === ids.yusuf)!.surat!.id;
    const [answer, cancel] = await Promise.all([
      t.call('POST', `/api/kgb/surat/${yusuf}/status-gaji`, { token: admin, body: { status: 'diterima' } }),
      t.call('POST', `/api/kgb/surat/${yusuf}/batal`, { token: second, body: { alasan: 'Salah golongan pada surat' } }),
    ]);
    expect(cancel.status, cancel.body.diagnostic.message).toBe(200);
    expect([200, 422]).toContain(answer.status);
    const [row] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, yusuf));
    expect(row!.status).toBe('cancelled');
    // Recorded only while the letter was still signed: an answer refused (422) left nothing.
    expect(row!.gajiStatus).toBe(answer.status === 200 ? 'diterima' : null);
  });
});
