import { describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import forge from 'node-forge';
import { createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { eachKgbTestApp, PASSPHRASE, pdfTool } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027, recordsOf } from '../../test/guru-factory.ts';
import { samplePdf } from '../../test/pdf.ts';
import { guruUpdateBody } from '#contract/guru.ts';
import { guru, kgbSurat, pejabat, sekolah } from '../../db/schema/index.ts';
import { recordTableOf } from '../../db/schema/riwayat.ts';
import { sha256 } from './signer.ts';
import type { OfficialKey } from './official-key.ts';
import type { Page } from '#contract/paging.ts';
import {
  KGB_MSG,
  type ArsipKgbItem,
  type DokumenInfo,
  type KgbDueItem,
  type KgbPdf,
  type Pejabat,
  type PenundaanKgb,
  type SuratKgb,
} from '#contract/kgb.ts';

let key: OfficialKey;
let t: TestApp;
let admin: string;
let opA: string;
let opB: string;
let schoolA: number;
let due: number;

eachKgbTestApp(async (world) => {
  ({ t, schoolA, key } = world);
  const schoolB = (await createSchoolWithOperator(t.database.db, { npsn: '60200200', bentukPendidikan: 'SD' })).school
    .id;
  // TMT 2027-01-01: due since 2026-11-01.
  due = (
    await createGuru(t.database.db, schoolA, { nama: 'Abdullah Umar', ...DUE_JANUARY_2027, tempat_lahir: 'Ternate' })
  ).id;
  // TMT 2027-06-01: not yet due.
  await createGuru(t.database.db, schoolA, { nama: 'Belum Waktunya', tgl_kgb_terakhir: '2025-06-01' });
  // TMT 2026-10-01: overdue, at another school.
  await createGuru(t.database.db, schoolB, { nama: 'Sudah Lewat', tgl_kgb_terakhir: '2024-10-01' });
  // Not a civil servant: never due.
  await createGuru(t.database.db, schoolA, {
    nama: 'Guru Honor',
    status_guru: 'Honor Sekolah',
    golongan: null,
    nip: null,
    tgl_kgb_terakhir: '2024-01-01',
  });
  admin = await t.login('admin');
  opA = await t.login('60200100');
  opB = await t.login('60200200');
});

const pdfBytes = async (url: string, token = admin) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, bytes: res.rawPayload, type: res.headers['content-type'] };
};

const tool = (cmd: 'pdftotext' | 'pdfsig', bytes: Buffer) => pdfTool(cmd, bytes);

/** The KGB decrees that signed letters wrote into the record (Riwayat KGB). */
const decreesFromLetters = () => {
  const riwkgb = recordTableOf('riwkgb');
  return t.database.db.select().from(riwkgb).where(isNotNull(riwkgb.kgb_surat_id));
};

/** A III/a teacher of school A last raised on 1 January 2025 by the profile alone: no decree in the record. */
const withoutDecree = async (nama: string) =>
  (
    await createGuru(
      t.database.db,
      schoolA,
      { nama, golongan: 'III/a', tgl_kgb_terakhir: '2025-01-01' },
      { decree: false },
    )
  ).id;

describe('due list', () => {
  it('lists PNS teachers from two months before the TMT, overdue ones marked, others not', async () => {
    const res = await t.call<Page<KgbDueItem>>('GET', '/api/kgb?page=1&cari=&bentuk_pendidikan=', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((r) => r.nama)).toEqual(['Sudah Lewat', 'Abdullah Umar']);
    const [late, soon] = res.body.data.data;
    expect(late).toMatchObject({
      tmt_kgb: '2026-10-01',
      terlambat: true,
      sisa_hari: -51,
      kgb_reminder: 'TMT 1 Oktober 2026<br/><b>terlambat 51 hari</b>',
    });
    expect(soon).toMatchObject({
      tmt_kgb: '2027-01-01',
      terlambat: false,
      sisa_hari: 41,
      kgb_reminder: 'TMT 1 Januari 2027<br/>41 hari lagi',
      siap: true,
      belum_siap: null,
      sekolah: { nama_sekolah: 'SMA Negeri 1 Kota Ternate' },
      tgl_kgb_terakhir: '2025-01-01',
    });
  });

  it('filters by education form, searches by name or NIP, limits operators to their school', async () => {
    expect(
      (await t.call<Page<KgbDueItem>>('GET', '/api/kgb?bentuk_pendidikan=SD', { token: admin })).body.data.data.map(
        (r) => r.nama,
      ),
    ).toEqual(['Sudah Lewat']);
    // The level is the school's as copied onto the teacher (guru_kgb_bp_tmt_idx, migration 0044):
    // a school whose level changes takes its teachers with it.
    const [lewat] = await t.database.db.select().from(guru).where(eq(guru.nama, 'Sudah Lewat'));
    await t.database.db.update(sekolah).set({ bentukPendidikan: 'SMP' }).where(eq(sekolah.id, lewat!.sekolah_id!));
    const byLevel = async (bp: string) =>
      (await t.call<Page<KgbDueItem>>('GET', `/api/kgb?bentuk_pendidikan=${bp}`, { token: admin })).body.data;
    expect((await byLevel('SD')).total).toBe(0);
    expect((await byLevel('SMP')).data.map((r) => r.nama)).toEqual(['Sudah Lewat']);
    await t.database.db.update(sekolah).set({ bentukPendidikan: 'SD' }).where(eq(sekolah.id, lewat!.sekolah_id!));
    expect((await byLevel('SD')).data.map((r) => r.nama)).toEqual(['Sudah Lewat']);
    expect((await t.call<Page<KgbDueItem>>('GET', '/api/kgb?cari=abdul', { token: admin })).body.data.total).toBe(1);
    const [g] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(
      (await t.call<Page<KgbDueItem>>('GET', `/api/kgb?cari=${g!.nip}`, { token: admin })).body.data.data.map(
        (r) => r.id,
      ),
    ).toEqual([due]);
    expect(
      (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: opA })).body.data.data.map((r) => r.nama),
    ).toEqual(['Abdullah Umar']);
    expect((await t.call('GET', '/api/kgb')).status).toBe(401);
  });
});

