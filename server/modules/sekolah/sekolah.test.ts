import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createAdmin, createSchoolWithOperator, type TestApp } from '../../test/test-app.ts';
import { SCHOOL_A, SD_JAILOLO } from '../../test/factories.ts';
import { fasilitas, sekolah, users } from '../../db/schema/index.ts';
import type { Page } from '#contract/paging.ts';
import type { Sekolah, SekolahCreated, SekolahRingkas, SekolahRow } from '#contract/sekolah.ts';
import { smallPng, noiseJpeg } from '../../test/images.ts';

let t: TestApp;
let admin: string;
let opA: string;

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  await createSchoolWithOperator(t.database.db, { ...SCHOOL_A, kodeWilayah: '82.71.03.1008' });
  await createSchoolWithOperator(t.database.db, SD_JAILOLO);
  await createSchoolWithOperator(t.database.db, {
    npsn: '60200300',
    namaSekolah: 'SMP Negeri 2 Tobelo',
    bentukPendidikan: 'SMP',
  });
  admin = await t.login('admin');
  opA = await t.login('60200100');
});
afterEach(async () => {
  await t.app.close();
});

describe('GET api/sekolah', () => {
  it('401 without a token', async () => {
    expect((await t.call('GET', '/api/sekolah')).status).toBe(401);
  });

  it('defaults to 10 per page, nama_sekolah descending, with the region name', async () => {
    const res = await t.call<Page<SekolahRow>>('GET', '/api/sekolah', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.per_page).toBe(10);
    expect(res.body.data.data.map((r) => r.nama_sekolah)).toEqual([
      'SMP Negeri 2 Tobelo',
      'SMA Negeri 1 Kota Ternate',
      'SD Negeri 5 Jailolo',
    ]);
    expect(res.body.data.data[1]).toMatchObject({
      npsn: '60200100',
      bentuk_pendidikan: 'SMA',
      status: 'Negeri',
      kota_asal: 'Kota Ternate',
    });
  });

  it('sorts names without regard to case, the same on both databases (an office types "SMA NEGERI" too)', async () => {
    await createSchoolWithOperator(t.database.db, {
      npsn: '60200400',
      namaSekolah: 'SMA NEGERI 2 KOTA TERNATE',
      bentukPendidikan: 'SMA',
    });
    await createSchoolWithOperator(t.database.db, {
      npsn: '60200500',
      namaSekolah: 'sma negeri 3 kota ternate',
      bentukPendidikan: 'SMA',
    });
    const res = await t.call<Page<SekolahRow>>('GET', '/api/sekolah?sortbydesc=false', { token: admin });
    expect(res.body.data.data.map((r) => r.nama_sekolah)).toEqual([
      'SD Negeri 5 Jailolo',
      'SMA Negeri 1 Kota Ternate',
      'SMA NEGERI 2 KOTA TERNATE',
      'sma negeri 3 kota ternate',
      'SMP Negeri 2 Tobelo',
    ]);
  });

  it('sorts by NPSN either way, searches, and pages with per_page', async () => {
    const asc = await t.call<Page<SekolahRow>>('GET', '/api/sekolah?sortby=npsn&sortbydesc=false', { token: admin });
    expect(asc.body.data.data.map((r) => r.npsn)).toEqual(['60200100', '60200200', '60200300']);
    const search = await t.call<Page<SekolahRow>>('GET', '/api/sekolah?q=jailolo', { token: admin });
    expect(search.body.data.data.map((r) => r.npsn)).toEqual(['60200200']);
    for (let i = 0; i < 30; i++) await createSchoolWithOperator(t.database.db);
    const p = await t.call<Page<SekolahRow>>('GET', '/api/sekolah?per_page=25&page=2', { token: admin });
    expect(p.body.data).toMatchObject({ per_page: 25, current_page: 2, last_page: 2, total: 33 });
    expect(p.body.data.data).toHaveLength(8);
  });

  it('refuses a page size outside 10, 25, 50, 100 and an unknown sort column', async () => {
    const bad = await t.call('GET', '/api/sekolah?per_page=1000', { token: admin });
    expect(bad.status).toBe(422);
    expect(bad.body.diagnostic.message).toBe('per_page harus 10, 25, 50 atau 100');
    expect((await t.call('GET', '/api/sekolah?sortby=password', { token: admin })).status).toBe(422);
  });

  it('an operator sees only their own school', async () => {
    const res = await t.call<Page<SekolahRow>>('GET', '/api/sekolah', { token: opA });
    expect(res.body.data.data.map((r) => r.npsn)).toEqual(['60200100']);
    const search = await t.call<Page<SekolahRow>>('GET', '/api/sekolah/cari?sekolah=negeri', { token: opA });
    expect(search.body.data.data.map((r) => r.npsn)).toEqual(['60200100']);
  });
});

