// Rank promotion through HTTP (docs/domain/kenaikan-pangkat.md): the period list and its reasons,
// ratings as a record kind, a proposal batch with its letter and lists, BTS/TMS, the decision that
// writes the Kepangkatan row and moves the KGB basis, the KGB due list's rating note, and two
// officers deciding one proposal at once.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../test/test-app.ts';
import { createSchoolB, kgbTestApp, officialKey, pdfTool } from '../../test/kgb-world.ts';
import { createGuru } from '../../test/guru-factory.ts';
import { rowsOf } from '../../db/client.ts';
import { guru } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import type { OfficialKey } from '../kgb/official-key.ts';
import type { KpItem, KpRingkasan, KpUsulan } from '#contract/kenaikan-pangkat.ts';
import type { KgbDueItem, KgbPdf } from '#contract/kgb.ts';
import type { Page } from '#contract/paging.ts';
import type { DaftarNotifikasi } from '#contract/notifikasi.ts';

let key: OfficialKey;
let t: TestApp;
let admin: string;
let opA: string;
let ids: { ani: number; budi: number; citra: number; dedi: number; eka: number };

beforeAll(() => {
  key = officialKey();
});

const pangkat = recordTableOf('riwpangkat');
const skp = recordTableOf('riwskp');

async function rank(guruId: number, golongan: string, tmt: string, status = 1) {
  await t.database.db.insert(pangkat).values({
    guru_id: guruId,
    golongan,
    riw_pangkat_sk: `800/${guruId}/BKD/${tmt.slice(0, 4)}`,
    riw_pangkat_sktgl: tmt,
    riw_pangkat_pejabat: 'Kepala BKD Provinsi Maluku Utara',
    riw_pangkat_thn: 10,
    riw_pangkat_bln: 0,
    riw_pangkat_tmt: tmt,
    status,
  });
}
async function rating(guruId: number, tahun: number, predikat = 'Baik', status = 1) {
  await t.database.db
    .insert(skp)
    .values({ guru_id: guruId, tahun, periode: 'Tahunan', predikat, penilai: 'Kepala Sekolah', status });
}

beforeEach(async () => {
  let schoolA: number;
  ({ t, schoolA } = await kgbTestApp(key));
  // The office's date: 10 March 2026, so April 2026 is the next period.
  t.clock.now = new Date('2026-03-10T02:00:00Z');
  const schoolB = await createSchoolB(t);
  const make = async (sekolah: number, nama: string, golongan: string, tmt: string, years: [number, string][]) => {
    const g = await createGuru(t.database.db, sekolah, {
      nama,
      golongan,
      pendidikan_terakhir: 'S1',
      tgl_lahir: '1985-06-15',
    });
    await rank(g.id, golongan, tmt);
    for (const [y, p] of years) await rating(g.id, y, p);
    return g.id;
  };
  const baik: [number, string][] = [
    [2022, 'Baik'],
    [2023, 'Baik'],
    [2024, 'Baik'],
    [2025, 'Baik'],
  ];
  ids = {
    // III/b since April 2022, ratings Baik: due for III/c on 1 April 2026.
    ani: await make(schoolA, 'Ani Lestari', 'III/b', '2022-04-01', baik),
    // Three years in rank: not yet (credit points), due 1 April 2027.
    budi: await make(schoolA, 'Budi Santoso', 'III/b', '2023-04-01', [
      [2023, 'Baik'],
      [2024, 'Baik'],
      [2025, 'Baik'],
    ]),
    // A rating Kurang in 2024.
    citra: await make(schoolA, 'Citra Dewi', 'III/b', '2022-04-01', [
      [2022, 'Baik'],
      [2023, 'Baik'],
      [2024, 'Kurang'],
      [2025, 'Baik'],
    ]),
    // Another school's teacher, due as well.
    dedi: await make(schoolB, 'Dedi Kurniawan', 'III/b', '2022-04-01', baik),
    // No rating for 2025 yet.
    eka: await make(schoolA, 'Eka Saputra', 'III/b', '2022-04-01', [
      [2022, 'Baik'],
      [2023, 'Baik'],
      [2024, 'Baik'],
    ]),
  };
  admin = await t.login('admin');
  opA = await t.login('60200100');
});
afterEach(async () => {
  await t.app.close();
});