describe('letter, verification and signature', () => {
  it('the whole flow: draft, verify, sign, archive, history row and teacher updated', async () => {
    const pdf = await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token: admin });
    expect(pdf.status).toBe(200);
    expect(pdf.body.data).toMatchObject({
      status: 'draft',
      pdfLink: `/api/kgb/${due}/draft.pdf`,
      rencana: {
        tmt: '2027-01-01',
        gaji_lama: 3287000,
        gaji_baru: 3390500,
        mkg_baru: { tahun: 10, bulan: 0 },
        golongan: 'III/b',
        regulasi: 'PP 5/2024',
      },
    });
    const draft = await pdfBytes(pdf.body.data.pdfLink);
    expect(draft.type).toBe('application/pdf');
    const draftText = tool('pdftotext', draft.bytes);
    expect(draftText).toContain('SURAT PEMBERITAHUAN KENAIKAN GAJI BERKALA');
    expect(draftText).toContain('Draf: belum diverifikasi');
    expect(draftText).toContain('Rp3.390.500,00 (tiga juta tiga ratus sembilan puluh ribu lima');
    expect(draftText).toContain('1 Januari 2027');
    expect(draftText).toContain('Ternate, ');

    const verified = await t.call<SuratKgb>('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    expect(verified.status, verified.body.diagnostic.message).toBe(200);
    expect(verified.body.diagnostic.message).toBe('Surat KGB berhasil diverifikasi');
    const surat = verified.body.data;
    expect(surat).toMatchObject({ status: 'verified', nomor: '822.4/001/DIKBUD/XI/2026', tmt: '2027-01-01' });
    // 15 characters of a 31-letter alphabet: 74 bits (was 8 characters, 39.6 bits).
    expect(surat.kode_dokumen).toMatch(/^KGB-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    const frozen = await pdfBytes(surat.pdfLink);
    expect(sha256(frozen.bytes)).toBe(surat.pdf_sha256);
    const frozenText = tool('pdftotext', frozen.bytes);
    expect(frozenText).not.toContain('Draf:');
    expect(frozenText).toContain(`Kode dokumen ${surat.kode_dokumen}`);
    expect(frozenText).toContain('822.4/001/DIKBUD/XI/2026');
    expect((await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin })).status).toBe(409);
    expect(
      (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: admin })).body.data.data.find((r) => r.id === due)
        ?.status_surat,
    ).toBe('verified');

    const signed = await t.call<SuratKgb>('POST', `/api/kgb/${due}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE },
    });
    expect(signed.status, signed.body.diagnostic.message).toBe(200);
    expect(signed.body.diagnostic.message).toBe('Surat KGB berhasil ditandatangani');
    expect(signed.body.data.status).toBe('signed');
    const file = await pdfBytes(signed.body.data.pdfLink);
    expect(sha256(file.bytes)).toBe(signed.body.data.signed_sha256);

    // Checked by a tool nobody here wrote.
    const check = tool('pdfsig', file.bytes);
    expect(check).toContain('Signature is Valid');
    expect(check).toContain('ETSI.CAdES.detached');
    const tampered = Buffer.from(file.bytes);
    const at = tampered.indexOf('Abdullah Umar') > 0 ? tampered.indexOf('/Producer') : 200;
    tampered[at + 2] = tampered[at + 2]! ^ 0x01;
    expect(tool('pdfsig', tampered)).toMatch(/Digest Mismatch|Signature is Invalid/);

    const [teacher] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(teacher).toMatchObject({
      gaji_pokok_lama: 3287000,
      gaji_pokok: 3390500,
      mkg_tahun: 10,
      mkg_bulan: 0,
      tgl_kgb_terakhir: '2027-01-01',
    });
    const all = await recordsOf(t.database.db, 'riwkgb', due);
    // The decree the letter was made from, and the row the signature wrote.
    expect(all).toHaveLength(2);
    const history = all.filter((h) => h.kgb_surat_id != null);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      no_kgb: '822.4/001/DIKBUD/XI/2026',
      ttgl_kgb: '2027-01-01',
      gpl_kgb: 3390500,
      gol_kgb: 'III/b',
      mkg_tahun: 10,
    });
    const historyFile = await pdfBytes(`/api/riwkgb/${history[0]!.id}/file`);
    expect(sha256(historyFile.bytes)).toBe(signed.body.data.signed_sha256);

    expect(
      (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: admin })).body.data.data.map((r) => r.id),
    ).not.toContain(due);
    const arsip = await t.call<Page<ArsipKgbItem>>('GET', '/api/arsip/kgb?page=1', { token: admin });
    expect(arsip.body.data.data).toEqual([
      expect.objectContaining({
        guru_id: due,
        nama_guru: expect.stringContaining('Abdullah Umar'),
        pangkat_golongan: 'Penata Muda Tk. I (III/b)',
        jabatan_nama: 'Guru Ahli Pertama',
        tmt_kgb_guru: '2027-01-01',
        tgl_lahir: '1985-04-12',
      }),
    ]);
    expect((await t.call<SuratKgb>('GET', `/api/kgb/${due}/surat`, { token: admin })).body.data.status).toBe('signed');

    // The archive is found by name or NIP, TMT month, school and state.
    const found = async (q: string) => {
      const res = await t.call<Page<ArsipKgbItem>>('GET', `/api/arsip/kgb?page=1&${q}`, { token: admin });
      expect(res.status, res.body.diagnostic.message).toBe(200);
      return res.body.data.data.map((r) => r.guru_id);
    };
    const [school] = await t.database.db
      .select({ npsn: sekolah.npsn })
      .from(sekolah)
      .innerJoin(guru, eq(guru.sekolah_id, sekolah.id))
      .where(eq(guru.id, due));
    expect(await found('cari=abdullah')).toEqual([due]);
    expect(await found(`cari=${arsip.body.data.data[0]!.nip.slice(0, 8)}`)).toEqual([due]);
    expect(await found('cari=Tidak%20Ada')).toEqual([]);
    expect(await found('bulan=2027-01')).toEqual([due]);
    expect(await found('bulan=2026-12')).toEqual([]);
    expect(await found(`npsn=${school!.npsn}`)).toEqual([due]);
    expect(await found('npsn=99999999')).toEqual([]);
    expect(await found('status=cancelled')).toEqual([]);
    expect(await found('status=semua&bulan=2027-01&cari=abdullah')).toEqual([due]);
    expect((await t.call('GET', '/api/arsip/kgb?page=1&bulan=2027-13', { token: admin })).body.diagnostic.message).toBe(
      'bulan harus YYYY-MM',
    );

    // Anyone can check the letter by its code; an altered copy does not match.
    const doc = await t.call<DokumenInfo>('GET', `/api/dokumen/${surat.kode_dokumen}`);
    expect(doc.status).toBe(200);
    expect(doc.body.data).toMatchObject({
      status: 'signed',
      penandatangan: { nama: 'Dr. Pejabat Uji' },
      sha256: signed.body.data.signed_sha256,
    });
    // No birth date, no sex digit without a login: only the last three digits.
    expect(doc.body.data.nip_guru).toMatch(/^\*{15}\d{3}$/);
    const same = await t.call<{ cocok: boolean }>('POST', `/api/dokumen/${surat.kode_dokumen}/cek`, {
      form: { files: { file: { bytes: file.bytes, type: 'application/pdf' } } },
    });
    expect(same.body.data.cocok).toBe(true);
    const other = await t.call<{ cocok: boolean }>('POST', `/api/dokumen/${surat.kode_dokumen}/cek`, {
      form: { files: { file: { bytes: tampered, type: 'application/pdf' } } },
    });
    expect(other.body.data.cocok).toBe(false);
    expect((await t.call('GET', '/api/dokumen/KGB-AAAA-AAAA')).status).toBe(404);
  });

  it('public verification: old short codes still open, guessing is rate-limited per address, copies over 2 MB are refused', async () => {
    const verified = await t.call<SuratKgb>('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    // A letter printed before November 2026 carries an 8-character code: it keeps working.
    await t.database.db
      .update(kgbSurat)
      .set({ kodeDokumen: 'KGB-7K3M-Q9XD' })
      .where(eq(kgbSurat.id, verified.body.data.id));
    expect((await t.call('GET', '/api/dokumen/KGB-7K3M-Q9XD')).status).toBe(200);
    // Twenty wrong codes from one address, then 429 even for a right one; another address is not affected.
    for (let i = 0; i < 20; i++)
      expect(
        (await t.call('GET', `/api/dokumen/KGB-AAAA${String.fromCharCode(65 + (i % 26))}-BBBBB-CCCCC`)).status,
      ).toBe(404);
    const blocked = await t.call('GET', '/api/dokumen/KGB-7K3M-Q9XD');
    expect(blocked.status).toBe(429);
    expect(blocked.body.diagnostic.message).toBe(
      'Terlalu banyak kode dokumen yang salah dari alamat ini. Coba lagi dalam 15 menit.',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dokumen/KGB-7K3M-Q9XD', remoteAddress: '10.9.9.9' })).statusCode,
    ).toBe(200);
    t.clock.advance(16 * 60_000);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024 + 10, 0x20)]);
    const tooBig = await t.call('POST', '/api/dokumen/KGB-7K3M-Q9XD/cek', {
      form: { files: { file: { bytes: big, type: 'application/pdf' } } },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.diagnostic.message).toBe('Ukuran salinan surat maksimal 2 MB');
  });

  it("the history row written by signing is the server's: verified, tied to the letter, nobody changes or deletes it", async () => {
    // An operator could rewrite the signed letter's history row (salary, golongan, MKG)
    // or delete it, forging the record the next KGB is computed from.
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    const signed = await t.call<SuratKgb>('POST', `/api/kgb/${due}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE },
    });
    expect(signed.status).toBe(200);
    const list = await t.call<Page<Record<string, unknown> & { id: number }>>(
      'GET',
      `/api/riwkgb?id_guru=${due}&page=1`,
      { token: opA },
    );
    const row = list.body.data.data.find((r) => r.no_kgb === signed.body.data.nomor)!;
    expect(row).toMatchObject({ status: 1, dari_surat: true, gpl_kgb: 3390500 });
    const fields = {
      guru_id: String(due),
      no_kgb: 'PALSU',
      gpl_kgb: '9000000',
      gol_kgb: 'IV/e',
      nosk_kgb: 'PALSU',
      mkg_tahun: '30',
      mkg_bulan: '0',
    };
    for (const token of [opA, admin]) {
      const edit = await t.call('POST', `/api/updateriwkgb/${row.id}`, { token, form: { fields } });
      expect(edit.status).toBe(403);
      expect(edit.body.diagnostic.message).toBe(
        'Riwayat KGB ini dicatat dari surat KGB yang sudah ditandatangani dan tidak dapat diubah atau dihapus',
      );
      expect((await t.call('DELETE', `/api/riwkgb/${row.id}`, { token })).status).toBe(403);
    }
    const after = await t.call<Record<string, unknown>>('GET', `/api/riwkgb/${row.id}`, { token: admin });
    expect(after.body.data).toEqual(row);
    // A decree an operator types in waits for the office.
    const typed = await t.call<{ status: number; dari_surat: boolean }>('POST', '/api/riwkgb/', {
      token: opA,
      form: { fields, files: { file_kgb: { bytes: await samplePdf(), type: 'application/pdf' } } },
    });
    expect(typed.status, typed.body.diagnostic.message).toBe(200);
    expect(typed.body.data).toMatchObject({ status: 0, dari_surat: false });
  });

  it("dates and stamps follow the office's clock (WIT), not UTC; the letter is dated the day it is signed", async () => {
    // Verified on 19 November 2026; signed on 21 November 2026, 05.30 WIT = 20 November, 20.30 UTC.
    t.clock.now = new Date('2026-11-19T02:00:00Z');
    const verified = await t.call<SuratKgb>('GET', `/api/kgb/${due}/verifikasi`, { token: await t.login('admin') });
    expect(verified.status, verified.body.diagnostic.message).toBe(200);
    expect(verified.body.data.nomor).toBe('822.4/001/DIKBUD/XI/2026');
    // The verified letter leaves its date open for the signature.
    const frozenText = tool('pdftotext', (await pdfBytes(verified.body.data.pdfLink)).bytes);
    expect(frozenText).not.toContain('19 November 2026');
    t.clock.now = new Date('2026-11-20T20:30:00Z');
    const token = await t.login('admin');
    const signed = await t.call<SuratKgb>('POST', `/api/kgb/${due}/signature`, {
      token,
      body: { passphrase: PASSPHRASE },
    });
    expect(signed.status).toBe(200);
    const signedText = tool('pdftotext', (await pdfBytes(signed.body.data.pdfLink, token)).bytes);
    expect(signedText).toContain('Ternate, 21 November 2026');
    expect(signedText).toContain('21 November 2026 05.30 WIT');
    expect(signedText).not.toContain('19 November 2026');
    expect(signedText).not.toContain('UTC');
    expect(tool('pdfsig', (await pdfBytes(signed.body.data.pdfLink, token)).bytes)).toContain('Signature is Valid');
    // The decree it writes into the record carries the signing day.
    const [row] = await decreesFromLetters();
    expect(row).toMatchObject({ tglsk_kgb: '2026-11-21', pejabat_kgb: 'Kepala Dinas Pendidikan Kota Ternate' });
  });

  it('letter answers name the official by name, NIP and position only: no NIK, no key file', async () => {
    const NIK = '7171011203700001';
    await t.database.db.update(pejabat).set({ nik: NIK });
    const [official] = await t.database.db.select().from(pejabat);
    const answers = [
      await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin }),
      await t.call('GET', `/api/kgb/${due}/pdf`, { token: admin }),
      await t.call('GET', `/api/kgb/${due}/surat`, { token: admin }),
      await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      const text = JSON.stringify(a.body);
      expect(text).not.toContain(NIK);
      expect(text).not.toContain(official!.p12Key);
      expect(text).not.toContain('sertifikat');
    }
    expect((answers[2]!.body.data as SuratKgb).pejabat).toEqual({
      nama: official!.nama,
      nip: official!.nip,
      jabatan: official!.jabatan,
    });
  });

  it('a wrong passphrase says so and changes nothing', async () => {
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    const res = await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: 'bukan-ini' } });
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toBe('Passphrase salah. Tanda tangan tidak dibuat.');
    const [letter] = await t.database.db.select().from(kgbSurat);
    expect(letter!.status).toBe('verified');
    expect(letter!.signedKey).toBeNull();
    expect(await decreesFromLetters()).toHaveLength(0);
    expect((await t.database.db.select().from(guru).where(eq(guru.id, due)))[0]!.gaji_pokok).toBe(3287000);
  });

  it('wrong passphrases are rate-limited', async () => {
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    for (let i = 0; i < 5; i++)
      expect(
        (await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: `salah-${i}` } }))
          .status,
      ).toBe(422);
    const blocked = await t.call('POST', `/api/kgb/${due}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE },
    });
    expect(blocked.status).toBe(429);
    t.clock.advance(16 * 60_000);
    expect(
      (await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })).status,
    ).toBe(200);
  });

  it('wrong passphrases sent at once on many letters are counted before any is tried: no more than the limit are tried', async () => {
    // The count was read before and written after the passphrase check, so a burst
    // on twelve letters tried twelve passphrases (limit 5).
    const letters = [due];
    for (let i = 0; i < 11; i++) {
      letters.push((await createGuru(t.database.db, schoolA, { nama: `Guru Serentak ${i}`, ...DUE_JANUARY_2027 })).id);
    }
    for (const id of letters)
      expect((await t.call('GET', `/api/kgb/${id}/verifikasi`, { token: admin })).status).toBe(200);
    const answers = await Promise.all(
      letters.map((id, i) =>
        t.call('POST', `/api/kgb/${id}/signature`, { token: admin, body: { passphrase: `salah-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(
      (await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })).status,
    ).toBe(429);
    // A refused attempt left its letter verified, ready for later.
    expect((await t.database.db.select().from(kgbSurat)).every((l) => l.status === 'verified')).toBe(true);
  });

  it('16 concurrent sign requests give exactly one signature', async () => {
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
    expect(await decreesFromLetters()).toHaveLength(1);
    const [letter] = await t.database.db.select().from(kgbSurat);
    expect(letter!.status).toBe('signed');
  });

  it('16 concurrent verifications make exactly one letter with one number', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(15).fill(409)]);
    expect(
      answers
        .filter((a) => a.status === 409)
        .every((a) => a.body.diagnostic.message === 'Surat KGB untuk TMT ini sudah diverifikasi'),
    ).toBe(true);
    const letters = await t.database.db.select().from(kgbSurat);
    expect(letters).toHaveLength(1);
    // The losers' PDFs were removed again with their rolled-back transactions.
    expect(t.files.size()).toBe(2);
  });

  it("a signed KGB raises the teacher's versi: an edit form opened before signing cannot undo the new salary", async () => {
    const before = (
      await t.call<{
        versi: number;
        gaji_pokok: number;
        nama: string;
        tgl_lahir: string;
        nip: string;
        jenis_kelamin: string;
        golongan: string;
        id_jabatan: number;
        sekolah_id: number;
      }>('GET', `/api/guru/${due}`, { token: admin })
    ).body.data;
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    expect(
      (await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })).status,
    ).toBe(200);
    const { versi, nama, tgl_lahir, nip, jenis_kelamin, golongan, id_jabatan, sekolah_id, gaji_pokok } = before;
    const stale = await t.call('PUT', `/api/guru/${due}`, {
      token: admin,
      body: { versi, nama, tgl_lahir, nip, jenis_kelamin, golongan, id_jabatan, sekolah_id, gaji_pokok },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.diagnostic.message).toBe(
      'Data guru telah diubah oleh pengguna lain sejak formulir dibuka. Muat ulang data lalu ulangi perubahan Anda.',
    );
    const [row] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(row!.gaji_pokok).toBeGreaterThan(gaji_pokok);
  });

  it('an unverified letter cannot be signed; a teacher not yet due cannot be verified; non-PNS never', async () => {
    const unsigned = await t.call('POST', `/api/kgb/${due}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE },
    });
    expect(unsigned.status).toBe(422);
    expect(unsigned.body.diagnostic.message).toBe(
      'Surat KGB belum diverifikasi; verifikasi dulu sebelum ditandatangani',
    );
    const [notYet] = await t.database.db.select().from(guru).where(eq(guru.nama, 'Belum Waktunya'));
    const early = await t.call('GET', `/api/kgb/${notYet!.id}/verifikasi`, { token: admin });
    expect(early.status).toBe(422);
    expect(early.body.diagnostic.message).toBe('Guru belum memasuki masa KGB (surat dapat dibuat mulai 1 April 2027)');
    const [honor] = await t.database.db.select().from(guru).where(eq(guru.nama, 'Guru Honor'));
    expect((await t.call('GET', `/api/kgb/${honor!.id}/pdf`, { token: admin })).body.diagnostic.message).toBe(
      'Guru ini tidak mengikuti KGB (hanya guru PNS, CPNS dan PPPK)',
    );
    expect(
      (await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: {} })).body.diagnostic.message,
    ).toBe('Passphrase tidak boleh Kosong');
  });

  it('operators cannot see letters, verify or sign (403), not even for their own school', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/kgb/${due}/pdf`, undefined],
      ['GET', `/api/kgb/${due}/draft.pdf`, undefined],
      ['GET', `/api/kgb/${due}/verifikasi`, undefined],
      ['POST', `/api/kgb/${due}/signature`, { passphrase: PASSPHRASE }],
      ['GET', '/api/arsip/kgb?page=1', undefined],
    ] as const) {
      expect((await t.call(method, url, { token: opA, body })).status, url).toBe(403);
      expect((await t.call(method, url, { token: opB, body })).status, url).toBe(403);
    }
    expect(await t.database.db.select().from(kgbSurat)).toHaveLength(0);
  });
});

