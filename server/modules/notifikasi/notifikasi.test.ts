// Notices to school operators through HTTP: the school's coming KGB month (and who still
// lacks a verified decree), a draft sent back with the office's note, a letter signed; read marks;
// one school never sees another's.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createSchoolWithOperator } from '../../test/test-app.ts';
import { kgbTestApp, officialKey, PASSPHRASE } from '../../test/kgb-world.ts';
import { createGuru } from '../../test/guru-factory.ts';
import type { OfficialKey } from '../kgb/signer.ts';
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
  const schoolB = (await createSchoolWithOperator(t.database.db, { npsn: '60200200', bentukPendidikan: 'SD' })).school.id;
  const jan = { golongan: 'III/b', mkg_tahun: 8, mkg_bulan: 0, gaji_pokok: 3287000, tgl_kgb_terakhir: '2025-01-01' };
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
  it("tell the school of its coming KGB month and who still lacks a verified decree", async () => {
    const a = await notices(opA);
    expect(a.data).toEqual([
      expect.objectContaining({ id: null, jenis: 'akan_kgb', judul: '2 guru Anda akan KGB pada Januari 2027: lengkapi SK terakhir', dibaca: false }),
    ]);
    expect(a.data[0]!.isi).toContain('Belum lengkap (1): Belum Lengkap.');
    expect(a.belum_dibaca).toBe(1);
    expect((await notices(opB)).data.map((n) => n.judul)).toEqual(['1 guru Anda akan KGB pada Januari 2027']);
    expect((await notices(opB)).belum_dibaca).toBe(0);
    expect(await notices(admin)).toEqual({ belum_dibaca: 0, data: [] });
  });

  it('a draft sent back and a letter signed reach the school, and only that school; read marks are per school', async () => {
    const back = await t.call('POST', '/api/kgb/periode/kembalikan', { token: admin, body: { bulan: '2027-01', guru_id: ready, catatan: 'Unggah SK KGB terakhir yang terbaca jelas' } });
    expect(back.status, back.body.diagnostic.message).toBe(200);
    let a = await notices(opA);
    const returned = a.data.find((n) => n.jenis === 'dikembalikan')!;
    expect(returned).toMatchObject({ judul: 'Draf KGB Abdullah Umar dikembalikan untuk diperbaiki', isi: 'Unggah SK KGB terakhir yang terbaca jelas (TMT 1 Januari 2027)', guru_id: ready, dibaca: false });
    expect(a.belum_dibaca).toBe(2);
    expect((await notices(opB)).data.some((n) => n.jenis === 'dikembalikan')).toBe(false);

    // Another school cannot mark it read; the school itself can.
    await t.call('POST', '/api/notifikasi/baca', { token: opB, body: { ids: [returned.id] } });
    expect((await notices(opA)).data.find((n) => n.id === returned.id)!.dibaca).toBe(false);
    const read = await t.call<DaftarNotifikasi>('POST', '/api/notifikasi/baca', { token: opA, body: { ids: [returned.id] } });
    expect(read.body.diagnostic.message).toBe('Pemberitahuan ditandai sudah dibaca');
    expect(read.body.data.data.find((n) => n.id === returned.id)!.dibaca).toBe(true);
    expect((await t.call<{ belum_dibaca: number }>('GET', '/api/notifikasi/jumlah', { token: opA })).body.data.belum_dibaca).toBe(1);

    // Corrected, verified and signed on the teacher's page: the school hears of the letter.
    await t.call('GET', `/api/kgb/${ready}/verifikasi`, { token: admin });
    const signed = await t.call('POST', `/api/kgb/${ready}/signature`, { token: admin, body: { passphrase: PASSPHRASE } });
    expect(signed.status, signed.body.diagnostic.message).toBe(200);
    a = await notices(opA);
    expect(a.data.find((n) => n.jenis === 'ditandatangani')).toMatchObject({ judul: 'Surat KGB Abdullah Umar sudah ditandatangani', guru_id: ready, dibaca: false });
    expect(a.data.find((n) => n.jenis === 'ditandatangani')!.isi).toContain('gaji pokok baru Rp3.390.500,00');
    // The month's notice now counts only the teacher still due.
    expect(a.data.find((n) => n.jenis === 'akan_kgb')!.judul).toBe('1 guru Anda akan KGB pada Januari 2027: lengkapi SK terakhir');
    await t.call('POST', '/api/notifikasi/baca', { token: opA, body: {} });
    expect((await notices(opA)).data.filter((n) => n.id !== null).every((n) => n.dibaca)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/notifikasi')).status).toBe(401);
    expect((await t.call('POST', '/api/notifikasi/baca', { body: {} })).status).toBe(401);
  });
});
