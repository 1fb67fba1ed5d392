import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createTestApp,
  createAdmin,
  createSchoolWithOperator,
  TEST_PASSWORD,
  type Answer,
  type CallOptions,
  type TestApp,
} from '../../test/test-app.ts';
import { createGuru, editFormOf, refId } from '../../test/guru-factory.ts';
import { noiseJpeg } from '../../test/images.ts';
import { rowsOf } from '../../db/client.ts';
import { TEST_DB_KIND } from '../../test/test-db.ts';
import { holdTableLock } from '../../test/table-lock.ts';
import type { Page } from '#contract/paging.ts';
import type { AuditDetail, AuditRow } from '#contract/audit.ts';
import type { Guru } from '#contract/guru.ts';

// Tables deliberately outside the audit trail (migration 0008 says why).
// guru_kata, guru_nama_kata: the words of teachers' names, derived by triggers from guru (migration 0017).
// user_totp: TOTP secrets and recovery-code hashes must never be copied into the log; enabling,
// disabling and failures are security events instead (decision 0029).
// kgb_tugas: progress of a monthly run; each letter it verifies or signs is audited on kgb_surat (decision 0030).
// impor_tugas: progress of a background teacher import; every teacher it writes is audited on guru.
// notifikasi: notices derived from audited events (a draft returned, a letter signed) and their read marks.
// berkas, berkas_bagian: file contents (the PostgreSQL file store, decision 0041); the rows that name a
// file are audited with its key, and copying megabytes of content into the log helps no one.
const NOT_AUDITED = [
  'berkas',
  'berkas_bagian',
  'audit_log',
  'sessions',
  'login_throttle',
  'user_totp',
  'kgb_tugas',
  'impor_tugas',
  'notifikasi',
  'kunjungan',
  'wilayah',
  'guru_kata',
  'guru_nama_kata',
  '__drizzle_migrations',
];

let t: TestApp;
let admin: string;
let opA: string;
let schoolA: { id: number; npsn: string };
let schoolB: { id: number; npsn: string };

/** Every write call of a test, with its request id, to compare with the audit log. */
const writes: { method: string; url: string; status: number; requestId: string }[] = [];
async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const res = await t.call<T>(method, url, opts);
  if (method !== 'GET')
    writes.push({ method, url, status: res.status, requestId: String(res.headers['x-request-id']) });
  return res;
}

/** The rows of changed data (security events, tabel 'keamanan', are tested on their own below). */
const auditRows = async () =>
  rowsOf<{
    request_id: string | null;
    tabel: string;
    aksi: string;
    username: string | null;
    sebelum: Record<string, unknown> | null;
    sesudah: Record<string, unknown> | null;
  }>(
    await t.database.db.execute(
      sql`select request_id, tabel, aksi, username, sebelum, sesudah from audit_log where tabel <> 'keamanan' order by id`,
    ),
  );

beforeEach(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db);
  const a = await createSchoolWithOperator(t.database.db, { npsn: '60200100' });
  const b = await createSchoolWithOperator(t.database.db, { npsn: '60200200' });
  schoolA = { id: a.school.id, npsn: a.school.npsn };
  schoolB = { id: b.school.id, npsn: b.school.npsn };
  admin = await t.login('admin');
  opA = await t.login('60200100');
  writes.length = 0;
});
afterEach(async () => {
  await t.app.close();
});

/** The edit form's body for a teacher of school A as it stands, renamed "Nama Baru" (and `more` changed). */
async function renamed(guruId: number, more: Record<string, unknown> = {}) {
  const current = (await t.call<Guru>('GET', `/api/guru/${guruId}`, { token: admin })).body.data;
  return { ...editFormOf(current, schoolA.id), nama: 'Nama Baru', ...more };
}

describe('audit trigger coverage', () => {
  it('every application table has the audit trigger or is listed as not audited', async () => {
    const tables = rowsOf<{ table_name: string }>(
      await t.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    ).map((r) => r.table_name);
    const withTrigger = new Set(
      rowsOf<{ tabel: string }>(
        await t.database.db.execute(
          sql`select c.relname as tabel from pg_trigger tg join pg_class c on c.oid = tg.tgrelid where tg.tgname = c.relname || '_audit'`,
        ),
      ).map((r) => r.tabel),
    );
    const missing = tables.filter((name) => !withTrigger.has(name) && !NOT_AUDITED.includes(name));
    expect(missing).toEqual([]);
    expect(tables.length).toBeGreaterThan(25);
  });
});

