// Retirement at the age limit through HTTP (docs/domain/pensiun.md): the list ahead with its dates,
// record and missing pieces, the operator's school, the proposal's states, the decision that closes
// the record at the TMT, and two officers changing one proposal at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAdmin, createSchoolWithOperator, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { pdfTool } from '../../test/kgb-world.ts';
import { guru } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import type { Page } from '#contract/paging.ts';
import type { PensiunItem, PensiunRingkasan } from '#contract/pensiun.ts';
import type { DaftarNotifikasi } from '#contract/notifikasi.ts';

let t: TestApp;
let admin: string;
let opA: string;
let ids: Record<'ani' | 'budi' | 'citra' | 'dedi' | 'eka' | 'fajar' | 'gina', number>;

const pangkat = recordTableOf('riwpangkat');
const keluarga = recordTableOf('riwkeluarga');
const skp = recordTableOf('riwskp');

beforeEach(async () => {
  t = await createTestApp();
  // The office's date: 27 November 2026.
  t.clock.now = new Date('2026-11-27T02:00:00Z');
  await createAdmin(t.database.db);
  await createAdmin(t.database.db, 'admin2');
  const a = (
    await createSchoolWithOperator(t.database.db, {
      npsn: '60200100',
      namaSekolah: 'SMA Negeri 1 Ternate',
      bentukPendidikan: 'SMA',
    })
  ).school.id;
  const b = (await createSchoolWithOperator(t.database.db, { npsn: '60200200', namaSekolah: 'SD Negeri 2 Ternate' }))
    .school.id;
  const db = t.database.db;
  const make = async (
    sekolah: number,
    nama: string,
    tgl_lahir: string,
    extra: Partial<typeof guru.$inferInsert> = {},
  ) =>
    (
      await createGuru(db, sekolah, {
        nama,
        tgl_lahir,
        tempat_lahir: 'Ternate',
        status_nikah: 'Nikah',
        golongan: 'IV/a',
        mkg_tahun: 30,
        mkg_bulan: 2,
        gaji_pokok: 5_563_800,
        ...extra,
      })
    ).id;
  ids = {
    ani: await make(a, 'Ani Lestari', '1967-06-10'),
    budi: await make(a, 'Budi Santoso', '1967-06-01'),
    citra: await make(a, 'Citra PPPK', '1967-03-20', {
      status_guru: 'PPPK',
      golongan: 'IX',
      nip: '196703202021212001',
    }),
    dedi: await make(a, 'Dedi Honor', '1967-01-05', { status_guru: 'GTY', nip: null, golongan: null }),
    eka: await make(a, 'Eka Jauh', '1968-03-10'),
    fajar: await make(b, 'Fajar Sekolah Lain', '1967-09-10'),
    gina: await make(a, 'Gina Sudah Pensiun', '1966-10-15'),
  };
  // Ani's record is complete: a verified rank decree, a verified spouse with the marriage date, children, last year's rating.
  await db.insert(pangkat).values({
    guru_id: ids.ani,
    golongan: 'IV/a',
    riw_pangkat_sk: '823/7/BKD/2019',
    riw_pangkat_sktgl: '2019-03-20',
    riw_pangkat_pejabat: 'Gubernur Maluku Utara',
    riw_pangkat_thn: 22,
    riw_pangkat_bln: 0,
    riw_pangkat_tmt: '2019-04-01',
    status: 1,
  });
  await db.insert(keluarga).values([
    {
      guru_id: ids.ani,
      nama: 'Rahman Umar',
      hubungan: 'Suami',
      tgl_lahir: '1965-02-01',
      tgl_nikah: '1992-05-02',
      keadaan: 'Hidup',
      tunjangan: 'Ya',
      status: 1,
    },
    {
      guru_id: ids.ani,
      nama: 'Nur Rahman',
      hubungan: 'Anak Kandung',
      tgl_lahir: '2004-08-11',
      keadaan: 'Hidup',
      tunjangan: 'Ya',
      status: 1,
    },
  ]);
  await db.insert(skp).values({
    guru_id: ids.ani,
    tahun: 2025,
    periode: 'Tahunan',
    predikat: 'Baik',
    penilai: 'Kepala Sekolah',
    status: 1,
  });
  // Budi: a child typed by the school, not yet verified; no spouse, no rank decree, no rating.
  await db.insert(keluarga).values({
    guru_id: ids.budi,
    nama: 'Putri Santoso',
    hubungan: 'Anak Kandung',
    tgl_lahir: '2001-01-20',
    keadaan: 'Hidup',
    tunjangan: 'Tidak',
    status: 0,
  });
  admin = await t.login('admin');
  opA = await t.login('60200100');
});
afterEach(async () => {
  await t.app.close();
});

