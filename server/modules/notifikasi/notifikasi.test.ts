// Notices to school operators through HTTP: the school's coming KGB month (and who still
// lacks a verified decree), a draft sent back with the office's note, a letter signed; read marks;
// one school never sees another's.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createSchoolWithOperator } from '../../test/test-app.ts';
import { kgbTestApp, officialKey, PASSPHRASE } from '../../test/kgb-world.ts';
import { createGuru, DUE_JANUARY_2027 } from '../../test/guru-factory.ts';
import type { OfficialKey } from '../kgb/official-key.ts';
import type { DaftarNotifikasi } from '#contract/notifikasi.ts';

let key: OfficialKey;
let t: TestApp;
let admin: string;
let opA: string;
let opB: string;
let ready: number;

beforeAll(() => {
  key = officialKey();
});
beforeEach(async () => {
  let schoolA: number;
  ({ t, schoolA } = await kgbTestApp(key));
  const schoolB = (await createSchoolWithOperator(t.database.db, { npsn: '60200200', bentukPendidikan: 'SD' })).school
    .id;
  const jan = DUE_JANUARY_2027;
  ready = (await createGuru(t.database.db, schoolA, { nama: 'Abdullah Umar', ...jan })).id;
  await createGuru(t.database.db, schoolA, { nama: 'Belum Lengkap', ...jan }, { decree: false });
  await createGuru(t.database.db, schoolB, { nama: 'Guru Sekolah Lain', ...jan });
  admin = await t.login('admin');
  opA = await t.login('60200100');
  opB = await t.login('60200200');
});
afterEach(async () => {
  await t.app.close();
});

const notices = async (token: string) => {
  const res = await t.call<DaftarNotifikasi>('GET', '/api/notifikasi', { token });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('notices to schools', () => {
  it('tell the school of its coming KGB month and who still lacks a verified decree', async () => {
    const a = await notices(opA);
    expect(a.data).toEqual([
      expect.objectContaining({
        id: null,
        jenis: 'akan_kgb',
        judul: '2 guru Anda akan KGB pada Januari 2027: lengkapi SK terakhir',
        dibaca: false,
      }),
    ]);
    expect(a.data[0]!.isi).toContain('Belum lengkap (1): Belum Lengkap.');
    expect(a.belum_dibaca).toBe(1);
    expect((await notices(opB)).data.map((n) => n.judul)).toEqual(['1 guru Anda akan KGB pada Januari 2027']);
    expect((await notices(opB)).belum_dibaca).toBe(0);
    expect(await notices(admin)).toEqual({ belum_dibaca: 0, data: [] });
  });

  it('a draft sent back and a letter signed reach the school, and only that school; read marks are per school', async () => {
    const back = await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ready, catatan: 'Unggah SK KGB terakhir yang terbaca jelas' },
    });
    expect(back.status, back.body.diagnostic.message).toBe(200);
    let a = await notices(opA);
    const returned = a.data.find((n) => n.jenis === 'dikembalikan')!;
    expect(returned).toMatchObject({
      judul: 'Draf KGB Abdullah Umar dikembalikan untuk diperbaiki',
      isi: 'Unggah SK KGB terakhir yang terbaca jelas (TMT 1 Januari 2027)',
      guru_id: ready,
      dibaca: false,
    });
    expect(a.belum_dibaca).toBe(2);
    expect((await notices(opB)).data.some((n) => n.jenis === 'dikembalikan')).toBe(false);

    // Another school cannot mark it read; the school itself can.
    await t.call('POST', '/api/notifikasi/baca', { token: opB, body: { ids: [returned.id] } });
    expect((await notices(opA)).data.find((n) => n.id === returned.id)!.dibaca).toBe(false);
    const read = await t.call<DaftarNotifikasi>('POST', '/api/notifikasi/baca', {
      token: opA,
      body: { ids: [returned.id] },
    });
    expect(read.body.diagnostic.message).toBe('Pemberitahuan ditandai sudah dibaca');
    expect(read.body.data.data.find((n) => n.id === returned.id)!.dibaca).toBe(true);
    expect(
      (await t.call<{ belum_dibaca: number }>('GET', '/api/notifikasi/jumlah', { token: opA })).body.data.belum_dibaca,
    ).toBe(1);

    // Corrected, verified and signed on the teacher's page: the school hears of the letter.
    await t.call('GET', `/api/kgb/${ready}/verifikasi`, { token: admin });
    const signed = await t.call('POST', `/api/kgb/${ready}/signature`, {
      token: admin,
      body: { passphrase: PASSPHRASE },
    });
    expect(signed.status, signed.body.diagnostic.message).toBe(200);
    a = await notices(opA);
    expect(a.data.find((n) => n.jenis === 'ditandatangani')).toMatchObject({
      judul: 'Surat KGB Abdullah Umar sudah ditandatangani',
      guru_id: ready,
      dibaca: false,
    });
    expect(a.data.find((n) => n.jenis === 'ditandatangani')!.isi).toContain('gaji pokok baru Rp3.390.500,00');
    // The month's notice now counts only the teacher still due.
    expect(a.data.find((n) => n.jenis === 'akan_kgb')!.judul).toBe(
      '1 guru Anda akan KGB pada Januari 2027: lengkapi SK terakhir',
    );
    await t.call('POST', '/api/notifikasi/baca', { token: opA, body: {} });
    expect((await notices(opA)).data.filter((n) => n.id !== null).every((n) => n.dibaca)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/notifikasi')).status).toBe(401);
    expect((await t.call('POST', '/api/notifikasi/baca', { body: {} })).status).toBe(401);
  });
});