describe('signing officials', () => {
  it('an administrator registers an official with a new key; operators are refused', async () => {
    const fields = {
      nama: 'Drs. Pejabat Kedua',
      nip: '196805121994031003',
      jabatan: 'Sekretaris Dinas',
      passphrase: 'kata-sandi-kedua',
      konfirmasi_passphrase: 'kata-sandi-kedua',
    };
    expect((await t.call('POST', '/api/pejabat', { token: opA, form: { fields } })).status).toBe(403);
    const mismatch = await t.call('POST', '/api/pejabat', {
      token: admin,
      form: { fields: { ...fields, konfirmasi_passphrase: 'lain' } },
    });
    expect(mismatch.body.diagnostic.message).toBe('Konfirmasi passphrase tidak sama');
    const short = await t.call('POST', '/api/pejabat', {
      token: admin,
      form: { fields: { ...fields, passphrase: 'pendek', konfirmasi_passphrase: 'pendek' } },
    });
    expect(short.body.diagnostic.message).toBe('Passphrase minimal 8 karakter');
    const created = await t.call<Pejabat>('POST', '/api/pejabat', { token: admin, form: { fields } });
    expect(created.status, created.body.diagnostic.message).toBe(200);
    expect(created.body.data).toMatchObject({ nama: 'Drs. Pejabat Kedua', aktif: false });
    expect(JSON.stringify(created.body)).not.toContain('kata-sandi-kedua');
    const list = await t.call<Pejabat[]>('PUT', `/api/pejabat/${created.body.data.id}/aktif`, { token: admin });
    expect(list.body.data.find((p) => p.aktif)?.nama).toBe('Drs. Pejabat Kedua');
    const upload = await t.call('POST', '/api/pejabat', {
      token: admin,
      form: {
        fields: { ...fields, passphrase: 'bukan-passphrase-nya' },
        files: { p12: { bytes: key.p12, type: 'application/x-pkcs12' } },
      },
    });
    expect(upload.body.diagnostic.message).toBe('Berkas PKCS#12 tidak dapat dibuka dengan passphrase ini');
  });

  it('a PKCS#12 asking for more key-derivation iterations than ordinary tools write is refused before it is opened', async () => {
    const before = (await t.database.db.select().from(pejabat)).length;
    const fields = {
      nama: 'Drs. Pejabat Ketiga',
      nip: '196805121994031004',
      jabatan: 'Sekretaris Dinas',
      passphrase: PASSPHRASE,
    };
    // The MAC's iteration count (RFC 7292 §4) raised to 50 million: opening it would take minutes of CPU
    // at every signature. The MAC no longer matches either; the count alone must refuse it.
    for (const bytes of [withMacIterations(key.p12, 50_000_000), withMacIterations(key.p12, 0xffffffffff)]) {
      const res = await t.call('POST', '/api/pejabat', {
        token: admin,
        form: { fields, files: { p12: { bytes, type: 'application/x-pkcs12' } } },
      });
      expect(res.status).toBe(422);
      expect(res.body.diagnostic.message).toBe(KGB_MSG.p12TooComplex);
    }
    // The ordinary file with the right passphrase is accepted (node-forge writes 2,048 iterations).
    const ok = await t.call<Pejabat>('POST', '/api/pejabat', {
      token: admin,
      form: { fields, files: { p12: { bytes: key.p12, type: 'application/x-pkcs12' } } },
    });
    expect(ok.status, ok.body.diagnostic.message).toBe(200);
    expect(ok.body.data.sertifikat_sidik_jari).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.database.db.select().from(pejabat)).length).toBe(before + 1);
  });
});