const list = async (token: string, query = '') => {
  const res = await t.call<Page<PensiunItem>>('GET', `/api/pensiun${query}`, { token });
  expect(res.status, JSON.stringify(res.body.diagnostic)).toBe(200);
  return res.body.data!;
};
const put = (token: string, guruId: number, body: Record<string, unknown>) =>
  t.call<PensiunItem>('PUT', `/api/pensiun/${guruId}/usul`, { token, body });
/** The proposal sent (Diusulkan) with its covering letter's number and date. */
const propose = (token: string, guruId: number, versi: number | null, nomor_surat: string, tanggal_surat: string) =>
  put(token, guruId, { status: 'diusulkan', versi, nomor_surat, tanggal_surat });
/** The decision entered (Ditetapkan): the SK's number, date and TMT. */
const decide = (token: string, guruId: number, versi: number, sk_nomor: string, sk_tanggal: string, sk_tmt: string) =>
  put(token, guruId, { status: 'ditetapkan', versi, sk_nomor, sk_tanggal, sk_tmt });

describe('GET /api/pensiun', () => {
  it('lists civil servants retiring within 15 months, nearest first, with the BUP, the TMT and the record', async () => {
    const page = await list(admin);
    expect(page.data.map((i) => i.nama)).toEqual(['Citra PPPK', 'Ani Lestari', 'Budi Santoso', 'Fajar Sekolah Lain']);
    expect(page.total).toBe(4);
    const ani = page.data.find((i) => i.id === ids.ani)!;
    expect(ani).toMatchObject({
      tgl_lahir: '1967-06-10',
      tgl_bup: '2027-06-10',
      tmt_pensiun: '2027-07-01',
      bulan_lagi: 8,
      akhir: 'pensiun',
      golongan: 'IV/a',
      mkg_tahun: 30,
      mkg_bulan: 2,
      gaji_pokok: 5_563_800,
      kekurangan: [],
      usul: null,
      selesai: false,
      sekolah: { nama_sekolah: 'SMA Negeri 1 Ternate', npsn: '60200100' },
    });
    // Born on the first of June: the TMT is 1 July too.
    const budi = page.data.find((i) => i.id === ids.budi)!;
    expect(budi.tmt_pensiun).toBe('2027-07-01');
    expect(budi.kekurangan).toEqual([
      'SK pangkat terakhir belum ada atau belum diverifikasi',
      'Data suami/istri belum ada di riwayat keluarga',
      '1 data keluarga belum diverifikasi',
      'Penilaian kinerja (SKP) tahun terakhir belum ada',
    ]);
    // A PPPK: the agreement ends; nothing of the DPCP is asked.
    const citra = page.data.find((i) => i.id === ids.citra)!;
    expect(citra).toMatchObject({ akhir: 'akhir_perjanjian', tmt_pensiun: '2027-04-01', kekurangan: [] });
  });

  it('takes the window as a parameter and refuses a wrong one', async () => {
    expect((await list(admin, '?bulan=18')).data.map((i) => i.nama)).toContain('Eka Jauh');
    expect((await list(admin, '?bulan=5')).data.map((i) => i.nama)).toEqual(['Citra PPPK']);
    for (const bad of ['0', '61', 'abc']) {
      const res = await t.call('GET', `/api/pensiun?bulan=${bad}`, { token: admin });
      expect(res.status).toBe(422);
    }
    expect((await list(admin, '?cari=budi')).data.map((i) => i.nama)).toEqual(['Budi Santoso']);
  });

  it("shows an operator their school only, and refuses them the proposal and other schools' teachers", async () => {
    expect((await list(opA)).data.map((i) => i.nama)).toEqual(['Citra PPPK', 'Ani Lestari', 'Budi Santoso']);
    expect((await t.call('GET', `/api/pensiun/${ids.ani}`, { token: opA })).status).toBe(200);
    expect((await t.call('GET', `/api/pensiun/${ids.fajar}`, { token: opA })).status).toBe(403);
    expect((await put(opA, ids.ani, { status: 'disiapkan', versi: null })).status).toBe(403);
    expect((await t.call('GET', '/api/pensiun')).status).toBe(401);
  });
});

