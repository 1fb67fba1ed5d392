import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createAdmin,
  createSchoolWithOperator,
  SCHOOL_A,
  SD_JAILOLO,
  type TestApp,
} from '../../test/test-app.ts';
import { createGuru, refId } from '../../test/guru-factory.ts';
import { smallPng } from '../../test/images.ts';
import { guru } from '../../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { Guru, GuruRow } from '#contract/guru.ts';

let t: TestApp;
let admin: string;
let opA: string;
let schoolA: number;
let schoolB: number;
let jabatanId: number;

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  schoolA = (await createSchoolWithOperator(t.database.db, SCHOOL_A)).school.id;
  schoolB = (await createSchoolWithOperator(t.database.db, SD_JAILOLO)).school.id;
  admin = await t.login('admin');
  opA = await t.login('60200100');
  jabatanId = await refId(t.database.db, 'jabatan', 'Guru Mata Pelajaran');
});
afterEach(async () => {
  await t.app.close();
});

const form = (over: Record<string, string> = {}) => ({
  nama: 'Fatmawati Sangaji',
  tgl_lahir: '1986-09-26',
  nip: '198609262015052001',
  jenis_kelamin: 'Perempuan',
  golongan: 'III/b',
  id_jabatan: String(jabatanId),
  sekolah_id: String(schoolA),
  ...over,
});

describe('teacher list and search', () => {
  it('lists by level and type, 10 per page, without NIK, salary or address', async () => {
    await createGuru(t.database.db, schoolA, { nama: 'Abdullah Umar' });
    await createGuru(t.database.db, schoolB, {
      nama: 'Nurhayati Djafar',
      status_guru: 'GTT',
      nip: null,
      golongan: null,
    });
    const all = await t.call<Page<GuruRow>>('GET', '/api/guru/?bp=&jenis_guru=&page=1', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.data.data.map((g) => g.nama)).toEqual(['Abdullah Umar', 'Nurhayati Djafar']);
    const row = all.body.data.data[0]!;
    expect(row).toMatchObject({
      golongan: 'III/b',
      pangkat: 'Penata Muda Tk. I',
      jabatan: 'Guru Mata Pelajaran',
      sekolah: { npsn: '60200100', nama_sekolah: 'SMA Negeri 1 Kota Ternate' },
    });
    expect(JSON.stringify(all.body)).not.toMatch(/nik|gaji_pokok|alamat_domisili|8271011204850001|Rahasia/);
    const sd = await t.call<Page<GuruRow>>('GET', '/api/guru/?bp=SD&page=1', { token: admin });
    expect(sd.body.data.data.map((g) => g.nama)).toEqual(['Nurhayati Djafar']);
    const gtt = await t.call<Page<GuruRow>>('GET', '/api/guru?jenis_guru=GTT', { token: admin });
    expect(gtt.body.data.total).toBe(1);
    expect((await t.call('GET', '/api/guru/?bp=SLTA', { token: admin })).status).toBe(422);
    expect((await t.call('GET', '/api/guru/')).status).toBe(401);
  });

  it('searches by name or NIP; operators see only their own school', async () => {
    const a = await createGuru(t.database.db, schoolA, { nama: 'Abdullah Umar' });
    await createGuru(t.database.db, schoolB, { nama: 'Abdullah Hasan' });
    const byName = await t.call<Page<GuruRow>>('GET', '/api/guru/cari?guru=abdullah', { token: admin });
    expect(byName.body.data.total).toBe(2);
    const byNip = await t.call<Page<GuruRow>>('GET', `/api/guru/cari?guru=${a.nip}`, { token: admin });
    expect(byNip.body.data.data.map((g) => g.id)).toEqual([a.id]);
    const opList = await t.call<Page<GuruRow>>('GET', '/api/guru/?page=1', { token: opA });
    expect(opList.body.data.data.map((g) => g.nama)).toEqual(['Abdullah Umar']);
    const opSearch = await t.call<Page<GuruRow>>('GET', '/api/guru/cari?guru=abdullah', { token: opA });
    expect(opSearch.body.data.data.map((g) => g.nama)).toEqual(['Abdullah Umar']);
    expect((await t.call('GET', '/api/guru/cari?guru=', { token: admin })).body.diagnostic.message).toBe(
      'Kata kunci pencarian tidak boleh Kosong',
    );
  });
});

