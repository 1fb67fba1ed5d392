// PPPK and CPNS teachers get KGB letters from their record, through HTTP.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { eachKgbTestApp, PASSPHRASE, pdfTool } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027, refId } from '../../test/guru-factory.ts';
import { guru, pengaturan } from '../../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { Guru } from '#contract/guru.ts';
import type { Dashboard } from '#contract/dashboard.ts';
import { ASN_MSG } from '#contract/asn.ts';
import type { KgbDueItem, KgbPdf, SuratKgb } from '#contract/kgb.ts';

let t: TestApp;
let admin: string;
let opA: string;
let schoolA: number;
let jabatanId: number;

eachKgbTestApp(async (world) => {
  ({ t, schoolA } = world);
  jabatanId = await refId(t.database.db, 'jabatan', 'Guru Mata Pelajaran');
  admin = await t.login('admin');
  opA = await t.login('60200100');
});

const pdfText = (bytes: Buffer) => pdfTool('pdftotext', bytes, ['-layout']);
const pdfBytes = async (url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } })).rawPayload;
/** A letter's text on one line. */
const letterText = async (url: string) => pdfText(await pdfBytes(url)).replace(/\s+/g, ' ');

/** The teacher's row as stored. */
const profileOf = async (id: number) => (await t.database.db.select().from(guru).where(eq(guru.id, id)))[0];
/** The KGB due list, searched by name, as the administrator sees it. */
const dueList = async (cari: string) =>
  (await t.call<Page<KgbDueItem>>('GET', `/api/kgb?cari=${cari}`, { token: admin })).body.data.data;
/** The draft letter of a teacher: its plan (rencana) and its link. */
const draftOf = async (id: number) => (await t.call<KgbPdf>('GET', `/api/kgb/${id}/pdf`, { token: admin })).body.data;

/** A teacher outside the civil service, then made PNS, CPNS or PPPK through the edit form's PUT. */
async function asn(over: Record<string, unknown>) {
  const g = await createGuru(
    t.database.db,
    schoolA,
    { nama: 'Calon', status_guru: 'GTT', golongan: null, nip: null, gaji_pokok: null, tgl_kgb_terakhir: null },
    { decree: false },
  );
  const body = {
    nama: 'Calon',
    tgl_lahir: '1990-01-01',
    jenis_kelamin: 'Laki-laki',
    id_jabatan: jabatanId,
    sekolah_id: schoolA,
    ...over,
  };
  return {
    id: g.id,
    put: (change: Record<string, unknown> = {}) =>
      t.call<Guru>('PUT', `/api/guru/${g.id}`, { token: admin, body: { ...body, ...change } }),
  };
}

const appointment = (guruId: number, golongan: string, tmt: string, mkg: number, sk: string) => ({
  guru_id: String(guruId),
  golongan,
  riw_pangkat_sk: sk,
  riw_pangkat_sktgl: tmt,
  riw_pangkat_pejabat: 'Wali Kota Ternate',
  riw_pangkat_thn: String(mkg),
  riw_pangkat_bln: '0',
  riw_pangkat_tmt: tmt,
});