describe('the proposal', () => {
  it('goes prepared → proposed → returned → proposed → decided; the decision closes the record at the TMT', async () => {
    let res = await put(admin, ids.ani, { status: 'disiapkan', versi: null });
    expect(res.status).toBe(200);
    expect(res.body.data!.usul).toMatchObject({ status: 'disiapkan', versi: 1 });
    // A decision cannot skip the proposal.
    res = await decide(admin, ids.ani, 1, '800/1/2027', '2027-03-01', '2027-07-01');
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toBe('Usul pensiun berstatus Disiapkan tidak dapat menjadi Ditetapkan');
    res = await propose(admin, ids.ani, 1, '800.1.6.3/45/DIKBUD/2026', '2026-11-27');
    expect(res.body.data!.usul).toMatchObject({
      status: 'diusulkan',
      nomor_surat: '800.1.6.3/45/DIKBUD/2026',
      versi: 2,
    });
    res = await put(admin, ids.ani, { status: 'dikembalikan', versi: 2, alasan: 'ok' });
    expect(res.status).toBe(422);
    res = await put(admin, ids.ani, { status: 'dikembalikan', versi: 2, alasan: 'Akta nikah belum dilegalisir' });
    expect(res.body.data!.usul).toMatchObject({
      status: 'dikembalikan',
      alasan: 'Akta nikah belum dilegalisir',
      versi: 3,
    });
    res = await propose(admin, ids.ani, 3, '800.1.6.3/52/DIKBUD/2026', '2026-12-10');
    expect(res.body.data!.usul).toMatchObject({ status: 'diusulkan', alasan: null, versi: 4 });
    res = await decide(admin, ids.ani, 4, '800.1.6.3/SK/12/2027', '2027-03-15', '2027-07-15');
    expect(res.status).toBe(422);
    res = await decide(admin, ids.ani, 4, '800.1.6.3/SK/12/2027', '2027-03-15', '2027-07-01');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ selesai: true, usul: { status: 'ditetapkan', sk_tmt: '2027-07-01' } });
    // Before the TMT the teacher still works: aktif, counted.
    const [before] = await t.database.db.select().from(guru).where(eq(guru.id, ids.ani));
    expect(before!.status_kepegawaian).toBe('aktif');
    // Nothing follows a decision.
    expect((await propose(admin, ids.ani, 5, 'x/1', '2027-03-20')).status).toBe(422);
    // On the TMT the record is closed: status pensiun from the TMT, with the SK.
    t.clock.now = new Date('2027-07-01T02:00:00Z');
    admin = await t.login('admin');
    await list(admin);
    const [after] = await t.database.db.select().from(guru).where(eq(guru.id, ids.ani));
    expect(after).toMatchObject({
      status_kepegawaian: 'pensiun',
      tgl_status_kepegawaian: '2027-07-01',
      ket_status_kepegawaian: 'Pensiun BUP, SK 800.1.6.3/SK/12/2027',
    });
    const detail = await t.call<{ status_kepegawaian: { kode: string } }>('GET', `/api/guru/${ids.ani}`, {
      token: admin,
    });
    expect(detail.body.data!.status_kepegawaian).toMatchObject({ kode: 'pensiun' });
  });

  it('a decision whose TMT has come sets the status at once', async () => {
    await propose(admin, ids.gina, null, '800/9/2026', '2026-07-01');
    const res = await decide(admin, ids.gina, 1, '800/SK/3/2026', '2026-10-01', '2026-11-01');
    expect(res.status).toBe(200);
    const [g] = await t.database.db.select().from(guru).where(eq(guru.id, ids.gina));
    expect(g).toMatchObject({ status_kepegawaian: 'pensiun', tgl_status_kepegawaian: '2026-11-01' });
  });

  it('is refused for a PPPK, a non-ASN teacher and a stale version', async () => {
    expect((await put(admin, ids.citra, { status: 'disiapkan', versi: null })).body.diagnostic.message).toBe(
      'Guru PPPK tidak diusulkan pensiun: perjanjian kerjanya berakhir',
    );
    expect((await put(admin, ids.dedi, { status: 'disiapkan', versi: null })).status).toBe(422);
    await put(admin, ids.budi, { status: 'disiapkan', versi: null });
    expect((await put(admin, ids.budi, { status: 'disiapkan', versi: null })).status).toBe(409);
    expect((await propose(admin, ids.budi, 7, 'a/1', '2026-11-27')).status).toBe(409);
  });

  it('two officers changing one proposal at once: one wins, the other is told it changed', async () => {
    const admin2 = await t.login('admin2');
    // Both start it.
    let answers = await Promise.all(
      [admin, admin2].map((token) => put(token, ids.ani, { status: 'disiapkan', versi: null })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await propose(admin, ids.ani, 1, '800/45/2026', '2026-11-27');
    // One returns it while the other enters the decision, from the same version.
    answers = await Promise.all([
      put(admin, ids.ani, { status: 'dikembalikan', versi: 2, alasan: 'Akta lahir anak belum ada' }),
      decide(admin2, ids.ani, 2, '800/SK/1/2027', '2027-03-01', '2027-07-01'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.diagnostic.message).toBe('Usul pensiun ini baru saja diubah orang lain; muat ulang lalu ulangi');
    const now = (await t.call<PensiunItem>('GET', `/api/pensiun/${ids.ani}`, { token: admin })).body.data!;
    expect(now.usul!.versi).toBe(3);
    expect(now.usul!.status).toBe(answers[0]!.status === 200 ? 'dikembalikan' : 'ditetapkan');
  });
});

/** A PDF through HTTP (inject: the raw bytes), with its status. */
const getPdf = async (url: string, token: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
};

/** The PDF at `url` as `token` reads it (answered 200), as text in its layout. */
const pdfText = async (url: string, token: string) => {
  const res = await getPdf(url, token);
  expect(res.status).toBe(200);
  return pdfTool('pdftotext', res.bytes, ['-layout']);
};

describe('the DPCP and the covering letter', () => {
  it('fills the DPCP from the record: identity, rank, service, last salary, family', async () => {
    const res = await getPdf(`/api/pensiun/${ids.ani}/dpcp`, admin);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const text = pdfTool('pdftotext', res.bytes, ['-layout']);
    for (const s of [
      'DATA PERORANGAN CALON PENERIMA PENSIUN',
      'Ani Lestari',
      'Ternate / 10 Juni 1967',
      'Pembina (IV/a)',
      '1 April 2019',
      'Rp5.563.800,00',
      '30 tahun 2 bulan',
      '1 Juli 2027',
      'Rahman Umar',
      '2 Mei 1992',
      'Nur Rahman',
      'SMA Negeri 1 Ternate',
    ])
      expect(text).toContain(s);
    // Budi's gaps are printed under the form, not guessed.
    const budi = pdfTool('pdftotext', (await getPdf(`/api/pensiun/${ids.budi}/dpcp`, opA)).bytes, ['-layout']);
    expect(budi).toContain('Data suami/istri belum ada di riwayat keluarga');
    expect(budi).toContain('belum diverifikasi');
  });

  it('the covering letter carries the proposal number once sent; operators may not print it', async () => {
    await propose(admin, ids.ani, null, '800.1.6.3/45/DIKBUD/2026', '2026-11-27');
    const text = await pdfText(`/api/pensiun/${ids.ani}/surat`, admin);
    for (const s of [
      '800.1.6.3/45/DIKBUD/2026',
      '27 November 2026',
      'Usul Pensiun Batas Usia Pensiun',
      'Ani Lestari',
      '1 Juli 2027',
      'Data Perorangan Calon Penerima Pensiun',
    ])
      expect(text).toContain(s);
    expect((await t.call('GET', `/api/pensiun/${ids.ani}/surat`, { token: opA })).status).toBe(403);
    expect((await t.call('GET', `/api/pensiun/${ids.fajar}/dpcp`, { token: opA })).status).toBe(403);
    expect((await t.call('GET', `/api/pensiun/${ids.citra}/dpcp`, { token: admin })).status).toBe(404);
  });

  it('the SKPP for the payroll office once the decision is entered: salary paid up to the month before the TMT', async () => {
    expect((await t.call('GET', `/api/pensiun/${ids.ani}/skpp`, { token: admin })).status).toBe(422);
    await propose(admin, ids.ani, null, '800/45/2026', '2026-11-27');
    await decide(admin, ids.ani, 1, '800.1.6.3/SK/12/2027', '2027-03-15', '2027-07-01');
    const text = await pdfText(`/api/pensiun/${ids.ani}/skpp`, admin);
    for (const s of [
      'SURAT KETERANGAN PENGHENTIAN PEMBAYARAN',
      'Ani Lestari',
      'Rp5.563.800,00',
      'SK Nomor 800.1.6.3/SK/12/2027 tanggal 15 Maret 2027',
      'sampai dengan bulan Juni 2027',
      '1 Juli 2027',
      'Rahman Umar',
      'Nur Rahman',
    ])
      expect(text).toContain(s);
    expect((await t.call('GET', `/api/pensiun/${ids.ani}/skpp`, { token: opA })).status).toBe(403);
  });
});

describe('reminders', () => {
  it('the dashboard counts: the window, proposals not sent within 12 months (no PPPK), decisions', async () => {
    const all = await t.call<PensiunRingkasan>('GET', '/api/pensiun/ringkasan', { token: admin });
    expect(all.body.data).toEqual({ bulan: 15, total: 4, belum_diusulkan: 3, ditetapkan: 0 });
    await propose(admin, ids.ani, null, '800/45/2026', '2026-11-27');
    await decide(admin, ids.ani, 1, '800/SK/1/2027', '2027-03-01', '2027-07-01');
    expect((await t.call<PensiunRingkasan>('GET', '/api/pensiun/ringkasan', { token: admin })).body.data).toEqual({
      bulan: 15,
      total: 4,
      belum_diusulkan: 2,
      ditetapkan: 1,
    });
    expect((await t.call<PensiunRingkasan>('GET', '/api/pensiun/ringkasan', { token: opA })).body.data).toEqual({
      bulan: 15,
      total: 3,
      belum_diusulkan: 1,
      ditetapkan: 1,
    });
  });

  it("notices the school's operator at 15, 12 and 6 months of proposals not sent and data lacking", async () => {
    const pensiun = async () =>
      (await t.call<DaftarNotifikasi>('GET', '/api/notifikasi', { token: opA })).body.data!.data.filter(
        (n) => n.jenis === 'pensiun',
      );
    let notices = await pensiun();
    expect(notices.map((n) => n.judul)).toEqual(['2 guru Anda pensiun dalam 12 bulan: lengkapi data usul pensiun']);
    expect(notices[0]!.isi).toContain('Ani Lestari (data lengkap, usul belum dikirim Dinas)');
    expect(notices[0]!.isi).toContain(
      'Budi Santoso (SK pangkat terakhir belum ada atau belum diverifikasi; Data suami/istri belum ada di riwayat keluarga',
    );
    // Ani's proposal goes: only Budi is left, and the notice links to him.
    await propose(admin, ids.ani, null, '800/45/2026', '2026-11-27');
    notices = await pensiun();
    expect(notices).toMatchObject([
      { judul: '1 guru Anda pensiun dalam 12 bulan: lengkapi data usul pensiun', guru_id: ids.budi },
    ]);
    // In February 2027 Ani and Budi are 5 months away (the 6-month reminder; Ani's proposal went, but
    // the 2026 rating is now the one the file needs), and Eka comes within 15 months.
    t.clock.now = new Date('2027-02-10T02:00:00Z');
    opA = await t.login('60200100');
    notices = await pensiun();
    expect(notices.map((n) => n.judul)).toEqual([
      '2 guru Anda pensiun dalam 6 bulan: lengkapi data usul pensiun',
      '1 guru Anda pensiun dalam 15 bulan: lengkapi data usul pensiun',
    ]);
    expect(notices[0]!.isi).toContain('Ani Lestari (Penilaian kinerja (SKP) tahun terakhir belum ada)');
    expect(notices[1]).toMatchObject({ guru_id: ids.eka });
  });
});