describe('GET api/semuasekolah', () => {
  it('lists public fields of every school with a marker, for any signed-in user', async () => {
    const res = await t.call<SekolahRingkas[]>('GET', '/api/semuasekolah', { token: opA });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data.map((r) => r.nama_sekolah)).toEqual([
      'SD Negeri 5 Jailolo',
      'SMA Negeri 1 Kota Ternate',
      'SMP Negeri 2 Tobelo',
    ]);
    expect(res.body.data[2]).toEqual({
      id: expect.any(Number),
      npsn: '60200300',
      nama_sekolah: 'SMP Negeri 2 Tobelo',
      bentuk_pendidikan: 'SMP',
      alamat: null,
      lat: null,
      long: null,
      link_marker: '/markers/smp.svg',
    });
    expect((await t.call('GET', '/api/semuasekolah')).status).toBe(401);
  });
});

describe('POST api/sekolah', () => {
  it('is for administrators only', async () => {
    const res = await t.call('POST', '/api/sekolah', {
      token: opA,
      body: { npsn: '60209999', nama_sekolah: 'X', bentuk_pendidikan: 'SD', status: 'Negeri' },
    });
    expect(res.status).toBe(403);
    expect(await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60209999'))).toHaveLength(0);
  });

  it('checks the fields in SPEC order with the SPEC messages', async () => {
    const empty = await t.call<{ errors: Record<string, string> }>('POST', '/api/sekolah', { token: admin, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.diagnostic.message).toBe('NPSN tidak boleh Kosong');
    expect(Object.values(empty.body.data.errors)).toEqual([
      'NPSN tidak boleh Kosong',
      'Nama Sekolah tidak boleh Kosong',
      'Bentuk Pendidikan tidak boleh Kosong',
      'Status Sekolah tidak boleh Kosong',
    ]);
    const onlyNpsn = await t.call('POST', '/api/sekolah', { token: admin, body: { npsn: '60201234' } });
    expect(onlyNpsn.body.diagnostic.message).toBe('Nama Sekolah tidak boleh Kosong');
    const shortNpsn = await t.call('POST', '/api/sekolah', {
      token: admin,
      body: { npsn: '1234', nama_sekolah: 'A', bentuk_pendidikan: 'SD', status: 'Negeri' },
    });
    expect(shortNpsn.body.diagnostic.message).toBe('NPSN harus 8 karakter (angka atau huruf kapital)');
    const badLevel = await t.call('POST', '/api/sekolah', {
      token: admin,
      body: { npsn: '60201234', nama_sekolah: 'A', bentuk_pendidikan: 'SLTA', status: 'Negeri' },
    });
    expect(badLevel.body.diagnostic.message).toBe(
      'Bentuk Pendidikan harus salah satu dari: TK, SD, SMP, SMA, SMK, SLB',
    );
  });

  it('creates the school and its operator account with a one-time password', async () => {
    const res = await t.call<SekolahCreated>('POST', '/api/sekolah', {
      token: admin,
      body: { npsn: '60201234', nama_sekolah: 'SMP Negeri 9 Ternate', bentuk_pendidikan: 'SMP', status: 'Negeri' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.sekolah).toMatchObject({
      npsn: '60201234',
      nama_sekolah: 'SMP Negeri 9 Ternate',
      link_marker: '/markers/smp.svg',
      fasilitas: [],
    });
    expect(res.body.data.akun.username).toBe('60201234');
    const login = await t.call<{ user: { must_change_password: boolean; sekolah: { npsn: string } } }>(
      'POST',
      '/api/token',
      { body: { username: '60201234', password: res.body.data.akun.password } },
    );
    expect(login.status).toBe(200);
    expect(login.body.data.user.must_change_password).toBe(true);
    expect(login.body.data.user.sekolah.npsn).toBe('60201234');
  });

  it("refuses a level the office does not manage: a city office's SMA, a province's SD; a province adds an SLB", async () => {
    const body = (npsn: string, bentuk_pendidikan: string) => ({
      npsn,
      nama_sekolah: `${bentuk_pendidikan} Uji Jenjang`,
      bentuk_pendidikan,
      status: 'Negeri',
    });
    const sma = await t.call<{ errors: Record<string, string> }>('POST', '/api/sekolah', {
      token: admin,
      body: body('60207001', 'SMA'),
    });
    expect(sma.status).toBe(422);
    expect(sma.body.data.errors).toEqual({
      bentuk_pendidikan: 'Bentuk Pendidikan SMA tidak dikelola kantor ini; pilih salah satu dari: TK, SD, SMP',
    });
    const profile = (await t.call<Record<string, unknown>>('GET', '/api/pengaturan/kantor', { token: admin })).body
      .data;
    const { ada_logo: _logo, ...stored } = profile;
    expect(
      (
        await t.call('PUT', '/api/pengaturan/kantor', {
          token: admin,
          body: { ...stored, tingkat: 'provinsi', wilayah: 'Provinsi Maluku Utara' },
        })
      ).status,
    ).toBe(200);
    try {
      const sd = await t.call<{ errors: Record<string, string> }>('POST', '/api/sekolah', {
        token: admin,
        body: body('60207002', 'SD'),
      });
      expect(sd.body.data.errors.bentuk_pendidikan).toBe(
        'Bentuk Pendidikan SD tidak dikelola kantor ini; pilih salah satu dari: SMA, SMK, SLB',
      );
      const slb = await t.call<SekolahCreated>('POST', '/api/sekolah', { token: admin, body: body('60207003', 'SLB') });
      expect(slb.status).toBe(200);
      expect(slb.body.data.sekolah.link_marker).toBe('/markers/slb.svg');
    } finally {
      expect((await t.call('PUT', '/api/pengaturan/kantor', { token: admin, body: stored })).status).toBe(200);
    }
  });

  it('answers 409 for a duplicate NPSN and changes nothing', async () => {
    const res = await t.call('POST', '/api/sekolah', {
      token: admin,
      body: { npsn: '60200100', nama_sekolah: 'Lain', bentuk_pendidikan: 'SD', status: 'Swasta' },
    });
    expect(res.status).toBe(409);
    expect(res.body.diagnostic.message).toBe('NPSN sudah terdaftar');
    const [row] = await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60200100'));
    expect(row!.namaSekolah).toBe('SMA Negeri 1 Kota Ternate');
    expect(await t.database.db.select().from(users).where(eq(users.username, '60200100'))).toHaveLength(1);
  });
});

describe('GET and PUT api/sekolah/{npsn}', () => {
  const identity = {
    nama_sekolah: 'SMA Negeri 1 Kota Ternate',
    bentuk_pendidikan: 'SMA',
    status: 'Negeri',
    alamat: 'Jl. Ki Hajar Dewantoro No. 1',
    rtrw: '002/001',
    kode_pos: '97721',
    telpon: '0921312345',
    rombel: '864',
    fax: '',
    email: 'sman1ternate@sch.id',
    web: 'https://sman1ternate.sch.id',
    lat: 0.7937,
    long: '127.3844',
    kode_wilayah: '82.71.02.1004',
  };

  it('reads the school with the region names resolved', async () => {
    const res = await t.call<Sekolah>('GET', '/api/sekolah/60200100', { token: opA });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      npsn: '60200100',
      kode_wilayah: '82.71.03.1008',
      dusun_kel: 'Soa Sio',
      desa_kec: 'Kota Ternate Utara',
      kota_asal: 'Kota Ternate',
      provinsi: 'Maluku Utara',
    });
  });

  it('an operator cannot read or change another school; nothing changes', async () => {
    const read = await t.call('GET', '/api/sekolah/60200200', { token: opA });
    expect(read.status).toBe(403);
    expect(read.body.data).toBeNull();
    const write = await t.call('PUT', '/api/sekolah/60200200', {
      token: opA,
      body: { ...identity, nama_sekolah: 'Diretas' },
    });
    expect(write.status).toBe(403);
    const [row] = await t.database.db.select().from(sekolah).where(eq(sekolah.npsn, '60200200'));
    expect(row!.namaSekolah).toBe('SD Negeri 5 Jailolo');
  });

  it('404 for an unknown school, 422 for a malformed NPSN', async () => {
    expect((await t.call('GET', '/api/sekolah/69999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/sekolah/abc', { token: admin })).status).toBe(422);
  });

  it('updates every identity field, facilities by id, and answers named facilities', async () => {
    const [f1, f2] = await t.database.db.select().from(fasilitas).orderBy(fasilitas.id).limit(2);
    const res = await t.call<Sekolah>('PUT', '/api/sekolah/60200100', {
      token: opA,
      body: { ...identity, fasilitas: [f2!.id, f1!.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.diagnostic.message).toBe('Data berhasil diubah');
    expect(res.body.data).toMatchObject({
      rombel: 864,
      lat: 0.7937,
      long: 127.3844,
      fax: null,
      kode_pos: '97721',
      kode_wilayah: '82.71.02.1004',
      dusun_kel: 'Kalumata',
      desa_kec: 'Kota Ternate Selatan',
    });
    expect(res.body.data.fasilitas.map((f) => f.id).sort()).toEqual([f1!.id, f2!.id].sort());
    expect(res.body.data.fasilitas[0]).toHaveProperty('fasilitas');
  });

  it('validates formats and references on the server', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nama_sekolah: '' }, 'Nama Sekolah tidak boleh Kosong'],
      [{ kode_pos: '977' }, 'Kode Pos harus 5 digit angka'],
      [{ email: 'bukan-email' }, 'Email tidak valid'],
      [{ lat: 'utara' }, 'Lintang (lat) harus berupa angka'],
      [{ long: 200 }, 'Bujur (long) maksimal 142'],
      [{ kode_wilayah: '82.71' }, 'Pilih wilayah sampai kelurahan/desa'],
      [{ kode_wilayah: '82.71.02.9999' }, 'Kode wilayah tidak ditemukan'],
      [{ fasilitas: [99999] }, 'Fasilitas tidak ditemukan'],
      [{ npsn: '60200200' }, 'NPSN tidak dapat diubah'],
      [{ rombel: -1 }, 'Jumlah siswa minimal 0'],
    ];
    for (const [change, message] of cases) {
      const res = await t.call('PUT', '/api/sekolah/60200100', { token: admin, body: { ...identity, ...change } });
      expect(res.status, message).toBe(422);
      expect(res.body.diagnostic.message).toBe(message);
    }
  });

  it('stores a logo re-encoded, served with its type and nosniff', async () => {
    const res = await t.call<Sekolah>('POST', '/api/sekolah/60200100/logo', {
      token: opA,
      form: { files: { foto: { bytes: await smallPng(), filename: 'logo.png', type: 'image/png' } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.link_logo).toMatch(/^\/files\/[a-f0-9]{32}\.jpg$/);
    const file = await t.app.inject({ method: 'GET', url: res.body.data.link_logo! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const other = await t.call('POST', '/api/sekolah/60200200/logo', {
      token: opA,
      form: { files: { foto: { bytes: await smallPng() } } },
    });
    expect(other.status).toBe(403);
  });

  it('refuses a non-image renamed .jpg and an image over 5 MB, storing nothing', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fake = await t.call('POST', '/api/sekolah/60200100/logo', {
      token: admin,
      form: { files: { foto: { bytes: html, filename: 'foto.jpg', type: 'image/jpeg' } } },
    });
    expect(fake.status).toBe(415);
    expect(fake.body.diagnostic.message).toBe('Berkas harus gambar JPEG, PNG atau WebP');
    const big = await t.call('POST', '/api/sekolah/60200100/logo', {
      token: admin,
      form: { files: { foto: { bytes: await noiseJpeg(6 * 1024 * 1024) } } },
    });
    expect(big.status).toBe(413);
    expect(big.body.diagnostic.message).toBe('Ukuran gambar maksimal 5 MB');
    expect(t.files.size()).toBe(0);
  });
});