describe('teacher detail', () => {
  it('answers the whole record with computed retirement and next KGB dates', async () => {
    const g = await createGuru(t.database.db, schoolA, {
      tgl_lahir: '1966-12-10',
      nip: '196612101990031001',
      tgl_kgb_terakhir: '2025-03-01',
      kode_wilayah: '82.71.03.1008',
    });
    const res = await t.call<Guru>('GET', `/api/guru/${g.id}`, { token: opA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      nik: '8271011204850001',
      gaji_pokok: 3390500,
      tgl_pensiun: '2027-01-01',
      tgl_kgb_berikutnya: '2027-03-01',
      dusun_kel: 'Soa Sio',
      provinsi: 'Maluku Utara',
      detailjabatan: { id: jabatanId, nama: 'Guru Mata Pelajaran' },
    });
  });

  it("another school's teacher: 403 without data; a missing one 404", async () => {
    const g = await createGuru(t.database.db, schoolB);
    const res = await t.call('GET', `/api/guru/${g.id}`, { token: opA });
    expect(res.status).toBe(403);
    expect(res.body.data).toBeNull();
    expect((await t.call('GET', '/api/guru/99999', { token: admin })).status).toBe(404);
  });
});

describe('POST /api/guru', () => {
  it('is for administrators; the empty form answers nama first, in SPEC order', async () => {
    expect(
      (
        await t.call('POST', '/api/guru', {
          token: opA,
          form: { fields: form(), files: { foto: { bytes: await smallPng() } } },
        })
      ).status,
    ).toBe(403);
    const empty = await t.call<{ errors: Record<string, string> }>('POST', '/api/guru', {
      token: admin,
      form: { fields: {} },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.diagnostic.message).toBe('nama tidak boleh Kosong');
    expect(Object.values(empty.body.data.errors)).toEqual([
      'nama tidak boleh Kosong',
      'tanggal lahir tidak boleh Kosong',
      'nip tidak boleh Kosong',
      'Jenis Kelamin tidak boleh Kosong',
      'golongan tidak boleh Kosong',
      'jabatan tidak boleh Kosong',
      'foto tidak boleh Kosong',
      'sekolah tidak boleh Kosong',
    ]);
  });

  it('refuses a NIP that does not match the birth date or sex, and a duplicate NIP', async () => {
    const foto = { foto: { bytes: await smallPng() } };
    const birth = await t.call('POST', '/api/guru', {
      token: admin,
      form: { fields: form({ tgl_lahir: '1986-09-27' }), files: foto },
    });
    expect(birth.status).toBe(422);
    expect(birth.body.diagnostic.message).toBe(
      'NIP tidak sesuai dengan tanggal lahir (8 digit pertama harus 19860927)',
    );
    const sex = await t.call('POST', '/api/guru', {
      token: admin,
      form: { fields: form({ jenis_kelamin: 'Laki-laki' }), files: foto },
    });
    expect(sex.body.diagnostic.message).toBe(
      'NIP tidak sesuai dengan jenis kelamin (digit ke-15 harus 1 untuk laki-laki)',
    );
    expect((await t.call('POST', '/api/guru', { token: admin, form: { fields: form(), files: foto } })).status).toBe(
      200,
    );
    const dup = await t.call('POST', '/api/guru', {
      token: admin,
      form: { fields: form({ nama: 'Orang Lain' }), files: foto },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.diagnostic.message).toBe('NIP sudah terdaftar untuk guru lain');
    expect(await t.database.db.select().from(guru)).toHaveLength(1);
  });

  it('creates a PNS teacher with a photo, and a non-PNS teacher without NIP or golongan', async () => {
    const res = await t.call<Guru>('POST', '/api/guru', {
      token: admin,
      form: { fields: form(), files: { foto: { bytes: await smallPng() } } },
    });
    expect(res.body.data).toMatchObject({
      nama: 'Fatmawati Sangaji',
      nip: '198609262015052001',
      status_guru: 'PNS',
      verifikasi: 0,
      golongan: 'III/b',
    });
    // Personal data: served by the teacher's own route, to who may see the teacher.
    expect(res.body.data.foto).toBe(`/api/guru/${res.body.data.id}/foto?v=${res.body.data.foto!.split('v=')[1]}`);
    expect(res.body.data.link_foto).toBe(res.body.data.foto);
    const honor = await t.call<Guru>('POST', '/api/guru', {
      token: admin,
      form: {
        fields: form({ nip: '', golongan: '', status_guru: 'Honor Sekolah' }),
        files: { foto: { bytes: await smallPng() } },
      },
    });
    expect(honor.status).toBe(200);
    expect(honor.body.data).toMatchObject({ nip: null, golongan: null, status_guru: 'Honor Sekolah' });
    const golHonor = await t.call('POST', '/api/guru', {
      token: admin,
      form: {
        fields: form({ nip: '', golongan: 'III/a', status_guru: 'GTT' }),
        files: { foto: { bytes: await smallPng() } },
      },
    });
    expect(golHonor.body.diagnostic.message).toBe('Golongan hanya untuk guru PNS, CPNS dan PPPK');
    const badPhoto = await t.call('POST', '/api/guru', {
      token: admin,
      form: {
        fields: form({ nip: '198609262015052002' }),
        files: { foto: { bytes: Buffer.from('bukan gambar sama sekali'), filename: 'x.jpg' } },
      },
    });
    expect(badPhoto.status).toBe(415);
  });
});

describe("a teacher's photo is personal data", () => {
  it("served only to the administrator and the operator of the teacher's school, never by its key", async () => {
    const created = (
      await t.call<Guru>('POST', '/api/guru', {
        token: admin,
        form: { fields: form(), files: { foto: { bytes: await smallPng() } } },
      })
    ).body.data;
    const [stored] = await t.database.db.select({ key: guru.foto_key }).from(guru).where(eq(guru.id, created.id));
    const key = stored!.key!;
    // The key alone opens nothing: /files serves school logos and gallery photos only.
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    const get = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: created.link_foto!,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    for (const token of [admin, opA]) {
      const photo = await get(token);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cache-control']).toBe('private, no-store');
      expect(photo.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    }
    expect((await get()).statusCode).toBe(401);
    const opB = await t.login('60200200');
    const refused = await get(opB);
    expect(refused.statusCode).toBe(403);
    expect(refused.rawPayload.subarray(0, 3).toString('hex')).not.toBe('ffd8ff');
    // A new photo: a new link, the old key gone.
    const changed = await t.call<Guru>('POST', `/api/guru/${created.id}/foto`, {
      token: admin,
      form: { files: { foto: { bytes: await smallPng() } } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.link_foto).not.toBe(created.link_foto);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: changed.body.data.link_foto!,
          headers: { authorization: `Bearer ${opA}` },
        })
      ).statusCode,
    ).toBe(200);
    // A teacher without a photo: 404 with the envelope.
    const bare = await createGuru(t.database.db, schoolA);
    const none = await t.call('GET', `/api/guru/${bare.id}/foto`, { token: admin });
    expect(none.status).toBe(404);
    expect(none.body.diagnostic.message).toBe('Foto guru belum diunggah');
  });

  it('school logos and gallery photos stay public by their key', async () => {
    const operator = opA;
    const gal = await t.call<{ foto: string; thumbnail: string }>('POST', '/api/galeri', {
      token: operator,
      form: {
        fields: { nama: 'Gedung', jenis: 'sekolah', desk: 'Depan', ket: '2026', npsn: '60200100' },
        files: { foto: { bytes: await smallPng() } },
      },
    });
    expect(gal.status, gal.body.diagnostic.message).toBe(200);
    for (const url of [gal.body.data.foto, gal.body.data.thumbnail])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const logo = await t.call<{ link_logo: string }>('POST', '/api/sekolah/60200100/logo', {
      token: operator,
      form: { files: { logo: { bytes: await smallPng() } } },
    });
    expect(logo.status, logo.body.diagnostic.message).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: logo.body.data.link_logo })).statusCode).toBe(200);
  });
});

