// The KGB letter at the edges where the money is (docs/domain/kgb.md): back pay across the 2024
// table change, corrections (ralat) and cancellations as an office makes them, postponed increases
// in the month's list, unverified data at signing, a plan that would not raise the salary, and what
// the public check page tells a reader of a paper copy.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { eachKgbTestApp, PASSPHRASE, pdfTool } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027 } from '../../test/guru-factory.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { guru, kgbSurat } from '../../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { DokumenInfo, KgbDueItem, KgbPdf, SuratKgb } from '#contract/kgb.ts';
import type { PeriodeKgb } from '#contract/kgb-periode.ts';

let t: TestApp;
let admin: string;
let schoolA: number;

eachKgbTestApp(async (world) => {
  ({ t, schoolA } = world);
  admin = await t.login('admin');
});

const REASON = 'Nomor SK dasar salah ketik pada riwayat';
const pdfOf = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } })).rawPayload;
const text = (bytes: Buffer) => pdfTool('pdftotext', bytes).replace(/\s+/g, ' ');
/** The text in reading order of the page's layout (labels beside their values). */
const layoutText = (bytes: Buffer) => pdfTool('pdftotext', bytes, ['-layout']).replace(/\s+/g, ' ');
/** A verified teacher of school A due on 1 January 2027. */
const dueTeacher = (nama: string, values: Partial<typeof guru.$inferInsert> = {}) =>
  createGuru(t.database.db, schoolA, { nama, ...DUE_JANUARY_2027, ...values });