describe('audit log', () => {
  it('records who, what, before and after in the same transaction; nothing for refused writes', async () => {
    const land = {
      npsn: schoolA.npsn,
      nama: 'Tanah sekolah',
      luas: 1200,
      tglperolehan: '2019-05-01',
      harga: 150000000,
      kondisi: 'Baik',
      keterangan: 'Sertifikat hak pakai',
    };
    const created = await call<{ id: number }>('POST', '/api/lahan', { token: opA, body: land });
    expect(created.body.diagnostic.message).toBe('Data berhasil disimpan');
    const id = created.body.data.id;
    expect((await call('PUT', `/api/lahan/${id}`, { token: opA, body: { ...land, luas: 1500 } })).status).toBe(200);
    // Refused: validation, another school, missing row. None of them may leave an audit row.
    expect((await call('PUT', `/api/lahan/${id}`, { token: opA, body: { ...land, luas: -5 } })).status).toBe(422);
    expect((await call('POST', '/api/lahan', { token: opA, body: { ...land, npsn: schoolB.npsn } })).status).toBe(403);
    expect((await call('DELETE', '/api/lahan/999999', { token: admin })).status).toBe(404);
    expect((await call('DELETE', `/api/lahan/${id}`, { token: admin })).status).toBe(200);

    const rows = await auditRows();
    expect(rows.map((r) => [r.tabel, r.aksi, r.username])).toEqual([
      ['lahan', 'INSERT', '60200100'],
      ['lahan', 'UPDATE', '60200100'],
      ['lahan', 'DELETE', 'admin'],
    ]);
    expect(rows[1]!.sebelum).toMatchObject({ id, luas: 1200 });
    expect(rows[1]!.sesudah).toMatchObject({ id, luas: 1500 });
    expect(rows[2]!.sesudah).toBeNull();

    // Readable by administrators with filters, not by operators.
    const list = await t.call<Page<AuditRow>>('GET', `/api/audit?tabel=lahan&aksi=UPDATE&entitas_id=${id}`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.data[0]).toMatchObject({
      tabel: 'lahan',
      aksi: 'UPDATE',
      username: '60200100',
      role: 2,
      npsn: '60200100',
      metode: 'PUT',
      rute: '/api/lahan/:id',
      kolom: ['luas'],
    });
    const detail = await t.call<AuditDetail>('GET', `/api/audit/${list.body.data.data[0]!.id}`, { token: admin });
    expect(detail.body.data.sebelum).toMatchObject({ luas: 1200 });
    expect((await t.call('GET', '/api/audit', { token: opA })).status).toBe(403);
    expect((await t.call('GET', '/api/audit?dari=2026-02-30', { token: admin })).status).toBe(422);
    // The administrator's rows: the deletion, and the sign-in as a security event.
    const byAdmin = (
      await t.call<Page<AuditRow>>('GET', `/api/audit?username=admin&dari=2000-01-01&sampai=2100-01-01`, {
        token: admin,
      })
    ).body.data.data;
    expect(byAdmin.map((r) => [r.tabel, r.aksi, r.entitas_id]).sort()).toEqual([
      ['keamanan', 'EVENT', 'login_berhasil'],
      ['lahan', 'DELETE', String(id)],
    ]);
  });

  it('never holds a NIK, password or token', async () => {
    const g = await createGuru(t.database.db, schoolA.id, { nik: '8271011203900001' });
    const body = await renamed(g.id, { nik: '8271011203900002' });
    const put = await call('PUT', `/api/guru/${g.id}`, { token: admin, body });
    expect(put.body.diagnostic.message).toBe('Data berhasil diubah');
    expect(
      (
        await call('PUT', '/api/user/password', {
          token: opA,
          body: {
            password_lama: 'rahasia-uji-123',
            password_baru: 'Rahasia-Baru-456',
            konfirmasi_password: 'Rahasia-Baru-456',
          },
        })
      ).status,
    ).toBe(200);
    const text = JSON.stringify(await auditRows());
    expect(text).toContain('Nama Baru');
    expect(text).not.toMatch(/8271011203900001|8271011203900002|argon2|Rahasia-Baru-456|rahasia-uji-123/);
    expect(text).toContain('[disembunyikan]');
    // A changed NIK still shows as a changed column, without its value.
    const list = await t.call<Page<AuditRow>>('GET', `/api/audit?tabel=guru&aksi=UPDATE&entitas_id=${g.id}`, {
      token: admin,
    });
    expect(list.body.data.data[0]!.kolom).toEqual(expect.arrayContaining(['nama', 'nik']));
    const detail = await t.call<AuditDetail>('GET', `/api/audit/${list.body.data.data[0]!.id}`, { token: admin });
    expect(detail.body.data.sebelum!.nik).toBe('[disembunyikan]');
    expect(detail.body.data.sesudah!.nik).toBe('[disembunyikan, diubah]');
  });

  it("leaves out the teacher row's derived columns; a school's change of level is audited on the school alone", async () => {
    const g = await createGuru(t.database.db, schoolA.id, { nama: 'Nama Lama' });
    const body = await renamed(g.id);
    expect((await call('PUT', `/api/guru/${g.id}`, { token: admin, body })).status).toBe(200);
    const list = await t.call<Page<AuditRow>>('GET', `/api/audit?tabel=guru&aksi=UPDATE&entitas_id=${g.id}`, {
      token: admin,
    });
    expect(list.body.data.data.map((r) => r.kolom)).toEqual([['nama']]);
    const detail = await t.call<AuditDetail>('GET', `/api/audit/${list.body.data.data[0]!.id}`, { token: admin });
    expect(Object.keys(detail.body.data.sesudah!)).not.toEqual(expect.arrayContaining(['nama_cari']));
    expect(Object.keys(detail.body.data.sesudah!)).not.toEqual(expect.arrayContaining(['bentuk_pendidikan']));

    const level = await call('PUT', `/api/sekolah/${schoolA.npsn}`, {
      token: admin,
      body: { nama_sekolah: 'SMP Negeri 1 Ternate', bentuk_pendidikan: 'SMP', status: 'Negeri' },
    });
    expect(level.status).toBe(200);
    const [moved] = rowsOf<{ bentuk_pendidikan: string }>(
      await t.database.db.execute(sql`select bentuk_pendidikan from guru where id = ${g.id}`),
    );
    expect(moved!.bentuk_pendidikan).toBe('SMP');
    const ofRequest = (await auditRows()).filter((r) => r.request_id === String(level.headers['x-request-id']));
    expect(ofRequest.map((r) => r.tabel)).toEqual(['sekolah']);
  });

  it('the detail names columns and shows master ids and codes by their names', async () => {
    const g = await createGuru(t.database.db, schoolA.id);
    const [jurusanA, jurusanB, s1] = await Promise.all([
      refId(t.database.db, 'jurusan', 'Pendidikan Matematika'),
      refId(t.database.db, 'jurusan', 'Pendidikan Guru Sekolah Dasar'),
      refId(t.database.db, 'tingkatpendidikan', 'Strata 1 (Sarjana)'),
    ]);
    const body = {
      guru_id: String(g.id),
      riw_pendidikan_nm: 'Universitas Khairun',
      riw_pendidikan_sttb_ijazah: '123/UN44/2010',
      riw_pendidikan_tgl: '2010-09-10',
      riw_pendidikan_pejabat: 'Rektor',
      jurusan_id: String(jurusanA),
      tingpend_id: String(s1),
      luar_negeri: 'f',
    };
    const created = await call<{ id: number }>('POST', '/api/riwpendidikan', { token: admin, body });
    expect(created.status, created.body.diagnostic.message).toBe(200);
    expect(
      (
        await call('PUT', `/api/riwpendidikan/${created.body.data.id}`, {
          token: admin,
          body: { ...body, jurusan_id: String(jurusanB), luar_negeri: 't' },
        })
      ).status,
    ).toBe(200);
    const list = await t.call<Page<AuditRow>>(
      'GET',
      `/api/audit?tabel=riw_pendidikan&aksi=UPDATE&entitas_id=${created.body.data.id}`,
      { token: admin },
    );
    const detail = (await t.call<AuditDetail>('GET', `/api/audit/${list.body.data.data[0]!.id}`, { token: admin })).body
      .data;
    expect(detail.kolom).toEqual(['jurusan_id', 'luar_negeri']);
    expect(detail.tampilan.kolom).toMatchObject({
      jurusan_id: 'Jurusan',
      luar_negeri: 'Luar Negeri',
      riw_pendidikan_nm: 'Nama Pendidikan',
      guru_id: 'Guru',
    });
    expect(detail.tampilan.nilai.jurusan_id).toEqual({
      sebelum: 'Pendidikan Matematika',
      sesudah: 'Pendidikan Guru Sekolah Dasar',
    });
    expect(detail.tampilan.nilai.luar_negeri).toEqual({ sebelum: 'Tidak', sesudah: 'Ya' });
    expect(detail.tampilan.nilai.tingpend_id).toEqual({ sebelum: 'Strata 1 (Sarjana)', sesudah: 'Strata 1 (Sarjana)' });
  });

  it('a write that fails after storing a file leaves neither a row nor the file', async () => {
    const jabatan = await refId(t.database.db, 'jabatan', 'Guru Kelas');
    const photo = await noiseJpeg(50_000);
    const form = (nama: string) => ({
      fields: {
        nama,
        tgl_lahir: '1985-03-12',
        nip: '198503122010011001',
        jenis_kelamin: 'Laki-laki',
        golongan: 'III/a',
        id_jabatan: String(jabatan),
        sekolah_id: String(schoolA.id),
      },
      files: { foto: { bytes: photo } },
    });
    expect((await call('POST', '/api/guru', { token: admin, form: form('Pertama') })).status).toBe(200);
    const filesAfterFirst = t.files.size();
    const again = await call('POST', '/api/guru', { token: admin, form: form('Kedua') });
    expect(again.status).toBe(409);
    expect(t.files.size()).toBe(filesAfterFirst);
    expect((await auditRows()).filter((r) => r.tabel === 'guru')).toHaveLength(1);
  });

  it('a mixed run: the audit log names exactly the successful writes', async () => {
    const jabatan = await refId(t.database.db, 'jabatan', 'Guru Kelas');
    const g = await createGuru(t.database.db, schoolA.id, { verifikasi: 0 });
    const gB = await createGuru(t.database.db, schoolB.id, { verifikasi: 0 });
    const land = {
      npsn: schoolA.npsn,
      nama: 'Kebun sekolah',
      luas: 300,
      tglperolehan: '2015-01-01',
      harga: 1000000,
      kondisi: 'Baik',
      keterangan: 'Hibah',
    };
    const plot = await call<{ id: number }>('POST', '/api/lahan', { token: opA, body: land });
    await call('PUT', `/api/lahan/${plot.body.data.id}`, { token: opA, body: { ...land, npsn: schoolB.npsn } });
    await call('POST', '/api/sekolah', {
      token: admin,
      body: { npsn: '60200300', nama_sekolah: 'SMP Negeri 9 Ternate', bentuk_pendidikan: 'SMP', status: 'Negeri' },
    });
    await call('POST', '/api/sekolah', {
      token: admin,
      body: { npsn: '60200300', nama_sekolah: 'Duplikat', bentuk_pendidikan: 'SMP', status: 'Negeri' },
    });
    await call('PUT', `/api/guru/verifikasi/${g.id}`, { token: admin });
    await call('PUT', `/api/guru/verifikasi/${g.id}`, { token: admin });
    await call('PUT', `/api/guru/verifikasi/${gB.id}`, { token: opA });
    await call('POST', '/api/ruangan', { token: admin, body: { nama: 'Laboratorium Bahasa' } });
    await call('POST', '/api/ruangan', { token: admin, body: { nama: 'Laboratorium Bahasa' } });
    await call('POST', '/api/ruangan', { token: opA, body: { nama: 'Gudang' } });
    await call('POST', '/api/guru', {
      token: admin,
      form: {
        fields: {
          nama: 'Tanpa Foto',
          tgl_lahir: '1990-01-01',
          jenis_kelamin: 'Perempuan',
          id_jabatan: String(jabatan),
          sekolah_id: String(schoolA.id),
        },
      },
    });
    await call('DELETE', `/api/lahan/${plot.body.data.id}`, { token: opA });
    await call('POST', '/api/logout', { token: opA });

    const succeeded = writes.filter((w) => w.status >= 200 && w.status < 300);
    const failed = writes.filter((w) => w.status >= 300);
    expect(writes.map((w) => w.status)).toEqual([200, 422, 200, 409, 200, 409, 403, 200, 409, 403, 422, 200, 200]);
    expect(failed).toHaveLength(7);
    // Writes that change only sign-in state (logout) leave no audit row by design.
    const expected = new Set(succeeded.filter((w) => !w.url.startsWith('/api/logout')).map((w) => w.requestId));
    const audited = new Set((await auditRows()).map((r) => r.request_id));
    expect([...audited].sort()).toEqual([...expected].sort());
  });
});