/** A PKCS#12 with its MAC iteration count replaced (the last INTEGER of the PFX's MacData). */
function withMacIterations(p12: Buffer, iterations: number): Buffer {
  const pfx = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const macData = (pfx.value as forge.asn1.Asn1[])[2]!;
  const count = (macData.value as forge.asn1.Asn1[])[2]!;
  let hex = iterations.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  count.value = forge.util.hexToBytes(hex);
  return Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
}

describe('KGB from the personnel record', () => {
  const pangkatBody = (guruId: number) => ({
    guru_id: String(guruId),
    golongan: 'III/c',
    riw_pangkat_sk: '821.2/77/BKD/2025',
    riw_pangkat_sktgl: '2025-03-10',
    riw_pangkat_pejabat: 'Wali Kota Ternate',
    riw_pangkat_thn: '8',
    riw_pangkat_bln: '5',
    riw_pangkat_tmt: '2025-06-01',
  });

  it('a promotion changes the next letter once the office verifies it: III/c, its MKG, the letter cites it', async () => {
    // Added by the school's operator: waits for verification, the letter is unchanged.
    const added = await t.call<{ id: number; status: number }>('POST', '/api/riwpangkat', {
      token: opA,
      body: pangkatBody(due),
    });
    expect(added.status, added.body.diagnostic.message).toBe(200);
    expect(added.body.data.status).toBe(0);
    expect((await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token: admin })).body.data.rencana).toMatchObject({
      golongan: 'III/b',
      gaji_baru: 3390500,
    });

    expect((await t.call('PUT', `/api/riwpangkat/verifikasi/${added.body.data.id}`, { token: admin })).status).toBe(
      200,
    );
    // The step rule from the promotion: MKG 8 y 5 m at 2025-06-01 reaches step 10 after 19 months,
    // 2027-01-01 (the two-year rhythm of the last KGB kept); III/c MKG 10 = Rp3.533.900 (PP 5/2024),
    // old salary III/c MKG 8 = Rp3.426.000.
    const pdf = await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token: admin });
    expect(pdf.body.data.rencana).toEqual({
      tmt: '2027-01-01',
      gaji_lama: 3426000,
      gaji_baru: 3533900,
      mkg_baru: { tahun: 10, bulan: 0 },
      golongan: 'III/c',
      regulasi: 'PP 5/2024',
    });
    const [g] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(g).toMatchObject({
      golongan: 'III/c',
      mkg_tahun: 8,
      mkg_bulan: 5,
      gaji_pokok: 3426000,
      tgl_kgb_terakhir: '2025-01-01',
    });
    const text = tool('pdftotext', (await pdfBytes(pdf.body.data.pdfLink)).bytes);
    expect(text).toContain('821.2/77/BKD/2025');
    expect(text).toContain('Wali Kota Ternate');
    expect(text).toContain('Rp3.533.900,00');
    expect(text).toContain('8 tahun 5 bulan');

    // Deleting the promotion brings the KGB decree back as the basis.
    expect((await t.call('DELETE', `/api/riwpangkat/${added.body.data.id}`, { token: admin })).status).toBe(200);
    expect((await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token: admin })).body.data.rencana).toMatchObject({
      golongan: 'III/b',
      gaji_baru: 3390500,
    });
  });

  it('a TMT that is not the 1st of a month is refused', async () => {
    const res = await t.call('POST', '/api/riwpangkat', {
      token: admin,
      body: { ...pangkatBody(due), riw_pangkat_tmt: '2025-06-25' },
    });
    expect(res.status).toBe(422);
    expect(res.body.diagnostic.message).toBe('TMT harus tanggal 1 (TMT selalu awal bulan)');
  });

  it('a teacher without a verified decree is listed as not ready with the reason; Buat KGB says it instead of failing later', async () => {
    const bare = await withoutDecree('Tanpa Riwayat');
    const list = await t.call<Page<KgbDueItem>>('GET', '/api/kgb?cari=Tanpa', { token: admin });
    expect(list.body.data.data).toEqual([
      expect.objectContaining({ id: bare, siap: false, belum_siap: KGB_MSG.noDecree, tmt_kgb: '2027-01-01' }),
    ]);
    const pdf = await t.call('GET', `/api/kgb/${bare}/pdf`, { token: admin });
    expect(pdf.status).toBe(422);
    expect(pdf.body.diagnostic).toMatchObject({ code: 'kgb.no_decree', message: KGB_MSG.noDecree });
    expect((await t.call('GET', `/api/kgb/${bare}/verifikasi`, { token: admin })).status).toBe(422);
  });

  it('at the top of the scale the list says why and no letter is made', async () => {
    const top = (
      await createGuru(t.database.db, schoolA, {
        nama: 'Puncak Skala',
        golongan: 'IV/b',
        mkg_tahun: 32,
        mkg_bulan: 0,
        gaji_pokok: 5628300,
        tgl_kgb_terakhir: '2025-01-01',
      })
    ).id;
    const [item] = (await t.call<Page<KgbDueItem>>('GET', '/api/kgb?cari=Puncak', { token: admin })).body.data.data;
    expect(item).toMatchObject({
      id: top,
      siap: false,
      belum_siap: 'Gaji pokok sudah di puncak skala golongan IV/b (MKG 32 tahun): tidak ada kenaikan gaji berkala lagi',
    });
    expect((await t.call('GET', `/api/kgb/${top}/verifikasi`, { token: admin })).body.diagnostic.code).toBe(
      'kgb.top_of_scale',
    );
  });

  it('retired teachers and those retiring before the TMT are not on the due list', async () => {
    // Today 2026-11-21. Born 1966-09: retired 2026-10-01. Born 1966-12: retires 2027-01-01, on the TMT.
    await createGuru(t.database.db, schoolA, {
      nama: 'Sudah Pensiun',
      tgl_lahir: '1966-09-09',
      golongan: 'IV/a',
      tgl_kgb_terakhir: '2024-12-01',
    });
    await createGuru(t.database.db, schoolA, {
      nama: 'Pensiun Dulu',
      tgl_lahir: '1966-12-09',
      golongan: 'IV/a',
      tgl_kgb_terakhir: '2025-01-01',
    });
    const names = (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: admin })).body.data.data.map(
      (r) => r.nama,
    );
    expect(names).toEqual(['Sudah Lewat', 'Abdullah Umar']);
  });

  it('signing writes the decree the next letter starts from', async () => {
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    expect(
      (await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })).status,
    ).toBe(200);
    t.clock.now = new Date('2028-11-05T02:00:00Z');
    const next = await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token: await t.login('admin') });
    expect(next.body.data.rencana).toEqual({
      tmt: '2029-01-01',
      gaji_lama: 3390500,
      gaji_baru: 3497300,
      mkg_baru: { tahun: 12, bulan: 0 },
      golongan: 'III/b',
      regulasi: 'PP 5/2024',
    });
  });
});