describe('PUT /api/guru/{id} and verification', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    nama: 'Abdullah Umar',
    tgl_lahir: '1985-04-12',
    nip: null,
    jenis_kelamin: 'Laki-laki',
    golongan: 'III/c',
    id_jabatan: 0,
    sekolah_id: 0,
    nik: '8271011204850002',
    nuptk: '1234567890123456',
    status_nikah: 'Nikah',
    goldar: 'O',
    no_hp: '081234567890',
    email: 'abdullah@guru.sch.id',
    instagram: '@abdullah_u',
    status_guru: 'PNS',
    pendidikan_terakhir: 'S1',
    sertifikasi: 'Ya',
    mapel_1: 'Matematika',
    gaji_pokok: 3533900,
    mkg_tahun: 10,
    mkg_bulan: 3,
    tgl_kgb_terakhir: '2025-04-01',
    alamat_domisili: 'Jl. Pahlawan',
    kode_wilayah: '82.71.02.1004',
    ...over,
  });

  it('updates every field for an administrator; operators cannot edit identity', async () => {
    const g = await createGuru(t.database.db, schoolA);
    const b = body({ nip: g.nip, id_jabatan: jabatanId, sekolah_id: schoolA });
    expect((await t.call('PUT', `/api/guru/${g.id}`, { token: opA, body: b })).status).toBe(403);
    const res = await t.call<Guru>('PUT', `/api/guru/${g.id}`, { token: admin, body: b });
    expect(res.status, res.body.diagnostic.message).toBe(200);
    expect(res.body.data).toMatchObject({
      golongan: 'III/c',
      nik: '8271011204850002',
      instagram: 'abdullah_u',
      kota_asal: 'Kota Ternate',
      desa_kec: 'Kota Ternate Selatan',
      mkg_tahun: 10,
      tgl_kgb_berikutnya: '2027-04-01',
    });
  });

  it('checks formats on the server', async () => {
    const g = await createGuru(t.database.db, schoolA);
    const b = body({ nip: g.nip, id_jabatan: jabatanId, sekolah_id: schoolA });
    const cases: [Record<string, unknown>, string][] = [
      [{ nik: '123' }, 'NIK harus 16 digit angka'],
      [{ nuptk: '12345' }, 'NUPTK harus 16 digit angka'],
      [{ tgl_lahir: '1985-02-30' }, 'Tanggal lahir harus tanggal yang valid (YYYY-MM-DD)'],
      [{ status_nikah: 'Cerai' }, 'Status nikah harus Single atau Nikah'],
      [{ mkg_bulan: 12 }, 'MKG bulan maksimal 11'],
      [{ golongan: 'V/a' }, 'Golongan PNS dan CPNS ditulis I/a sampai IV/e'],
      [{ golongan: 'IX' }, 'Golongan PNS dan CPNS ditulis I/a sampai IV/e'],
      [{ no_hp: '12345' }, 'Nomor HP tidak valid (contoh: 081234567890)'],
      [{ mapel_1: 'Astrologi' }, 'Pilihan tidak ditemukan di data master'],
      [{ sekolah_id: 99999 }, 'Sekolah tidak ditemukan'],
    ];
    for (const [change, message] of cases) {
      const res = await t.call('PUT', `/api/guru/${g.id}`, { token: admin, body: { ...b, ...change } });
      expect(res.status, message).toBe(422);
      expect(res.body.diagnostic.message).toBe(message);
    }
  });

  it('verification: administrators only, then verifikasi = 1', async () => {
    const g = await createGuru(t.database.db, schoolA, { verifikasi: 0 });
    expect((await t.call('PUT', `/api/guru/verifikasi/${g.id}`, { token: opA })).status).toBe(403);
    const res = await t.call<Guru>('PUT', `/api/guru/verifikasi/${g.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.diagnostic.message).toBe('Guru berhasil diverifikasi');
    expect(res.body.data.verifikasi).toBe(1);
    expect((await t.database.db.select().from(guru).where(eq(guru.id, g.id)))[0]!.verifikasi).toBe(1);
  });
});