describe('NI PPPK and golongan by employment status', () => {
  it('a PPPK teacher has an NI PPPK (no month in digits 13-14) and a golongan I-XVII; the wrong kind is refused with a reason', async () => {
    const g = await asn({ nama: 'Nur PPPK', status_guru: 'PPPK', nip: '199001012022211001', golongan: 'IX' });
    const ok = await g.put();
    expect(ok.status, ok.body.diagnostic.message).toBe(200);
    expect(ok.body.data).toMatchObject({ status_guru: 'PPPK', nip: '199001012022211001', golongan: 'IX' });

    const cases: [Record<string, unknown>, string][] = [
      [{ golongan: 'III/a' }, ASN_MSG.golonganPppk],
      [{ golongan: null }, ASN_MSG.golonganEmpty],
      [{ nip: null }, ASN_MSG.niPppkEmpty],
      [
        { nip: '199001012015051001' },
        'NI PPPK memuat tahun pengangkatan yang tidak valid (digit 9-12; PPPK diangkat sejak 2019)',
      ],
      [{ nip: '199001022022211001' }, 'NI PPPK tidak sesuai dengan tanggal lahir (8 digit pertama harus 19900101)'],
      [
        { nip: '199001012022212001' },
        'NI PPPK tidak sesuai dengan jenis kelamin (digit ke-15 harus 1 untuk laki-laki)',
      ],
      [{ status_guru: 'PNS' }, 'NIP memuat tahun/bulan pengangkatan CPNS yang tidak valid (digit 9-14)'],
      [{ status_guru: 'PNS', nip: '199001012015051001' }, ASN_MSG.golonganPns],
      [{ status_guru: 'GTT', nip: null }, ASN_MSG.golonganNotAsn],
    ];
    for (const [change, message] of cases) {
      const res = await g.put(change);
      expect(res.status, message).toBe(422);
      expect(res.body.diagnostic.message).toBe(message);
    }
  });

  it('the golongan master lists the PNS golongan ruang and the PPPK golongan; CPNS is an employment status', async () => {
    const gol = await t.call<{ nm_gol: string; nm_pangkat: string | null }[]>('GET', '/api/golonganpangkat', {
      token: opA,
    });
    const names = gol.body.data.map((r) => r.nm_gol);
    expect(names.slice(0, 17)).toContain('III/a');
    expect(names).toEqual(expect.arrayContaining(['I', 'IX', 'XVII']));
    expect(gol.body.data.find((r) => r.nm_gol === 'IX')?.nm_pangkat ?? null).toBeNull();
    const jenis = await t.call<{ nama: string }[]>('GET', '/api/jenisguru', { token: opA });
    expect(jenis.body.data.map((r) => r.nama)).toEqual([
      'PNS',
      'CPNS',
      'PPPK',
      'GTY',
      'GTT',
      'Honor Daerah',
      'Honor Sekolah',
    ]);
  });

  it("a decree in the record carries the golongan of the teacher's status", async () => {
    const g = await asn({ status_guru: 'PPPK', nip: '199001012022211001', golongan: 'IX' });
    expect((await g.put()).status).toBe(200);
    const wrong = await t.call('POST', '/api/riwpangkat', {
      token: admin,
      body: appointment(g.id, 'III/a', '2024-12-01', 0, '800/1/PPPK/2024'),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.diagnostic.message).toBe(ASN_MSG.golonganPppk);
  });
});

describe("a PPPK teacher's KGB (Perpres 11/2024)", () => {
  it('appointed IX at MKG 0 on 2024-12-01: due for 2026-12-01, Rp3.203.600 → Rp3.304.400, the PPPK letter, signed into the record', async () => {
    const g = await asn({
      nama: 'Nurhayati PPPK',
      status_guru: 'PPPK',
      nip: '199001012022211001',
      golongan: 'IX',
      tempat_lahir: 'Ternate',
    });
    expect((await g.put()).status).toBe(200);
    const before = (await t.call<Dashboard>('GET', '/api/dashboard', { token: admin })).body.data.guru_akan_kgb;
    const added = await t.call<{ status: number }>('POST', '/api/riwpangkat', {
      token: admin,
      body: appointment(g.id, 'IX', '2024-12-01', 0, '800.1.13.2/12/BKPSDM/2024'),
    });
    expect(added.status, added.body.diagnostic.message).toBe(200);
    expect(added.body.data.status).toBe(1);
    const row = await profileOf(g.id);
    expect(row).toMatchObject({
      golongan: 'IX',
      gaji_pokok: 3203600,
      tgl_kgb_terakhir: null,
      tmt_awal_kgb: '2024-12-01',
    });

    // On the due list (from the index, like every teacher) and on the dashboard's counter.
    const list = await dueList('Nurhayati');
    expect(list).toEqual([expect.objectContaining({ id: g.id, tmt_kgb: '2026-12-01', siap: true, golongan: 'IX' })]);
    expect((await t.call<Dashboard>('GET', '/api/dashboard', { token: admin })).body.data.guru_akan_kgb).toBe(
      before + 1,
    );
    expect((await t.call<Guru>('GET', `/api/guru/${g.id}`, { token: admin })).body.data.tgl_kgb_berikutnya).toBe(
      '2026-12-01',
    );

    const draft = await draftOf(g.id);
    expect(draft.rencana).toEqual({
      tmt: '2026-12-01',
      gaji_lama: 3203600,
      gaji_baru: 3304400,
      mkg_baru: { tahun: 2, bulan: 0 },
      golongan: 'IX',
      regulasi: 'Perpres 11/2024',
    });
    const verified = await t.call<SuratKgb>('GET', `/api/kgb/${g.id}/verifikasi`, { token: admin });
    expect(verified.status, verified.body.diagnostic.message).toBe(200);
    const text = await letterText(verified.body.data.pdfLink);
    expect(text).toContain('PEGAWAI PEMERINTAH DENGAN PERJANJIAN KERJA');
    expect(text).toContain('NI PPPK : 199001012022211001');
    expect(text).toContain('Golongan : IX (PPPK)');
    expect(text).toContain('800.1.13.2/12/BKPSDM/2024');
    expect(text).toContain('Rp3.203.600,00');
    expect(text).toContain('Rp3.304.400,00');
    // The regulations by their full names, not "(Perpres 11/2024)" after the last full stop.
    expect(text).toContain(
      'Peraturan Presiden Nomor 98 Tahun 2020 tentang Gaji dan Tunjangan Pegawai Pemerintah dengan Perjanjian Kerja sebagaimana telah diubah dengan Peraturan Presiden Nomor 11 Tahun 2024',
    );
    expect(text).not.toContain('(Perpres 11/2024)');
    expect(text).not.toContain('Pangkat/Golongan');

    const signed = await t.call<SuratKgb>('POST', `/api/kgb/${g.id}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE },
    });
    expect(signed.status, signed.body.diagnostic.message).toBe(200);
    const after = await profileOf(g.id);
    // The KGB is now the record's newest decree: the cycle counts from it.
    expect(after).toMatchObject({
      golongan: 'IX',
      mkg_tahun: 2,
      gaji_pokok: 3304400,
      tgl_kgb_terakhir: '2026-12-01',
      tmt_awal_kgb: '2026-12-01',
    });
    expect((await t.call<Guru>('GET', `/api/guru/${g.id}`, { token: admin })).body.data.tgl_kgb_berikutnya).toBe(
      '2028-12-01',
    );
  });

  it('a PPPK teacher without a decree is not guessed from the NI PPPK; the data-quality page lists them', async () => {
    // Digits 13-14 (a code, here 05) would read as May 2022 in a NIP: the SQL rule must not guess from it either.
    const g = await asn({ nama: 'Tanpa SK PPPK', status_guru: 'PPPK', nip: '199001012022051001', golongan: 'IX' });
    expect((await g.put()).status).toBe(200);
    expect(await dueList('Tanpa')).toEqual([]);
    const pdf = await t.call('GET', `/api/kgb/${g.id}/pdf`, { token: admin });
    expect(pdf.body.diagnostic.code).toBe('kgb.no_decree');
    const quality = await t.call<Page<{ id: number }>>('GET', '/api/kualitas-data/pns-tanpa-sk', { token: admin });
    expect(quality.body.data.data.map((r) => r.id)).toContain(g.id);
  });
});

describe("a CPNS teacher's KGB at 80 % (PP 7/1977 art. 5(1))", () => {
  it('CPNS II/a from 2025-12-01: first KGB after one year, 80 % of Rp2.218.400; made PNS, the salary is the full table', async () => {
    const g = await asn({
      nama: 'Calon Pegawai',
      status_guru: 'CPNS',
      nip: '200301012025121001',
      tgl_lahir: '2003-01-01',
      golongan: 'II/a',
    });
    const put = await g.put();
    expect(put.status, put.body.diagnostic.message).toBe(200);
    expect(
      (
        await t.call('POST', '/api/riwpangkat', {
          token: admin,
          body: appointment(g.id, 'II/a', '2025-12-01', 0, '800/44/BKPSDM/2025'),
        })
      ).status,
    ).toBe(200);
    const row = await profileOf(g.id);
    expect(row?.gaji_pokok).toBe(1747200); // 80 % of Rp2.184.000 (II/a MKG 0)

    const list = await dueList('Calon');
    expect(list).toEqual([expect.objectContaining({ id: g.id, tmt_kgb: '2026-12-01', siap: true })]);
    const draft = await draftOf(g.id);
    expect(draft.rencana).toEqual({
      tmt: '2026-12-01',
      gaji_lama: 1747200,
      gaji_baru: 1774720,
      mkg_baru: { tahun: 1, bulan: 0 },
      golongan: 'II/a',
      regulasi: 'PP 5/2024, 80% bagi CPNS',
    });
    const text = await letterText(draft.pdfLink);
    expect(text).toContain('Rp1.774.720,00');
    expect(text).toContain(
      '80% dari Rp2.218.400,00 menurut Pasal 5 ayat (1) Peraturan Pemerintah Nomor 7 Tahun 1977 tentang Peraturan Gaji Pegawai Negeri Sipil',
    );

    // Appointed PNS: the same decree now gives the full table amount.
    expect((await g.put({ status_guru: 'PNS' })).status).toBe(200);
    const pns = await profileOf(g.id);
    expect(pns?.gaji_pokok).toBe(2184000);
  });
});

describe('service-credit review (PMK)', () => {
  it('a verified PMK sets MKG and salary; the next KGB falls when the credited MKG reaches the next step, and the letter cites the PMK', async () => {
    // Last KGB 2025-01-01: III/b MKG 8 y 0 m, Rp3.287.000; regular next TMT 2027-01-01.
    const g = await createGuru(t.database.db, schoolA, { nama: 'Masa Kerja Ditinjau', ...DUE_JANUARY_2027 });
    const body = {
      guru_id: String(g.id),
      golongan: 'III/b',
      pmk_sk: '800.1.11/31/BKPSDM/2025',
      pmk_sktgl: '2025-05-20',
      pmk_pejabat: 'Kepala BKPSDM Kota Ternate',
      pmk_thn: '11',
      pmk_bln: '0',
      pmk_gaji: '3390500',
      pmk_tmt: '2025-06-01',
    };

    // An operator's PMK waits for the office: nothing changes until it is verified.
    const added = await t.call<{ id: number; status: number }>('POST', '/api/riwpmk', { token: opA, body });
    expect(added.status, added.body.diagnostic.message).toBe(200);
    expect(added.body.data.status).toBe(0);
    expect(await dueList('Ditinjau')).toEqual([expect.objectContaining({ id: g.id, tmt_kgb: '2027-01-01' })]);
    expect((await t.call('PUT', `/api/riwpmk/verifikasi/${added.body.data.id}`, { token: admin })).status).toBe(200);

    // MKG 11 y 0 m on 2025-06-01; III/b's next step is MKG 12, reached on 2026-06-01 (overdue today).
    const row = await profileOf(g.id);
    expect(row).toMatchObject({
      golongan: 'III/b',
      mkg_tahun: 11,
      mkg_bulan: 0,
      gaji_pokok: 3390500,
      tgl_kgb_terakhir: '2025-01-01',
      tmt_awal_kgb: '2024-06-01',
    });
    const list = await dueList('Ditinjau');
    expect(list).toEqual([expect.objectContaining({ id: g.id, tmt_kgb: '2026-06-01', siap: true, terlambat: true })]);
    const draft = await draftOf(g.id);
    expect(draft.rencana).toEqual({
      tmt: '2026-06-01',
      gaji_lama: 3390500,
      gaji_baru: 3497300,
      mkg_baru: { tahun: 12, bulan: 0 },
      golongan: 'III/b',
      regulasi: 'PP 5/2024',
    });
    const text = await letterText(draft.pdfLink);
    expect(text).toContain('800.1.11/31/BKPSDM/2025');
    expect(text).toContain('Kepala BKPSDM Kota Ternate');
    expect(text).toContain('11 tahun 0 bulan');

    // Deleting the PMK gives the KGB decree back as the basis and the regular cycle.
    expect((await t.call('DELETE', `/api/riwpmk/${added.body.data.id}`, { token: admin })).status).toBe(200);
    expect((await draftOf(g.id)).rencana).toMatchObject({
      tmt: '2027-01-01',
      gaji_lama: 3287000,
    });
  });
});

describe('profiles derived again when the KGB rules change', () => {
  it('resyncOnce derives every teacher with a decree once, then records the version', async () => {
    const { resyncOnce, KGB_RULES_VERSION } = await import('../guru/record-basis.ts');
    // A profile derived by the old rule: no anchor after a KGB at an odd MKG (III/b steps are even).
    const g = await createGuru(t.database.db, schoolA, {
      nama: 'Aturan Lama',
      golongan: 'III/b',
      mkg_tahun: 9,
      mkg_bulan: 0,
      gaji_pokok: 3287000,
      tgl_kgb_terakhir: '2025-01-01',
    });
    await t.database.db.update(guru).set({ tmt_awal_kgb: null }).where(eq(guru.id, g.id));
    expect(await resyncOnce(t.database.db, t.clock.now, t.waktu.zona())).toBeGreaterThan(0);
    const row = await profileOf(g.id);
    // Step 10 is reached a year on: 2026-01-01, kept as its anchor two years before.
    expect(row).toMatchObject({ tmt_awal_kgb: '2024-01-01', tgl_kgb_terakhir: '2025-01-01' });
    const [marker] = await t.database.db.select().from(pengaturan).where(eq(pengaturan.kunci, 'kgb_aturan'));
    expect(marker?.nilai).toEqual({ versi: KGB_RULES_VERSION });
    expect(await resyncOnce(t.database.db, t.clock.now, t.waktu.zona())).toBe(0);
  });
});