/** The teacher's letter verified, then signed by the administrator. */
const verifiedAndSigned = async (guruId: number) => {
  await t.call('GET', `/api/kgb/${guruId}/verifikasi`, { token: admin });
  return (
    await t.call<SuratKgb>('POST', `/api/kgb/${guruId}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })
  ).body.data;
};
/** A user (the administrator) asks for the cancellation notice of a cancelled letter (the PDF, or a refusal). */
const cancellationNotice = (suratId: number, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/kgb/surat/${suratId}/pembatalan`,
    headers: { authorization: `Bearer ${token}` },
    payload: { passphrase: PASSPHRASE },
  });

describe('back pay across the 2024 table change', () => {
  it('IV/a MKG 18 last raised on 1 April 2022 (Rp4.024.400, PP 15/2019), due 1 April 2024, signed in November 2026: old salary Rp4.346.200, back pay 32 × Rp136.900', async () => {
    const g = await createGuru(t.database.db, schoolA, {
      nama: 'Siti Rahmawati',
      golongan: 'IV/a',
      mkg_tahun: 18,
      mkg_bulan: 0,
      gaji_pokok: 4024400,
      tgl_kgb_terakhir: '2022-04-01',
    });
    const plan = await t.call<KgbPdf>('GET', `/api/kgb/${g.id}/pdf`, { token: admin });
    expect(plan.body.data.rencana).toMatchObject({
      tmt: '2024-04-01',
      gaji_lama: 4346200,
      gaji_baru: 4483100,
      regulasi: 'PP 5/2024',
    });
    const verified = await t.call<SuratKgb>('GET', `/api/kgb/${g.id}/verifikasi`, { token: admin });
    expect(verified.status, verified.body.diagnostic.message).toBe(200);
    const letter = text(await pdfOf(verified.body.data.pdfLink));
    expect(letter).toContain('Rp4.346.200,00 (menurut Peraturan Pemerintah Nomor 5 Tahun 2024)');
    expect(letter).not.toContain('Rp4.024.400');
    expect(
      (await t.call('POST', `/api/kgb/${g.id}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })).status,
    ).toBe(200);
    const month = await t.call<PeriodeKgb>('GET', '/api/kgb/periode?bulan=2024-04', { token: admin });
    expect(month.body.data.data.find((i) => i.guru_id === g.id)?.rapel).toEqual({ bulan: 32, jumlah: 4380800 });
  });
});

describe('a plan that would not raise the salary', () => {
  it('is refused with both figures, like the top of the scale (a decree stating more than the next step gives)', async () => {
    const g = await createGuru(t.database.db, schoolA, {
      nama: 'Data Janggal',
      golongan: 'III/b',
      mkg_tahun: 10,
      mkg_bulan: 0,
      gaji_pokok: 3700000,
      tgl_kgb_terakhir: '2025-01-01',
    });
    const res = await t.call('GET', `/api/kgb/${g.id}/pdf`, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.code).toBe('kgb.no_raise');
    expect(res.body.diagnostic.message).toBe(
      'Gaji pokok baru (Rp3.497.300,00) tidak lebih tinggi dari gaji pokok yang dibayarkan sebelum TMT 1 Januari 2027 (Rp3.700.000,00): periksa golongan, MKG dan gaji pada SK terakhir di riwayat guru',
    );
    const row = (await t.call<Page<KgbDueItem>>('GET', '/api/kgb?cari=Janggal', { token: admin })).body.data.data[0];
    expect(row).toMatchObject({ siap: false, belum_siap: res.body.diagnostic.message });
  });
});

describe('corrections and cancellations as an office makes them', () => {
  it('a signed letter cancelled: the notice to payroll is signed with a number of its own (the same when asked again); the replacement names it; the public pages point both ways', async () => {
    const g = await dueTeacher('Abdullah Umar');
    const first = await verifiedAndSigned(g.id);
    // Not yet cancelled: there is no notice to make.
    expect((await cancellationNotice(first.id)).statusCode).toBe(422);
    expect(
      (await t.call('POST', `/api/kgb/surat/${first.id}/batal`, { token: admin, body: { alasan: REASON } })).status,
    ).toBe(200);

    const notice = await cancellationNotice(first.id);
    expect(notice.statusCode).toBe(200);
    expect(pdfTool('pdfsig', notice.rawPayload)).toContain('Signature is Valid');
    const noticeText = text(notice.rawPayload);
    expect(noticeText).toContain('Pembatalan Surat Kenaikan Gaji Berkala');
    expect(noticeText).toContain(`nomor ${first.nomor}`);
    expect(noticeText).toContain(REASON);
    expect(noticeText).toContain('dibayarkan gaji pokok sebesar Rp3.287.000,00');
    const [row] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, first.id));
    expect(row!.nomorPembatalan).toBe('822.4/002/DIKBUD/XI/2026');
    const again = await cancellationNotice(first.id);
    expect(text(again.rawPayload)).toContain('822.4/002/DIKBUD/XI/2026');
    const operator = await t.login('60200100');
    expect((await cancellationNotice(first.id, operator)).statusCode).toBe(403);

    // The cancelled letter is shown marked; the replacement (ralat) names the letter it replaces.
    expect(text(await pdfOf(first.pdfLink))).toContain('DIBATALKAN pada 21 November 2026');
    const second = (await t.call<SuratKgb>('GET', `/api/kgb/${g.id}/verifikasi`, { token: admin })).body.data;
    expect(second.nomor).toBe('822.4/003/DIKBUD/XI/2026');
    expect(text(await pdfOf(second.pdfLink))).toContain(
      `Surat ini menggantikan surat nomor ${first.nomor} tanggal 21 November 2026, yang dibatalkan karena ${REASON}.`,
    );
    const pubOld = (await t.call<DokumenInfo>('GET', `/api/dokumen/${first.kode_dokumen}`)).body.data;
    expect(pubOld).toMatchObject({
      status: 'cancelled',
      pengganti: { nomor: second.nomor, kode_dokumen: second.kode_dokumen },
    });
    const pubNew = (await t.call<DokumenInfo>('GET', `/api/dokumen/${second.kode_dokumen}`)).body.data;
    expect(pubNew).toMatchObject({
      menggantikan: { nomor: first.nomor },
      instansi: 'Dinas Pendidikan Kota Ternate',
      golongan: 'III/b',
      gaji_baru: 3390500,
    });
    // The month's register keeps every number: the cancelled one stays listed, with its replacement.
    const month = (await t.call<PeriodeKgb>('GET', '/api/kgb/periode?bulan=2027-01', { token: admin })).body.data;
    expect(month.dibatalkan).toEqual([
      expect.objectContaining({
        surat_id: first.id,
        nomor: first.nomor,
        alasan: REASON,
        pengganti: { id: second.id, nomor: second.nomor },
      }),
    ]);
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'two officers asking for the cancellation notice at once take one number from the register',
    async () => {
      const g = await dueTeacher('Dua Petugas');
      const signed = await verifiedAndSigned(g.id);
      await t.call('POST', `/api/kgb/surat/${signed.id}/batal`, { token: admin, body: { alasan: REASON } });
      const answers = await Promise.all(Array.from({ length: 4 }, () => cancellationNotice(signed.id)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      for (const a of answers) expect(layoutText(a.rawPayload)).toContain('Nomor : 822.4/002/DIKBUD/XI/2026');
      // One number taken: the next letter of the year gets the one after it.
      const [row] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, signed.id));
      expect(row!.nomorPembatalan).toBe('822.4/002/DIKBUD/XI/2026');
      const h = await dueTeacher('Berikutnya');
      expect((await t.call<SuratKgb>('GET', `/api/kgb/${h.id}/verifikasi`, { token: admin })).body.data.nomor).toBe(
        '822.4/003/DIKBUD/XI/2026',
      );
    },
  );
});

describe('a postponed increase stays on its month', () => {
  it('the month it was due lists the teacher as postponed, with where it moved and why', async () => {
    const g = await dueTeacher('Ditunda Dulu');
    expect(
      (
        await t.call('POST', `/api/kgb/${g.id}/penundaan`, {
          token: admin,
          body: { bulan: 6, alasan: 'Penilaian kinerja tahun 2025 berpredikat Kurang', nomor_sk: '800/12/BKPSDM/2026' },
        })
      ).status,
    ).toBe(200);
    const month = (await t.call<PeriodeKgb>('GET', '/api/kgb/periode?bulan=2027-01', { token: admin })).body.data;
    expect(month.data.find((i) => i.guru_id === g.id)).toMatchObject({
      status: 'ditunda',
      catatan:
        'Ditunda 6 bulan ke TMT 1 Juli 2027 (SK 800/12/BKPSDM/2026): Penilaian kinerja tahun 2025 berpredikat Kurang',
    });
    expect(month.jumlah.ditunda).toBe(1);
    // And it is a member of the month it moved to.
    const july = (await t.call<PeriodeKgb>('GET', '/api/kgb/periode?bulan=2027-07', { token: admin })).body.data;
    expect(july.data.find((i) => i.guru_id === g.id)?.status).toBe('siap');
  });
});

describe('unverified data behind a letter', () => {
  it('the due list says what is unverified; signing is refused until it is verified or accepted', async () => {
    const g = await dueTeacher('Belum Diperiksa', { verifikasi: 0 });
    const row = (await t.call<Page<KgbDueItem>>('GET', '/api/kgb?cari=Diperiksa', { token: admin })).body.data.data[0];
    expect(row?.peringatan).toEqual(['Profil guru belum diverifikasi']);
    await t.call('GET', `/api/kgb/${g.id}/verifikasi`, { token: admin });
    const refused = await t.call('POST', `/api/kgb/${g.id}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.diagnostic.code).toBe('kgb.data_belum_diverifikasi');
    expect(refused.body.diagnostic.message).toBe(
      'Data surat ini belum diverifikasi: Profil guru belum diverifikasi. Verifikasi datanya dahulu, atau nyatakan menerima data tersebut saat menandatangani.',
    );
    expect((await t.call<SuratKgb>('GET', `/api/kgb/${g.id}/surat`, { token: admin })).body.data).toMatchObject({
      status: 'verified',
      peringatan: ['Profil guru belum diverifikasi'],
    });
    const accepted = await t.call<SuratKgb>('POST', `/api/kgb/${g.id}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE, terima_data_belum_diverifikasi: true },
    });
    expect(accepted.status, accepted.body.diagnostic.message).toBe(200);
    // A CPNS with a D-III in II/a: a D-III enters at II/c.
    const cpns = await createGuru(t.database.db, schoolA, {
      nama: 'Calon Janggal',
      status_guru: 'CPNS',
      golongan: 'II/a',
      pendidikan_terakhir: 'D3',
      mkg_tahun: 0,
      gaji_pokok: 1747200,
      tgl_kgb_terakhir: null,
      nip: '200301012025121001',
      tgl_lahir: '2003-01-01',
    });
    await t.database.db.update(guru).set({ verifikasi: 1 }).where(eq(guru.id, cpns.id));
    const { peringatanData } = await import('../../domain/golongan-awal.ts');
    const [c] = await t.database.db.select().from(guru).where(eq(guru.id, cpns.id));
    expect(peringatanData(c!)).toEqual(['CPNS berpendidikan D3 pada golongan II/a: golongan awal pendidikan itu II/c']);
  });
});

describe('the public check page, read beside a paper copy', () => {
  it('names the issuing office, the golongan and new salary, and the signing time in the office zone with its label', async () => {
    const g = await dueTeacher('Baca Salinan');
    const signed = await verifiedAndSigned(g.id);
    const info = (await t.call<DokumenInfo>('GET', `/api/dokumen/${signed.kode_dokumen}`)).body.data;
    // The code as people type it: spaces for dashes, lower case.
    const typed = await t.call<DokumenInfo>(
      'GET',
      `/api/dokumen/${encodeURIComponent(signed.kode_dokumen.toLowerCase().replaceAll('-', ' '))}`,
    );
    expect(typed.status).toBe(200);
    expect(typed.body.data.kode_dokumen).toBe(signed.kode_dokumen);
    // 2026-11-21T02:00Z is 11.00 WIT.
    expect(info).toMatchObject({
      instansi: 'Dinas Pendidikan Kota Ternate',
      golongan: 'III/b',
      gaji_baru: 3390500,
      ditandatangani_pada_teks: '21 November 2026 11.00 WIT',
      pengganti: null,
      menggantikan: null,
    });
  });
});