describe('security events (ASVS 7.2)', () => {
  const events = async () =>
    rowsOf<{
      entitas_id: string;
      username: string | null;
      role: number | null;
      ip: string | null;
      rute: string | null;
      sesudah: Record<string, unknown> | null;
    }>(
      await t.database.db.execute(
        sql`select entitas_id, username, role, ip, rute, sesudah from audit_log where tabel = 'keamanan' and aksi = 'EVENT' order by id`,
      ),
    );

  it('logins, failures, lockouts, refusals, password changes and resets are recorded with user and address', async () => {
    await t.database.db.execute(sql`delete from audit_log`);
    expect(
      (await t.call('POST', '/api/token', { body: { username: '60200100', password: 'salah-sekali' } })).status,
    ).toBe(401);
    const op = await t.login('60200100');
    expect((await t.call('GET', '/api/dashboard', { token: op })).status).toBe(403);
    // The refusal's event is written after the answer (security-events.ts registerRefusalEvents):
    // wait for it before the next request, or the next request's event may be written first (CI
    // saw it on PostgreSQL).
    await expect.poll(async () => (await events()).some((e) => e.entitas_id === 'akses_ditolak')).toBe(true);
    const newPassword = 'kopi-pagi-ternate-7';
    expect(
      (
        await t.call('PUT', '/api/user/password', {
          token: op,
          body: { password_lama: 'bukan-ini', password_baru: newPassword, konfirmasi_password: newPassword },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.call('PUT', '/api/user/password', {
          token: op,
          body: { password_lama: TEST_PASSWORD, password_baru: newPassword, konfirmasi_password: newPassword },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('PUT', `/api/user/reset/${schoolA.id}`, { token: admin })).status).toBe(200);
    for (let i = 0; i < 6; i++)
      await t.call('POST', '/api/token', { body: { username: '60200200', password: `tebak-${i}` } });

    const rows = await events();
    const kinds = rows.map((r) => r.entitas_id);
    expect(kinds.slice(0, 6)).toEqual([
      'login_gagal',
      'login_berhasil',
      'akses_ditolak',
      'password_lama_salah',
      'password_diganti',
      'password_direset',
    ]);
    expect(kinds.filter((k) => k === 'login_ditahan').length).toBeGreaterThanOrEqual(1);
    expect(rows[0]).toMatchObject({ username: null, ip: '127.0.0.1', sesudah: { username: '60200100' } });
    expect(rows[1]).toMatchObject({ username: '60200100', role: 2, ip: '127.0.0.1' });
    expect(rows[2]).toMatchObject({ username: '60200100', rute: '/api/dashboard' });
    expect(rows[5]).toMatchObject({ username: 'admin', sesudah: { username: '60200100' } });
    // No secret in any event.
    expect(JSON.stringify(rows)).not.toContain('salah-sekali');
    expect(JSON.stringify(rows)).not.toContain(newPassword);
    // Administrators read them in the audit log with a filter.
    const list = await t.call<Page<AuditRow>>('GET', '/api/audit?tabel=keamanan&aksi=EVENT', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(rows.length);
  });

  // PostgreSQL: another connection can hold the audit table while the app closes (PGlite has one).
  it.skipIf(TEST_DB_KIND !== 'postgres')(
    "a refusal's event still being written when the server closes is written before the close ends",
    async () => {
      const lock = await holdTableLock(t.database.db, 'audit_log', 'exclusive');
      expect((await t.call('GET', '/api/dashboard', { token: opA })).status).toBe(403);
      let closed = false;
      const closing = t.app.close().then(() => (closed = true));
      // The event waits for the table; the close waits for the event.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      lock.release();
      await lock.held;
      await closing;
      expect((await events()).map((e) => e.entitas_id)).toEqual(['login_berhasil', 'login_berhasil', 'akses_ditolak']);
    },
  );
});