describe('profile fields follow the record', () => {
  it('golongan, MKG, salary and last KGB cannot be typed over a verified decree; the same values pass', async () => {
    const detail = (await t.call<Record<string, unknown>>('GET', `/api/guru/${due}`, { token: admin })).body.data;
    const body = Object.fromEntries(
      Object.keys(guruUpdateBody.shape)
        .filter((k) => k !== 'versi')
        .map((k) => [k, detail[k] ?? null]),
    );
    expect((await t.call('PUT', `/api/guru/${due}`, { token: admin, body })).status).toBe(200);
    const typed = await t.call<{ errors: Record<string, string> }>('PUT', `/api/guru/${due}`, {
      token: admin,
      body: { ...body, golongan: 'IV/a', gaji_pokok: 4000000 },
    });
    expect(typed.status).toBe(422);
    expect(typed.body.data.errors).toEqual({
      golongan:
        'Golongan mengikuti riwayat Kepangkatan dan Riwayat KGB yang terverifikasi; ubah lewat tab riwayat guru',
      gaji_pokok:
        'Gaji pokok mengikuti riwayat Kepangkatan dan Riwayat KGB yang terverifikasi; ubah lewat tab riwayat guru',
    });
    // A TMT is the 1st of a month.
    const day = await t.call('PUT', `/api/guru/${due}`, {
      token: admin,
      body: { ...body, tgl_kgb_terakhir: '2025-01-25' },
    });
    expect(day.body.diagnostic.message).toBe('Tanggal KGB terakhir (TMT) harus tanggal 1: TMT selalu awal bulan');
    // Without a decree in the record, typed (or imported) values stay editable.
    const bare = await withoutDecree('Data Ketik');
    const bareDetail = (await t.call<Record<string, unknown>>('GET', `/api/guru/${bare}`, { token: admin })).body.data;
    const bareBody = Object.fromEntries(
      Object.keys(guruUpdateBody.shape)
        .filter((k) => k !== 'versi')
        .map((k) => [k, bareDetail[k] ?? null]),
    );
    expect(
      (await t.call('PUT', `/api/guru/${bare}`, { token: admin, body: { ...bareBody, golongan: 'III/b' } })).status,
    ).toBe(200);
  });
});