// One current notice per teacher and subject: a newer state of a teacher's KGB replaces the older
// one instead of standing beside it; a teacher past the TMT is late, not "akan"; the bell counts
// exactly the list's unread notices.
describe('one current notice per teacher and subject', () => {
  const kgbOf = (list: DaftarNotifikasi, nama: string) =>
    list.data.filter(
      (n) =>
        ['akan_kgb', 'dikembalikan', 'ditandatangani'].includes(n.jenis) &&
        (n.judul.includes(nama) ||
          n.isi.includes(nama) ||
          (n.jenis === 'akan_kgb' && !n.isi.includes('Belum lengkap'))),
    );
  const count = async (token: string) =>
    (await t.call<{ belum_dibaca: number }>('GET', '/api/notifikasi/jumlah', { token })).body.data.belum_dibaca;
  const unreadShown = (list: DaftarNotifikasi) => list.data.filter((n) => !n.dibaca).length;

  it('a draft sent back is the only KGB notice of that teacher: the month no longer says the office prepares the letter', async () => {
    // School B's only teacher is ready: before, the month said "surat KGB disiapkan oleh Dinas".
    const b = (await notices(opB)).data;
    expect(b).toEqual([
      expect.objectContaining({
        jenis: 'akan_kgb',
        judul: '1 guru Anda akan KGB pada Januari 2027',
        isi: 'Data riwayat guru sudah lengkap; surat KGB disiapkan oleh Dinas.',
      }),
    ]);
    const other = b[0]!;
    const guruB = (
      await t.call<{ data: { id: number; nama: string }[] }>('GET', '/api/kgb?page=1&cari=Guru Sekolah Lain', {
        token: admin,
      })
    ).body.data.data[0]!;
    const back = await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: guruB.id, catatan: 'SK terakhir tidak terbaca' },
    });
    expect(back.status, back.body.diagnostic.message).toBe(200);
    const after = await notices(opB);
    expect(after.data.map((n) => n.judul)).toEqual(['Draf KGB Guru Sekolah Lain dikembalikan untuk diperbaiki']);
    expect(after.data.some((n) => n.isi.includes('disiapkan oleh Dinas'))).toBe(false);
    expect(other.jenis).toBe('akan_kgb');
    expect(after.belum_dibaca).toBe(1);
    expect(await count(opB)).toBe(1);
  });

  it('sent back twice: only the newest note shows, and the bell counts what the list shows', async () => {
    for (const catatan of ['Unggah SK KGB terakhir', 'SK yang diunggah bukan milik guru ini']) {
      const back = await t.call('POST', '/api/kgb/periode/kembalikan', {
        token: admin,
        body: { bulan: '2027-01', guru_id: ready, catatan },
      });
      expect(back.status, back.body.diagnostic.message).toBe(200);
    }
    const a = await notices(opA);
    const returned = a.data.filter((n) => n.jenis === 'dikembalikan');
    expect(returned).toHaveLength(1);
    expect(returned[0]!.isi).toBe('SK yang diunggah bukan milik guru ini (TMT 1 Januari 2027)');
    // The month's notice names only the teacher still lacking a decree.
    expect(a.data.filter((n) => n.jenis === 'akan_kgb').map((n) => n.judul)).toEqual([
      '1 guru Anda akan KGB pada Januari 2027: lengkapi SK terakhir',
    ]);
    expect(a.belum_dibaca).toBe(unreadShown(a));
    expect(a.belum_dibaca).toBe(2);
    expect(await count(opA)).toBe(2);
  });

  it('drafted again, then verified and signed: the note sent back retires, the signed letter is the one state left', async () => {
    await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ready, catatan: 'Unggah SK KGB terakhir' },
    });
    const drafted = await t.call('POST', '/api/kgb/periode/draf', {
      token: admin,
      body: { bulan: '2027-01', ids: [ready] },
    });
    expect(drafted.status, drafted.body.diagnostic.message).toBe(200);
    let a = await notices(opA);
    // Drafted again: the office prepares it, and the note sent back is no longer current.
    expect(a.data.some((n) => n.jenis === 'dikembalikan')).toBe(false);
    expect(a.data.find((n) => n.jenis === 'akan_kgb')!.judul).toBe(
      '2 guru Anda akan KGB pada Januari 2027: lengkapi SK terakhir',
    );
    expect(a.belum_dibaca).toBe(unreadShown(a));
    expect(await count(opA)).toBe(unreadShown(a));

    await t.call('GET', `/api/kgb/${ready}/verifikasi`, { token: admin });
    await t.call('POST', `/api/kgb/${ready}/signature`, { token: admin, body: { passphrase: PASSPHRASE } });
    a = await notices(opA);
    expect(kgbOf(a, 'Abdullah Umar').map((n) => n.jenis)).toEqual(['ditandatangani']);
    expect(a.belum_dibaca).toBe(unreadShown(a));
    expect(await count(opA)).toBe(unreadShown(a));
  });

  it("a returned draft verified on the teacher's page no longer asks the school for a correction", async () => {
    await t.call('POST', '/api/kgb/periode/kembalikan', {
      token: admin,
      body: { bulan: '2027-01', guru_id: ready, catatan: 'Unggah SK KGB terakhir' },
    });
    const v = await t.call('GET', `/api/kgb/${ready}/verifikasi`, { token: admin });
    expect(v.status, v.body.diagnostic.message).toBe(200);
    const a = await notices(opA);
    expect(a.data.some((n) => n.jenis === 'dikembalikan')).toBe(false);
    expect(await count(opA)).toBe(unreadShown(a));
  });

  it('a teacher past the TMT is late, not "akan KGB" in a month gone by', async () => {
    const schoolC = (await createSchoolWithOperator(t.database.db, { npsn: '60200300', bentukPendidikan: 'SD' })).school
      .id;
    await createGuru(
      t.database.db,
      schoolC,
      {
        nama: 'Guru Terlambat',
        golongan: 'III/b',
        mkg_tahun: 8,
        mkg_bulan: 0,
        gaji_pokok: 3287000,
        tgl_kgb_terakhir: '2019-01-01',
      },
      { decree: false },
    );
    const opC = await t.login('60200300');
    const c = await notices(opC);
    const titles = c.data.filter((n) => n.jenis === 'akan_kgb').map((n) => n.judul);
    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatch(/^1 guru Anda terlambat KGB sejak \w+ \d{4}: lengkapi SK terakhir$/);
    expect(titles[0]).not.toContain('akan KGB');
    expect(c.data[0]!.isi).toContain('Belum lengkap (1): Guru Terlambat.');
    expect(c.belum_dibaca).toBe(1);
    expect(await count(opC)).toBe(1);
  });
});