type ListAnswer = Page<KpItem> & { ringkasan: KpRingkasan };
async function list(token: string, query = 'periode=2026-04') {
  const res = await t.call<Page<KpItem>>('GET', `/api/kenaikan-pangkat?${query}`, { token });
  expect(res.status, res.body.diagnostic.message).toBe(200);
  // The period's counts are their own call.
  const counts = await t.call<KpRingkasan>('GET', `/api/kenaikan-pangkat/ringkasan?${query.split('&')[0]}`, { token });
  expect(counts.status).toBe(200);
  return { ...res.body.data, ringkasan: counts.body.data };
}
const item = (l: ListAnswer, id: number) => l.data.find((i) => i.id === id)!;

describe('the period list', () => {
  it('lists the window with memenuhi and the reason or the missing data, and counts the period', async () => {
    const l = await list(admin);
    expect(l.data.map((i) => i.id).sort()).toEqual(Object.values(ids).sort());
    expect(item(l, ids.ani).syarat).toMatchObject({
      memenuhi: true,
      golongan: 'III/b',
      golongan_baru: 'III/c',
      jalur: 'fungsional',
      tmt: '2026-04-01',
    });
    expect(item(l, ids.budi).syarat).toMatchObject({
      memenuhi: false,
      alasan: ['Angka kredit 87,5 dari 100 yang dibutuhkan untuk III/c'],
      tmt_berikut: '2027-04-01',
    });
    // Kurang also earns half the credit points of 2024: 93,75 of 100.
    expect(item(l, ids.citra).syarat.alasan).toEqual([
      'Predikat SKP 2024: Kurang (minimal Baik)',
      'Angka kredit 93,75 dari 100 yang dibutuhkan untuk III/c',
    ]);
    expect(item(l, ids.eka).syarat.data_kurang).toEqual(['SKP tahun 2025']);
    expect(l.ringkasan).toMatchObject({
      periode: '2026-04',
      periode_sah: true,
      kandidat: 5,
      kandidat_lebih: false,
      skp_kurang: 1,
      diusulkan: 0,
    });
    // The result filter.
    expect((await list(admin, 'periode=2026-04&status=memenuhi')).data.map((i) => i.nama).sort()).toEqual([
      'Ani Lestari',
      'Dedi Kurniawan',
    ]);
    expect((await list(admin, 'periode=2026-04&status=belum')).data).toHaveLength(3);
  });

  it('searches by name or NIP and filters by school level', async () => {
    const names = async (query: string) =>
      (await list(admin, `periode=2026-04&${query}`)).data.map((i) => i.nama).sort();
    // Three letters or more: the trigram search; fewer: the same contains-match.
    expect(await names('cari=lestari')).toEqual(['Ani Lestari']);
    expect(await names('cari=SA')).toEqual(['Budi Santoso', 'Eka Saputra']);
    const nip = (await t.database.db.select({ nip: guru.nip }).from(guru).where(eq(guru.id, ids.dedi)))[0]!.nip!;
    expect(await names(`cari=${nip.slice(0, 14)}`)).toContain('Dedi Kurniawan');
    expect(await names('bentuk_pendidikan=SD')).toEqual(['Dedi Kurniawan']);
    expect(await names('bentuk_pendidikan=SMA')).toEqual(['Ani Lestari', 'Budi Santoso', 'Citra Dewi', 'Eka Saputra']);
    expect(await names('bentuk_pendidikan=SD&status=memenuhi')).toEqual(['Dedi Kurniawan']);
    const l = await list(admin, 'periode=2026-04&cari=lestari');
    expect(l).toMatchObject({ total: 1, total_lebih: false });
  });

  it('the result filter reads on past its first round when the page is not full', async () => {
    // 120 teachers before Ani in name order, none of them due (III/b for three years): the two who
    // are due come after the first round of window rows.
    const schoolA = (await t.database.db.select({ id: guru.sekolah_id }).from(guru).where(eq(guru.id, ids.ani)))[0]!
      .id!;
    for (let i = 0; i < 120; i++) {
      const g = await createGuru(t.database.db, schoolA, {
        nama: `Aa Guru ${String(i).padStart(3, '0')}`,
        golongan: 'III/b',
        pendidikan_terakhir: 'S1',
        tgl_lahir: '1985-06-15',
      });
      await rank(g.id, 'III/b', '2023-04-01');
    }
    const l = await list(admin, 'periode=2026-04&status=memenuhi');
    expect(l.data.map((i) => i.nama).sort()).toEqual(['Ani Lestari', 'Dedi Kurniawan']);
    expect(l).toMatchObject({ total: 2, total_lebih: false });
    // The other filter fills its page from the first round and says there are more.
    const belum = await list(admin, 'periode=2026-04&status=belum');
    expect(belum.data).toHaveLength(25);
    expect(belum.total_lebih).toBe(true);
  });

  it("an operator sees their own school's teachers only", async () => {
    const l = await list(opA);
    expect(l.data.map((i) => i.nama).sort()).toEqual(['Ani Lestari', 'Budi Santoso', 'Citra Dewi', 'Eka Saputra']);
    expect(l.ringkasan.kandidat).toBe(4);
    expect((await t.call('GET', `/api/kenaikan-pangkat/guru/${ids.dedi}`, { token: opA })).status).toBe(403);
  });

  it('refuses a malformed period with the field message', async () => {
    const res = await t.call('GET', '/api/kenaikan-pangkat?periode=2026-13', { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toBe('Periode harus berbentuk YYYY-MM');
  });

  it("a teacher's detail gives the next period's result and what is missing", async () => {
    const res = await t.call<KpItem>('GET', `/api/kenaikan-pangkat/guru/${ids.eka}`, { token: opA });
    expect(res.status).toBe(200);
    expect(res.body.data.syarat).toMatchObject({ tmt: '2026-04-01', memenuhi: false, data_kurang: ['SKP tahun 2025'] });
  });
});

describe('ratings as a record kind (riwskp)', () => {
  it("an operator's rating waits for verification; once verified the teacher meets the conditions", async () => {
    const added = await t.call<{ id: number; status: number; file_skp: string | null }>('POST', '/api/riwskp', {
      token: opA,
      form: {
        fields: {
          guru_id: String(ids.eka),
          tahun: '2025',
          periode: 'Tahunan',
          predikat: 'Baik',
          penilai: 'Kepala SMA Negeri 1 Ternate',
        },
        files: {},
      },
    });
    expect(added.status, added.body.diagnostic.message).toBe(200);
    expect(added.body.data).toMatchObject({ status: 0, file_skp: null });
    expect(item(await list(admin), ids.eka).syarat.data_kurang).toEqual(['SKP tahun 2025 belum diverifikasi']);
    expect((await t.call('PUT', `/api/riwskp/verifikasi/${added.body.data.id}`, { token: admin })).status).toBe(200);
    expect(item(await list(admin), ids.eka).syarat.memenuhi).toBe(true);
  });

  it('a verified PAK carries its points over: Budi, three years in III/b, is due once his PAK of 85 (assessed to 2024) is verified', async () => {
    expect(item(await list(admin), ids.budi).syarat.alasan).toEqual([
      'Angka kredit 87,5 dari 100 yang dibutuhkan untuk III/c',
    ]);
    const added = await t.call<{ id: number; status: number; ak_kumulatif: number }>('POST', '/api/riwpak', {
      token: opA,
      form: {
        fields: {
          guru_id: String(ids.budi),
          pak_nomor: '800/PAK/12/2025',
          pak_tgl: '2025-02-10',
          pak_sampai: '2024-12-31',
          ak_kumulatif: '85,000',
          pak_pejabat: 'Kepala BKD Provinsi Maluku Utara',
        },
        files: {},
      },
    });
    expect(added.status, added.body.diagnostic.message).toBe(200);
    expect(added.body.data).toMatchObject({ status: 0, ak_kumulatif: 85 });
    // Unverified: not counted yet.
    expect(item(await list(admin), ids.budi).syarat.memenuhi).toBe(false);
    expect((await t.call('PUT', `/api/riwpak/verifikasi/${added.body.data.id}`, { token: admin })).status).toBe(200);
    const budi = item(await list(admin), ids.budi).syarat;
    expect(budi.memenuhi).toBe(true);
    expect(budi.angka_kredit).toEqual({ dimiliki: 100.625, dibutuhkan: 100, perkiraan: true });
  });

  it('checks the predicate against its list', async () => {
    const res = await t.call('POST', '/api/riwskp', {
      token: admin,
      body: { guru_id: ids.eka, tahun: 2025, periode: 'Tahunan', predikat: 'Cukup', penilai: 'Kepala Sekolah' },
    });
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toBe(
      'Predikat harus salah satu dari: Sangat Baik, Baik, Butuh Perbaikan, Kurang, Sangat Kurang',
    );
  });

  it('a penalty in force (riwhukdis) makes the teacher not eligible', async () => {
    const res = await t.call('POST', '/api/riwhukdis', {
      token: admin,
      body: {
        guru_id: ids.ani,
        tingkat: 'Sedang',
        jenis: 'Pemotongan tunjangan kinerja 25% selama 6 bulan',
        hukdis_sk: '862/12/BKD/2026',
        hukdis_sktgl: '2026-01-10',
        hukdis_tmt: '2026-02-01',
        hukdis_selesai: '2026-07-31',
      },
    });
    expect(res.status, res.body.diagnostic.message).toBe(200);
    expect(item(await list(admin), ids.ani).syarat.alasan).toEqual([
      'Sedang menjalani hukuman disiplin tingkat Sedang (1 Februari 2026 s.d. 31 Juli 2026)',
    ]);
  });
});

async function propose(guruIds: number[], nomor = '800.1.3.2/45/DIKBUD/2026') {
  return t.call<KpUsulan>('POST', '/api/kenaikan-pangkat/usulan', {
    token: admin,
    body: { periode: '2026-04', nomor_surat: nomor, tanggal_surat: '2026-03-12', guru_ids: guruIds },
  });
}

describe('a proposal batch', () => {
  it('takes eligible teachers only, once a period', async () => {
    const refused = await propose([ids.ani, ids.citra]);
    expect(refused.status).toBe(422);
    expect(refused.body.diagnostic.message).toBe('Belum memenuhi syarat: Citra Dewi');
    const made = await propose([ids.ani, ids.dedi]);
    expect(made.status, made.body.diagnostic.message).toBe(200);
    expect(made.body.diagnostic.message).toBe('2 guru diusulkan kenaikan pangkatnya');
    expect(made.body.data.guru.map((g) => [g.nama, g.golongan_lama, g.golongan_baru, g.status])).toEqual([
      ['Ani Lestari', 'III/b', 'III/c', 'diusulkan'],
      ['Dedi Kurniawan', 'III/b', 'III/c', 'diusulkan'],
    ]);
    // The checklist from the record: the rank decree is there, the ratings' documents are not, a PAK is needed.
    expect(made.body.data.guru[0]!.dokumen).toEqual({ sk_pangkat: true, skp: false, pak: false });
    const again = await propose([ids.ani]);
    expect(again.status).toBe(409);
    expect(again.body.diagnostic.message).toBe('Sudah diusulkan pada periode ini: Ani Lestari');
    const l = await list(admin);
    expect(item(l, ids.ani).usul).toMatchObject({ status: 'diusulkan', nomor_surat: '800.1.3.2/45/DIKBUD/2026' });
    expect(l.ringkasan.diusulkan).toBe(2);
    expect((await list(admin, 'periode=2026-04&status=belum_diusulkan')).data.map((i) => i.id)).not.toContain(ids.ani);
  });

  it('refuses a month that is not a promotion period', async () => {
    const res = await t.call('POST', '/api/kenaikan-pangkat/usulan', {
      token: admin,
      body: { periode: '2025-09', nomor_surat: 'X/1', tanggal_surat: '2025-08-01', guru_ids: [ids.ani] },
    });
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toContain('Februari, April, Juni, Agustus, Oktober dan Desember');
  });

  it('renders the covering letter and the nominative list (PDF and Excel)', async () => {
    const made = (await propose([ids.ani, ids.dedi])).body.data;
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
      expect(res.statusCode).toBe(200);
      return res;
    };
    const letter = await get(`/api/kenaikan-pangkat/usulan/${made.id}/surat`);
    expect(letter.headers['content-type']).toBe('application/pdf');
    const text = pdfTool('pdftotext', letter.rawPayload, ['-layout']).replace(/\s+/g, ' ');
    for (const s of [
      'Nomor : 800.1.3.2/45/DIKBUD/2026',
      'Lampiran : 1 (satu) berkas',
      'Usul Kenaikan Pangkat PNS Periode 1 April 2026',
      'Yth.',
      'Kepala Badan Kepegawaian',
      'sebanyak 2 (dua) orang',
      'Tembusan:',
    ])
      expect(text).toContain(s);
    const nominatif = pdfTool(
      'pdftotext',
      (await get(`/api/kenaikan-pangkat/usulan/${made.id}/nominatif`)).rawPayload,
      ['-layout'],
    ).replace(/\s+/g, ' ');
    for (const s of [
      'DAFTAR NOMINATIF USUL KENAIKAN PANGKAT',
      'Ani Lestari',
      'Dedi Kurniawan',
      'Penata Muda Tk. I (III/b)',
      'Penata (III/c)',
      'kurang: SKP, PAK',
      'Jumlah: 2 (dua) orang',
    ])
      expect(nominatif).toContain(s);
    const xlsx = await get(`/api/kenaikan-pangkat/usulan/${made.id}/nominatif?format=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    // A "No" column first (server/lib/xlsx.ts), then NIP, Nama, …
    expect(ws.getRow(1).getCell(3).value).toBe('Nama');
    expect(ws.getRow(2).getCell(3).value).toBe('Ani Lestari');
    expect(ws.getRow(2).getCell(8).value).toBe('Penata (III/c)');
  });

  it('BTS with its reason tells the school; TMS is kept; a BTS goes back to proposed', async () => {
    const made = (await propose([ids.ani])).body.data;
    const row = made.guru[0]!;
    const noReason = await t.call('POST', `/api/kenaikan-pangkat/usulan-guru/${row.id}/status`, {
      token: admin,
      body: { status: 'bts' },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.diagnostic.message).toBe('Alasan tidak boleh Kosong (minimal 5 karakter)');
    const bts = await t.call('POST', `/api/kenaikan-pangkat/usulan-guru/${row.id}/status`, {
      token: admin,
      body: { status: 'bts', alasan: 'SKP 2025 belum dilegalisir' },
    });
    expect(bts.status).toBe(200);
    const notices = await t.call<DaftarNotifikasi>('GET', '/api/notifikasi', { token: opA });
    expect(notices.body.data.data.map((n) => n.judul)).toContain(
      'Usul kenaikan pangkat ke III/c dikembalikan untuk perbaikan',
    );
    const decideBts = await t.call('POST', `/api/kenaikan-pangkat/usulan-guru/${row.id}/tetapkan`, {
      token: admin,
      body: {
        sk_nomor: 'X',
        sk_tanggal: '2026-03-30',
        sk_tmt: '2026-04-01',
        sk_pejabat: 'Kepala BKN',
        mkg_tahun: 12,
        mkg_bulan: 0,
      },
    });
    expect(decideBts.status).toBe(409);
    expect(
      (
        await t.call('POST', `/api/kenaikan-pangkat/usulan-guru/${row.id}/status`, {
          token: admin,
          body: { status: 'diusulkan' },
        })
      ).status,
    ).toBe(200);
    const docs = await t.call<{ dokumen: Record<string, boolean> }>(
      'PUT',
      `/api/kenaikan-pangkat/usulan-guru/${row.id}/dokumen`,
      { token: admin, body: { dokumen: { skp: true, pak: true } } },
    );
    expect(docs.body.data.dokumen).toEqual({ sk_pangkat: true, skp: true, pak: true });
  });

  it('the decision writes the verified Kepangkatan row, moves the profile and the next period', async () => {
    const made = (await propose([ids.ani])).body.data;
    expect(made.guru[0]!.mkg_usul).toEqual({ tahun: 14, bulan: 0 });
    const decided = await t.call('POST', `/api/kenaikan-pangkat/usulan-guru/${made.guru[0]!.id}/tetapkan`, {
      token: admin,
      body: {
        sk_nomor: '800.1.3/KP-0415/BKN/2026',
        sk_tanggal: '2026-03-28',
        sk_tmt: '2026-04-01',
        sk_pejabat: 'Kepala Kantor Regional XI BKN',
        mkg_tahun: 14,
        mkg_bulan: 0,
      },
    });
    expect(decided.status, decided.body.diagnostic.message).toBe(200);
    const rows = await t.database.db
      .select()
      .from(pangkat)
      .where(and(eq(pangkat.guru_id, ids.ani), eq(pangkat.riw_pangkat_tmt, '2026-04-01')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      golongan: 'III/c',
      status: 1,
      riw_pangkat_sk: '800.1.3/KP-0415/BKN/2026',
      riw_pangkat_thn: 14,
    });
    const [g] = await t.database.db
      .select({ golongan: guru.golongan, kp_tmt: guru.kp_tmt, mkg: guru.mkg_tahun })
      .from(guru)
      .where(eq(guru.id, ids.ani));
    expect(g).toEqual({ golongan: 'III/c', kp_tmt: '2026-04-01', mkg: 14 });
    // Out of the window now (its rank is new).
    expect((await list(admin, 'periode=2026-05')).data.map((i) => i.id)).not.toContain(ids.ani);
    expect((await list(admin)).ringkasan.ditetapkan).toBe(1);
  });
});

describe('two officers deciding one proposal at once', () => {
  it('one decision and one Kepangkatan row; the other answer is 409', async () => {
    const made = (await propose([ids.ani])).body.data;
    const admin2 = await t.login('admin');
    const body = {
      sk_nomor: '800.1.3/KP-0416/BKN/2026',
      sk_tanggal: '2026-03-28',
      sk_tmt: '2026-04-01',
      sk_pejabat: 'Kepala Kantor Regional XI BKN',
      mkg_tahun: 14,
      mkg_bulan: 0,
    };
    const answers = await Promise.all(
      [admin, admin2, admin, admin2].map((token) =>
        t.call('POST', `/api/kenaikan-pangkat/usulan-guru/${made.guru[0]!.id}/tetapkan`, { token, body }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from riw_pangkat where guru_id = ${ids.ani} and riw_pangkat_tmt = '2026-04-01'`,
      ),
    );
    expect(n!.n).toBe(1);
  });

  it('two proposals of one teacher at once: one batch holds them, the other is refused', async () => {
    const answers = await Promise.all([propose([ids.ani], 'A/1'), propose([ids.ani], 'B/2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from kp_usulan_guru where guru_id = ${ids.ani}`),
    );
    expect(n!.n).toBe(1);
    // The refused request left no empty batch behind (its transaction rolled back).
    const [b] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from kp_usulan`));
    expect(b!.n).toBe(1);
  });
});

describe('notices to schools', () => {
  it("tell the operator which teachers of next month's period lack a rating or its document", async () => {
    const res = await t.call<DaftarNotifikasi>('GET', '/api/notifikasi', { token: opA });
    const n = res.body.data.data.find((x) => x.jenis === 'kenaikan_pangkat')!;
    expect(n.judul).toBe('4 guru Anda masuk periode kenaikan pangkat April 2026: lengkapi SKP');
    expect(n.isi).toContain('SKP 2024 dan 2025 belum ada atau belum diverifikasi (1): Eka Saputra.');
    expect(n.isi).toContain('Dokumen SKP belum diunggah (3): Ani Lestari, Budi Santoso, Citra Dewi.');
    expect(n.dibaca).toBe(false);
  });
});

describe('the KGB due list', () => {
  it('says when a rating below Baik covers the increase', async () => {
    const schoolA = (await t.database.db.select({ id: guru.sekolah_id }).from(guru).where(eq(guru.id, ids.ani)))[0]!
      .id!;
    // Last KGB 1 April 2024: the next one is 1 April 2026, due now; 2025 was rated Kurang.
    const g = await createGuru(t.database.db, schoolA, {
      nama: 'Fajar Hidayat',
      golongan: 'III/b',
      mkg_tahun: 8,
      mkg_bulan: 0,
      gaji_pokok: 3287000,
      tgl_kgb_terakhir: '2024-04-01',
    });
    await rating(g.id, 2025, 'Kurang');
    const ok = await createGuru(t.database.db, schoolA, {
      nama: 'Gita Maharani',
      jenis_kelamin: 'Perempuan',
      golongan: 'III/b',
      mkg_tahun: 8,
      mkg_bulan: 0,
      gaji_pokok: 3287000,
      tgl_kgb_terakhir: '2024-04-01',
    });
    await rating(ok.id, 2025, 'Baik');
    const res = await t.call<Page<KgbDueItem>>('GET', '/api/kgb?page=1', { token: admin });
    expect(res.status).toBe(200);
    const find = (id: number) => res.body.data.data.find((i) => i.id === id)!;
    expect(find(g.id).catatan_skp).toBe(
      'Predikat SKP 2025: Kurang (di bawah Baik): periksa syarat KGB sebelum surat dibuat',
    );
    expect(find(ok.id).catatan_skp).toBeNull();
    // The letter page says it too, before the letter is verified.
    const pdf = await t.call<KgbPdf>('GET', `/api/kgb/${g.id}/pdf`, { token: admin });
    expect(pdf.status).toBe(200);
    expect(pdf.body.data.catatan_skp).toBe(
      'Predikat SKP 2025: Kurang (di bawah Baik): periksa syarat KGB sebelum surat dibuat',
    );
    expect((await t.call<KgbPdf>('GET', `/api/kgb/${ok.id}/pdf`, { token: admin })).body.data.catatan_skp).toBeNull();
  });
});