describe('cancelling a letter', () => {
  const REASON = 'Salah golongan: SK kenaikan pangkat belum dicatat';

  it('a verified letter is cancelled with a reason; a new one with a new number can be made for the same TMT', async () => {
    const first = (await t.call<SuratKgb>('GET', `/api/kgb/${due}/verifikasi`, { token: admin })).body.data;
    const cancel = await t.call<SuratKgb>('POST', `/api/kgb/surat/${first.id}/batal`, {
      token: admin,
      body: { alasan: REASON },
    });
    expect(cancel.status, cancel.body.diagnostic.message).toBe(200);
    expect(cancel.body.diagnostic.message).toBe('Surat KGB dibatalkan');
    expect(cancel.body.data).toMatchObject({
      status: 'cancelled',
      alasan_batal: REASON,
      dibatalkan_pada: '2026-11-21T02:00:00.000Z',
    });
    // The due list offers the teacher again, with no letter in force.
    const row = (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: admin })).body.data.data.find(
      (r) => r.id === due,
    );
    expect(row?.status_surat).toBeNull();
    // A cancelled letter cannot be signed.
    expect(
      (await t.call('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })).status,
    ).toBe(422);
    const second = await t.call<SuratKgb>('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    expect(second.status, second.body.diagnostic.message).toBe(200);
    expect(second.body.data).toMatchObject({ status: 'verified', tmt: first.tmt, nomor: '822.4/002/DIKBUD/XI/2026' });
    expect(second.body.data.kode_dokumen).not.toBe(first.kode_dokumen);
    // The sign page shows the letter in force; the cancelled one stays checkable and says so.
    expect((await t.call<SuratKgb>('GET', `/api/kgb/${due}/surat`, { token: admin })).body.data.id).toBe(
      second.body.data.id,
    );
    const pub = await t.call<DokumenInfo>('GET', `/api/dokumen/${first.kode_dokumen}`);
    expect(pub.body.data).toMatchObject({ status: 'cancelled', alasan_batal: REASON });
    expect(
      (await t.call('POST', `/api/kgb/surat/${first.id}/batal`, { token: admin, body: { alasan: REASON } })).body
        .diagnostic.message,
    ).toBe('Surat KGB ini sudah dibatalkan');
  });

  it('a signed letter is cancelled: its history row goes, the profile follows the record again, the archive drops it', async () => {
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    const signed = (
      await t.call<SuratKgb>('POST', `/api/kgb/${due}/signature`, { token: admin, body: { passphrase: PASSPHRASE } })
    ).body.data;
    expect(signed.status).toBe('signed');
    const cancel = await t.call<SuratKgb>('POST', `/api/kgb/surat/${signed.id}/batal`, {
      token: admin,
      body: { alasan: REASON },
    });
    expect(cancel.status, cancel.body.diagnostic.message).toBe(200);
    // It was signed, and stays on record as signed then cancelled.
    expect(cancel.body.data).toMatchObject({
      status: 'cancelled',
      signed_at: signed.signed_at,
      signed_sha256: signed.signed_sha256,
    });
    const history = await recordsOf(t.database.db, 'riwkgb', due);
    expect(history.filter((h) => h.kgb_surat_id != null)).toHaveLength(0);
    const [teacher] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(teacher).toMatchObject({ gaji_pokok: 3287000, mkg_tahun: 8, mkg_bulan: 0, tgl_kgb_terakhir: '2025-01-01' });
    expect(
      (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: admin })).body.data.data.map((r) => r.id),
    ).toContain(due);
    expect((await t.call<Page<ArsipKgbItem>>('GET', '/api/arsip/kgb?page=1', { token: admin })).body.data.data).toEqual(
      [],
    );
    // Still found when asked for cancelled letters, marked so.
    const cancelled = (
      await t.call<Page<ArsipKgbItem>>('GET', '/api/arsip/kgb?page=1&status=cancelled', { token: admin })
    ).body.data.data;
    expect(cancelled.map((r) => r.status)).toEqual(['cancelled']);
    // The signed file is kept byte for byte (the public check still matches it); shown, it is marked DIBATALKAN.
    const [row] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, signed.id));
    expect(sha256((await t.files.get(row!.signedKey!))!)).toBe(signed.signed_sha256);
    const shown = tool('pdftotext', (await pdfBytes(signed.pdfLink)).bytes);
    expect(shown).toContain('DIBATALKAN pada 21 November 2026');
    expect(shown).toContain(`Alasan: ${REASON}`.slice(0, 40));
    const pub = await t.call<DokumenInfo>('GET', `/api/dokumen/${signed.kode_dokumen}`);
    expect(pub.body.data).toMatchObject({ status: 'cancelled', sha256: signed.signed_sha256, alasan_batal: REASON });
    // The KGB can be made again from the restored record.
    const again = await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token: admin });
    expect(again.body.data).toMatchObject({
      status: 'draft',
      rencana: { tmt: '2027-01-01', gaji_lama: 3287000, gaji_baru: 3390500 },
    });
  });

  it('needs a reason of 10 characters, an administrator, and a verified or signed letter', async () => {
    const letter = (await t.call<SuratKgb>('GET', `/api/kgb/${due}/verifikasi`, { token: admin })).body.data;
    const url = `/api/kgb/surat/${letter.id}/batal`;
    const empty = await t.call('POST', url, { token: admin, body: { alasan: '   ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.diagnostic.message).toBe('Alasan pembatalan tidak boleh Kosong');
    expect((await t.call('POST', url, { token: admin, body: { alasan: 'salah' } })).body.diagnostic.message).toBe(
      'Alasan pembatalan minimal 10 karakter',
    );
    expect((await t.call('POST', url, { token: admin, body: {} })).status).toBe(422);
    for (const token of [opA, opB])
      expect((await t.call('POST', url, { token, body: { alasan: REASON } })).status).toBe(403);
    expect(
      (await t.call('POST', '/api/kgb/surat/999999/batal', { token: admin, body: { alasan: REASON } })).status,
    ).toBe(404);
    // A letter being signed cannot be cancelled until the signature ends.
    await t.database.db
      .update(kgbSurat)
      .set({ status: 'signing', signedAt: t.clock.now })
      .where(eq(kgbSurat.id, letter.id));
    const busy = await t.call('POST', url, { token: admin, body: { alasan: REASON } });
    expect(busy.status).toBe(409);
    expect(busy.body.diagnostic.message).toBe(
      'Hanya surat yang sudah diverifikasi atau ditandatangani yang dapat dibatalkan',
    );
    const [row] = await t.database.db.select().from(kgbSurat).where(eq(kgbSurat.id, letter.id));
    expect(row!.batalAt).toBeNull();
  });
});

describe('postponing a KGB (penundaan)', () => {
  const REASON = 'Nilai SKP tahun 2026 di bawah Baik (PP 7/1977)';

  it('moves the next TMT by its months, off the due list until then; the letter counts the months as service', async () => {
    // Due: TMT 2027-01-01, III/b MKG 8 y 0 m at 2025-01-01 → MKG 10 y 0 m.
    const res = await t.call<PenundaanKgb[]>('POST', `/api/kgb/${due}/penundaan`, {
      token: admin,
      body: { bulan: 6, alasan: REASON, nomor_sk: '800/12/BKPSDM/2026' },
    });
    expect(res.status, res.body.diagnostic.message).toBe(200);
    expect(res.body.diagnostic.message).toBe('KGB ditunda');
    expect(res.body.data).toEqual([
      expect.objectContaining({
        tmt_semula: '2027-01-01',
        bulan: 6,
        tmt_baru: '2027-07-01',
        alasan: REASON,
        nomor_sk: '800/12/BKPSDM/2026',
        berlaku: true,
      }),
    ]);
    const [teacher] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(teacher!.kgb_tunda_bulan).toBe(6);
    expect(
      (await t.call<{ tgl_kgb_berikutnya: string }>('GET', `/api/guru/${due}`, { token: admin })).body.data
        .tgl_kgb_berikutnya,
    ).toBe('2027-07-01');
    // Due from 2027-05-01 now: not on the list on 2026-11-21.
    expect(
      (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: admin })).body.data.data.map((r) => r.id),
    ).not.toContain(due);
    expect((await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin })).status).toBe(422);
    t.clock.now = new Date('2027-05-03T02:00:00Z');
    const token = await t.login('admin');
    const row = (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token })).body.data.data.find((r) => r.id === due);
    expect(row).toMatchObject({ tmt_kgb: '2027-07-01', siap: true });
    const pdf = await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token });
    expect(pdf.body.data.rencana).toMatchObject({
      tmt: '2027-07-01',
      mkg_baru: { tahun: 10, bulan: 6 },
      gaji_baru: 3390500,
    });
    // The letter: from 1 July 2027, MKG 10 years 6 months; the next one on the regular date; it
    // cites the postponement decree and its reason.
    const draftText = tool('pdftotext', (await pdfBytes(pdf.body.data.pdfLink, token)).bytes);
    expect(draftText).toMatch(/Mulai tanggal\s*(\S.*\n)*?.*1 Juli 2027/);
    expect(draftText).toContain('10 tahun 6 bulan');
    expect(draftText).toContain('1 Januari 2029');
    expect(draftText.replace(/\s+/g, ' ')).toContain(
      'ditunda dengan surat keputusan nomor 800/12/BKPSDM/2026 selama 6 bulan dari TMT 1 Januari 2027',
    );
    // Signing grants the postponed KGB; the six months it waited count for the next one, which
    // returns to the regular cycle: 2029-01-01, two years after the original TMT.
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token });
    expect(
      (await t.call('POST', `/api/kgb/${due}/signature`, { token, body: { passphrase: PASSPHRASE } })).status,
    ).toBe(200);
    const [after] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(after).toMatchObject({ tgl_kgb_terakhir: '2027-07-01', kgb_tunda_bulan: 0, mkg_tahun: 10, mkg_bulan: 6 });
    t.clock.now = new Date('2028-11-05T02:00:00Z');
    const later = await t.login('admin');
    const next = await t.call<KgbPdf>('GET', `/api/kgb/${due}/pdf`, { token: later });
    expect(next.body.data.rencana).toMatchObject({
      tmt: '2029-01-01',
      mkg_baru: { tahun: 12, bulan: 0 },
      gaji_baru: 3497300,
    });
    expect(
      (await t.call<Page<KgbDueItem>>('GET', '/api/kgb', { token: later })).body.data.data.find((r) => r.id === due)
        ?.tmt_kgb,
    ).toBe('2029-01-01');
    const list = await t.call<PenundaanKgb[]>('GET', `/api/kgb/${due}/penundaan`, { token: later });
    expect(list.body.data).toEqual([expect.objectContaining({ tmt_semula: '2027-01-01', berlaku: false })]);
  });

  it('a second postponement moves the TMT the first gave; only the newest can be removed, and removing restores the TMT', async () => {
    const first = await t.call<PenundaanKgb[]>('POST', `/api/kgb/${due}/penundaan`, {
      token: admin,
      body: { bulan: 12, alasan: REASON },
    });
    expect(first.status).toBe(200);
    const second = await t.call<PenundaanKgb[]>('POST', `/api/kgb/${due}/penundaan`, {
      token: admin,
      body: { bulan: 3, alasan: REASON },
    });
    expect(second.status, second.body.diagnostic.message).toBe(200);
    expect(second.body.data.map((p) => [p.tmt_semula, p.tmt_baru])).toEqual([
      ['2027-01-01', '2028-01-01'],
      ['2028-01-01', '2028-04-01'],
    ]);
    const older = await t.call('DELETE', `/api/kgb/penundaan/${second.body.data[0]!.id}`, { token: admin });
    expect(older.status).toBe(409);
    expect(older.body.diagnostic.message).toBe('Hanya penundaan terakhir yang masih berlaku yang dapat dihapus');
    const removed = await t.call<PenundaanKgb[]>('DELETE', `/api/kgb/penundaan/${second.body.data[1]!.id}`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.diagnostic.message).toBe('Penundaan KGB dihapus');
    expect(removed.body.data).toHaveLength(1);
    const [teacher] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(teacher!.kgb_tunda_bulan).toBe(12);
  });

  it('is refused while a letter is in force for the TMT, outside 1-12 months, without a reason, and for operators', async () => {
    const url = `/api/kgb/${due}/penundaan`;
    for (const [body, text] of [
      [{ bulan: 0, alasan: REASON }, 'Lama penundaan 1 sampai 12 bulan'],
      [{ bulan: 13, alasan: REASON }, 'Lama penundaan 1 sampai 12 bulan (paling lama satu tahun setiap kali)'],
      [{ bulan: 6, alasan: '' }, 'Alasan penundaan tidak boleh Kosong'],
      [{ bulan: 6, alasan: 'SKP' }, 'Alasan penundaan minimal 10 karakter'],
    ] as const) {
      const r = await t.call('POST', url, { token: admin, body });
      expect(r.status).toBe(422);
      expect(r.body.diagnostic.message).toBe(text);
    }
    for (const token of [opA, opB]) {
      expect((await t.call('POST', url, { token, body: { bulan: 6, alasan: REASON } })).status).toBe(403);
      expect((await t.call('GET', url, { token })).status).toBe(403);
    }
    await t.call('GET', `/api/kgb/${due}/verifikasi`, { token: admin });
    const blocked = await t.call('POST', url, { token: admin, body: { bulan: 6, alasan: REASON } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.diagnostic.message).toBe('Sudah ada surat KGB untuk TMT ini; batalkan surat itu lebih dulu');
    const [teacher] = await t.database.db.select().from(guru).where(eq(guru.id, due));
    expect(teacher!.kgb_tunda_bulan).toBe(0);
    // A teacher without a KGB (honorary) cannot be postponed: the reason is the not-ready text.
    const [honor] = await t.database.db.select().from(guru).where(eq(guru.nama, 'Guru Honor'));
    expect(
      (await t.call('POST', `/api/kgb/${honor!.id}/penundaan`, { token: admin, body: { bulan: 6, alasan: REASON } }))
        .status,
    ).toBe(422);
  });
});
